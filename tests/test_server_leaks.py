"""No message leaks a tile: every ``state`` a seat receives is exactly its own engine view at that
moment with the events of the actions since its previous state as its seat may see them, holds no
other seat's concealed tiles (nor another seat's drawn, dealt or passed tile in an event), no wall
order and no seed while the hand is played, and ``last_hand`` appears only once a hand has
ended."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from serving import client, fixed_seed, hello, join, new_table, play
from starlette.testclient import TestClient

from fourwinds.american.deal import AmericanDeal
from fourwinds.american.view import AmericanView
from fourwinds.engine.events import Event
from fourwinds.engine.match import Match
from fourwinds.engine.view import View
from fourwinds.family import GameDeal, family_of
from fourwinds.rules import get_rules
from fourwinds.server.protocol import hand_summary
from fourwinds.server.storage import Storage, StoredTable
from fourwinds.server.table import Table, Timing
from fourwinds.tiles import format_tiles

MESSAGE_KEYS = {"type", "table", "view", "last_hand", "standings", "events"}
TABLE_KEYS = {
    "id",
    "rules",
    "title",
    "options",
    "positions",
    "status",
    "position",
    "east",
    "hand_number",
    "prevailing_wind",
    "players",
    "scores",
    "wins",
    "claim_seconds",
    "claim_deadline",
    "auto_pass",
    "host",
    "next_deadline",
    "ready",
    "watchers",
}


def hidden_texts(deal: GameDeal, seat: int) -> list[str]:
    """What ``seat`` must not learn while the hand is played: the others' concealed hands (when
    long enough to be recognisable), the wall's order (likewise) and the seed."""
    wall = [t for stack in deal.wall.stacks for t in stack]
    texts = [str(deal.seed)] + ([format_tiles(wall)] if len(wall) >= 4 else [])
    family = family_of(deal.rules)
    for other in range(len(deal.seats)):
        hand = family.view(deal, other).hand
        if other != seat and len(hand) >= 4:
            texts.append(format_tiles(hand))
    return texts


class WatchedTable(Table):
    """A table that keeps, for the recorders, the events each broadcast is about to send."""

    def __init__(self, stored: StoredTable, storage: Storage, timing: Timing) -> None:
        super().__init__(stored, storage, timing)
        self.sent: list[tuple[int, Event]] = []

    def _broadcast(self) -> None:
        self.sent = list(self._events)
        super()._broadcast()


def check_events(
    events: list[dict[str, Any]], sent: list[tuple[int, Event]], position: int, positions: int
) -> int:
    """The events of a state are the engine's, each as the position's seat in its hand may see
    it; another seat's private event carries no tile. Returns how many were private to another
    seat."""
    hidden = 0
    assert len(events) == len(sent)
    for got, (east, event) in zip(events, sent, strict=True):
        seat = (position - east) % positions
        assert got == event.for_seat(seat).to_json()
        if event.private and event.seat != seat:
            assert "tile" not in got and "tiles" not in got
            hidden += 1
    return hidden


class Recorder:
    """A position's connection that checks each message against the server's deal as it is
    sent."""

    def __init__(self, table: Table, position: int, done: asyncio.Event) -> None:
        self.table = table
        self.position = position
        self.done = done
        self.states = 0
        self.events = 0
        self.hidden = 0
        """Events of another seat whose tiles the position was not shown."""
        self.failure: AssertionError | None = None

    def send(self, text: str) -> None:
        """Called inside the table's timers, whose exceptions asyncio only logs: a failed check
        is kept and ends the game for the test to report."""
        try:
            self.check(text)
        except AssertionError as failure:
            self.failure = failure
            self.done.set()

    def check(self, text: str) -> None:
        message = json.loads(text)
        assert set(message) == MESSAGE_KEYS and message["type"] == "state"
        assert set(message["table"]) == TABLE_KEYS
        assert message["table"]["position"] == self.position
        assert isinstance(self.table, WatchedTable)
        self.hidden += check_events(
            message["events"], self.table.sent, self.position, self.table.positions
        )
        self.events += len(message["events"])
        match = self.table.match
        if match is None:
            assert message["view"] is None and message["last_hand"] is None
            return
        self.states += 1
        deal, east, number = self.table.shown()
        seat = (self.position - east) % self.table.positions
        assert (message["table"]["east"], message["table"]["hand_number"]) == (east, number)
        if isinstance(deal, AmericanDeal):
            assert message["view"] == AmericanView(deal, seat).to_json()
        else:
            assert message["view"] == View(deal, seat).to_json()
        if deal.result is None:
            assert message["view"]["seed"] is None and message["view"]["result"] is None
            message["view"]["hand"] = ""  # may hold the same tiles as another seat's hand
            public = json.dumps(message)
            for hidden in hidden_texts(deal, seat):
                assert hidden not in public
        if not match.outcomes:
            assert message["last_hand"] is None
        elif message["last_hand"] is not None:
            assert message["last_hand"] == hand_summary(
                self.table.family, match.outcomes[-1], match.scores
            )
        else:
            assert deal.history  # cleared only by the next hand's first action
        if message["standings"] is not None:
            assert match.is_over
            self.done.set()


async def bot_game(storage: Storage, rules: str, seed: int, **options: Any) -> list[int]:
    """A whole game between greedy bots at the server, every position recorded; each position
    is sent events, some of them another seat's with the tiles hidden."""
    rule_set = get_rules(rules, rounds=1, **options)
    table_id = f"{rules}-{seed}-{rule_set.players}"
    storage.add_table(table_id, rules, rule_set.options(), 0, seed, 0.0)
    stored = StoredTable(table_id, rules, rule_set.options(), 0, seed, 0.0, None, [])
    table = WatchedTable(stored, storage, Timing(bot_delay=0, away_wait=60, hand_pause=60))
    done = asyncio.Event()
    recorders = [Recorder(table, position, done) for position in range(table.positions)]
    for position, recorder in enumerate(recorders):
        table.connect(position, recorder)
    table.add_bots("greedy")
    await asyncio.wait_for(done.wait(), 60)
    table.close()
    for recorder in recorders:
        if recorder.failure is not None:
            raise recorder.failure
        assert recorder.events > 0 and recorder.hidden > 0
    return [recorder.states for recorder in recorders]


@pytest.mark.parametrize(
    ("rules", "games"),
    [("classical", 6), ("beginner", 4), ("hongkong", 1), ("american", 3)],
)
def test_every_state_of_many_bot_games_is_the_seat_own_view(
    tmp_path: Path, rules: str, games: int
) -> None:
    """Seeded whole games (a Hong Kong game runs to a dozen hands or more)."""
    storage = Storage(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    for seed in range(games):
        states = asyncio.run(bot_game(storage, rules, seed))
        assert min(states) > 100  # every position saw the whole game
    storage.close()


def test_an_american_table_of_three_shows_each_its_own_view(tmp_path: Path) -> None:
    """Seed 001 part 8: three players, no Charleston; three positions at the table."""
    storage = Storage(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    states = asyncio.run(bot_game(storage, "american", 1, players=3))
    assert len(states) == 3 and min(states) > 50
    storage.close()


def expected_views(record: dict[str, Any], position: int) -> list[dict[str, Any]]:
    """Every view the position may be sent, in order, by replaying the game's record."""
    match = Match(get_rules(record["rules"], **record["options"]), record["seed"])
    views = []
    for entry in record["hands"]:
        deal, seat = match.deal, match.seat_of(position)
        views.append(View(deal, seat).to_json())
        for text in entry["actions"]:
            actor, _, action = text.partition(" ")
            deal.apply(int(actor), deal.legal_actions(int(actor))[0].parse(action))
            views.append(View(deal, seat).to_json())
        match.next_hand()
    return views


def test_a_seat_over_the_socket_receives_only_its_own_views(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch, 99)
    received = []
    draws = {"own": 0, "others": 0}

    def record(message: dict[str, Any]) -> bool:
        if message["type"] == "state" and message["view"] is not None:
            received.append(message["view"])
            for event in message["events"]:
                if event["event"] in ("draw", "replacement"):
                    own = event["seat"] == message["view"]["seat"]
                    assert ("tile" in event) == own  # another seat's draw is never shown
                    draws["own" if own else "others"] += 1
        return message["standings"] is not None

    http: TestClient
    with client(f"sqlite:///{tmp_path / 'db.sqlite3'}") as http:
        table_id = new_table(http, "classical")
        seat = join(http, table_id, position=1)
        with http.websocket_connect(f"/ws/{table_id}") as socket:
            assert hello(socket, seat)["view"] is None
            http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
            play(socket, stop=record)
        game = http.get(f"/api/games/{table_id}/record").json()
    assert draws["own"] > 10 and draws["others"] > 30
    expected = iter(expected_views(game, 1))
    for view in received:  # in order, each one of the seat's own views at some moment
        assert any(view == candidate for candidate in expected)
