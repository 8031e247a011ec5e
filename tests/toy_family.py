"""A family defined only here, to show that a new way of playing needs no edit outside its own
code (docs/families.md): "Three alike", a toy game on the Beginner wall.

Each seat is dealt two tiles. In turn a seat draws; holding three alike it may declare a win,
otherwise it discards one of its three tiles. The winner takes 3 points from every other seat.
There are no claims. Its rule set is ``toy``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from fourwinds.engine.events import Event
from fourwinds.engine.match import hand_seed
from fourwinds.family import (
    FAMILIES,
    CalculatorError,
    HandReport,
    HowWon,
    Scored,
    Settled,
    register,
)
from fourwinds.rules import RULES, RuleSet, get_rules
from fourwinds.rules import register as register_rules
from fourwinds.scoring.settlement import Settlement
from fourwinds.tiles import Tile, format_tiles, parse_tile, tile_name
from fourwinds.wall import Wall

SEATS = 4
WIN = "win"
DISCARD = "discard"


class ToyAction(NamedTuple):
    kind: str
    tile: Tile | None = None

    def __str__(self) -> str:
        return self.kind if self.tile is None else f"{self.kind} {tile_name(self.tile)}"

    @classmethod
    def parse(cls, text: str) -> ToyAction:
        kind, _, rest = text.partition(" ")
        if kind == WIN and not rest:
            return cls(WIN)
        if kind == DISCARD and rest:
            return cls(DISCARD, parse_tile(rest))
        raise ValueError(f"unknown toy action {text!r}: 'discard 5m' or 'win'")


@dataclass(frozen=True)
class ToyResult:
    winner: int | None
    hands: tuple[str, ...]
    discarder: int | None = None

    @property
    def self_drawn(self) -> bool:
        return self.winner is not None

    def to_json(self) -> dict[str, object]:
        return {"winner": self.winner, "hands": list(self.hands)}


@dataclass
class ToySeat:
    tiles: list[Tile] = field(default_factory=list)
    discards: list[Tile] = field(default_factory=list)


class ToyDeal:
    def __init__(self, rules: RuleSet, seed: int, prevailing_wind: int = 0) -> None:
        self.rules, self.seed, self.prevailing_wind = rules, seed, prevailing_wind
        self.wall = Wall.build(rules, random.Random(seed))
        self.seats = [ToySeat([self.wall.draw(), self.wall.draw()]) for _ in range(SEATS)]
        self.history: list[tuple[int, ToyAction]] = []
        self.result: ToyResult | None = None
        self.current = 0
        self.phase = "turn"
        self._draw()

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def _draw(self) -> None:
        if self.wall.live_left() <= 0:
            self._end(None)
        else:
            self.seats[self.current].tiles.append(self.wall.draw())

    def _end(self, winner: int | None) -> None:
        hands = tuple(format_tiles(sorted(seat.tiles)) for seat in self.seats)
        self.result, self.phase = ToyResult(winner, hands), "ended"

    def legal_actions(self, seat: int) -> list[ToyAction]:
        if self.result is not None or seat != self.current:
            return []
        tiles = self.seats[seat].tiles
        actions = [ToyAction(WIN)] if len(set(tiles)) == 1 else []
        return actions + [ToyAction(DISCARD, tile) for tile in sorted(set(tiles))]

    def to_move(self) -> list[int]:
        return [] if self.result is not None else [self.current]

    def refusal(self, seat: int, action: ToyAction) -> str | None:
        if action in self.legal_actions(seat):
            return None
        if seat != self.current:
            return f"it is seat {self.current}'s turn"
        return "a win is three alike; a discard is a tile in the hand"

    def apply(self, seat: int, action: ToyAction) -> list[Event]:
        why = self.refusal(seat, action)
        if why is not None:
            raise ValueError(why)
        self.history.append((seat, action))
        if action.kind == WIN:
            self._end(seat)
            return [Event("end", seat)]
        assert action.tile is not None
        self.seats[seat].tiles.remove(action.tile)
        self.seats[seat].discards.append(action.tile)
        self.current = (seat + 1) % SEATS
        self._draw()
        return [Event("discard", seat, action.tile)]


class ToyView:
    def __init__(self, deal: ToyDeal, seat: int) -> None:
        self.deal, self.seat = deal, seat

    @property
    def legal_actions(self) -> list[ToyAction]:
        return self.deal.legal_actions(self.seat)

    @property
    def hand(self) -> tuple[Tile, ...]:
        return tuple(sorted(self.deal.seats[self.seat].tiles))

    def to_json(self) -> dict[str, Any]:
        deal = self.deal
        return {
            "family": "toy",
            "seat": self.seat,
            "phase": deal.phase,
            "hand": format_tiles(self.hand),
            "discards": [format_tiles(seat.discards) for seat in deal.seats],
            "legal_actions": [str(action) for action in self.legal_actions],
            "result": None if deal.result is None else deal.result.to_json(),
            "seed": deal.seed if deal.result is not None else None,
        }


class RandomToyBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> ToyAction:
        legal = view.legal_actions
        win = ToyAction(WIN)
        return win if win in legal else self.rng.choice(legal)


def toy_settlement(deal: ToyDeal) -> Settlement | None:
    """Every other seat pays the winner 3."""
    result = deal.result
    assert result is not None
    if result.winner is None:
        return None
    return Settlement(tuple((s, result.winner, 3) for s in range(SEATS) if s != result.winner))


@dataclass(frozen=True)
class ToyOutcome:
    number: int
    east: int
    deal: ToyDeal
    settlement: Settlement | None

    @property
    def result(self) -> ToyResult:
        assert self.deal.result is not None
        return self.deal.result


class ToyMatch:
    def __init__(self, rules: RuleSet, seed: int) -> None:
        self.rules, self.seed = rules, seed
        self.east, self.hand_number, self.prevailing_wind = 0, 0, 0
        self.scores = [0] * SEATS
        self.outcomes: list[ToyOutcome] = []
        self.deal = ToyDeal(rules, hand_seed(seed, 0))

    @property
    def is_over(self) -> bool:
        return self.hand_number >= SEATS * self.rules.rounds

    def apply(self, seat: int, action: ToyAction) -> list[Event]:
        return self.deal.apply(seat, action)

    def next_hand(self) -> ToyOutcome:
        settlement = toy_settlement(self.deal)
        if settlement is not None:
            for seat, change in enumerate(settlement.net):
                self.scores[self.position_of(seat)] += change
        outcome = ToyOutcome(self.hand_number, self.east, self.deal, settlement)
        self.outcomes.append(outcome)
        self.hand_number += 1
        self.east = (self.east + 1) % SEATS
        if not self.is_over:
            self.deal = ToyDeal(self.rules, hand_seed(self.seed, self.hand_number))
        return outcome

    def position_of(self, seat: int) -> int:
        return (self.east + seat) % SEATS

    def seat_of(self, position: int) -> int:
        return (position - self.east) % SEATS

    def wins_by_position(self) -> list[int]:
        wins = [0] * SEATS
        for outcome in self.outcomes:
            winner = outcome.result.winner
            if winner is not None:
                wins[(outcome.east + winner) % SEATS] += 1
        return wins

    def record_fields(self) -> dict[str, Any]:
        return {}


class ToyCalculator:
    def score(self, rules: RuleSet, text: str, how: HowWon) -> Scored:
        raise CalculatorError("Three alike scores nothing: the winner takes 3 from each")

    def settle(self, rules: RuleSet, report: HandReport) -> Settled:
        raise CalculatorError("Three alike settles by itself: the winner takes 3 from each")


class Toy:
    name = "toy"
    by_card = False
    bot_names = ("random",)
    claim_phases: frozenset[str] = frozenset()
    pass_action = None
    win_action = ToyAction(WIN)
    calculator = ToyCalculator()

    def deal(self, rules: RuleSet, seed: int, prevailing_wind: int = 0) -> ToyDeal:
        return ToyDeal(rules, seed, prevailing_wind)

    def match(self, rules: RuleSet, seed: int) -> ToyMatch:
        return ToyMatch(rules, seed)

    def settlement(self, deal: ToyDeal) -> Settlement | None:
        return toy_settlement(deal)

    def parse_action(self, text: str) -> ToyAction:
        return ToyAction.parse(text)

    def view(self, deal: ToyDeal, seat: int) -> ToyView:
        return ToyView(deal, seat)

    def bot(self, name: str, seed: int) -> RandomToyBot:
        if name not in self.bot_names:
            raise ValueError(f"unknown toy bot {name!r}")
        return RandomToyBot(seed)

    def hint(self, deal: ToyDeal, seat: int) -> dict[str, Any]:
        legal = deal.legal_actions(seat)
        return {"type": "hint", "suggestion": str(legal[0]) if legal else None}

    def outcome_json(self, outcome: ToyOutcome) -> dict[str, Any]:
        return {}

    def remote_view(self, view: dict[str, Any], rules: RuleSet) -> Any:
        raise NotImplementedError("the toy family has no remote bots")

    def record_fields(self, rules: RuleSet) -> dict[str, Any]:
        return {}

    def with_record_fields(self, rules: RuleSet, fields: dict[str, Any]) -> RuleSet:
        return rules

    def card(self, rules: RuleSet) -> None:
        return None

    def no_position(self, rules: RuleSet, position: int) -> str:
        return "position must be 0 to 3"


@contextmanager
def toy_registered() -> Iterator[RuleSet]:
    """The toy family and its rule set, registered for the length of a test."""
    rules = replace(get_rules("beginner"), name="toy", title="Three alike", family="toy")
    register(Toy())
    register_rules(rules)
    try:
        yield rules
    finally:
        del FAMILIES["toy"], RULES["toy"]
