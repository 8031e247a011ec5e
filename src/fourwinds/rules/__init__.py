"""Rule sets as data, and the registry of named rule sets and presets.

A rule set is a table: the tiles, the wall and how it is broken and dealt, which shapes win, how
claims rank, and how the deal and the rounds move on. Presets are the same table with other
values, never forks of the code.

>>> rules = get_rules("classical")
>>> rules.title, sum(rules.tile_counts), rules.stacks_per_wall
('Classical', 144, 18)
>>> sorted(RULES)  # doctest: +NORMALIZE_WHITESPACE
['american', 'beginner', 'classical', 'classical-bmja', 'classical-dmjl', 'hongkong',
 'hongkong-standard']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from fourwinds.rules.options import HIGHEST_SCORE as HIGHEST_SCORE
from fourwinds.rules.options import NEAREST, OPTIONS, Option
from fourwinds.rules.options import WIN_CLAIMS as WIN_CLAIMS
from fourwinds.rules.values import Value
from fourwinds.tiles import FIRST_FLOWER, JOKER, KINDS, PLAIN_KINDS

if TYPE_CHECKING:
    from fourwinds.american.card import Card
    from fourwinds.wall import WallLayout


def standard_tiles(bonus: bool, jokers: int = 0) -> tuple[int, ...]:
    """Four of each suit tile and honour, one of each flower and season when ``bonus``, and
    ``jokers`` jokers.

    >>> sum(standard_tiles(False)), sum(standard_tiles(True)), sum(AMERICAN_TILES)
    (136, 144, 152)
    """
    return tuple(
        4 if k < PLAIN_KINDS else jokers if k == JOKER else int(bonus) for k in range(KINDS)
    )


AMERICAN_TILES = standard_tiles(bonus=True, jokers=8)
"""The American set (seed 001): 144 tiles and eight jokers; its eight flowers match alike."""


@dataclass(frozen=True)
class RuleSet:
    """Everything about a rule set that the wall, the engine and the match need to know."""

    name: str
    title: str
    source: str
    """The rule texts this set follows (files in the shared seeds)."""
    tile_counts: tuple[int, ...]
    stacks_per_wall: int
    wall_layout: WallLayout
    """How the wall is broken and where its ends start (``fourwinds.wall``)."""
    replacement_tiles: int
    """Tiles kept back for replacements: the kong box (Classical) or the dead wall (Hong Kong);
    0 when replacements come from the back end of the wall (Beginner)."""
    deal_takes: tuple[int, ...]
    """Tiles each seat takes per pass of the deal, before the last tile (or East's jump)."""
    east_jump: bool
    """Beginner: East ends the deal with two tiles and so plays first with 14."""
    shapes: tuple[str, ...]
    concealed_kong_shown: bool
    """Whether other seats see which tile a concealed kong is (Beginner lays it face down)."""
    eight_bonus_wins: bool
    rotate_on_dealer_win: bool
    rotate_on_draw: bool
    seating_by_dice: bool
    summary: str = ""
    """One line for the lobby: what this rule set is, in a player's words."""
    rules_page: str = ""
    """Its page of ``docs/rules`` (the file name without ``.md``), served at ``/rules/NAME``."""
    seats: int = 4
    """Seats at the table, East first (an American table of three keeps the fourth empty)."""
    rounds: int = 4
    max_chows: int = 4
    standing_hand: bool = False
    """A player may declare a Standing Hand (Original Call) with a first discard that leaves the
    hand ready (seed 004 rule 9); the hand may not change after it."""
    # ---- scoring (fourwinds.scoring): the family, the table of values, limits and payment
    scoring: str = ""
    """``classical`` (points x doubles, limit, settlement between all four players) or
    ``hongkong`` (faan, minimum and maximum faan, faan-to-points table)."""
    score_table: Mapping[str, Value] = field(default_factory=dict, compare=False)
    """Rule id -> value; a rule missing from the table does not score (see rules/values.py)."""
    limit: int = 0
    """Classical: the points of a limit hand, and the cap on every hand unless ``roof_off``."""
    roof_off: bool = False
    min_faan: int = 0
    max_faan: int = 0
    payout: str = ""
    """Hong Kong: the faan-to-points table (rules/payouts.py)."""
    starting_points: int = 0
    ends_when_broke: bool = False
    """The game ends when a player has no points left (Hong Kong, seed 002)."""
    players: int = 4
    """American: three players play without the Charleston (seed 001, part 8)."""
    mahjong_in_error: bool = False
    """American: Mah Jongg may be declared on any turn and a wrong one kills the hand, as at a
    table that checks a declaration only once it is made; off, only a complete hand declares."""
    jokerless_except_singles_and_pairs: bool = False
    """American: the NMJL card's rule that a jokerless hand on a Singles and Pairs line is not
    doubled, its value already including it (reference 3.6); off, seed 001 part 6 doubles every
    jokerless hand."""
    win_claims: str = NEAREST
    """Which of several Mah Jongg claims on one discard takes it: ``highest-score`` (seeds 000
    and 004) or ``nearest``, the seat nearest after the discarder (seeds 002 and 003)."""
    claim_order: tuple[str, ...] = ("win", "kong", "pung", "chow")
    """Claims on one discard, the strongest first: Mah Jongg > kong > pung > chow (seed 000 step
    4e, seed 002, seed 003). A kong and a pung never meet on one discard (five of a kind); equal
    claims go by ``win_claims`` between wins, then to the seat nearest after the discarder."""
    own_options: tuple[str, ...] = ()
    """Options of this rule set beyond those of every rule set and of its scoring family."""
    family: str = "classical-style"
    """The family that plays this rule set (``fourwinds.family``)."""
    card: Card | None = field(default=None, compare=False)
    """The card the hands are won by, where they are (None: the sample card); ``with_card``."""

    def __deepcopy__(self, memo: dict[int, Any]) -> RuleSet:
        return self  # immutable: a copied deal shares its rules

    @property
    def has_bonus_tiles(self) -> bool:
        return any(self.tile_counts[FIRST_FLOWER:JOKER])

    @property
    def hand_size(self) -> int:
        """Tiles in a hand between turns (a kong counting three): the deal's passes and the last
        tile."""
        return sum(self.deal_takes) + 1

    def offered_options(self) -> tuple[Option, ...]:
        """The options a table of this rule set may change (rules/options.py)."""
        return tuple(option for option in OPTIONS.values() if option.offered_by(self))

    def option_form(self) -> dict[str, dict[str, Any]]:
        """What a page needs to offer the options (the lobby's and the calculator's form):
        each one's choices and their words, its label and its line of help."""
        offered = self.offered_options()
        return {
            "choices": {option.name: list(option.allowed(self, {})) for option in offered},
            "words": {
                option.name: [option.say(choice) for choice in option.allowed(self, {})]
                for option in offered
            },
            "labels": {option.name: option.label for option in offered},
            "help": {option.name: option.help for option in offered},
        }

    @property
    def losers_settle(self) -> bool:
        """The losers settle with each other too (Classical, seed 000 step 6c): every hand is
        scored."""
        return self.scoring == "classical"

    @property
    def discarder_pays(self) -> bool:
        """A win on a discard is paid by the discarder (Hong Kong, seed 002)."""
        return self.scoring == "hongkong"

    def options(self) -> dict[str, Any]:
        """The values a table may change, for records and the lobby."""
        return {option.name: option.value(self) for option in self.offered_options()}

    def with_card(self, card: Card | None) -> RuleSet:
        """The same rule set played by ``card`` (American; None for the sample card)."""
        return replace(self, card=card)

    def with_options(self, **options: Any) -> RuleSet:
        """The same rule set with some options changed; unknown options and values not allowed
        are refused (rules/options.py)."""
        offered = self.offered_options()
        for key in options:
            if key not in {option.name for option in offered}:
                raise ValueError(f"{self.name} has no option {key!r}")
        # An option bounded by another (min_faan by max_faan) is checked after its bound, and
        # even when unchanged: a lower bound may leave it out of range.
        for option in sorted(offered, key=lambda option: bool(option.up_to)):
            if option.name in options or option.up_to in options:
                option.check(options.get(option.name, option.value(self)), self, options)
        changes = {key: value for key, value in options.items() if not OPTIONS[key].shape}
        for key, value in options.items():
            if shape := OPTIONS[key].shape:
                plain = tuple(other for other in self.shapes if other != shape)
                changes["shapes"] = (*plain, shape) if value else plain
        return replace(self, **changes)


RULES: dict[str, RuleSet] = {}


def register(rules: RuleSet) -> RuleSet:
    RULES[rules.name] = rules
    return rules


DEFAULT = "classical"
"""The rule set offered first."""


def listed() -> list[RuleSet]:
    """Every registered rule set, the default first, then by title: the lobby's order."""
    return sorted(RULES.values(), key=lambda rules: (rules.name != DEFAULT, rules.title))


def get_rules(name: str, **options: Any) -> RuleSet:
    """The named rule set or preset, with options applied."""
    try:
        rules = RULES[name]
    except KeyError:
        raise ValueError(f"unknown rule set {name!r}; known: {', '.join(sorted(RULES))}") from None
    return rules.with_options(**options) if options else rules


from fourwinds.rules import (  # noqa: E402, F401  (registers them)
    american,
    beginner,
    classical,
    classical_bmja,
    classical_dmjl,
    hongkong,
    hongkong_standard,
)
