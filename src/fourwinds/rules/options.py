"""Every option a table may change, declared once: its name, allowed values, label, one line of
explanation and source.

``RuleSet.with_options`` validates against these, ``RuleSet.options`` lists the ones a rule set
offers (with the rule set's values as defaults), the server's ``/api/rules`` serves their choices
and labels to the lobby, the calculator's ``-o`` help names them, and docs/rules/options.md shows
them as a table (``tests/test_options.py`` keeps it equal to this declaration).

>>> OPTIONS["max_faan"].choices, OPTIONS["min_faan"].up_to
((7, 10, 13), 'max_faan')
>>> spelled((4, 3)), spelled((1, 2, 3, 4)), spelled(WIN_CLAIMS)
('3 or 4', '1 to 4', 'one of highest-score, nearest')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from fourwinds.rules.payouts import PAYOUTS
from fourwinds.shapes import THIRTEEN_ORPHANS

if TYPE_CHECKING:
    from fourwinds.rules import RuleSet

HIGHEST_SCORE: Final = "highest-score"
NEAREST: Final = "nearest"
WIN_CLAIMS: Final = (HIGHEST_SCORE, NEAREST)

Choice = bool | int | str


@dataclass(frozen=True)
class Option:
    """One option: what a table may choose, what the lobby calls it, and where it comes from."""

    name: str
    label: str
    """The lobby's words for it."""
    help: str
    """One line: what it changes."""
    source: str
    """The rule texts behind its values."""
    choices: tuple[Choice, ...] = ()
    """The allowed values, the lobby's order (empty when ``up_to`` bounds them)."""
    up_to: str = ""
    """The values are 0 to this field of the rule set, as changed by the same call."""
    scoring: str = ""
    """Offered by the rule sets of this scoring family; "" by every rule set."""
    own: bool = False
    """Offered only by the rule sets that name it in ``own_options``."""
    shape: str = ""
    """A pseudo-option: whether this shape wins (it adds it to or takes it from ``shapes``)."""
    words: Mapping[Choice, str] = field(default_factory=dict)
    """The lobby's words for each choice (every choice of a true-or-false option has some)."""
    unit: str = "{}"
    """How a choice without words is said: ``"{} faan"``."""

    def say(self, value: Choice) -> str:
        """The choice in the lobby's words.

        >>> OPTIONS["rounds"].say(1), OPTIONS["min_faan"].say(3)
        ('1 round (at least 4 hands)', '3 faan')
        """
        for choice, words in self.words.items():
            if type(choice) is type(value) and choice == value:
                return words
        return self.unit.format(value)

    def offered_by(self, rules: RuleSet) -> bool:
        if self.own:
            return self.name in rules.own_options
        return self.scoring in ("", rules.scoring)

    def value(self, rules: RuleSet) -> Any:
        """The rule set's value: the default a table starts from."""
        return self.shape in rules.shapes if self.shape else getattr(rules, self.name)

    def allowed(self, rules: RuleSet, changes: Mapping[str, Any]) -> tuple[Choice, ...]:
        """The values allowed with ``changes`` made to ``rules``."""
        if self.up_to:
            return tuple(range(changes.get(self.up_to, getattr(rules, self.up_to)) + 1))
        return self.choices

    def check(self, value: Any, rules: RuleSet, changes: Mapping[str, Any]) -> None:
        """Refuse a value that is not one of the allowed (of their type too: 1 is no ``True``)."""
        allowed = self.allowed(rules, changes)
        if not any(type(value) is type(choice) and value == choice for choice in allowed):
            raise ValueError(f"{self.name} must be {spelled(allowed)}")


def spelled(choices: tuple[Choice, ...]) -> str:
    """The choices as an error message gives them."""
    if all(isinstance(choice, bool) for choice in choices):
        return "true or false"
    if not all(isinstance(choice, int) for choice in choices):
        return "one of " + ", ".join(map(str, choices))
    numbers = sorted(int(choice) for choice in choices)
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]} to {numbers[-1]}"
    if len(numbers) == 1:
        return str(numbers[0])
    return ", ".join(map(str, numbers[:-1])) + f" or {numbers[-1]}"


BOOLEAN = (False, True)

OPTIONS: Final[dict[str, Option]] = {
    option.name: option
    for option in (
        Option(
            "rounds",
            "Rounds",
            "Rounds (prevailing winds) in a game: fewer make a shorter game.",
            "seed 000 Step Six (four rounds make a game); fewer: a table's choice",
            choices=(1, 2, 3, 4),
            words={
                1: "1 round (at least 4 hands)",
                2: "2 rounds (at least 8 hands)",
                3: "3 rounds (at least 12 hands)",
                4: "4 rounds, a whole game (at least 16 hands)",
            },
        ),
        Option(
            "limit",
            "Limit",
            "The points of a limit hand, and the cap on every hand unless the roof is off.",
            "reference/classical-scoring.md (500: MRA, WD, S&E); "
            "reference/league-presets.md (1000: BMJA)",
            choices=(500, 1000),
            scoring="classical",
            unit="{} points",
        ),
        Option(
            "roof_off",
            "No limit (roof off)",
            "No cap on a hand's points; a limit hand still scores the limit.",
            "reference/classical-scoring.md",
            choices=BOOLEAN,
            scoring="classical",
            words={False: "hands capped at the limit", True: "no cap: hands keep all their points"},
        ),
        Option(
            "min_faan",
            "Minimum faan",
            "The faan a hand needs to win, from 0 up to the maximum faan.",
            'seed 002 ("usually 1-3"); reference/hongkong-scoring.md section 2',
            up_to="max_faan",
            scoring="hongkong",
            unit="{} faan",
        ),
        Option(
            "max_faan",
            "Maximum faan",
            "The cap on a hand's faan; a max hand scores it.",
            "seed 002 (10); reference/hongkong-scoring.md section 2 (7, 13)",
            choices=(7, 10, 13),
            scoring="hongkong",
            unit="{} faan",
        ),
        Option(
            "payout",
            "Points for faan",
            "The points a hand is paid for its faan.",
            "seed 002 (seed-002); reference/hongkong-scoring.md section 3 (half-spicy, spicy)",
            choices=tuple(PAYOUTS),
            scoring="hongkong",
            words={
                "seed-002": "1, 2, 4, 8 points to 3 faan, then 16 from 4, 32 from 7, 64 from 10, "
                "128 at 13",
                "half-spicy": "doubling to 16 at 4 faan, then half steps: 24, 32, 48 ... 384 at 13",
                "spicy": "doubling with every faan: 1, 2, 4, 8 ... 8,192 at 13 faan",
            },
        ),
        Option(
            "players",
            "Players",
            "Three players play without the Charleston.",
            "seed 001 part 8",
            choices=(4, 3),
            scoring="american",
            words={4: "4 players", 3: "3 players (no Charleston)"},
        ),
        Option(
            "mahjong_in_error",
            "Mah Jongg in error kills the hand",
            "Mah Jongg may be declared on any turn, and a wrong declaration kills the hand.",
            "seed 001 part 6.3; reference/american-rules.md 3.5.4",
            choices=BOOLEAN,
            scoring="american",
            words={
                False: "only a complete hand may declare Mah Jongg",
                True: "Mah Jongg may be declared any time; a wrong one kills the hand",
            },
        ),
        Option(
            "jokerless_except_singles_and_pairs",
            "Jokerless Singles and Pairs not doubled",
            "A jokerless hand on a Singles and Pairs line is not doubled (the NMJL card's rule).",
            "reference/american-rules.md 3.6",
            choices=BOOLEAN,
            scoring="american",
            words={
                False: "every jokerless hand is doubled",
                True: "jokerless Singles and Pairs hands are not doubled",
            },
        ),
        Option(
            "thirteen_orphans",
            "Thirteen Orphans wins",
            "Thirteen Orphans wins too, as in most rule sets.",
            "seed 003 names one winning hand; the others' texts add Thirteen Orphans",
            choices=BOOLEAN,
            own=True,
            shape=THIRTEEN_ORPHANS,
            words={
                False: "only four sets and a pair win",
                True: "Thirteen Orphans wins too",
            },
        ),
        Option(
            "win_claims",
            "Two Mah Jongg claims: the tile goes to",
            "Of two Mah Jongg claims on one discard, the higher score or the nearer seat wins.",
            "seed 000 step 4e, seed 004 rule 18 (highest-score); seeds 002 and 003 (nearest)",
            choices=WIN_CLAIMS,
            own=True,
            words={
                HIGHEST_SCORE: "the player whose hand scores more",
                NEAREST: "the player nearest after the discarder",
            },
        ),
    )
}
"""Every option, in the order ``RuleSet.options`` lists them (records keep that order)."""
