"""Writes to the database in small groups, in order, on a thread of their own, retried until the
database takes them.

Why: one commit per action on the event loop cost a quarter of the server's CPU, stalled every
table while the disk or the database was slow, and raised in the middle of a move when the
database went away. Here each write is queued with what to call once it is committed; one thread
commits everything queued since its previous commit in one transaction (a group commit: the
busier the server, the larger the groups), then runs those calls on the event loop. While the
database cannot be reached the thread keeps the group and tries again with a growing pause
(``RETRY_FIRST`` doubling up to ``RETRY_MOST`` seconds), and tells the event loop when the
database went away and when it came back. A write the database refuses for what it is (not for
being unreachable) fails alone: the rest of its group is committed without it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Executable
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

RETRY_FIRST = 0.05
RETRY_MOST = 2.0
GROUP_MOST = 500
"""Writes committed together at most (a long outage's backlog goes in groups of this many)."""

Steps = list[tuple[Executable, dict[str, Any] | None]]
Then = Callable[[BaseException | None], None]
"""Called on the event loop once a write is committed (None) or refused (the error)."""

log = logging.getLogger(__name__)


@dataclass(slots=True)
class _Write:
    steps: Steps
    then: Then | None
    loop: asyncio.AbstractEventLoop | None
    """The event loop that queued the write, where ``then`` runs (None: on the thread)."""
    done: Future[None] = field(default_factory=Future)


def unreachable(problem: BaseException) -> bool:
    """Whether a database error means "not reachable now" (try again) rather than "refused"."""
    if isinstance(problem, DBAPIError) and problem.connection_invalidated:
        return True
    return isinstance(problem, OperationalError | InterfaceError)


class Journal:
    """The queue of writes and the thread that commits them."""

    def __init__(
        self,
        connect: Callable[[], Connection],
        after_commit: Callable[[Connection], None] | None = None,
    ) -> None:
        self._connect = connect
        self._after_commit = after_commit
        self._connection: Connection | None = None
        self._queue: list[_Write] = []
        self._wake = threading.Condition()
        self._closing = False
        self._deadline = 0.0
        self._last: Future[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._on_health: Callable[[bool], None] | None = None
        self.down_since: float | None = None
        """When the database stopped answering (None while it answers)."""
        self.commits = 0
        """Transactions committed (each one group of writes)."""
        self.written = 0
        """Writes committed."""
        self.cpu_seconds = 0.0
        """CPU time of the journal's thread so far."""
        self._thread = threading.Thread(target=self._run, name="fourwinds-journal", daemon=True)
        self._thread.start()

    def attach(
        self, loop: asyncio.AbstractEventLoop, on_health: Callable[[bool], None] | None = None
    ) -> None:
        """Call ``on_health(up)`` on ``loop`` when the database goes away (False) or comes
        back (True)."""
        self._loop = loop
        self._on_health = on_health

    @property
    def waiting(self) -> bool:
        """True while the database cannot be reached."""
        return self.down_since is not None

    def submit(self, steps: Steps, then: Then | None = None) -> Future[None]:
        """Queue a write (its statements are one all-or-nothing unit); returns its future."""
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        write = _Write(steps, then, loop)
        with self._wake:
            if self._closing:
                raise RuntimeError("the journal is closed")
            self._queue.append(write)
            self._last = write.done
            self._wake.notify()
        return write.done

    async def settled(self) -> None:
        """Wait until everything submitted so far is committed (or refused)."""
        last = self._last
        if last is not None and not last.done():
            with contextlib.suppress(Exception):  # a refused write is logged where it failed
                await asyncio.shield(asyncio.wrap_future(last))

    def drain(self, timeout: float | None = None) -> bool:
        """Block until everything submitted so far is committed; False on timeout."""
        last = self._last
        if last is None:
            return True
        try:
            last.exception(timeout)
        except TimeoutError:
            return False
        return True

    def close(self, timeout: float = 10.0) -> None:
        """Commit what is queued (waiting at most ``timeout`` for an absent database), then stop."""
        with self._wake:
            self._closing = True
            self._deadline = time.monotonic() + timeout
            self._wake.notify()
        self._thread.join()
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    # ---------------------------------------------------------------- the thread

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._queue and not self._closing:
                    self._wake.wait()
                if not self._queue:
                    return
                group, self._queue = self._queue[:GROUP_MOST], self._queue[GROUP_MOST:]
            self._commit_group(group)
            self.cpu_seconds = time.thread_time()

    def _commit_group(self, group: list[_Write]) -> None:
        pause = RETRY_FIRST
        while True:
            try:
                self._commit(group)
            except Exception as problem:  # sorted below: nothing is dropped
                self._discard_connection()
                if not unreachable(problem):
                    self._refused(group, problem)
                    return
                if self._given_up():
                    self._finish(group, problem)
                    return
                if self.down_since is None:
                    log.warning("database unreachable, writes wait: %s", problem)
                    self.down_since = time.time()
                    self._tell_health(False)
                time.sleep(pause)
                pause = min(pause * 2, RETRY_MOST)
                continue
            if self.down_since is not None:
                log.warning("database back after %.1f s", time.time() - self.down_since)
                self.down_since = None
                self._tell_health(True)
            self._finish(group, None)
            return

    def _refused(self, group: list[_Write], problem: BaseException) -> None:
        """A group the database refused: each write alone, so that only the bad one fails."""
        if len(group) > 1:
            for write in group:
                self._commit_group([write])
            return
        log.error("database refused a write: %s", problem)
        self._finish(group, problem)

    def _given_up(self) -> bool:
        """Closing and past the deadline: what is still unwritten was never acknowledged."""
        return self._closing and time.monotonic() > self._deadline

    def _commit(self, group: list[_Write]) -> None:
        if self._connection is None:
            self._connection = self._connect()
        connection = self._connection
        try:
            for statement, rows in _runs(group):
                connection.execute(statement, rows)
            connection.commit()
        except Exception:
            with contextlib.suppress(Exception):  # a broken connection may not roll back
                connection.rollback()
            raise
        self.commits += 1
        self.written += len(group)
        if self._after_commit is not None:
            try:  # the group is stored: a failure here must not make it written twice
                self._after_commit(connection)
            except Exception as problem:
                log.warning("after a commit: %s", problem)

    def _discard_connection(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(Exception):  # a broken connection may fail to close too
                self._connection.invalidate()
                self._connection.close()
            self._connection = None

    def _finish(self, group: list[_Write], problem: BaseException | None) -> None:
        calls: dict[asyncio.AbstractEventLoop | None, list[tuple[Then, BaseException | None]]] = {}
        for write in group:
            if problem is None:
                write.done.set_result(None)
            else:
                write.done.set_exception(problem)
            if write.then is not None:
                calls.setdefault(write.loop, []).append((write.then, problem))
        for loop, some in calls.items():  # one wake-up of each loop per group
            _call_soon(loop, functools.partial(_run_all, some))

    def _tell_health(self, up: bool) -> None:
        on_health = self._on_health
        if on_health is not None:
            _call_soon(self._loop, functools.partial(on_health, up))


def _call_soon(loop: asyncio.AbstractEventLoop | None, call: Callable[[], None]) -> None:
    if loop is None:
        call()
        return
    with contextlib.suppress(RuntimeError):  # a closed loop (shut down): nobody left to tell
        loop.call_soon_threadsafe(call)


def _runs(group: list[_Write]) -> Iterator[tuple[Executable, Any]]:
    """The group's statements in order, each run of one statement object with rows (the same
    insert, say) as one call with every row: an ``executemany``, far cheaper than one each."""
    statement: Executable | None = None
    rows: list[dict[str, Any]] = []
    for write in group:
        for step, row in write.steps:
            if rows and (step is not statement or row is None):
                assert statement is not None
                yield statement, rows
                rows = []
            if row is None:
                yield step, None
            else:
                statement = step
                rows.append(row)
    if rows:
        assert statement is not None
        yield statement, rows


def _run_all(calls: list[tuple[Then, BaseException | None]]) -> None:
    for then, problem in calls:
        then(problem)
