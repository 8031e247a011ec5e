"""A game of American hands: East moves to the right after every hand, won or not (seed 001
part 7; reference 3.5.5 and 3.5.6: no dealer repeat), and payments add up by table position.

>>> from fourwinds.rules import get_rules
>>> match = AmericanMatch(get_rules("american", rounds=1), seed=3)
>>> match.east, match.hands_in_game
(1, 4)
"""

from __future__ import annotations

import random

from fourwinds.american.card import Card
from fourwinds.american.deal import AmericanDeal, AmericanResult
from fourwinds.engine.match import hand_seed
from fourwinds.rules import RuleSet


class AmericanMatch:
    """Hands in sequence at one table; table positions 0 to ``players - 1``."""

    def __init__(self, rules: RuleSet, seed: int, card: Card | None = None) -> None:
        self.rules = rules
        self.seed = seed
        self.card = card
        self.east = random.Random(seed).randrange(rules.players)
        self.hand_number = 0
        self.scores = [0] * rules.players
        """Net payments so far, by table position."""
        self.results: list[AmericanResult] = []
        self.deal = self._new_deal()

    @property
    def hands_in_game(self) -> int:
        """Every player deals once per round."""
        return self.rules.rounds * self.rules.players

    @property
    def is_over(self) -> bool:
        return self.hand_number >= self.hands_in_game

    def position_of(self, seat: int) -> int:
        return (self.east + seat) % self.rules.players

    def _new_deal(self) -> AmericanDeal:
        return AmericanDeal(self.rules, hand_seed(self.seed, self.hand_number), self.card)

    def next_hand(self) -> AmericanResult:
        """Pay the finished hand, pass the deal to the right and start the next hand."""
        result = self.deal.result
        if result is None:
            raise ValueError("the hand is still being played")
        if self.is_over:
            raise ValueError("the game is over")
        if result.settlement is not None:
            for seat, change in enumerate(result.settlement.net[: self.rules.players]):
                self.scores[self.position_of(seat)] += change
        self.results.append(result)
        self.east = (self.east + 1) % self.rules.players
        self.hand_number += 1
        if not self.is_over:
            self.deal = self._new_deal()
        return result
