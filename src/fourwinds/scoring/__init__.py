"""Scoring and settlement: score sheets explained item by item, for every rule set family.

>>> from fourwinds.hand import Context, Hand
>>> from fourwinds.rules import get_rules
>>> hand = Hand.parse("[555z] [1111m] 444p 23s 77z 8f +4s")
>>> sheet = score(hand, Context(), get_rules("classical"))
>>> sheet.won, sheet.points, sheet.doubles, sheet.total
(True, 50, 1, 100)
"""

from __future__ import annotations

from fourwinds import shapes
from fourwinds.hand import Context, Hand
from fourwinds.rules import RuleSet
from fourwinds.scoring import classical, hongkong
from fourwinds.scoring.classical import is_legal_classical, score_classical
from fourwinds.scoring.hongkong import score_hongkong
from fourwinds.scoring.settlement import Settlement, settle
from fourwinds.scoring.sheet import Item, Scale, ScoreSheet

__all__ = [
    "Item",
    "Scale",
    "ScoreSheet",
    "Settlement",
    "clear_caches",
    "is_legal_win",
    "score",
    "settle",
]


def score(hand: Hand, context: Context, rules: RuleSet) -> ScoreSheet:
    """The score sheet of a finished hand (a losing hand when it has no winning tile)."""
    if rules.scoring == "classical":
        return score_classical(hand, context, rules)
    if rules.scoring == "hongkong":
        return score_hongkong(hand, context, rules)
    raise ValueError(f"{rules.name} has no scoring")


def is_legal_win(hand: Hand, context: Context, rules: RuleSet) -> bool:
    """Whether a hand with a winning tile is a legal win under the rule set."""
    if rules.scoring == "classical":
        return is_legal_classical(hand, context, rules)
    return score(hand, context, rules).won


def clear_caches() -> None:
    """Forget what scoring keeps between hands: every suit's splits, every table's items and
    every scale (a cold start, for benchmarks and tests)."""
    shapes.clear_caches()
    for family in (classical, hongkong):
        family._PLANS.clear()
        family._SCALES.clear()
