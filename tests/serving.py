"""Helpers for the server tests: databases, seeded tables, a socket that plays by a rule.

``FOURWINDS_TEST_POSTGRES_URL`` (set by ``.ci/run`` when it could start a PostgreSQL server) adds
PostgreSQL to the databases the storage tests run against; each test gets its own schema.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from starlette.testclient import TestClient

from fourwinds.server.app import create_app
from fourwinds.server.limits import Limits
from fourwinds.server.table import Timing

POSTGRES = os.environ.get("FOURWINDS_TEST_POSTGRES_URL")
DATABASES = ["sqlite"] + (["postgresql"] if POSTGRES else [])

QUICK = Timing(bot_delay=0, away_wait=60, hand_pause=60)
"""Bots at once; nobody is taken over and hands wait for ``next`` unless a test says so."""


@contextmanager
def database(kind: str, folder: Path) -> Iterator[str]:
    """A fresh, empty database of ``kind``: a SQLite file, or a PostgreSQL schema."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'fourwinds.sqlite3'}"
        return
    assert POSTGRES is not None
    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(POSTGRES.replace("postgresql://", "postgresql+psycopg://", 1))
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in POSTGRES else "?"
    try:
        yield f"{POSTGRES}{separator}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def fixed_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Make the next tables' secret seeds ``seed`` (tests must be deterministic)."""
    monkeypatch.setattr("fourwinds.server.table.secrets.randbits", lambda bits: seed)


ROOMY = Limits(
    tables_per_client=1000, tables_per_minute=1000, messages_per_second=1e6, message_burst=10**6
)
"""The tests create many tables from one client; test_server_limits.py tests the limits."""


def client(url: str, timing: Timing = QUICK, limits: Limits = ROOMY) -> TestClient:
    return TestClient(create_app(url, timing, limits))


def new_table(
    http: TestClient, rules: str = "beginner", claim_seconds: float = 0, **options: Any
) -> str:
    answer = http.post(
        "/api/tables",
        json={"rules": rules, "options": {"rounds": 1, **options}, "claim_seconds": claim_seconds},
    )
    assert answer.status_code == 201, answer.text
    table_id: str = answer.json()["table"]["id"]
    return table_id


def join(http: TestClient, table_id: str, name: str = "Ann", **extra: Any) -> dict[str, Any]:
    answer = http.post(f"/api/tables/{table_id}/join", json={"name": name, **extra})
    assert answer.status_code == 200, answer.text
    seat: dict[str, Any] = answer.json()
    return seat


def hello(socket: Any, seat: dict[str, Any]) -> dict[str, Any]:
    """Say hello with a seat's token; returns the first state."""
    socket.send_text(
        json.dumps({"type": "hello", "position": seat["position"], "token": seat["token"]})
    )
    state: dict[str, Any] = socket.receive_json()
    assert state["type"] == "state", state
    return state


def send(socket: Any, **message: Any) -> None:
    socket.send_text(json.dumps(message))


def until(socket: Any, wanted: Any, limit: int = 10_000) -> dict[str, Any]:
    """Read messages until one satisfies ``wanted`` (a predicate on the message)."""
    for _ in range(limit):
        message: dict[str, Any] = socket.receive_json()
        if wanted(message):
            return message
    raise AssertionError("the wanted message never came")


def my_move(message: dict[str, Any]) -> bool:
    """A state in which this seat has something to decide."""
    return (
        message["type"] == "state"
        and message["view"] is not None
        and bool(message["view"]["legal_actions"])
    )


def first_choice(view: dict[str, Any]) -> str:
    """The first legal action: a discard in a turn, the first claim (or pass) in a window."""
    legal: list[str] = view["legal_actions"]
    return "pass" if "pass" in legal else legal[0]


def play(
    socket: Any,
    stop: Any = lambda message: message["standings"] is not None,
    choose: Any = first_choice,
    ready: bool = True,
    first: dict[str, Any] | None = None,
    limit: int = 100_000,
) -> dict[str, Any]:
    """Play a seat until a message satisfies ``stop``, as a careful client does: answer each
    decision once (a state repeating the same legal actions predates the answer) unless
    ``choose`` gives None, send ``next`` after each hand when ``ready``, and treat any error as a
    failure. ``first`` is a message already received (the state after the hello)."""
    answered: list[str] | None = None
    ready_for = None
    for _ in range(limit):
        message: dict[str, Any] = first or socket.receive_json()
        first = None
        if stop(message):
            return message
        assert message["type"] == "state", message
        view = message["view"]
        if view is None:
            continue
        if view["phase"] == "ended":
            if ready and ready_for != message["table"]["hand_number"]:
                ready_for = message["table"]["hand_number"]
                send(socket, type="next")
            continue
        legal = view["legal_actions"]
        if legal and legal != answered:
            action = choose(view)
            if action is not None:
                send(socket, type="action", action=action)
        answered = legal or None
    raise AssertionError("the game did not reach the wanted state")
