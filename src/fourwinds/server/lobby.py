"""The lobby: every table of one server process, created, looked up and rebuilt on start-up.

Open and running tables live in memory with their timers; a finished game is read back from
storage when someone asks for it (its summary and record need no replay).
"""

from __future__ import annotations

import time
from typing import Any

from fourwinds.rules import get_rules
from fourwinds.server.owner import owner, prefix
from fourwinds.server.storage import Storage, StoredTable
from fourwinds.server.table import Table, Timing, table_rules

GAMES_LISTED = 100
OTHERS_SECONDS = 2.0
"""How long the lobby keeps the other workers' tables it read before reading them again."""


def game_summary(stored: StoredTable, record: dict[str, Any]) -> dict[str, Any]:
    """The ``TableSummary`` of a finished game, from storage alone."""
    rules = get_rules(stored.rules, **stored.options)
    hands = record.get("hands", [])
    return {
        "id": stored.id,
        "rules": rules.name,
        "title": rules.title,
        "options": rules.options(),
        "positions": rules.players,
        "claim_seconds": stored.claim_seconds,
        "status": "finished",
        "players": [
            {
                "position": p.position,
                "name": p.name,
                "bot": p.bot,
                "connected": False,
                "away": False,
            }
            for p in stored.players
        ],
        "hand_number": hands[-1]["number"] if hands else 0,
        "created": stored.created,
        "watchers": 0,
    }


def stored_summary(stored: StoredTable, hand: int | None) -> dict[str, Any]:
    """The ``TableSummary`` of another worker's unfinished table, as stored: its seats, but not
    who is connected (a person shows as not connected, a bot as connected)."""
    rules = table_rules(stored.rules, stored.options, stored.card)
    seated = len(stored.players) == rules.players
    return {
        "id": stored.id,
        "rules": rules.name,
        "title": rules.title,
        "options": rules.options(),
        "positions": rules.players,
        "claim_seconds": stored.claim_seconds,
        "status": "playing" if seated else "open",
        "players": [
            {
                "position": p.position,
                "name": p.name,
                "bot": p.bot,
                "connected": p.bot is not None,
                "away": False,
            }
            for p in stored.players
        ],
        "hand_number": (hand or 0) if seated else None,
        "created": stored.created,
        "watchers": 0,  # spectators are counted by the worker that holds the table
    }


class Lobby:
    def __init__(self, storage: Storage, timing: Timing, worker: str | None = None) -> None:
        self.storage = storage
        self.timing = timing
        self.worker = worker
        """This process's worker name when several share the database (``server/owner.py``);
        None for a single process, which owns every table."""
        self.tables: dict[str, Table] = {}
        self._others: tuple[float, list[dict[str, Any]]] = (0.0, [])

    def owns(self, table_id: str) -> bool:
        return self.worker is None or owner(table_id) == self.worker

    def start(self) -> None:
        """Rebuild every unfinished table this process owns and start its timers (on the
        running loop)."""
        for table_id in self.storage.table_ids(finished=False):
            if not self.owns(table_id):
                continue
            table = self.table(table_id)
            assert table is not None
            table.resume()

    def database(self, up: bool) -> None:
        """The database went away or came back: every table tells its seats (journal.py)."""
        for table in list(self.tables.values()):
            table.database(up)

    def close(self) -> None:
        for table in self.tables.values():
            table.shut_down()
        self.tables.clear()

    def create(
        self, rules: str, options: dict[str, Any], claim_seconds: float, card: str | None = None
    ) -> Table:
        self._forget_finished()
        table = Table.create(
            self.storage, self.timing, rules, options, claim_seconds, card, prefix(self.worker)
        )
        self.tables[table.id] = table
        return table

    def _forget_finished(self) -> None:
        """Drop finished games nobody is looking at from memory (storage keeps them)."""
        for table_id, table in list(self.tables.items()):
            if table.status == "finished" and not any(table.connections) and not table.watchers:
                del self.tables[table_id]

    def table(self, table_id: str) -> Table | None:
        """The table in memory, or rebuilt from storage (finished games too, for their final
        state); None when there is no such table."""
        table = self.tables.get(table_id)
        if table is None:
            if not self.owns(table_id):
                return None  # another worker's: the balancer sends its requests there
            stored = self.storage.load_table(table_id)
            if stored is None:
                return None
            actions = self.storage.load_actions(table_id)
            table = self.tables[table_id] = Table.restore(
                stored, actions, self.storage, self.timing
            )
        return table

    def unfinished(self, table_id: str) -> bool:
        """Whether the table is in memory and not finished (the limits count such tables)."""
        table = self.tables.get(table_id)
        return table is not None and table.status != "finished"

    def open_tables(self) -> list[dict[str, Any]]:
        """The tables someone can join or watch: open and playing ones (a table whose people
        have all gone is finished after the grace time, and leaves this list); with several
        workers the others' too, as stored (read at most every ``OTHERS_SECONDS``)."""
        own = [table.summary() for table in self.tables.values() if table.status != "finished"]
        if self.worker is None:
            return own
        return own + self._other_tables()

    def _other_tables(self) -> list[dict[str, Any]]:
        read, summaries = self._others
        if time.monotonic() - read > OTHERS_SECONDS:
            summaries = [
                stored_summary(stored, hand)
                for stored, hand in self.storage.unfinished_tables()
                if not self.owns(stored.id)
            ]
            self._others = (time.monotonic(), summaries)
        return summaries

    def games(self) -> list[dict[str, Any]]:
        """Finished games, newest first."""
        summaries = []
        for table_id in self.storage.table_ids(finished=True)[:GAMES_LISTED]:
            stored = self.storage.load_table(table_id)
            record = self.storage.load_record(table_id)
            if stored is not None and record is not None:
                summaries.append(game_summary(stored, record))
        return summaries

    def finished_summary(self, table_id: str) -> dict[str, Any] | None:
        """A finished game's summary from storage alone (no replay of its actions)."""
        stored = self.storage.load_table(table_id)
        record = self.storage.load_record(table_id)
        return None if stored is None or record is None else game_summary(stored, record)

    def record(self, table_id: str) -> dict[str, Any] | None:
        return self.storage.load_record(table_id)
