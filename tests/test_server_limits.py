"""Limits that hold off a hostile client, each a clear error: a card bomb refused before it is
built, new tables per client and per minute, sockets per client, messages per second, exactly one
answer to every message (duplicates too), a bounded outbox, and static files kept in their own
directories."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from serving import client, fixed_seed, hello, join, my_move, new_table, play, send, until
from starlette.websockets import WebSocketDisconnect

from fourwinds.server.limits import TOO_MANY, Limits
from fourwinds.server.outbox import SocketConnection
from fourwinds.server.table import Timing

BOMB = "L1 11a 22a 33a 44a 55a 66a 77a ; any 1 2 3 4 5 6 7 ; X 25\n"
"""58 bytes whose one line has 14,348,907 ways to choose its numbers."""


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'db.sqlite3'}"


def test_a_card_bomb_is_refused_before_any_work(url: str) -> None:
    with client(url) as http:
        for card in (BOMB, "L1 Z Z Z Z Z Z Z Z Z Z Z Z Z Z ; X 25"):  # 4**14 winds
            started = time.perf_counter()
            answer = http.post("/api/tables", json={"rules": "american", "card": card})
            assert time.perf_counter() - started < 0.5
            assert answer.status_code == 400
            assert "ways to choose its suits, numbers, dragons and winds" in answer.json()["error"]
            assert "at most 2,000" in answer.json()["error"]
        assert http.get("/api/tables").json()["tables"] == []


def test_new_tables_per_minute_and_unfinished_tables_per_client(url: str) -> None:
    with client(url, limits=Limits(tables_per_minute=3)) as http:
        assert http.post("/api/tables", json={"rules": "nope"}).status_code == 400  # counts
        for _ in range(2):
            new_table(http)
        refused = http.post("/api/tables", json={"rules": "beginner"})
        assert refused.status_code == 429
        assert "at most 3 a minute per client; try again in" in refused.json()["error"]
        assert len(http.get("/api/tables").json()["tables"]) == 2
    with client(url, limits=Limits(tables_per_client=2)) as http:
        for _ in range(2):
            new_table(http)
        refused = http.post("/api/tables", json={"rules": "beginner"})
        assert refused.status_code == 429
        assert refused.json()["error"] == "too many tables: at most 2 unfinished tables per client"


def test_sockets_per_client(url: str) -> None:
    with client(url, limits=Limits(sockets_per_client=2)) as http:
        table_id = new_table(http)
        with (
            http.websocket_connect(f"/ws/{table_id}"),
            http.websocket_connect(f"/ws/{table_id}"),
            http.websocket_connect(f"/ws/{table_id}") as third,
        ):
            assert third.receive_json() == {
                "type": "error",
                "error": "too many sockets: at most 2 per client",
            }
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == TOO_MANY
        with http.websocket_connect(f"/ws/{table_id}") as again:  # the others have closed
            send(again, type="hello", position=0, token="x")
            assert again.receive_json()["error"] == "bad token"


def answers(socket: Any, count: int) -> list[dict[str, Any]]:
    return [socket.receive_json() for _ in range(count)]


def test_messages_per_second_each_get_one_answer(url: str, monkeypatch: Any) -> None:
    """Fifty hint requests at once with a rate of 10 a second, 10 at once: fifty answers, the
    first ten hints (or their errors), the rest refusals naming the limit."""
    fixed_seed(monkeypatch, 3)
    limits = Limits(messages_per_second=10, message_burst=10)
    with client(url, Timing(bot_delay=60, away_wait=60, hand_pause=60), limits) as http:
        table_id = new_table(http)
        seat = join(http, table_id)
        http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
        with http.websocket_connect(f"/ws/{table_id}") as socket:
            hello(socket, seat)
            for _ in range(50):
                send(socket, type="hint")
            got = answers(socket, 50)
            refused = [m for m in got if "too many messages" in m.get("error", "")]
            assert 38 <= len(refused) <= 40  # ten read at once, a few more as time passes
            assert refused[0]["error"].startswith("too many messages: at most 10 a second")
            time.sleep(0.3)  # three tokens back
            send(socket, type="hint")
            assert "too many" not in json.dumps(socket.receive_json())


def test_every_message_gets_exactly_one_answer_duplicates_included(
    url: str, monkeypatch: Any
) -> None:
    """On the seat's own turn, with bots that wait: a discard sent twice, auto-pass twice,
    next twice and a hint: seven messages, seven answers, then silence."""
    fixed_seed(monkeypatch, 2)  # position 0 is East
    with client(url, Timing(bot_delay=60, away_wait=60, hand_pause=60)) as http:
        table_id = new_table(http)
        seat = join(http, table_id)
        http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
        with http.websocket_connect(f"/ws/{table_id}") as socket:
            state = hello(socket, seat)
            assert my_move(state) and state["view"]["phase"] == "turn"  # East moves first
            discard = next(a for a in state["view"]["legal_actions"] if a.startswith("discard"))
            for message in (
                {"type": "auto_pass", "on": True},
                {"type": "auto_pass", "on": True},
                {"type": "next"},
                {"type": "next"},
                {"type": "action", "action": discard},
                {"type": "action", "action": discard},
                {"type": "hint"},
            ):
                send(socket, **message)
            got = answers(socket, 7)
            # in order, except that the discard's state waits for its commit
            assert [m["type"] for m in got[:2]] == ["state", "state"]
            assert got[0]["table"]["auto_pass"] is got[1]["table"]["auto_pass"] is True
            errors = [m["error"] for m in got if m["type"] == "error"]
            assert errors == 2 * ["there is no next hand to start now"] + [
                "seat 0 may not discard now: it is seat 1's turn"
            ]
            played = [m for m in got[2:] if m["type"] == "state"]
            assert len(played) == 1 and played[0]["events"][0]["event"] == "discard"
            assert sum(m["type"] == "hint" for m in got) == 1
            send(socket, type="auto_pass", on=False)
            assert socket.receive_json()["table"]["auto_pass"] is False  # nothing else came


def test_next_sent_twice_while_another_person_is_not_ready_is_answered_twice(
    url: str, monkeypatch: Any
) -> None:
    """Two people: the first sends ``next`` twice while the second is still looking at the
    hand's end; each ``next`` gets a state, nothing is started, then the second's ``next``
    starts the hand."""
    fixed_seed(monkeypatch, 8)
    with client(url) as http:
        table_id = new_table(http)
        seats = [join(http, table_id, name=name) for name in ("Ann", "Bob")]
        http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
        with (
            http.websocket_connect(f"/ws/{table_id}") as ann_socket,
            http.websocket_connect(f"/ws/{table_id}") as bob_socket,
        ):
            ended: dict[str, dict[str, Any]] = {}

            def until_ended(name: str, socket: Any, seat: dict[str, Any]) -> None:
                ended[name] = play(
                    socket,
                    stop=lambda m: m["type"] == "state" and m["view"]["phase"] == "ended",
                    ready=False,
                    first=hello(socket, seat),
                )

            bob = threading.Thread(target=until_ended, args=("bob", bob_socket, seats[1]))
            bob.start()
            until_ended("ann", ann_socket, seats[0])
            bob.join(30)
            for _ in range(2):
                send(ann_socket, type="next")
            twice = answers(ann_socket, 2)
            assert [m["view"]["phase"] for m in twice] == ["ended", "ended"]
            send(bob_socket, type="next")
            started = until(ann_socket, lambda m: m["view"]["phase"] != "ended")
            assert started["view"]["phase"] in ("turn", "claim")


class Stuck:
    """A socket whose client never reads: sending never finishes."""

    def __init__(self) -> None:
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int, reason: str | None = None) -> None:
        self.closed = code


def test_a_socket_that_falls_too_far_behind_is_let_go_and_its_messages_freed() -> None:
    async def run() -> tuple[SocketConnection, bool]:
        connection = SocketConnection(limit=10_000)
        pump = asyncio.create_task(connection.pump(Stuck()))  # type: ignore[arg-type]
        never = asyncio.Event()
        reading = asyncio.create_task(connection.unless_behind(never.wait()))
        for number in range(30):
            connection.send("x" * 500)
            await asyncio.sleep(0)
            if number == 10:
                assert connection.waiting > 4000 and not connection.behind
        gone = await asyncio.wait_for(reading, 1) is None
        pump.cancel()
        return connection, gone

    connection, gone = asyncio.run(run())
    assert connection.behind and gone
    assert connection.waiting == 0  # what it held is freed
    queued = connection.queued
    connection.send("more")
    assert connection.queued == queued  # nothing more is held for it


@pytest.mark.parametrize(
    "path",
    [
        "/static/js/%2e%2e/lobby.html",
        "/static/js/..%2flobby.html",
        "/static/css/%2e%2e/js/table.js",
        "/static/js/%2e%2e/%2e%2e/server/app.py",
        "/static/js/families/%2e%2e/%2e%2e/table.html",
        "/static/lobby.html",
    ],
)
def test_static_files_come_only_from_their_own_directory(url: str, path: str) -> None:
    with client(url) as http:
        assert http.get("/static/js/table.js").status_code == 200
        assert http.get("/static/css/fourwinds.css").status_code == 200
        answer = http.get(path)
        assert answer.status_code == 404, (path, answer.text[:80])
