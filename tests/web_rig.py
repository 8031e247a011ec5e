"""A server in the test's own process for the browser tests that arrange a deal before anyone
moves (rig.give): tables get a fixed seed, and the person sits at East's position, so nothing
happens before East's first discard."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import Page
from serving import ROOMY
from starlette.applications import Starlette

from fourwinds.server.app import create_app
from fourwinds.server.table import Table, Timing


@dataclass
class Rig:
    app: Starlette
    url: str

    def east_table(
        self, page: Page, rules: str, name: str = "Ann", **options: Any
    ) -> tuple[Table, str]:
        """A table of ``rules`` with ``name`` seated as East and three greedy bots, and the
        seat's link: open it once the deal is arranged."""
        created = page.request.post(
            self.url + "/api/tables", data={"rules": rules, "options": {"rounds": 1, **options}}
        )
        assert created.ok, created.text()
        table: Table = self.app.state.lobby.tables[created.json()["table"]["id"]]
        east = table.family.match(table.rules, table.seed).east
        seat = page.request.post(
            f"{self.url}/api/tables/{table.id}/join", data={"name": name, "position": east}
        ).json()
        page.request.post(f"{self.url}/api/tables/{table.id}/bots", data={"bot": "greedy"})
        assert table.match is not None and table.match.position_of(0) == seat["position"]
        return table, self.url + seat["url"]


@contextmanager
def rig_server(folder: Path, hand_pause: float = 120) -> Iterator[Rig]:
    """The app on a free port in a thread; bots move at once, hands wait for Next."""
    app = create_app(f"sqlite:///{folder / 'fourwinds.sqlite'}", Timing(0, 60, hand_pause), ROOMY)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    url = f"http://127.0.0.1:{listener.getsockname()[1]}"
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
            time.sleep(0.05)
        yield Rig(app, url)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
