"""One server process with many bot-only tables and one measured client; prints JSON.

The server is ``fourwinds serve`` in a subprocess pinned to one CPU core, over a fresh SQLite
file, so every action is written to the database as in real play. The bench creates ``--tables``
tables of Classical (four rounds, so no game ends during the run) and fills each with four greedy
bots, which the server plays with ``--bot-delay`` seconds before each decision (default 0.5 s:
every table moves about twice a second, several times faster than people play, so the load is on
the heavy side of real). The measured client sits at position 0 of ``--client-tables`` more
tables (default 10, with three bots each, so that a 30-second run gives a few hundred samples),
plays over real WebSockets as an external program would (the first legal action, a pass in a
claim window) and times each action from sending it to receiving the ``state`` that shows it
played. Actions per second counts every action stored by the whole server during the measured
window.

Usage::

    python bench/bench_server.py                          # 200 tables for 30 seconds
    python bench/bench_server.py --tables 3 --seconds 2   # the smoke test
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

RULES = {"rules": "classical", "options": {"rounds": 4}, "claim_seconds": 30}
WARM_UP = 2.0
"""Seconds of play before the clock starts, once every table is seated."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(base: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def wait_until_up(base: str, server: subprocess.Popen[bytes]) -> None:
    for _ in range(200):
        if server.poll() is not None:
            raise RuntimeError("the server exited at start-up")
        try:
            with urllib.request.urlopen(base + "/api/rules"):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the server did not start")


def first_choice(legal: list[str]) -> str:
    return "pass" if "pass" in legal else legal[0]


async def measured_seat(
    url: str, position: int, token: str, seconds: float, latencies: list[float]
) -> None:
    """Play a seat for ``seconds``; each latency is from sending an action to the first state
    whose legal actions differ from those answered (states in between predate the action)."""
    async with websockets.connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "position": position, "token": token}))
        answered: list[str] | None = None
        sent_at = 0.0
        ready_for = None
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            try:
                text = await asyncio.wait_for(ws.recv(), deadline - time.perf_counter())
            except TimeoutError:
                break
            message = json.loads(text)
            if message["type"] != "state" or message["view"] is None:
                continue
            view, table = message["view"], message["table"]
            legal = view["legal_actions"]
            if answered is not None and legal != answered:
                latencies.append(time.perf_counter() - sent_at)
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


async def measured_client(seats: list[tuple[str, int, str]], seconds: float) -> list[float]:
    latencies: list[float] = []
    await asyncio.gather(*(measured_seat(*seat, seconds, latencies) for seat in seats))
    return latencies


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def get(base: str, path: str) -> Any:
    with urllib.request.urlopen(base + path) as answer:
        return json.load(answer)


def run(
    tables: int, seconds: float, bot_delay: float, client_tables: int, bot: str
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="fourwinds-bench-") as folder:
        database = Path(folder) / "bench.sqlite3"
        return measure(database, tables, seconds, bot_delay, client_tables, bot)


def cpu_split(before: dict[str, Any], after: dict[str, Any], elapsed: float) -> dict[str, Any]:
    """Where the server's CPU went during the measured window, as fractions of it."""
    cpu = after["cpu_seconds"] - before["cpu_seconds"]
    parts = {
        "bots": after["bot_seconds"] - before["bot_seconds"],
        "journal": after["journal_cpu_seconds"] - before["journal_cpu_seconds"],
        "gc": after["gc"]["seconds"] - before["gc"]["seconds"],
    }
    split = {name: round(part / cpu, 3) for name, part in parts.items()} if cpu else {}
    split["other"] = round(1 - sum(split.values()), 3) if cpu else 0.0
    return {"core_busy": round(cpu / elapsed, 3), **split}


def gc_report(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The collections during the window: how many were full, and their mean pause."""
    full = after["full"] - before["full"]
    seconds = after["full_seconds"] - before["full_seconds"]
    return {
        "collections": after["pauses"] - before["pauses"],
        "full": full,
        "full_mean_ms": round(seconds / full * 1000, 1) if full else None,
        "longest_ms_since_start": after["longest_ms"],
    }


def measure(
    database: Path,
    tables: int,
    seconds: float,
    bot_delay: float,
    client_tables: int,
    bot: str = "greedy",
) -> dict[str, Any]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    core = max(os.sched_getaffinity(0))
    command = [sys.executable, "-m", "fourwinds", "serve", "--port", str(port)]
    command += ["--database-url", f"sqlite:///{database}", "--bot-delay", str(bot_delay)]
    command += ["--hand-pause", "1"]
    command += ["--tables-per-client", "100000", "--tables-per-minute", "100000"]
    command += ["--sockets-per-client", "100000"]
    server = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        preexec_fn=lambda: os.sched_setaffinity(0, {core}),
    )
    try:
        wait_until_up(base, server)
        idle = get(base, "/api/stats")
        for _ in range(tables):
            table_id = post(base, "/api/tables", RULES)["table"]["id"]
            post(base, f"/api/tables/{table_id}/bots", {"bot": bot})
        seats = []
        for _ in range(client_tables):
            table_id = post(base, "/api/tables", RULES)["table"]["id"]
            seat = post(base, f"/api/tables/{table_id}/join", {"name": "bench"})
            post(base, f"/api/tables/{table_id}/bots", {"bot": bot})
            seats.append((f"ws://127.0.0.1:{port}/ws/{table_id}", seat["position"], seat["token"]))
        time.sleep(WARM_UP)
        before = get(base, "/api/stats")
        started = time.perf_counter()
        latencies = asyncio.run(measured_client(seats, seconds))
        elapsed = time.perf_counter() - started
        after = get(base, "/api/stats")
    finally:
        server.terminate()
        server.wait(10)
    every = tables + client_tables
    return {
        "tables": tables,
        "client_tables": client_tables,
        "human_seats": client_tables,
        "bot": bot,
        "seconds": round(elapsed, 2),
        "bot_delay": bot_delay,
        "server_core": core,
        "actions_per_second": round((after["writes"] - before["writes"]) / elapsed, 1),
        "commits_per_second": round((after["commits"] - before["commits"]) / elapsed, 1),
        "client": {
            "actions": len(latencies),
            "p50_ms": round(statistics.median(latencies) * 1000, 2) if latencies else None,
            "p99_ms": round(percentile(latencies, 0.99) * 1000, 2) if latencies else None,
            "max_ms": round(max(latencies) * 1000, 2) if latencies else None,
        },
        "memory": {
            "idle_mb": round(idle["rss_bytes"] / 2**20, 1),
            "end_mb": round(after["rss_bytes"] / 2**20, 1),
            "per_table_kb": round((before["rss_bytes"] - idle["rss_bytes"]) / every / 1024, 1),
        },
        "cpu": cpu_split(before, after, elapsed),
        "gc": gc_report(before["gc"], after["gc"]),
    }


def main() -> None:
    # a timeout's SIGTERM runs the clean-up (the server is stopped), as an interrupt does
    signal.signal(signal.SIGTERM, lambda _signal, _frame: sys.exit(1))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="bot-only tables")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds")
    parser.add_argument("--bot-delay", type=float, default=0.5, help="seconds per bot decision")
    parser.add_argument("--client-tables", type=int, default=10, help="tables with the client")
    parser.add_argument("--bot", default="greedy", help="the bots at every table")
    args = parser.parse_args()
    report = run(args.tables, args.seconds, args.bot_delay, args.client_tables, args.bot)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
