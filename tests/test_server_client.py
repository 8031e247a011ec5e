"""``fourwinds bot``: an external program at a table over a real server and WebSocket."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from click.testing import CliRunner
from serving import ROOMY

from fourwinds.cli import main
from fourwinds.server.app import create_app
from fourwinds.server.client import resolve
from fourwinds.server.table import Timing


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A real uvicorn server on a free port, in a thread; yields its address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite3'}", Timing(0, 60, 0), ROOMY)
    running = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=running.run)
    thread.start()
    while not running.started:
        time.sleep(0.01)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join()


def post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def test_the_bot_command_plays_a_whole_game_from_a_table_link(server: str) -> None:
    body = {"rules": "beginner", "options": {"rounds": 1}, "claim_seconds": 0}
    table_id = post(f"{server}/api/tables", body)["table"]["id"]
    seat = post(f"{server}/api/tables/{table_id}/join", {"name": "Robo", "position": 3})
    post(f"{server}/api/tables/{table_id}/bots", {"bot": "random"})
    result = CliRunner().invoke(main, ["bot", "--url", server + seat["url"], "--bot", "greedy"])
    assert result.exit_code == 0, result.output
    standings = json.loads(result.output)["standings"]
    assert sorted(row["position"] for row in standings) == [0, 1, 2, 3]
    with urllib.request.urlopen(f"{server}/api/games/{table_id}/record") as answer:
        assert json.load(answer)["kind"] == "match"


def test_the_bot_command_plays_an_american_game_by_the_table_card(server: str) -> None:
    """The card bot over the protocol: it reads the table's card once, then every state."""
    body = {"rules": "american", "options": {"rounds": 1, "players": 3}}
    table_id = post(f"{server}/api/tables", body)["table"]["id"]
    seat = post(f"{server}/api/tables/{table_id}/join", {"name": "Robo", "position": 2})
    post(f"{server}/api/tables/{table_id}/bots", {"bot": "greedy"})
    result = CliRunner().invoke(main, ["bot", "--url", server + seat["url"], "--bot", "greedy"])
    assert result.exit_code == 0, result.output
    standings = json.loads(result.output)["standings"]
    assert sorted(row["position"] for row in standings) == [0, 1, 2]
    with urllib.request.urlopen(f"{server}/api/games/{table_id}/record") as answer:
        record = json.load(answer)
    assert len(record["hands"]) == 3
    for hand in record["hands"]:  # Robo (position 2) passed in the Charleston or played
        robo = (2 - hand["east"]) % 3
        assert any(action.startswith(f"{robo} ") for action in hand["actions"])


def test_the_bot_client_joins_by_table_id_or_reads_a_link(server: str) -> None:
    table_id = post(f"{server}/api/tables", {"rules": "classical"})["table"]["id"]
    url, position, token = resolve(server, table_id, "Robo")
    assert url == f"ws://{server.removeprefix('http://')}/ws/{table_id}" and position == 0
    assert len(token) >= 32
    link = f"https://example.org/table/{table_id}#position=2&token=abc"
    assert resolve(link, None, "x") == (f"wss://example.org/ws/{table_id}", 2, "abc")
    with pytest.raises(ValueError, match="table link"):
        resolve(server, None, "x")
    refused = CliRunner().invoke(
        main, ["bot", "--url", f"{server}/table/{table_id}#position=1&token=no"]
    )
    assert refused.exit_code == 1 and "refused the token" in refused.output
