"""Where tables live between restarts: SQLAlchemy models and the one repository that uses them.

A table is its settings and seed (an American table may add its own card), its players, and its
actions, appended one row each with a sequence number the moment they are played; the engine
rebuilds everything else from these. A finished game also keeps its record (``docs/records.md``)
for the history and the replay viewer. SQLite (the default) and PostgreSQL share the schema;
tokens are stored only as SHA-256 hashes.
"""

from __future__ import annotations

import json
import threading
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
    insert,
    select,
    update,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


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


def _engine(url: str) -> Engine:
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]  # psycopg 3, the postgres extra
    engine = create_engine(url)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            # WAL with NORMAL sync: a commit per action stays cheap and survives a crashed
            # process (only a power cut may lose the last actions). Only checkpoints wait for
            # the disk; the Checkpointer thread runs them, never a commit on the event loop.
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    return engine


class Checkpointer(threading.Thread):
    """Copies SQLite's write-ahead log into the database every second, off the event loop."""

    def __init__(self, engine: Engine) -> None:
        super().__init__(name="fourwinds-checkpoint", daemon=True)
        self.engine = engine
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(1.0):
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def stop(self) -> None:
        self.stopped.set()
        self.join()


class Storage:
    """The repository: every write is its own committed transaction, on one connection kept
    open for writing (a third of the cost of taking one from the pool for every action)."""

    def __init__(self, url: str | None = None) -> None:
        self.engine = _engine(url or default_url())
        Base.metadata.create_all(self.engine)
        self._writer: Connection | None = None
        self._checkpointer: Checkpointer | None = None
        if self.engine.dialect.name == "sqlite":
            self._checkpointer = Checkpointer(self.engine)
            self._checkpointer.start()

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.stop()
            self._checkpointer = None
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        self.engine.dispose()

    def _write(self, statement: Executable, row: dict[str, Any] | None = None) -> None:
        self._write_all([(statement, row)])

    def _write_all(self, steps: list[tuple[Executable, dict[str, Any] | None]]) -> None:
        """Run statements in one transaction: all are stored, or none."""
        if self._writer is None:
            self._writer = self.engine.connect()
        try:
            for statement, row in steps:
                self._writer.execute(statement, row)
            self._writer.commit()
        except Exception:
            self._writer.rollback()
            raise

    def add_table(
        self,
        table_id: str,
        rules: str,
        options: dict[str, Any],
        claim_seconds: float,
        seed: int,
        created: float,
        card: str | None = None,
    ) -> None:
        row = {
            "id": table_id,
            "rules": rules,
            "options": json.dumps(options),
            "claim_seconds": claim_seconds,
            "seed": seed,
            "created": created,
        }
        steps: list[tuple[Executable, dict[str, Any] | None]] = [(insert(TableRow), row)]
        if card is not None:
            steps.append((insert(CardRow), {"table_id": table_id, "text": card}))
        self._write_all(steps)

    def add_player(self, table_id: str, player: StoredPlayer) -> None:
        row = {
            "table_id": table_id,
            "position": player.position,
            "name": player.name,
            "bot": player.bot,
            "token_hash": player.token_hash,
            "auto_pass": player.auto_pass,
        }
        self._write(insert(PlayerRow), row)

    def replace_player(self, table_id: str, player: StoredPlayer) -> None:
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
        self._write(statement)

    def remove_player(self, table_id: str, position: int) -> None:
        """A person leaves a table that has not started: the seat is free again."""
        statement = delete(PlayerRow).where(
            PlayerRow.table_id == table_id, PlayerRow.position == position
        )
        self._write(statement)

    def set_auto_pass(self, table_id: str, position: int, on: bool) -> None:
        statement = (
            update(PlayerRow)
            .where(PlayerRow.table_id == table_id, PlayerRow.position == position)
            .values(auto_pass=on)
        )
        self._write(statement)

    def add_action(self, table_id: str, action: StoredAction) -> None:
        row = {
            "table_id": table_id,
            "seq": action.seq,
            "hand": action.hand,
            "seat": action.seat,
            "action": action.action,
        }
        self._write(insert(ActionRow), row)

    def finish(self, table_id: str, finished: float, record: dict[str, Any] | None) -> None:
        """The table is over: with the record of its hands, or none (no hand was finished,
        so there is nothing to replay)."""
        statement = (
            update(TableRow)
            .where(TableRow.id == table_id)
            .values(finished=finished, record=None if record is None else json.dumps(record))
        )
        self._write(statement)

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
