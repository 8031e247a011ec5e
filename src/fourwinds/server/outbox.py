"""What waits to be sent to one socket: queued by the table, sent in order by one task, bounded.

Why: a table never waits for a socket (``send`` only queues), so a client that does not read
would otherwise make the server hold every message for it without end. Past ``OUTBOX_BYTES``
waiting, the socket is closed with code ``BEHIND`` and what it held is dropped at once; its seat
keeps its token and may connect again (the next ``state`` is whole, so nothing is missed but the
events in between).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Coroutine
from typing import Any, TypeVar

from starlette.websockets import WebSocket, WebSocketDisconnect

T = TypeVar("T")

OUTBOX_BYTES = 512 * 1024
BEHIND = 4008
"""The close code of a socket that fell too far behind (the page connects again)."""
CLOSE_SECONDS = 5.0


class SocketConnection:
    """A seat's socket as the table sees it (``Connection``): ``send`` queues a message,
    ``close`` queues the end of the socket with a close code."""

    def __init__(self, limit: int = OUTBOX_BYTES) -> None:
        self.limit = limit
        self.queued = 0
        """Messages queued since the socket opened (an answer is one more)."""
        self.behind = False
        self._texts: deque[str] = deque()
        self._size = 0
        self._ready = asyncio.Event()
        self._behind = asyncio.Event()
        self._close_code: int | None = None

    def send(self, text: str) -> None:
        if self.behind:
            return
        self.queued += 1
        self._texts.append(text)
        self._size += len(text)
        if self._size > self.limit:
            self.behind = True
            self._behind.set()
            self._texts.clear()
            self._size = 0
        self._ready.set()

    def close(self, code: int) -> None:
        """Close the socket with ``code`` once what is queued before is sent."""
        self._close_code = code
        self._ready.set()

    @property
    def waiting(self) -> int:
        """Characters queued and not yet sent."""
        return self._size

    async def unless_behind(self, reading: Coroutine[Any, Any, T]) -> T | None:
        """What ``reading`` gives, or None as soon as the socket falls behind (a client that
        neither reads nor writes must not keep its connection)."""
        if self.behind:
            reading.close()
            return None
        read = asyncio.ensure_future(reading)
        if read.done():
            return read.result()
        behind = asyncio.ensure_future(self._behind.wait())
        await asyncio.wait((read, behind), return_when=asyncio.FIRST_COMPLETED)
        behind.cancel()
        if read.done():
            return read.result()
        read.cancel()
        return None

    async def pump(self, websocket: WebSocket) -> None:
        """Send until the socket closes; close it when it falls too far behind (the reading
        side then ends the connection)."""
        try:
            while True:
                await self._ready.wait()
                if self.behind:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(
                            websocket.close(BEHIND, "too far behind: connect again"),
                            CLOSE_SECONDS,
                        )
                    return
                if not self._texts:
                    if self._close_code is not None:
                        await websocket.close(self._close_code)
                        return
                    self._ready.clear()
                    continue
                text = self._texts.popleft()
                self._size -= len(text)
                await websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return
