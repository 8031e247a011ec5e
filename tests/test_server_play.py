"""Play over the WebSocket: tokens, refused messages, hints, claim time, auto-pass, the pause
between hands, and a bot playing for a player who left until they come back."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rig import give
from serving import client, fixed_seed, hello, join, my_move, new_table, play, send, until
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from fourwinds.server.protocol import MAX_MESSAGE
from fourwinds.server.table import Timing


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'db.sqlite3'}"


@pytest.fixture
def http(database: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    fixed_seed(monkeypatch, 21)
    with client(database) as test_client:
        yield test_client


def seated(http: TestClient, rules: str = "beginner", **table: Any) -> tuple[str, dict[str, Any]]:
    """A table with one person at position 0 (not yet connected) and three greedy bots."""
    table_id = new_table(http, rules, **table)
    seat = join(http, table_id)
    http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
    return table_id, seat


def test_a_wrong_token_or_table_closes_the_socket(http: TestClient) -> None:
    table_id, seat = seated(http)
    for position, token, code in ((0, "guess", 4401), (1, seat["token"], 4401)):
        with http.websocket_connect(f"/ws/{table_id}") as socket:
            send(socket, type="hello", position=position, token=token)
            assert socket.receive_json() == {"type": "error", "error": "bad token"}
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == code
    with http.websocket_connect("/ws/nope") as socket:
        hello_text = json.dumps({"type": "hello", "position": 0, "token": seat["token"]})
        socket.send_text(hello_text)
        assert socket.receive_json()["error"] == "no such table"
    with http.websocket_connect(f"/ws/{table_id}") as socket:
        send(socket, type="action", action="pass")
        assert "hello" in socket.receive_json()["error"]


def test_bad_messages_get_an_error_and_the_table_plays_on(http: TestClient) -> None:
    table_id, seat = seated(http)
    with http.websocket_connect(f"/ws/{table_id}") as socket:
        state = hello(socket, seat)
        if not state["view"]["legal_actions"]:
            state = until(socket, my_move)
        view = state["view"]
        assert view["phase"] == "turn"
        missing = next(t for t in ("1m", "2m", "3m", "4m", "5m", "6m") if t not in view["hand"])
        refused = [
            ("{not json", "malformed"),
            (json.dumps({"type": "hint", "pad": "x" * MAX_MESSAGE}), "too large"),
            (json.dumps({"type": "wave"}), "unknown message type"),
            (json.dumps({"type": "action", "action": "discard 9x"}), "bad tile"),
            (json.dumps({"type": "action", "action": "fly 3p"}), "unknown action"),
            (json.dumps({"type": "action", "action": f"discard {missing}"}), "not in the hand"),
            (json.dumps({"type": "action", "action": "pung 1z"}), "not allowed now"),
            (json.dumps({"type": "next"}), "no next hand"),
        ]
        for text, reason in refused:
            socket.send_text(text)
            answer = socket.receive_json()
            assert answer["type"] == "error" and reason in answer["error"], (text, answer)
        socket.send_bytes(b"\x00\x01")
        assert socket.receive_json()["type"] == "error"
        send(socket, type="hint")
        assert socket.receive_json()["type"] == "hint"
        # nothing changed: the same decision is still waiting, and the game goes on to its end
        send(socket, type="action", action=view["legal_actions"][-1])
        after = until(socket, lambda m: m["type"] == "state")
        assert after["view"]["hand"] != view["hand"]
        final = play(socket)
    assert final["table"]["status"] == "finished"
    assert len(final["standings"]) == 4


def discard_only(view: dict[str, Any]) -> str | None:
    """Win when offered, discard in a turn, never answer a claim."""
    legal: list[str] = view["legal_actions"]
    if "win" in legal:
        return "win"
    return legal[-1] if view["phase"] == "turn" else None


def test_when_claim_time_runs_out_the_server_passes(http: TestClient) -> None:
    table_id, seat = seated(http, claim_seconds=0.05)
    deadlines = set()

    def claim_window_passed(message: dict[str, Any]) -> bool:
        view = message["view"]
        if view["phase"] in ("claim", "rob") and view["legal_actions"]:
            deadline = message["table"]["claim_deadline"]
            assert deadline is not None and deadline <= time.time() + 0.05
            deadlines.add(deadline)
        else:
            assert message["table"]["claim_deadline"] is None
        return len(deadlines) >= 3  # the game went on through two unanswered windows

    with http.websocket_connect(f"/ws/{table_id}") as socket:
        first = hello(socket, seat)
        play(socket, first=first, stop=claim_window_passed, choose=discard_only)


def test_auto_pass_passes_at_once_unless_a_win_is_offered(http: TestClient) -> None:
    table_id, seat = seated(http, claim_seconds=60)
    with http.websocket_connect(f"/ws/{table_id}") as socket:
        hello(socket, seat)
        send(socket, type="auto_pass", on=True)
        first = until(socket, lambda m: m["type"] == "state" and m["table"]["auto_pass"])
        windows = []

        def choose(view: dict[str, Any]) -> str | None:
            if view["phase"] != "turn":
                windows.append(view["legal_actions"])
            return discard_only(view)

        final = play(socket, first=first, choose=choose)
    # the seat never passed and claim time is long: the server passed for it at once
    assert final["table"]["status"] == "finished"
    assert any("win" not in legal for legal in windows)


def test_the_next_hand_starts_after_the_pause_without_next(database: str) -> None:
    with client(database, Timing(bot_delay=0, away_wait=60, hand_pause=0.05)) as http:
        table_id, seat = seated(http)
        with http.websocket_connect(f"/ws/{table_id}") as socket:
            first = hello(socket, seat)
            ended = play(
                socket, first=first, stop=lambda m: m["last_hand"] is not None, ready=False
            )
            assert ended["view"]["phase"] == "ended"
            assert ended["last_hand"]["hands"] == ended["view"]["result"]["hands"]
            nxt = until(socket, lambda m: m["view"]["phase"] != "ended")
            assert nxt["table"]["hand_number"] == ended["table"]["hand_number"] + 1
            assert nxt["last_hand"] == ended["last_hand"]  # until the new hand's first action


def test_a_bot_plays_for_a_player_who_left_until_they_return(database: str) -> None:
    timing = Timing(bot_delay=0.01, away_wait=0.1, hand_pause=0.05)
    with client(database, timing) as http:
        table_id, seat = seated(http)
        with http.websocket_connect(f"/ws/{table_id}") as socket:
            state = hello(socket, seat)
            assert state["table"]["players"][0] == {
                "position": 0,
                "name": "Ann",
                "bot": None,
                "connected": True,
                "away": False,
            }
        for _ in range(200):
            tables = http.get("/api/tables").json()["tables"]
            ann = tables[0]["players"][0]
            if ann["away"] and tables[0]["hand_number"] >= 1:
                break  # a bot played Ann's turns through the first hand
            time.sleep(0.02)
        else:
            raise AssertionError("no bot took over the empty seat")
        assert not ann["connected"]
        with http.websocket_connect(f"/ws/{table_id}") as socket:
            back = hello(socket, seat)
            assert back["table"]["players"][0]["away"] is False
            assert back["table"]["hand_number"] >= 1
            state = back if my_move(back) else until(socket, my_move)
            time.sleep(0.1)  # the seat waits for Ann now: no bot moves for her
            send(socket, type="hint")
            hint = until(socket, lambda m: m["type"] == "hint")
            assert hint["suggestion"] in state["view"]["legal_actions"]


def test_a_standing_hand_is_offered_declared_and_shown_over_the_socket(http: TestClient) -> None:
    """Seed 004 rule 9 at the web table: East's first discard may declare a Standing Hand, and
    every seat's view then marks East as standing."""
    table_id = new_table(http, "classical")
    seats = [join(http, table_id, name) for name in ("Ann", "Bob", "Cy", "Di")]
    match = http.app.state.lobby.tables[table_id].match  # type: ignore[attr-defined]
    give(match.deal, 0, "111m 456m 789m 23p 55p 7z")  # East: discarding 7z leaves a wait
    east = seats[match.position_of(0)]
    south = seats[match.position_of(1)]
    with (
        http.websocket_connect(f"/ws/{table_id}") as east_socket,
        http.websocket_connect(f"/ws/{table_id}") as south_socket,
    ):
        state = hello(east_socket, east)
        assert "standing 7z" in state["view"]["legal_actions"]
        hello(south_socket, south)
        send(east_socket, type="action", action="standing 7z")
        seen = until(
            south_socket, lambda m: m["type"] == "state" and m["view"]["seats"][0]["discards"]
        )
        assert seen["view"]["seats"][0]["standing"] is True
        assert seen["view"]["seats"][1]["standing"] is False
