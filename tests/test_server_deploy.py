"""Past one process: ``fourwinds serve --workers 2`` behind HAProxy (deploy/haproxy.cfg) over one
PostgreSQL database. Tables are made on both workers, the lobby of either shows every table,
every request of a table reaches its owner, games are played through the balancer to their
end, and a worker killed in the middle of a game is started again and plays on with nothing
lost."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import POSTGRES, database
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

CONFIG = Path(__file__).resolve().parent.parent / "deploy" / "haproxy.cfg"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def call(url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def wait_for(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            call(url)
            return
        except (OSError, urllib.error.HTTPError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[str, list[int]]]:
    """Two workers and HAProxy on the loopback; yields the balancer's address and the workers'
    ports."""
    if shutil.which("haproxy") is None:
        pytest.skip("HAProxy is not installed (.ci/run installs Debian's haproxy)")
    if POSTGRES is None:
        pytest.skip("no PostgreSQL server (.ci/run starts one with .ci/postgres)")
    listen, first = free_port(), free_port()
    while (second := first + 1) and not _free(second):
        first = free_port()
    with database("postgresql", tmp_path) as url:
        serve = [sys.executable, "-m", "fourwinds", "serve", "--workers", "2"]
        serve += ["--port", str(first), "--database-url", url, "--bot-delay", "0"]
        serve += ["--hand-pause", "0.2", "--away-wait", "60", "--messages-per-second", "1000"]
        workers = subprocess.Popen(serve, stdout=subprocess.DEVNULL)
        balancer: subprocess.Popen[bytes] | None = None
        environment = {
            **os.environ,
            "FOURWINDS_LISTEN": f"127.0.0.1:{listen}",
            "FOURWINDS_WORKER1": f"127.0.0.1:{first}",
            "FOURWINDS_WORKER2": f"127.0.0.1:{second}",
        }
        try:
            for port in (first, second):  # up before the balancer checks them
                wait_for(f"http://127.0.0.1:{port}/api/rules")
            balancer = subprocess.Popen(
                ["haproxy", "-f", str(CONFIG)], env=environment, stderr=subprocess.DEVNULL
            )
            wait_for(f"http://127.0.0.1:{listen}/api/rules")
            yield f"127.0.0.1:{listen}", [first, second]
        finally:
            if balancer is not None:
                balancer.terminate()
                balancer.wait(10)
            workers.send_signal(signal.SIGTERM)
            workers.wait(30)


def _free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def seat_at_new_table(base: str) -> tuple[str, dict[str, Any]]:
    table = call(f"{base}/api/tables", {"rules": "beginner", "options": {"rounds": 1}})["table"]
    seat = call(f"{base}/api/tables/{table['id']}/join", {"name": "Ann"})
    call(f"{base}/api/tables/{table['id']}/bots", {"bot": "greedy"})
    return table["id"], seat


def open_seat(host: str, table_id: str, seat: dict[str, Any]) -> tuple[ClientConnection, Any]:
    socket = connect(f"ws://{host}/ws/{table_id}", legacy=True)
    hello = {"type": "hello", "position": seat["position"], "token": seat["token"]}
    socket.send(json.dumps(hello))
    return socket, json.loads(socket.recv(10))


def play_until(socket: ClientConnection, first: Any, stop: Any) -> Any:
    """Play first choices (and ``next``) until a state satisfies ``stop``."""
    message = first
    answered = None
    while True:
        if message["type"] == "state":
            if stop(message):
                return message
            view = message["view"]
            if view is not None and view["phase"] == "ended":
                socket.send(json.dumps({"type": "next"}))
            elif view is not None:
                legal = view["legal_actions"]
                if legal and legal != answered:  # a repeat predates the answer
                    action = "pass" if "pass" in legal else legal[0]
                    socket.send(json.dumps({"type": "action", "action": action}))
                answered = legal or None
        else:
            assert message["type"] != "error", message
        message = json.loads(socket.recv(30))


def my_turn(message: Any) -> bool:
    view = message["view"]
    return view is not None and view["phase"] == "turn" and bool(view["legal_actions"])


def test_two_workers_behind_haproxy_play_games_and_survive_a_killed_worker(
    cluster: tuple[str, list[int]],
) -> None:
    host, ports = cluster
    base = f"http://{host}"
    seats = [seat_at_new_table(base) for _ in range(4)]  # round robin: both workers
    owners = {table_id.partition(".")[0] for table_id, _ in seats}
    assert owners == {"1", "2"}
    for port in ports:  # each worker's lobby lists every table
        listed = {t["id"] for t in call(f"http://127.0.0.1:{port}/api/tables")["tables"]}
        assert listed >= {table_id for table_id, _ in seats}
    table_1 = next((t, s) for t, s in seats if t.startswith("1."))
    table_2 = next((t, s) for t, s in seats if t.startswith("2."))

    socket, state = open_seat(host, *table_2)
    turns = iter(range(5))  # the seat's fifth turn: well into the first hand
    before = play_until(socket, state, lambda m: my_turn(m) and next(turns) == 4)
    worker_2 = call(f"http://127.0.0.1:{ports[1]}/api/stats")["pid"]
    os.kill(worker_2, signal.SIGKILL)  # in the middle of the game, on the seat's turn
    socket.close()
    deadline = time.monotonic() + 30
    while True:  # the supervisor starts worker 2 again; the balancer finds it
        try:
            socket, again = open_seat(host, *table_2)
            break
        except (OSError, InvalidStatus):  # refused, or 502/503 from the balancer meanwhile
            assert time.monotonic() < deadline, "worker 2 did not come back"
            time.sleep(0.3)
    assert call(f"http://127.0.0.1:{ports[1]}/api/stats")["pid"] != worker_2
    assert again["view"] == before["view"]  # nothing acknowledged was lost
    assert again["table"]["scores"] == before["table"]["scores"]
    for table_id, seat in (table_2, table_1):
        if table_id != table_2[0]:
            socket.close()
            socket, again = open_seat(host, table_id, seat)
        final = play_until(socket, again, lambda m: m["standings"] is not None)
        assert len(final["standings"]) == 4
        record = call(f"{base}/api/games/{table_id}/record")
        assert record["kind"] == "match" and record["hands"]
    socket.close()
    games = {game["id"] for game in call(f"{base}/api/games")["games"]}
    assert {table_1[0], table_2[0]} <= games
