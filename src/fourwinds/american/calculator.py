"""The calculator's American side: which line of the card a hand makes, what each player pays,
and, for a hand that makes none, the nearest lines.

>>> from fourwinds.american.card import sample_card
>>> from fourwinds.american.hand import AmericanHand
>>> from fourwinds.rules import get_rules
>>> hand = AmericanHand.parse("[77sJ] 1234f 4444z 6zJ +6z")
>>> verdict = judge(hand, sample_card(), False, get_rules("american"))
>>> print(verdict.explain())
[77sJ] 44446z 1234f J +6z
Line W6 (winds and dragons): 30, North kong, a suit's dragon and sevens
Won on a discard: the discarder pays 60, each other player 30
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fourwinds.american.card import HAND_SIZE, Card
from fourwinds.american.deal import matcher_for
from fourwinds.american.hand import AmericanHand
from fourwinds.american.matcher import Distance, Holding, Match
from fourwinds.rules import RuleSet

NEAREST = 5


@dataclass(frozen=True)
class Verdict:
    """The lines a hand completes (best first) and, when it completes none, the nearest."""

    hand: AmericanHand
    matches: tuple[Match, ...]
    nearest: tuple[Distance, ...]
    self_picked: bool

    @property
    def best(self) -> Match | None:
        return self.matches[0] if self.matches else None

    def amounts(self) -> tuple[int, int]:
        """What the discarder (or, self-picked, every player) pays, and each other player."""
        best = self.best
        if best is None:
            return 0, 0
        if self.self_picked:
            return 2 * best.value, 2 * best.value
        return 2 * best.value, best.value

    def explain(self) -> str:
        lines = [str(self.hand)]
        best = self.best
        if best is None:
            if self.hand.size() == HAND_SIZE:
                lines.append("Completes no line of the card.")
            lines.append("Nearest lines:")
            for d in self.nearest:
                lines.append(f"  {d.line.id:<6} {d.tiles} tile(s) away, {d.line.value}")
            return "\n".join(lines)
        line = best.line
        caption = f", {line.caption}" if line.caption else ""
        lines.append(f"Line {line.id} ({line.section}): {line.value}{caption}")
        if best.jokerless_bonus:
            lines.append(f"Jokerless: doubled to {best.value}")
        first, other = self.amounts()
        if self.self_picked:
            lines.append(f"Self-picked: every player pays {first}")
        else:
            lines.append(f"Won on a discard: the discarder pays {first}, each other player {other}")
        for also in self.matches[1:]:
            lines.append(f"(also completes {also.line.id}, {also.value})")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        best = self.best
        first, other = self.amounts()
        return {
            "hand": str(self.hand),
            "won": best is not None,
            "line": None if best is None else best.line.id,
            "section": None if best is None else best.line.section,
            "value": 0 if best is None else best.line.value,
            "jokerless": best is not None and best.jokerless_bonus,
            "pays": 0 if best is None else best.value,
            "self_picked": self.self_picked,
            "discarder_pays": 0 if self.self_picked else first,
            "each_pays": first if self.self_picked else other,
            "matches": [{"line": m.line.id, "pays": m.value} for m in self.matches],
            "nearest": [{"line": d.line.id, "tiles_away": d.tiles} for d in self.nearest],
        }


def judge(hand: AmericanHand, card: Card, self_picked: bool, rules: RuleSet) -> Verdict:
    """Match a hand against a card: the lines it completes, or the nearest ones."""
    matcher = matcher_for(card)
    holding = Holding.of(hand)
    complete = hand.size() == HAND_SIZE
    singles_and_pairs = rules.jokerless_except_singles_and_pairs
    matches = tuple(matcher.matches(holding, singles_and_pairs)) if complete else ()
    nearest: tuple[Distance, ...] = ()
    if not matches:
        away = matcher.distances(holding)
        nearest = tuple(sorted(away, key=lambda d: (d.tiles, -d.line.value))[:NEAREST])
    return Verdict(hand, matches, nearest, self_picked)
