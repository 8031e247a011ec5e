"""A game of American hands: East moves to the right after every hand, won or not (seed 001
part 7; reference 3.5.5 and 3.5.6: no dealer repeat), and payments add up by table position.

It has the interface of :class:`fourwinds.engine.match.Match` (``deal``, ``apply``,
``seat_of``, ``position_of``, ``next_hand``, ``outcomes``, ``scores``), so the server and the
records treat both alike. Table positions run from 0 to ``players - 1``.

>>> from fourwinds.rules import get_rules
>>> match = AmericanMatch(get_rules("american", rounds=1), seed=3)
>>> match.east, match.hands_in_game
(1, 4)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from fourwinds.american.actions import AmericanAction
from fourwinds.american.deal import AmericanDeal, AmericanResult
from fourwinds.american.settlement import EMPTY_SEAT
from fourwinds.engine.events import Event
from fourwinds.engine.match import hand_seed
from fourwinds.rules import RuleSet
from fourwinds.scoring.settlement import Settlement


@dataclass(frozen=True, slots=True)
class AmericanOutcome:
    """One finished hand: its number, the table position that was East, and the deal."""

    number: int
    east: int
    deal: AmericanDeal

    @property
    def result(self) -> AmericanResult:
        assert self.deal.result is not None
        return self.deal.result

    @property
    def settlement(self) -> Settlement | None:
        return self.result.settlement


class AmericanMatch:
    """Hands in sequence at one table."""

    def __init__(self, rules: RuleSet, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self.east = random.Random(seed).randrange(rules.players)
        self.hand_number = 0
        self.scores = [0] * rules.players
        """Net payments so far, by table position."""
        self.outcomes: list[AmericanOutcome] = []
        self.deal = self._new_deal()

    @property
    def hands_in_game(self) -> int:
        """Every player deals once per round."""
        return self.rules.rounds * self.rules.players

    @property
    def is_over(self) -> bool:
        return self.hand_number >= self.hands_in_game

    @property
    def prevailing_wind(self) -> int:
        """American play has no prevailing wind; East's is shown, as the deal holds."""
        return self.deal.prevailing_wind

    def position_of(self, seat: int) -> int:
        """The table position playing ``seat``; North's seat at a table of three has none."""
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"seat {seat} has no player: it is {EMPTY_SEAT}")
        return (self.east + seat) % self.rules.players

    def seat_of(self, position: int) -> int:
        if not 0 <= position < self.rules.players:
            last = self.rules.players - 1
            raise ValueError(f"there is no position {position}: the positions are 0 to {last}")
        return (position - self.east) % self.rules.players

    def record_fields(self) -> dict[str, Any]:
        """Nothing beyond the card, which the rules hold."""
        return {}

    def apply(self, seat: int, action: AmericanAction) -> list[Event]:
        return self.deal.apply(seat, action)

    def _new_deal(self) -> AmericanDeal:
        return AmericanDeal(self.rules, hand_seed(self.seed, self.hand_number))

    def next_hand(self) -> AmericanOutcome:
        """Pay the finished hand, pass the deal to the right and start the next hand."""
        result = self.deal.result
        if result is None:
            raise ValueError("the hand is still being played")
        if self.is_over:
            raise ValueError("the game is over")
        if result.settlement is not None:
            for seat, change in enumerate(result.settlement.net[: self.rules.players]):
                self.scores[self.position_of(seat)] += change
        outcome = AmericanOutcome(self.hand_number, self.east, self.deal)
        self.outcomes.append(outcome)
        self.east = (self.east + 1) % self.rules.players
        self.hand_number += 1
        if not self.is_over:
            self.deal = self._new_deal()
        return outcome

    def wins_by_position(self) -> list[int]:
        wins = [0] * self.rules.players
        for outcome in self.outcomes:
            winner = outcome.result.winner
            if winner is not None:
                wins[(outcome.east + winner) % self.rules.players] += 1
        return wins
