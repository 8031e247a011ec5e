"""Nothing is lost when the database falters: text no database can store is refused at the edge,
a table waits (and says so) while its database is away and resumes with every move kept, the
journal fails a refused write alone, and SQLite's write-ahead log stays bounded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from private_postgres import private_postgres, unavailable
from serving import DATABASES, client, database, fixed_seed, hello, join, my_move, new_table, until
from sqlalchemy import create_engine, text

from fourwinds.american.card import sample_card
from fourwinds.server.storage import Storage, StoredAction
from fourwinds.server.table import WAITING


def count(url: str, query: str) -> int:
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.connect() as connection:
        number = int(connection.scalar(text(query)) or 0)
    engine.dispose()
    return number


@pytest.mark.parametrize("kind", DATABASES)
def test_text_no_database_can_store_is_refused_at_the_edge(kind: str, tmp_path: Path) -> None:
    """NUL (PostgreSQL refuses it) and lone surrogates (UTF-8 cannot hold them) in names,
    cards, options, rule names and socket messages: a 400 or an error naming the field, and
    nothing stored."""
    with database(kind, tmp_path) as url, client(url) as http:
        table_id = new_table(http)
        card = str(sample_card()).replace("title:", "title: bad\u0000", 1)
        bodies: list[tuple[str, dict[str, Any], str]] = [
            ("/api/tables", {"rules": "american", "card": card}, '"card" holds a NUL'),
            ("/api/tables", {"rules": "beginner", "options": {"rounds\u0000": 1}}, "a key"),
            ("/api/tables", {"rules": "begin\u0000ner"}, '"rules" holds a NUL'),
            ("/api/tables", {"rules": "beginner", "options": {"x": "\ud800"}}, "lone surrogate"),
            (f"/api/tables/{table_id}/join", {"name": "A\u0000nn"}, '"name" holds a NUL'),
            (f"/api/tables/{table_id}/join", {"name": "Ann\udfff"}, "lone surrogate (\\udfff)"),
            (f"/api/tables/{table_id}/bots", {"bot": "greedy\u0000"}, '"bot" holds a NUL'),
        ]
        for path, body, reason in bodies:
            answer = http.post(path, content=json.dumps(body).encode())
            assert answer.status_code == 400, (path, answer.text)
            assert reason in answer.json()["error"]
            assert "cannot be stored" in answer.json()["error"]
        assert len(http.get("/api/tables").json()["tables"]) == 1
        seat = join(http, table_id)
        http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
        with http.websocket_connect(f"/ws/{table_id}") as socket:
            hello(socket, seat)
            for message in (
                {"type": "action", "action": "discard 1m\u0000"},
                {"type": "hint", "note": "\ud83d"},
            ):
                socket.send_text(json.dumps(message))
                reply = until(socket, lambda m: m["type"] == "error")
                assert "cannot be stored" in reply["error"]
        with http.websocket_connect(f"/ws/{table_id}") as socket:
            socket.send_text(json.dumps({**seat, "type": "hello", "token": "x\u0000"}))
            assert "cannot be stored" in socket.receive_json()["error"]
        players = count(url, "SELECT count(*) FROM players")
        assert players == 4  # Ann and three bots, nothing else


def test_a_refused_write_fails_alone_and_the_rest_of_its_group_is_stored(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    storage.add_table("t1", "beginner", {}, 0.0, 7, 1.0).result()
    futures = [
        storage.add_action("t1", StoredAction(seq, 0, 1, f"discard {seq + 1}m"))
        for seq in (0, 1, 1, 2)  # the second 1 breaks the key
    ]
    outcomes = [future.exception(10) for future in futures]
    assert [problem is None for problem in outcomes] == [True, True, False, True]
    assert [a.seq for a in storage.load_actions("t1")] == [0, 1, 2]
    storage.close()


def test_the_sqlite_write_ahead_log_stays_bounded(tmp_path: Path) -> None:
    """Thousands of commits, each its own group: the log is truncated whenever it passes the
    limit, so it never grows much past it (with a limit too high to act, it grows well past)."""
    limit = 64 * 1024
    largest = {}
    for name, wal_limit in (("bounded", limit), ("unbounded", 1 << 40)):
        path = tmp_path / f"{name}.sqlite3"
        storage = Storage(f"sqlite:///{path}", wal_limit=wal_limit)
        storage.add_table("t1", "beginner", {}, 0.0, 7, 1.0).result()
        largest[name] = 0
        for seq in range(1500):
            storage.add_action("t1", StoredAction(seq, 0, 1, "discard 1m")).result()
            wal = Path(f"{path}-wal")
            largest[name] = max(largest[name], wal.stat().st_size if wal.exists() else 0)
        storage.close()
    assert largest["unbounded"] > 4 * limit
    assert largest["bounded"] <= limit + 16 * 1024


def test_a_table_waits_while_its_database_is_away_and_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL stopped under a live table: the move made then is kept and answered once the
    database is back; meanwhile the seat is told ``waiting``, moves and new tables are refused;
    after ``resumed`` play goes on, and a restarted server finds every move."""
    reason = unavailable()
    if reason is not None:
        pytest.skip(f"no PostgreSQL server can be started here: {reason}")
    fixed_seed(monkeypatch, 5)
    with private_postgres() as server:
        with client(server.url) as http:
            table_id = new_table(http)
            seat = join(http, table_id)
            http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
            with http.websocket_connect(f"/ws/{table_id}") as socket:
                state = hello(socket, seat)
                if not my_move(state) or state["view"]["phase"] != "turn":
                    state = until(socket, lambda m: my_move(m) and m["view"]["phase"] == "turn")
                action = next(a for a in state["view"]["legal_actions"] if a.startswith("discard"))
                tile = action.split()[1]
                server.stop()
                socket.send_text(json.dumps({"type": "action", "action": action}))
                got = socket.receive_json()
                assert got["type"] == "waiting", got
                socket.send_text(json.dumps({"type": "action", "action": "pass"}))
                assert socket.receive_json() == {"type": "error", "error": WAITING}
                refused = http.post("/api/tables", json={"rules": "beginner"})
                assert refused.status_code == 503
                assert "database is unreachable" in refused.json()["error"]
                server.start()
                assert socket.receive_json() == {"type": "resumed"}
                after = until(socket, lambda m: m["type"] == "state")
                discards = [e for e in after["events"] if e["event"] == "discard"]
                assert discards[0]["tile"] == tile and discards[0]["seat"] == after["view"]["seat"]
                state = until(socket, lambda m: my_move(m) and m["view"]["phase"] == "turn")
                played = [e for e in state["events"] if e["event"] in ("discard", "draw")]
                assert played  # the bots played on
            kept = state["view"]
        stored = count(server.url, "SELECT count(*) FROM actions")
        with client(server.url) as http, http.websocket_connect(f"/ws/{table_id}") as socket:
            again = hello(socket, seat)["view"]
        assert again == kept  # every move up to the seat's turn was stored
        assert stored > 4
