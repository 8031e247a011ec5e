"""Scoring and settlement: score sheets explained item by item, for every rule set family.

A rule set names its scoring family (``rules.scoring``); :data:`SCORERS` holds the one
:class:`~fourwinds.scoring.scorer.Scorer` of each, so no function here asks which family it is.

>>> from fourwinds.hand import Context, Hand
>>> from fourwinds.rules import get_rules
>>> hand = Hand.parse("[555z] [1111m] 444p 23s 77z 8f +4s")
>>> sheet = score(hand, Context(), get_rules("classical"))
>>> sheet.won, sheet.points, sheet.doubles, sheet.total
(True, 50, 1, 100)
"""

from __future__ import annotations

from typing import Any, Final

from fourwinds import shapes
from fourwinds.hand import Context, Hand
from fourwinds.rules import RuleSet
from fourwinds.scoring.classical import CLASSICAL
from fourwinds.scoring.hongkong import HONG_KONG
from fourwinds.scoring.scorer import Scorer
from fourwinds.scoring.settlement import Settlement, check_seats, check_values
from fourwinds.scoring.sheet import FaanScale, Item, PointsScale, Scale, ScoreSheet

__all__ = [
    "SCORERS",
    "FaanScale",
    "Item",
    "PointsScale",
    "Scale",
    "ScoreSheet",
    "Scorer",
    "Settlement",
    "clear_caches",
    "is_legal_win",
    "score",
    "scorer_of",
    "settle",
]

SCORERS: Final[dict[str, Scorer[Any]]] = {"classical": CLASSICAL, "hongkong": HONG_KONG}
"""The scorer of each scoring family, by the name a rule set gives (``rules.scoring``)."""


def scorer_of(rules: RuleSet) -> Scorer[Any]:
    """The scorer of the rule set's family; ValueError for a rule set that scores nothing."""
    try:
        return SCORERS[rules.scoring]
    except KeyError:
        raise ValueError(f"{rules.name} has no scoring") from None


def score(hand: Hand, context: Context, rules: RuleSet) -> ScoreSheet:
    """The score sheet of a finished hand (a losing hand when it has no winning tile)."""
    return scorer_of(rules).score(hand, context, rules)


def is_legal_win(hand: Hand, context: Context, rules: RuleSet) -> bool:
    """Whether a hand with a winning tile is a legal win under the rule set."""
    return scorer_of(rules).is_legal_win(hand, context, rules)


def settle(
    rules: RuleSet,
    winner: int | None,
    discarder: int | None,
    self_drawn: bool,
    values: list[int],
) -> Settlement:
    """The payments after a hand under the rule set's settlement; ValueError says what no table
    can produce (a negative value, a winner who discarded, a value above the rule set's highest
    hand, ...)."""
    check_seats(winner, discarder, self_drawn)
    check_values(values)
    if winner is None:
        return Settlement(())
    return scorer_of(rules).settle(rules, winner, discarder, self_drawn, values)


def clear_caches() -> None:
    """Forget what scoring keeps between hands: every suit's splits, every table's items and
    every scale (a cold start, for benchmarks and tests)."""
    shapes.clear_caches()
    for scorer in SCORERS.values():
        scorer.clear()
