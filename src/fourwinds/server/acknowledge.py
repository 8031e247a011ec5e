"""An HTTP request that changes something is answered only once the change is stored.

Why: writes are committed off the event loop in small groups (``server/journal.py``), so a
handler returns before its table, seat or bot is in the database. This middleware holds the
answer to every POST until everything queued before it is committed, so a 201 or 200 means
stored; while the database cannot be reached a POST is refused with 503 before it changes
anything, and a read that needs the database gets 503 instead of a traceback.
"""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fourwinds.server.journal import unreachable
from fourwinds.server.lobby import Lobby

UNREACHABLE = "the database is unreachable just now; try again shortly"


class StoredFirst:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lobby: Lobby = scope["app"].state.lobby
        journal = lobby.storage.journal
        changes = scope["method"] == "POST"
        if changes and journal.waiting:
            await _unavailable(send)
            return
        started = False

        async def send_when_stored(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                if changes:
                    await journal.settled()
            await send(message)

        try:
            await self.app(scope, receive, send_when_stored)
        except DBAPIError as problem:
            if started or not unreachable(problem):
                raise
            await _unavailable(send)


async def _unavailable(send: Send) -> None:
    body = b'{"error": "' + UNREACHABLE.encode() + b'"}'
    await send(
        {
            "type": "http.response.start",
            "status": 503,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"retry-after", b"2"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
