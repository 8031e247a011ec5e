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

from fourwinds.american.card import HAND_SIZE, Card, card_of
from fourwinds.american.deal import matcher_for
from fourwinds.american.hand import AmericanHand
from fourwinds.american.matcher import Distance, Holding, LineMatch
from fourwinds.american.settlement import settle_american
from fourwinds.family import CalculatorError, HandReport, HowWon, Scored, Settled
from fourwinds.rules import RuleSet
from fourwinds.scoring.settlement import Settlement
from fourwinds.tiles import NotationError

NEAREST = 5


@dataclass(frozen=True)
class Verdict:
    """The lines a hand completes (best first) and, when it completes none, the nearest."""

    hand: AmericanHand
    matches: tuple[LineMatch, ...]
    nearest: tuple[Distance, ...]
    self_picked: bool

    @property
    def best(self) -> LineMatch | None:
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


class AmericanCalculator:
    """A hand matched against the card, and the payments of seed 001 part 6."""

    def score(self, rules: RuleSet, text: str, how: HowWon) -> Scored:
        if how.winning_flags() not in ([], ["--self-drawn"]) or how.original_call or how.calling:
            raise CalculatorError(
                "American hands take only --self-drawn (a self-pick, or a win after a joker "
                "exchange)"
            )
        hand = _parse(text)
        verdict = judge(hand, card_of(rules), how.self_drawn, rules)
        stands = hand.size() != HAND_SIZE or verdict.best is not None
        return Scored(verdict.explain(), verdict.to_json(), stands)

    def settle(self, rules: RuleSet, report: HandReport) -> Settled:
        """Reference 3.6: the discarder pays double, the others the value; a self-pick, double
        from everyone; jokerless doubles again."""
        winner, discarder, values = report.winner, report.discarder, report.values
        if winner is None:
            return Settled(Settlement(()), [])
        if report.self_drawn == (discarder is not None):
            raise CalculatorError(
                "give --discarder for a win on a discard, or --self-drawn, not both"
            )
        if discarder == winner:
            raise CalculatorError("the winner cannot be the discarder")
        notes = []
        if values is not None:
            if set(values) != {winner}:
                raise CalculatorError(
                    "--scores for American is the winner's line value: WINNER=VALUE"
                )
            value = values[winner] * (2 if report.jokerless else 1)
            jokerless = report.jokerless
        else:
            if set(report.hands) != {winner}:
                raise CalculatorError("--hand for American is the winner's hand: WINNER=HAND")
            hand = _parse(report.hands[winner])
            best = judge(hand, card_of(rules), report.self_drawn, rules).best
            if best is None:
                raise CalculatorError(f"{hand} completes no line of the card", status=1)
            notes.append(f"{hand}: {best.line.id}, {best.value}")
            value, jokerless = best.value, best.jokerless_bonus
        players = range(rules.players)
        try:
            return Settled(settle_american(value, winner, discarder, players, jokerless), notes)
        except ValueError as error:  # the empty seat of a table of three
            raise CalculatorError(str(error)) from None


def _parse(text: str) -> AmericanHand:
    try:
        return AmericanHand.parse(text)
    except NotationError as error:
        raise CalculatorError(str(error)) from None
