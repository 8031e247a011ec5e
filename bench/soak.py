"""A soak: one server under steady load for a bounded time; prints JSON with latency
percentiles, errors, memory and file descriptors over time.

The server is ``fourwinds serve`` over a fresh SQLite file. ``--tables`` tables of bots (one
round of Classical, so games end and new tables take their place: the server keeps making and
forgetting tables, as a real one does) and ``--players`` measured players, each of whom sits
at a table with three bots, plays every decision at once (the first legal action) and times it
from sending to the ``state`` that shows it played, then takes a new table when the game ends.
Every ``--every`` seconds the soak samples the server's ``/api/stats`` (resident memory, open
files, tables, sockets, writes) with the interval's latency percentiles and errors (``error``
messages and failed requests). ``memory_flat`` compares the resident memory after warm-up (the
first ``--warm-up`` seconds) with the end: flat when it grew less than 10%.

Usage::

    python bench/soak.py --minutes 10                    # the run reported in the README
    python bench/soak.py --minutes 0.2 --tables 5 --players 2 --every 2   # the smoke test
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import first_choice, free_port, get, percentile, wait_until_up

RULES = {"rules": "classical", "options": {"rounds": 1}, "claim_seconds": 30}


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    games: int = 0


def post(base: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


async def call(base: str, path: str, body: dict[str, Any] | None, tally: Tally) -> Any:
    """A request off the event loop; a failure counts as an error."""
    try:
        if body is None:
            return await asyncio.to_thread(get, base, path)
        return await asyncio.to_thread(post, base, path, body)
    except OSError:
        tally.errors += 1
        return None


async def bot_table(base: str, tally: Tally) -> None:
    table = await call(base, "/api/tables", RULES, tally)
    if table is not None:
        await call(base, f"/api/tables/{table['table']['id']}/bots", {"bot": "greedy"}, tally)


async def keep_tables(base: str, tables: int, deadline: float, tally: Tally) -> None:
    """Top the bot tables up to ``tables`` every second as games end."""
    while time.monotonic() < deadline:
        listed = await call(base, "/api/tables", None, tally)
        if listed is not None:
            playing = sum(1 for t in listed["tables"] if t["players"] and "bench" not in str(t))
            for _ in range(max(0, tables - playing)):
                await bot_table(base, tally)
        await asyncio.sleep(1)


async def player(base: str, port: int, deadline: float, tally: Tally) -> None:
    """Play games at new tables until the deadline, timing every decision."""
    while time.monotonic() < deadline:
        table = await call(base, "/api/tables", RULES, tally)
        if table is None:
            await asyncio.sleep(1)
            continue
        table_id = table["table"]["id"]
        seat = await call(base, f"/api/tables/{table_id}/join", {"name": "bench"}, tally)
        await call(base, f"/api/tables/{table_id}/bots", {"bot": "greedy"}, tally)
        if seat is None:
            continue
        try:
            await play_game(f"ws://127.0.0.1:{port}/ws/{table_id}", seat, deadline, tally)
        except (OSError, websockets.ConnectionClosed):
            tally.errors += 1


async def play_game(url: str, seat: dict[str, Any], deadline: float, tally: Tally) -> None:
    async with websockets.connect(url) as ws:
        hello = {"type": "hello", "position": seat["position"], "token": seat["token"]}
        await ws.send(json.dumps(hello))
        answered: list[str] | None = None
        sent_at = 0.0
        ready_for = None
        while time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                return
            message = json.loads(text)
            if message["type"] == "error":
                tally.errors += 1
                continue
            if message["type"] != "state" or message["view"] is None:
                continue
            if message["standings"] is not None:
                tally.games += 1
                return
            view, table = message["view"], message["table"]
            legal = view["legal_actions"]
            if answered is not None and legal != answered:
                tally.latencies.append(time.perf_counter() - sent_at)
                answered = None
            if view["phase"] == "ended":
                if ready_for != table["hand_number"]:
                    ready_for = table["hand_number"]
                    await ws.send(json.dumps({"type": "next"}))
                continue
            if legal and answered is None:
                answered = legal
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": first_choice(legal)}))


def summary(latencies: list[float]) -> dict[str, Any]:
    if not latencies:
        return {"actions": 0, "p50_ms": None, "p99_ms": None, "max_ms": None}
    return {
        "actions": len(latencies),
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 2),
        "max_ms": round(max(latencies) * 1000, 2),
    }


async def sample(base: str, every: float, deadline: float, tally: Tally) -> list[dict[str, Any]]:
    samples = []
    started = time.monotonic()
    seen, errors = 0, 0
    while time.monotonic() < deadline:
        await asyncio.sleep(min(every, max(0.0, deadline - time.monotonic())))
        stats = await call(base, "/api/stats", None, tally)
        if stats is None:
            continue
        new = tally.latencies[seen:]
        seen = len(tally.latencies)
        samples.append(
            {
                "t": round(time.monotonic() - started, 1),
                "rss_mb": round(stats["rss_bytes"] / 2**20, 1),
                "open_files": stats["open_files"],
                "tables": stats["tables"],
                "sockets": stats["sockets"],
                "writes": stats["writes"],
                "errors": tally.errors - errors,
                **summary(new),
            }
        )
        errors = tally.errors
    return samples


async def load(
    base: str, port: int, tables: int, players: int, seconds: float, every: float
) -> tuple[Tally, list[dict[str, Any]]]:
    tally = Tally()
    deadline = time.monotonic() + seconds
    for _ in range(tables):
        await bot_table(base, tally)
    results = await asyncio.gather(
        keep_tables(base, tables, deadline, tally),
        sample(base, every, deadline, tally),
        *(player(base, port, deadline, tally) for _ in range(players)),
    )
    return tally, results[1]


def run(minutes: float, tables: int, players: int, every: float, warm_up: float) -> dict[str, Any]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="fourwinds-soak-") as folder:
        command = [sys.executable, "-m", "fourwinds", "serve", "--port", str(port)]
        command += ["--database-url", f"sqlite:///{Path(folder) / 'soak.sqlite3'}"]
        command += ["--hand-pause", "1", "--tables-per-client", "100000"]
        command += ["--tables-per-minute", "100000", "--sockets-per-client", "100000"]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        try:
            wait_until_up(base, server)
            tally, samples = asyncio.run(load(base, port, tables, players, minutes * 60, every))
        finally:
            server.terminate()
            server.wait(30)
    after = [s for s in samples if s["t"] >= warm_up] or samples[-1:]
    grew = (after[-1]["rss_mb"] - after[0]["rss_mb"]) / after[0]["rss_mb"] if after else 0.0
    return {
        "minutes": minutes,
        "tables": tables,
        "players": players,
        "games_played_by_players": tally.games,
        "errors": tally.errors,
        "client": summary(tally.latencies),
        "memory_after_warm_up_mb": after[0]["rss_mb"] if after else None,
        "memory_end_mb": samples[-1]["rss_mb"] if samples else None,
        "memory_growth_after_warm_up": round(grew, 3),
        "memory_flat": grew < 0.10,
        "open_files": [samples[0]["open_files"], samples[-1]["open_files"]] if samples else None,
        "samples": samples,
    }


def main() -> None:
    signal.signal(signal.SIGTERM, lambda _signal, _frame: sys.exit(1))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--tables", type=int, default=300, help="tables of bots")
    parser.add_argument("--players", type=int, default=20, help="measured players")
    parser.add_argument("--every", type=float, default=30.0, help="seconds between samples")
    parser.add_argument("--warm-up", type=float, default=120.0, help="seconds before memory")
    args = parser.parse_args()
    print(json.dumps(run(args.minutes, args.tables, args.players, args.every, args.warm_up)))


if __name__ == "__main__":
    main()
