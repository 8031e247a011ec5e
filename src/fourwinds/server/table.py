"""One table at run time: its match, its four positions, their connections and its timers.

The table is the authority for its game. Every move, from a person, a bot or a timer, goes through
``act``: checked against the engine's ``legal_actions``, written to storage, then played; once
the write is committed each connected position gets a fresh ``state`` built from its own ``View``
only, with the events of the actions played since its previous state, each as its seat may see
it (``Event.for_seat``). Timers
(asyncio, on the running loop) play for the server's bots after ``bot_delay``, pass for a person
whose claim time ran out or who asked for auto-pass, let the family's strongest bot take over a
position whose player has been away for ``away_wait``, start the next hand after ``hand_pause``
(sooner when every person at the table is ready), and finish a table whose people have all gone
after ``grace``. Friends come and go: a person may take over a seat a bot holds (the bot plays on
until their socket opens), leave (a bot takes the seat), or watch as a spectator, who is sent
only what every seat sees alike (``server/public.py``). A restarted server rebuilds a table from
its seed and stored actions with the same code that played them.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from fourwinds.engine.events import Event
from fourwinds.family import Bot, GameDeal, GameMatch, GameOutcome, family_of
from fourwinds.record import match_record
from fourwinds.rules import RuleSet, get_rules
from fourwinds.server.protocol import hand_summary
from fourwinds.server.public import NOBODY, public_view
from fourwinds.server.stats import STATS
from fourwinds.server.storage import Storage, StoredAction, StoredPlayer, StoredTable

NEXT = "next"
"""The stored action that starts the next hand (its seat is None)."""
WAITING = "the table is waiting for its database; moves resume when it is back"
WAITING_MESSAGE = {"type": "waiting", "for": "database", "message": WAITING}


class TableError(ValueError):
    """A request the table refuses as it stands (a taken seat, a game already started)."""


@dataclass(frozen=True, slots=True)
class Timing:
    """Delays in seconds; tests use 0 and small waits."""

    bot_delay: float = 0.5
    away_wait: float = 15.0
    hand_pause: float = 30.0
    grace: float = 120.0
    """How long a table whose people have all gone (no socket open) waits for one to come back
    before it is finished and saved."""


@dataclass(slots=True)
class Player:
    name: str
    bot: str | None
    token_hash: str | None
    auto_pass: bool = False


class Connection(Protocol):
    """One open socket for a position or a spectator; ``send`` must not block (it queues)."""

    def send(self, text: str) -> None: ...

    def close(self, code: int) -> None:
        """Close the socket after what was sent (its seat is no longer its to play)."""


def table_rules(name: str, options: dict[str, Any], card: str | None) -> RuleSet:
    """The rules a table plays: the rule set with its options, and its own card (the text; None
    for the sample card) where hands are won by a card. Refuses unknown options, a card that
    does not parse (naming its line and column) and a card for rules that take none."""
    rules = get_rules(name, **options)
    family = family_of(rules)
    if card is None:
        return rules
    if not family.by_card:
        raise ValueError(f"a card is for games won by a card, not {rules.title}")
    return family.with_record_fields(rules, {"card": card})


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Table:
    def __init__(self, stored: StoredTable, storage: Storage, timing: Timing) -> None:
        self.id = stored.id
        self.card = stored.card
        """The text of an American table's own card (None: the sample card)."""
        self.rules = table_rules(stored.rules, stored.options, stored.card)
        self.family = family_of(self.rules)
        self.positions = self.rules.players
        """Seats at the table: 4, or 3 at an American table of three."""
        self.claim_seconds = stored.claim_seconds
        self.seed = stored.seed
        self.created = stored.created
        self.finished = stored.finished
        self.storage = storage
        self.timing = timing
        self.players: list[Player | None] = [None] * self.positions
        for p in stored.players:
            self.players[p.position] = Player(p.name, p.bot, p.token_hash, p.auto_pass)
        self.match: GameMatch | None = None
        self.connections: list[list[Connection]] = [[] for _ in range(self.positions)]
        self.away: set[int] = set()
        """Positions whose player is away and a bot plays for."""
        self.deadlines: dict[int, float] = {}
        """Claim deadlines (epoch seconds) by position."""
        self.last_hand: dict[str, Any] | None = None
        self._ended: GameOutcome | None = None
        """The hand just finished, shown until the next one starts (and at the game's end)."""
        self._ready: set[int] = set()
        self._seq = 0
        self._moves: dict[int, asyncio.Handle] = {}
        """The pending timer that will move for a position."""
        self._away_timers: dict[int, asyncio.TimerHandle] = {}
        self._next_timer: asyncio.TimerHandle | None = None
        self.next_deadline: float | None = None
        """When the next hand starts by itself (epoch seconds), between hands."""
        self._grace_timer: asyncio.TimerHandle | None = None
        self.watchers: list[Connection] = []
        """Spectators' sockets."""
        self._bots: dict[int, Bot] = {}
        self._events: list[tuple[int, Event]] = []
        """The events of the actions played since the last broadcast, each with the position
        that was East in its hand (an event's seat is a seat wind of that hand)."""
        self._unsaved = 0
        self._shut = False
        """The server is shutting down: no state is sent and no timer set again (the journal's
        last commits still call back, after it has closed)."""
        """Writes of this table's moves not yet committed: until they are, nobody is told of
        them and no timer moves on (see "Waiting for the database" below)."""

    # ---------------------------------------------------------------- building and rebuilding

    @classmethod
    def create(
        cls,
        storage: Storage,
        timing: Timing,
        rules: str,
        options: dict[str, Any],
        claim_seconds: float,
        card: str | None = None,
        id_prefix: str = "",
    ) -> Table:
        """A new open table with a fresh secret seed (refuses unknown rules or options, and a
        card that does not parse or is given for a game other than American); its id starts
        with ``id_prefix`` (the owning worker's, ``server/owner.py``)."""
        rule_set = table_rules(rules, options, card)
        stored = StoredTable(
            id=id_prefix + secrets.token_urlsafe(6),
            rules=rule_set.name,
            options=rule_set.options(),
            claim_seconds=claim_seconds,
            seed=secrets.randbits(62),
            created=time.time(),
            finished=None,
            players=[],
            card=card,
        )
        storage.add_table(
            stored.id,
            stored.rules,
            stored.options,
            claim_seconds,
            stored.seed,
            stored.created,
            card,
        )
        return cls(stored, storage, timing)

    @classmethod
    def restore(
        cls, stored: StoredTable, actions: list[StoredAction], storage: Storage, timing: Timing
    ) -> Table:
        """Rebuild a table by replaying its stored actions through the engine."""
        table = cls(stored, storage, timing)
        if all(table.players):
            table.match = table.family.match(table.rules, table.seed)
        for row in actions:
            if row.seq != table._seq:
                raise ValueError(f"table {table.id}: action {row.seq} stored out of order")
            if row.action == NEXT:
                table._ended = None
            else:
                assert row.seat is not None
                table._play(row.seat, table.family.parse_action(row.action))
            table._seq += 1
        table._events.clear()  # played before anyone was told: nothing to announce
        return table

    def resume(self) -> None:
        """Start the timers of a rebuilt table (on the running event loop)."""
        self._finish_if_over()
        if self.finished is None:
            self._watch_grace()
        self._schedule()

    # ---------------------------------------------------------------- what the table is

    @property
    def status(self) -> str:
        if self.finished is not None or (self.match is not None and self.match.is_over):
            return "finished"
        return "open" if self.match is None else "playing"

    @property
    def host(self) -> int | None:
        """The position of the person who may end the table: the first position a person holds
        (whoever creates a table in the lobby sits at the first free one)."""
        people = [p for p, player in enumerate(self.players) if player and player.bot is None]
        return people[0] if people else None

    def shown(self) -> tuple[GameDeal, int, int]:
        """The deal on the table with its East and number: the ended one between hands."""
        if self._ended is not None:
            return self._ended.deal, self._ended.east, self._ended.number
        assert self.match is not None
        return self.match.deal, self.match.east, self.match.hand_number

    def _players_json(self) -> list[dict[str, Any]]:
        return [
            {
                "position": position,
                "name": player.name,
                "bot": player.bot,
                "connected": player.bot is not None or bool(self.connections[position]),
                "away": position in self.away,
            }
            for position, player in enumerate(self.players)
            if player is not None
        ]

    def summary(self) -> dict[str, Any]:
        """The lobby's ``TableSummary``."""
        return {
            "id": self.id,
            "rules": self.rules.name,
            "title": self.rules.title,
            "options": self.rules.options(),
            "positions": self.positions,
            "claim_seconds": self.claim_seconds,
            "status": self.status,
            "players": self._players_json(),
            "hand_number": None if self.match is None else self.shown()[2],
            "created": self.created,
            "watchers": len(self.watchers),
        }

    def standings(self) -> list[dict[str, Any]] | None:
        """The final standings, once the game is over or the table was ended."""
        if self.match is None or self.status != "finished":
            return None
        wins = self.match.wins_by_position()
        rows = [
            {"position": p, "name": player.name if player else "", "score": score, "wins": wins[p]}
            for p, (player, score) in enumerate(zip(self.players, self.match.scores, strict=True))
        ]
        # Equal scores (every score, without scoring) are ranked by hands won.
        return sorted(rows, key=lambda row: (-row["score"], -row["wins"], row["position"]))

    def _table_json(self) -> dict[str, Any]:
        shown = None if self.match is None else self.shown()
        return {
            "id": self.id,
            "rules": self.rules.name,
            "title": self.rules.title,
            "options": self.rules.options(),
            "positions": self.positions,
            "status": self.status,
            "east": None if shown is None else shown[1],
            "hand_number": None if shown is None else shown[2],
            "prevailing_wind": None if shown is None else shown[0].prevailing_wind,
            "players": self._players_json(),
            "scores": None if self.match is None else list(self.match.scores),
            "wins": None if self.match is None else self.match.wins_by_position(),
            "claim_seconds": self.claim_seconds,
            "host": self.host,
            "next_deadline": self.next_deadline,
            "ready": sorted(self._ready),
            "watchers": len(self.watchers),
        }

    def state(
        self,
        position: int,
        common: dict[str, Any] | None = None,
        events: list[tuple[int, Event]] | None = None,
    ) -> dict[str, Any]:
        """The ``state`` message for one position: its own view and nothing of anyone else's,
        and ``events`` (with the East of their hand) as its seat may see them."""
        view = None
        if self.match is not None:
            deal, east, _ = self.shown()
            view = self.family.view(deal, (position - east) % self.positions).to_json()
        player = self.players[position]
        table = dict(common or self._table_json())
        table["position"] = position
        table["claim_deadline"] = self.deadlines.get(position)
        table["auto_pass"] = player is not None and player.auto_pass
        return {
            "type": "state",
            "table": table,
            "view": view,
            "last_hand": self.last_hand,
            "standings": self.standings(),
            "events": [
                event.for_seat((position - hand_east) % self.positions).to_json()
                for hand_east, event in events or ()
            ],
        }

    def public_state(
        self, common: dict[str, Any] | None = None, events: list[tuple[int, Event]] | None = None
    ) -> dict[str, Any]:
        """The ``state`` message for a spectator: what every seat sees alike, the events
        without any private tile, and no position of its own."""
        view = None
        if self.match is not None:
            deal, _, _ = self.shown()
            view = public_view(self.family, deal, self.positions)
        table = dict(common or self._table_json())
        table.update(position=None, claim_deadline=None, auto_pass=False)
        return {
            "type": "state",
            "table": table,
            "view": view,
            "last_hand": self.last_hand,
            "standings": self.standings(),
            "events": [event.for_seat(NOBODY).to_json() for _, event in events or ()],
        }

    def _broadcast(self) -> None:
        events, self._events = self._events, []
        if not any(self.connections) and not self.watchers:
            return
        common = self._table_json()
        for position, connections in enumerate(self.connections):
            if connections:
                text = json.dumps(self.state(position, common, events))
                for connection in connections:
                    connection.send(text)
        if self.watchers:
            text = json.dumps(self.public_state(common, events))
            for connection in self.watchers:
                connection.send(text)

    # ---------------------------------------------------------------- seats

    def join(self, name: str, position: int | None) -> tuple[int, str]:
        """Seat a person; returns the position and the secret token (stored only hashed). Once
        the game has started, the person takes over a seat a bot holds (the first, unless
        ``position`` names one)."""
        token = secrets.token_urlsafe(24)
        token_hash = hash_token(token)
        if self.status == "playing":
            position = self._bot_position(position)
            self._take_over_bot(position, name, token_hash)
            return position, token
        position = self._free_position(position)
        self.storage.add_player(self.id, StoredPlayer(position, name, None, token_hash, False))
        self._seat(position, Player(name, None, token_hash))
        return position, token

    def _bot_position(self, position: int | None) -> int:
        """The seat a friend may take over: one a bot holds (not one played for a person)."""
        bots = [p for p, player in enumerate(self.players) if player and player.bot is not None]
        if position is None:
            if not bots:
                raise TableError("every seat is held by a person: you can watch")
            return bots[0]
        if not 0 <= position < self.positions:
            raise ValueError(self.family.no_position(self.rules, position))
        if position not in bots:
            raise TableError(f"position {position} is held by a person")
        return position

    def _take_over_bot(self, position: int, name: str, token_hash: str) -> None:
        """The seat is the person's from now on; its bot plays on for them (as for a person who
        is away) until their socket opens, so that the seat changes hands between two moves."""
        self.storage.replace_player(self.id, StoredPlayer(position, name, None, token_hash, False))
        self.players[position] = Player(name, None, token_hash)
        self.away.add(position)
        self._changed()

    def leave(self, position: int) -> None:
        """A person leaves for good: before the game, the seat is free again; during it, the
        family's strongest bot takes the seat (a friend may take it over). When no person is
        left, the table is finished at once: nobody is coming back."""
        if self.status == "finished":
            raise TableError("the table is finished")
        for connection in self.connections[position]:
            connection.close(4401)
        self.connections[position] = []
        self._cancel_away(position)
        self.away.discard(position)
        self._ready.discard(position)
        if self.status == "open":
            self.storage.remove_player(self.id, position)
            self.players[position] = None
        else:
            bot = self.family.bot_names[0]
            player = Player(f"{bot.capitalize()} bot {position + 1}", bot, None)
            self.storage.replace_player(
                self.id, StoredPlayer(position, player.name, bot, None, False)
            )
            self.players[position] = player
            self._bots.pop(position, None)
            self._cancel_move(position)
        if self.host is None:
            self.end()
            return
        self._maybe_next()
        self._changed()

    def end(self) -> None:
        """Finish the table now (its host ended it, or its people have all gone): saved with
        the record of its finished hands, for the history and the replay."""
        if self.finished is not None:
            return
        self.finished = time.time()
        record = None
        if self.match is not None and self.match.outcomes:
            record = match_record(self.match)
        self.storage.finish(self.id, self.finished, record)
        self.close()
        self._changed()

    def add_bots(self, bot: str | None = None, position: int | None = None) -> None:
        """Seat a server-side bot at ``position``, or at every empty position; by default the
        family's strongest bot."""
        bot = bot or self.family.bot_names[0]
        self.family.bot(bot, 0)  # refuses an unknown bot before anything is stored
        if position is not None:
            positions = [self._free_position(position)]
        elif self.status != "open":
            raise TableError("the game has started: no seat is free")
        else:
            positions = [p for p, player in enumerate(self.players) if player is None]
        for free in positions:
            name = f"{bot.capitalize()} bot {free + 1}"
            self.storage.add_player(self.id, StoredPlayer(free, name, bot, None, False))
            self._seat(free, Player(name, bot, None))

    def _free_position(self, position: int | None) -> int:
        if self.status == "finished":
            raise TableError("the table is finished")
        if self.status != "open":
            raise TableError("the game has started: no seat is free")
        if position is None:
            return self.players.index(None)
        if not 0 <= position < self.positions:
            raise ValueError(self.family.no_position(self.rules, position))
        if self.players[position] is not None:
            raise TableError(f"position {position} is taken")
        return position

    def _seat(self, position: int, player: Player) -> None:
        self.players[position] = player
        if all(self.players):
            self.match = self.family.match(self.rules, self.seed)
        self._changed()

    def check_token(self, position: int, token: str) -> bool:
        if position >= self.positions:
            return False
        player = self.players[position]
        if player is None or player.token_hash is None:
            return False
        return hmac.compare_digest(player.token_hash, hash_token(token))

    def connect(self, position: int, connection: Connection) -> None:
        """A person's socket is open: their own seat back from any bot playing for them."""
        self.connections[position].append(connection)
        self._cancel_away(position)
        if position in self.away:
            self.away.discard(position)
            self._cancel_move(position)
        self._changed()
        if self.storage.waiting:
            connection.send(json.dumps(WAITING_MESSAGE))

    def disconnect(self, position: int, connection: Connection) -> None:
        if connection in self.connections[position]:  # not when its seat was left
            self.connections[position].remove(connection)
        self._maybe_next()
        self._changed()

    def watch(self, connection: Connection) -> None:
        """A spectator's socket is open: it gets the public state from now on."""
        self.watchers.append(connection)
        connection.send(json.dumps(self.public_state()))
        self._changed()

    def unwatch(self, connection: Connection) -> None:
        self.watchers.remove(connection)
        self._changed()

    def _cancel_away(self, position: int) -> None:
        timer = self._away_timers.pop(position, None)
        if timer is not None:
            timer.cancel()

    def _watch_absent(self) -> None:
        """Start the away wait for every person with no open socket."""
        loop = asyncio.get_running_loop()
        for position, player in enumerate(self.players):
            absent = player is not None and player.bot is None and not self.connections[position]
            if absent and position not in self.away and position not in self._away_timers:
                self._away_timers[position] = loop.call_later(
                    self.timing.away_wait, self._take_over, position
                )

    def _take_over(self, position: int) -> None:
        del self._away_timers[position]
        self.away.add(position)
        self._cancel_move(position)
        self._maybe_next()
        self._changed()

    def _watch_grace(self) -> None:
        """Finish the table ``grace`` seconds after its last person's last socket closed,
        unless one comes back; a table of bots alone (seated so) plays on."""
        people = [p for p, player in enumerate(self.players) if player and player.bot is None]
        gone = bool(people) and not any(self.connections[p] for p in people)
        if gone and self._grace_timer is None and self.status != "finished":
            loop = asyncio.get_running_loop()
            self._grace_timer = loop.call_later(self.timing.grace, self.end)
        elif not gone and self._grace_timer is not None:
            self._grace_timer.cancel()
            self._grace_timer = None

    # ---------------------------------------------------------------- playing

    def act(self, position: int, text: str) -> str | None:
        """Play an action (its text) for a position; returns why it was refused, or None."""
        if self.storage.waiting:
            return WAITING
        if self.match is None or self.match.is_over:
            return "the game is not being played"
        if self._ended is not None:
            return "the hand is over; the next one has not started"
        try:
            action = self.family.parse_action(text)
        except ValueError as error:
            return str(error)
        seat = self.match.seat_of(position)
        refusal = self.match.deal.refusal(seat, action)
        if refusal is not None:
            return refusal
        self._cancel_move(position)
        self._store(seat, str(action))
        self._play(seat, action)
        self._finish_if_over()
        self._changed()
        return None

    def _play(self, seat: int, action: Any) -> None:
        """Apply an action and, when it ends the hand, settle the hand (also on rebuild)."""
        assert self.match is not None
        match = self.match
        east = match.east
        self._events.extend((east, event) for event in match.apply(seat, action))
        if match.deal.result is None:
            if len(match.deal.history) == 1:
                self.last_hand = None  # the next hand is under way
            return
        outcome = match.next_hand()
        self._ended = outcome
        self.last_hand = hand_summary(self.family, outcome, match.scores)

    def _store(self, seat: int | None, action: str) -> None:
        assert self.match is not None
        row = StoredAction(self._seq, self.match.hand_number, seat, action)
        self._unsaved += 1
        self.storage.add_action(self.id, row, self._saved)
        self._seq += 1

    def _finish_if_over(self) -> None:
        if self.match is not None and self.match.is_over and self.finished is None:
            self.finished = time.time()
            self._unsaved += 1
            self.storage.finish(self.id, self.finished, match_record(self.match), self._saved)
            self.close()
        elif self.finished is not None:
            self.close()  # ended before its last hand: a rebuilt table has no timers to run

    def ready(self, position: int) -> str | None:
        """``next``: start the next hand once every person at the table is ready."""
        if self._ended is None or self.status != "playing":
            return "there is no next hand to start now"
        self._ready.add(position)
        if not self._maybe_next():
            self._changed()  # the others see who is ready
        return None

    def _maybe_next(self) -> bool:
        """Start the next hand when every person at the table is ready (someone ready, and the
        others gone or ready too); whether it started."""
        if self._ended is None or not self._ready or self.status != "playing":
            return False
        if self._present() <= self._ready:
            self._start_next()
            return True
        return False

    def _present(self) -> set[int]:
        """People at the table now (connected, not played for by a bot)."""
        return {
            position
            for position, player in enumerate(self.players)
            if player is not None
            and player.bot is None
            and self.connections[position]
            and position not in self.away
        }

    def _start_next(self) -> None:
        if self._next_timer is not None:
            self._next_timer.cancel()
            self._next_timer = None
        self.next_deadline = None
        if self.storage.waiting:
            return  # set again when the database is back
        self._ready.clear()
        self._ended = None
        self._store(None, NEXT)
        self._changed()

    def set_auto_pass(self, position: int, on: bool) -> None:
        player = self.players[position]
        assert player is not None
        player.auto_pass = on
        self.storage.set_auto_pass(self.id, position, on)
        self._cancel_move(position)
        self._changed()

    def hint(self, position: int) -> dict[str, Any] | str:
        """A ``hint`` message for the position's own hand, or why there is none."""
        if self.match is None or self.match.is_over or self._ended is not None:
            return "there is no hand in play"
        return self.family.hint(self.match.deal, self.match.seat_of(position))

    # ---------------------------------------------------------------- timers

    def _changed(self) -> None:
        """Set the timers and send the states, once every move of the table is committed (a
        state shows only stored moves: docs/server.md, what is acknowledged, and when)."""
        if self._shut:
            return
        if self.finished is None:
            self._watch_grace()
        if self._unsaved:
            return  # _saved calls again once the moves are stored
        self._schedule()
        self._broadcast()

    # ---------------------------------------------------------------- waiting for the database

    def _saved(self, problem: BaseException | None) -> None:
        """A write of this table's is committed (or refused: logged by the journal, and the
        game goes on from memory rather than stop every seat)."""
        self._unsaved -= 1
        self._changed()

    @property
    def pending(self) -> bool:
        """Whether a state is on its way to every socket (moves wait for their commit)."""
        return self._unsaved > 0

    def database(self, up: bool) -> None:
        """The database went away (moves are refused and every seat told ``waiting``) or came
        back (``resumed``; timers set again, states sent)."""
        message = json.dumps({"type": "resumed"} if up else WAITING_MESSAGE)
        for connections in self.connections:
            for connection in connections:
                connection.send(message)
        if up:
            self._changed()

    def _schedule(self) -> None:
        """Set the timers the table now needs: moves for bots, claim deadlines, auto-passes,
        away waits and the pause between hands."""
        if self.status != "playing":
            return
        loop = asyncio.get_running_loop()
        self._watch_absent()
        if self._ended is not None:
            if self._next_timer is None:
                people = any(p is not None and p.bot is None for p in self.players)
                pause = self.timing.hand_pause if people else self.timing.bot_delay
                self._next_timer = loop.call_later(pause, self._start_next)
                self.next_deadline = time.time() + pause
            return
        assert self.match is not None
        deal = self.match.deal
        for seat in deal.to_move():
            position = self.match.position_of(seat)
            player = self.players[position]
            if position in self._moves or player is None:
                continue
            if player.bot is not None or position in self.away:
                self._set_move(position, self.timing.bot_delay, self._bot_move)
            elif deal.phase in self.family.claim_phases:
                if player.auto_pass and self.family.win_action not in deal.legal_actions(seat):
                    self._set_move(position, 0, self._pass)
                elif self.claim_seconds > 0:
                    self.deadlines[position] = time.time() + self.claim_seconds
                    self._set_move(position, self.claim_seconds, self._pass)

    def _set_move(self, position: int, delay: float, move: Callable[[int], None]) -> None:
        loop = asyncio.get_running_loop()
        self._moves[position] = loop.call_later(delay, move, position)

    def _cancel_move(self, position: int) -> None:
        timer = self._moves.pop(position, None)
        if timer is not None:
            timer.cancel()
        self.deadlines.pop(position, None)

    def _bot_move(self, position: int) -> None:
        self._cancel_move(position)
        assert self.match is not None
        seat = self.match.seat_of(position)
        player = self.players[position]
        assert player is not None
        bot = self._bots.get(position)
        if bot is None:
            bot = self.family.bot(player.bot or self.family.bot_names[0], self.seed + position)
            self._bots[position] = bot
        started = time.thread_time()
        choice = bot.choose(self.family.view(self.match.deal, seat))
        STATS.decided(time.thread_time() - started)  # issue 14: the CPU split (server/stats.py)
        self.act(position, str(choice))

    def _pass(self, position: int) -> None:
        self._cancel_move(position)
        self.act(position, str(self.family.pass_action))

    def shut_down(self) -> None:
        """The server stops: every timer stopped for good."""
        self._shut = True
        self.close()

    def close(self) -> None:
        """Stop every timer (the server is shutting down, or the table is finished; the stored
        game stays)."""
        if self._grace_timer is not None:
            self._grace_timer.cancel()
            self._grace_timer = None
        self.next_deadline = None
        for position in list(self._moves):
            self._cancel_move(position)
        for timer in self._away_timers.values():
            timer.cancel()
        self._away_timers.clear()
        if self._next_timer is not None:
            self._next_timer.cancel()
            self._next_timer = None
