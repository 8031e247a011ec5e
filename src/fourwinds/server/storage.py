"""Where tables live between restarts: SQLAlchemy models and the one repository that uses them.

A table is its settings and seed (an American table may add its own card), its players, and its
actions, appended one row each with a sequence number the moment they are played; the engine
rebuilds everything else from these. A finished game also keeps its record (``docs/records.md``)
for the history and the replay viewer. SQLite (the default) and PostgreSQL share the schema;
tokens are stored only as SHA-256 hashes.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import (
    BigInteger,
    Connection,
    Engine,
    Executable,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from fourwinds.server.journal import Journal, Steps, Then

log = logging.getLogger(__name__)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    rules: Mapped[str] = mapped_column(String(40))
    options: Mapped[str] = mapped_column(Text)
    """The rule set's options as JSON."""
    claim_seconds: Mapped[float] = mapped_column(Float)
    seed: Mapped[int] = mapped_column(BigInteger)
    created: Mapped[float] = mapped_column(Float)
    finished: Mapped[float | None] = mapped_column(Float, nullable=True)
    record: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The whole game's record as JSON, once the game is over."""


class CardRow(Base):
    """The card of an American table that plays its players' own card (none: the sample)."""

    __tablename__ = "cards"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    text: Mapped[str] = mapped_column(Text)


class PlayerRow(Base):
    __tablename__ = "players"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    bot: Mapped[str | None] = mapped_column(String(20), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    auto_pass: Mapped[bool] = mapped_column(default=False)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat wind that acted; None for the start of the next hand (action ``next``)."""
    action: Mapped[str] = mapped_column(String(40))


INSERT_ACTION = insert(ActionRow)
"""One statement object for every action, so that the journal commits a group's actions in one
``executemany``."""


@dataclass(frozen=True, slots=True)
class StoredPlayer:
    position: int
    name: str
    bot: str | None
    token_hash: str | None
    auto_pass: bool


@dataclass(frozen=True, slots=True)
class StoredAction:
    seq: int
    hand: int
    seat: int | None
    action: str


@dataclass(frozen=True, slots=True)
class StoredTable:
    id: str
    rules: str
    options: dict[str, Any]
    claim_seconds: float
    seed: int
    created: float
    finished: float | None
    players: list[StoredPlayer]
    card: str | None = None
    """The text of an American table's own card; None for the sample card (and other games)."""


def default_url() -> str:
    """SQLite in the user's data directory (``platformdirs``), created when missing."""
    folder = Path(platformdirs.user_data_dir("fourwinds"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'fourwinds.sqlite3'}"


WAL_LIMIT = 16 * 1024 * 1024
"""Bytes: a SQLite write-ahead log past this is checkpointed and truncated after the commit
that grew it (and ``journal_size_limit`` truncates it to this after every checkpoint)."""
CHECKPOINT_SECONDS = 1.0


def _engine(url: str) -> Engine:
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]  # psycopg 3, the postgres extra
    engine = create_engine(url, pool_pre_ping=True)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            # WAL with NORMAL sync: a commit stays cheap and survives a crashed process (only a
            # power cut may lose the last commits). Checkpoints run after commits, on the
            # journal's thread (never on the event loop): see Storage._checkpoint.
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.execute(f"PRAGMA journal_size_limit={WAL_LIMIT}")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    return engine


def _create_schema(engine: Engine) -> None:
    """Create the tables that are missing. Workers starting together over one PostgreSQL
    database race to create them, and the loser's CREATE fails on the winner's: look again."""
    for attempt in range(5):
        try:
            Base.metadata.create_all(engine)
            return
        except DBAPIError:
            if attempt == 4:
                raise
            time.sleep(0.2 * (attempt + 1))


class Checkpointer(threading.Thread):
    """Copies SQLite's write-ahead log into the database every second, on a connection and a
    thread of its own: commits never wait for the disk's flush a checkpoint makes, and once a
    checkpoint has copied everything the next commit writes the log from its start again."""

    def __init__(self, engine: Engine) -> None:
        super().__init__(name="fourwinds-checkpoint", daemon=True)
        self.engine = engine
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(CHECKPOINT_SECONDS):
            try:
                with self.engine.connect() as connection:
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception as problem:
                log.warning("checkpoint: %s", problem)

    def stop(self) -> None:
        self.stopped.set()
        self.join()


class Storage:
    """The repository. Reads run where they are called; every write goes through the journal
    (``server/journal.py``): queued, committed in order in small groups on its own thread, and
    retried while the database is unreachable. A write method returns the write's future and
    takes ``then``, called on the event loop once the write is committed."""

    def __init__(self, url: str | None = None, wal_limit: int = WAL_LIMIT) -> None:
        self.engine = _engine(url or default_url())
        _create_schema(self.engine)
        self.wal_limit = wal_limit
        self._wal: Path | None = None
        self._checkpointer: Checkpointer | None = None
        after_commit = None
        if self.engine.dialect.name == "sqlite" and self.engine.url.database:
            self._wal = Path(self.engine.url.database + "-wal")
            after_commit = self._checkpoint
            with self.engine.connect() as connection:  # a log left by a crash, copied back
                connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            self._checkpointer = Checkpointer(self.engine)
            self._checkpointer.start()
        self.journal = Journal(self.engine.connect, after_commit)

    def close(self) -> None:
        self.journal.close()
        if self._checkpointer is not None:
            self._checkpointer.stop()
        self.engine.dispose()

    def _checkpoint(self, connection: Connection) -> None:
        """After a commit (on the journal's thread): truncate the log whenever it has grown
        past ``wal_limit`` (the Checkpointer keeps it from growing in the first place)."""
        assert self._wal is not None
        try:
            large = self._wal.stat().st_size > self.wal_limit
        except FileNotFoundError:
            large = False
        if large:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")

    @property
    def waiting(self) -> bool:
        """True while the database cannot be reached (writes wait in the journal)."""
        return self.journal.waiting

    def _write(
        self, statement: Executable, row: dict[str, Any] | None = None, then: Then | None = None
    ) -> Future[None]:
        return self._write_all([(statement, row)], then)

    def _write_all(self, steps: Steps, then: Then | None = None) -> Future[None]:
        """Queue statements as one transaction: all are stored, or none."""
        return self.journal.submit(steps, then)

    def add_table(
        self,
        table_id: str,
        rules: str,
        options: dict[str, Any],
        claim_seconds: float,
        seed: int,
        created: float,
        card: str | None = None,
    ) -> Future[None]:
        row = {
            "id": table_id,
            "rules": rules,
            "options": json.dumps(options),
            "claim_seconds": claim_seconds,
            "seed": seed,
            "created": created,
        }
        steps: Steps = [(insert(TableRow), row)]
        if card is not None:
            steps.append((insert(CardRow), {"table_id": table_id, "text": card}))
        return self._write_all(steps)

    def add_player(self, table_id: str, player: StoredPlayer) -> Future[None]:
        row = {
            "table_id": table_id,
            "position": player.position,
            "name": player.name,
            "bot": player.bot,
            "token_hash": player.token_hash,
            "auto_pass": player.auto_pass,
        }
        return self._write(insert(PlayerRow), row)

    def replace_player(self, table_id: str, player: StoredPlayer) -> Future[None]:
        """Someone else at a position: a friend taking over a bot, a bot for a person who
        left."""
        statement = (
            update(PlayerRow)
            .where(PlayerRow.table_id == table_id, PlayerRow.position == player.position)
            .values(
                name=player.name,
                bot=player.bot,
                token_hash=player.token_hash,
                auto_pass=player.auto_pass,
            )
        )
        return self._write(statement)

    def remove_player(self, table_id: str, position: int) -> Future[None]:
        """A person leaves a table that has not started: the seat is free again."""
        statement = delete(PlayerRow).where(
            PlayerRow.table_id == table_id, PlayerRow.position == position
        )
        return self._write(statement)

    def set_auto_pass(self, table_id: str, position: int, on: bool) -> Future[None]:
        statement = (
            update(PlayerRow)
            .where(PlayerRow.table_id == table_id, PlayerRow.position == position)
            .values(auto_pass=on)
        )
        return self._write(statement)

    def add_action(
        self, table_id: str, action: StoredAction, then: Then | None = None
    ) -> Future[None]:
        row = {
            "table_id": table_id,
            "seq": action.seq,
            "hand": action.hand,
            "seat": action.seat,
            "action": action.action,
        }
        return self._write(INSERT_ACTION, row, then)

    def finish(
        self,
        table_id: str,
        finished: float,
        record: dict[str, Any] | None,
        then: Then | None = None,
    ) -> Future[None]:
        """The table is over: with the record of its hands, or none (no hand was finished,
        so there is nothing to replay)."""
        statement = (
            update(TableRow)
            .where(TableRow.id == table_id)
            .values(finished=finished, record=None if record is None else json.dumps(record))
        )
        return self._write(statement, None, then)

    def table_ids(self, finished: bool) -> list[str]:
        """Running or open tables, or finished games with a record (a hand to replay) newest
        first."""
        if finished:
            query = (
                select(TableRow.id)
                .where(TableRow.finished.is_not(None), TableRow.record.is_not(None))
                .order_by(TableRow.finished.desc())
            )
        else:
            query = (
                select(TableRow.id).where(TableRow.finished.is_(None)).order_by(TableRow.created)
            )
        with self.engine.connect() as connection:
            return list(connection.scalars(query))

    def load_table(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(TableRow).where(TableRow.id == table_id)).first()
            if row is None:
                return None
            players = connection.execute(
                select(PlayerRow).where(PlayerRow.table_id == table_id).order_by(PlayerRow.position)
            )
            card = connection.scalar(select(CardRow.text).where(CardRow.table_id == table_id))
            return StoredTable(
                id=row.id,
                rules=row.rules,
                options=json.loads(row.options),
                claim_seconds=row.claim_seconds,
                seed=row.seed,
                created=row.created,
                finished=row.finished,
                players=[
                    StoredPlayer(p.position, p.name, p.bot, p.token_hash, p.auto_pass)
                    for p in players
                ],
                card=card,
            )

    def unfinished_tables(self) -> list[tuple[StoredTable, int | None]]:
        """Every unfinished table with its latest hand number (None before the first action),
        oldest first: what the lobby shows of the tables other workers hold."""
        hands = (
            select(ActionRow.table_id, func.max(ActionRow.hand).label("hand"))
            .group_by(ActionRow.table_id)
            .subquery()
        )
        query = (
            select(
                TableRow.id,
                TableRow.rules,
                TableRow.options,
                TableRow.claim_seconds,
                TableRow.seed,
                TableRow.created,
                hands.c.hand,
            )
            .outerjoin(hands, hands.c.table_id == TableRow.id)
            .where(TableRow.finished.is_(None))
            .order_by(TableRow.created)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
            players: dict[str, list[StoredPlayer]] = {}
            for p in connection.execute(
                select(PlayerRow)
                .join(TableRow, TableRow.id == PlayerRow.table_id)
                .where(TableRow.finished.is_(None))
                .order_by(PlayerRow.position)
            ):
                players.setdefault(p.table_id, []).append(
                    StoredPlayer(p.position, p.name, p.bot, p.token_hash, p.auto_pass)
                )
            cards = {
                table_id: text
                for table_id, text in connection.execute(
                    select(CardRow.table_id, CardRow.text)
                    .join(TableRow, TableRow.id == CardRow.table_id)
                    .where(TableRow.finished.is_(None))
                )
            }
        return [
            (
                StoredTable(
                    id=row.id,
                    rules=row.rules,
                    options=json.loads(row.options),
                    claim_seconds=row.claim_seconds,
                    seed=row.seed,
                    created=row.created,
                    finished=None,
                    players=players.get(row.id, []),
                    card=cards.get(row.id),
                ),
                row.hand,
            )
            for row in rows
        ]

    def load_actions(self, table_id: str) -> list[StoredAction]:
        query = select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
        with self.engine.connect() as connection:
            return [
                StoredAction(row.seq, row.hand, row.seat, row.action)
                for row in connection.execute(query)
            ]

    def load_record(self, table_id: str) -> dict[str, Any] | None:
        query = select(TableRow.record).where(TableRow.id == table_id)
        with self.engine.connect() as connection:
            text = connection.scalar(query)
        return None if text is None else dict(json.loads(text))
