"""A whole game: deals in sequence, seat winds, the prevailing wind, and the end of the game.

Players sit at fixed table positions 0-3, counter-clockwise. Who is East first is drawn with the
match's own seeded generator: in Classical each player rolls one die, highest is East and ties
roll again (seed 000); elsewhere East is drawn at random (seeds 002, 003). After each hand the
deal stays or passes to the right by the rule set's table; when it has gone round the table once,
the prevailing wind moves on, and the game ends after the agreed number of rounds.

>>> from fourwinds.rules import get_rules
>>> match = Match(get_rules("beginner", rounds=1), seed=3)
>>> match.deal.prevailing_wind, match.hand_number
(0, 0)
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any

from fourwinds.engine.actions import Action
from fourwinds.engine.deal import Deal, Result
from fourwinds.engine.events import Event
from fourwinds.hand import Context
from fourwinds.rules import RuleSet
from fourwinds.scoring import ScoreSheet, Settlement, score, settle

HANDS_AT_MOST = 200
"""The longest game, in hands. Four rounds take 16 hands at the least and a few dozen as a rule;
a dealer who keeps the deal by winning or by drawn hands (where the rules say so) could make a
game without end, and its record and replay without bound (``docs/engine.md``)."""


def hand_seed(seed: int, number: int) -> int:
    """The seed of hand ``number`` of a match: stable across Python versions and machines."""
    digest = hashlib.sha256(f"fourwinds:{seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def score_deal(deal: Deal) -> tuple[tuple[ScoreSheet, ...], Settlement] | None:
    """Every hand's score sheet (East first) and the payments of a finished deal; None for a
    wall game or a rule set without scoring, which pay nothing."""
    result = deal.result
    if result is None:
        raise ValueError("the hand is still being played")
    if not deal.rules.scoring or result.winner is None:
        return None
    sheets = tuple(
        score(
            hand,
            result.context
            if seat == result.winner and result.context is not None
            else Context(seat, deal.prevailing_wind),
            deal.rules,
        )
        for seat, hand in enumerate(result.hands)
    )
    settlement = settle(
        deal.rules,
        result.winner,
        result.discarder,
        result.self_drawn,
        [sheet.total for sheet in sheets],
    )
    return sheets, settlement


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One finished hand of the match, with every hand's score sheet and the payments (empty
    for a rule set without scoring, and for a wall game, which pays nothing)."""

    number: int
    east: int
    """The table position that was East."""
    deal: Deal
    sheets: tuple[ScoreSheet, ...] = ()
    """Each seat's sheet, East first."""
    settlement: Settlement | None = None

    @property
    def result(self) -> Result:
        assert self.deal.result is not None
        return self.deal.result

    def winner_position(self) -> int | None:
        """The table position of the winner, or None for a wall game."""
        if self.result.winner is None:
            return None
        return (self.east + self.result.winner) % self.deal.rules.seats


class Match:
    """A whole game under one rule set."""

    def __init__(self, rules: RuleSet, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        rng = random.Random(seed)
        self.seating_rolls: list[tuple[int, ...]] = []
        self.east = self._first_east(rng)
        self.prevailing_wind = 0
        self.rotations = 0
        self.hand_number = 0
        self.outcomes: list[HandOutcome] = []
        self.scores = [rules.starting_points] * rules.seats
        """Running totals by table position."""
        self.deal = self._new_deal()

    def _first_east(self, rng: random.Random) -> int:
        if not self.rules.seating_by_dice:
            return rng.randrange(self.rules.seats)
        contenders = list(range(self.rules.seats))
        while True:
            rolls = tuple(rng.randint(1, 6) for _ in contenders)
            self.seating_rolls.append(rolls)
            best = max(rolls)
            contenders = [p for p, roll in zip(contenders, rolls, strict=True) if roll == best]
            if len(contenders) == 1:
                return contenders[0]

    def _new_deal(self) -> Deal:
        return Deal(self.rules, hand_seed(self.seed, self.hand_number), self.prevailing_wind)

    def position_of(self, seat: int) -> int:
        """The table position of the player with seat wind ``seat`` this hand."""
        return (self.east + seat) % self.rules.seats

    def seat_of(self, position: int) -> int:
        """The seat wind this hand of the player at table position ``position``."""
        return (position - self.east) % self.rules.seats

    @property
    def is_over(self) -> bool:
        """After the agreed rounds, or (Hong Kong, seed 002) when a player has no points left,
        or after ``HANDS_AT_MOST`` hands (a game whose dealer keeps the deal would not end)."""
        if self.rules.ends_when_broke and min(self.scores) <= 0:
            return True
        return self.prevailing_wind >= self.rules.rounds or self.hand_number >= HANDS_AT_MOST

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play an action in the current hand (seats are this hand's seat winds)."""
        return self.deal.apply(seat, action)

    def next_hand(self) -> HandOutcome:
        """Close the finished hand, pass the deal on, start the next hand unless the game ended."""
        deal = self.deal
        if deal.result is None:
            raise ValueError("the hand is still being played")
        if self.is_over:
            raise ValueError("the game is over")
        outcome = self._settle(deal.result)
        self.outcomes.append(outcome)
        winner = deal.result.winner
        if winner is None:
            rotate = self.rules.rotate_on_draw
        else:
            rotate = winner != 0 or self.rules.rotate_on_dealer_win
        if rotate:
            self.east = (self.east + 1) % self.rules.seats
            self.rotations += 1
            if self.rotations % self.rules.seats == 0:
                self.prevailing_wind += 1
        self.hand_number += 1
        if not self.is_over:
            self.deal = self._new_deal()
        return outcome

    def _settle(self, result: Result) -> HandOutcome:
        scored = score_deal(self.deal)
        if scored is None:
            return HandOutcome(self.hand_number, self.east, self.deal)
        sheets, settlement = scored
        for seat, change in enumerate(settlement.net):
            self.scores[self.position_of(seat)] += change
        return HandOutcome(self.hand_number, self.east, self.deal, sheets, settlement)

    def record_fields(self) -> dict[str, Any]:
        """The seating dice (seed 000), so that a replay can check them."""
        return {"seating_rolls": [list(rolls) for rolls in self.seating_rolls]}

    def wins_by_position(self) -> list[int]:
        wins = [0] * self.rules.seats
        for outcome in self.outcomes:
            position = outcome.winner_position()
            if position is not None:
                wins[position] += 1
        return wins
