"""Limits that hold off a hostile client: new tables per client (unfinished, and per minute),
open sockets per client and messages per second per socket. Each refusal is a clear error.

Why: without them one client could create tables, open sockets or send messages without end and
take the server from every other table. A client is its address as the server sees it (behind a
load balancer, the address it forwards: ``docs/deploy.md``). The sizes of bodies and messages
are bounded where they are read (``app.py``, ``protocol.py``), a card's size before it is built
(``american/card.py``), and what waits to be sent to a socket in ``outbox.py``.
"""

from __future__ import annotations

import json
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from starlette.types import ASGIApp, Message, Receive, Scope, Send

if TYPE_CHECKING:  # the CLI reads the defaults without loading the server
    from fourwinds.server.lobby import Lobby

TOO_MANY = 4429
"""The close code of a socket refused for too many sockets of its client."""


@dataclass(frozen=True, slots=True)
class Limits:
    tables_per_client: int = 20
    """Unfinished tables one client may have created."""
    tables_per_minute: int = 10
    """Requests to create a table one client may make in any 60 seconds (refused ones count)."""
    sockets_per_client: int = 32
    messages_per_second: float = 20.0
    """Per socket, on average; ``message_burst`` may come at once."""
    message_burst: int = 40

    def rate(self) -> MessageRate:
        """A new socket's bucket."""
        return MessageRate(self.messages_per_second, self.message_burst)


@dataclass(slots=True)
class MessageRate:
    """A token bucket: ``allow()`` is False for a message over the socket's rate."""

    per_second: float
    burst: int
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.per_second)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refusal(self) -> str:
        return (
            f"too many messages: at most {self.per_second:g} a second "
            f"({self.burst} at once); this one was not read"
        )


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class ClientLimits:
    """ASGI middleware: counts each client's sockets and new tables and refuses past the limits
    before the app sees the request."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.swept = time.monotonic()
        self.sockets: dict[str, int] = {}
        self.created: dict[str, list[str]] = {}
        """Each client's tables that were unfinished when last counted."""
        self.recent: dict[str, deque[float]] = {}
        """When each client asked for a new table within the last minute."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._socket(scope, receive, send)
        elif (
            scope["type"] == "http"
            and scope["method"] == "POST"
            and scope["path"].rstrip("/") == "/api/tables"
        ):
            await self._new_table(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = _client(scope)
        if self.sockets.get(client, 0) >= self.limits.sockets_per_client:
            await receive()  # websocket.connect
            await send({"type": "websocket.accept"})
            text = f"too many sockets: at most {self.limits.sockets_per_client} per client"
            await send({"type": "websocket.send", "text": json.dumps(_error(text))})
            await send({"type": "websocket.close", "code": TOO_MANY})
            return
        self.sockets[client] = self.sockets.get(client, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.sockets[client] -= 1
            if not self.sockets[client]:
                del self.sockets[client]

    async def _new_table(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = _client(scope)
        lobby: Lobby = scope["app"].state.lobby
        refusal = self._table_refusal(client, lobby)
        if refusal is not None:
            await _refuse(send, refusal)
            return
        status = 0
        body = b""

        async def watch(message: Message) -> None:
            nonlocal status, body
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body" and status == 201:
                body += message.get("body", b"")
            await send(message)

        await self.app(scope, receive, watch)
        if status == 201:
            table_id = json.loads(body)["table"]["id"]
            self.created.setdefault(client, []).append(table_id)

    def _table_refusal(self, client: str, lobby: Lobby) -> str | None:
        now = time.monotonic()
        if now - self.swept > 60:
            self._sweep(now)
        recent = self.recent.setdefault(client, deque())
        while recent and recent[0] <= now - 60:
            recent.popleft()
        live = [t for t in self.created.pop(client, []) if lobby.unfinished(t)]
        if live:
            self.created[client] = live
        if len(live) >= self.limits.tables_per_client:
            return (
                f"too many tables: at most {self.limits.tables_per_client} unfinished tables "
                "per client"
            )
        if len(recent) >= self.limits.tables_per_minute:
            wait = int(recent[0] + 60 - now) + 1
            return (
                f"too many new tables: at most {self.limits.tables_per_minute} a minute per "
                f"client; try again in {wait} s"
            )
        recent.append(now)
        return None

    def _sweep(self, now: float) -> None:
        """Forget clients with no new table for a minute (once a minute)."""
        self.swept = now
        for client, recent in list(self.recent.items()):
            if not recent or recent[-1] <= now - 60:
                del self.recent[client]


def _error(text: str) -> dict[str, str]:
    return {"type": "error", "error": text}


async def _refuse(send: Send, text: str) -> None:
    body = json.dumps({"error": text}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 429,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"retry-after", b"60"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
