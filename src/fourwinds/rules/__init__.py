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
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, ClassVar

from fourwinds.rules.payouts import PAYOUTS
from fourwinds.rules.values import Value
from fourwinds.shapes import THIRTEEN_ORPHANS
from fourwinds.tiles import FIRST_FLOWER, JOKER, KINDS, PLAIN_KINDS

if TYPE_CHECKING:
    from fourwinds.american.card import Card


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


HIGHEST_SCORE = "highest-score"
NEAREST = "nearest"
WIN_CLAIMS = (HIGHEST_SCORE, NEAREST)


@dataclass(frozen=True)
class RuleSet:
    """Everything about a rule set that the wall, the engine and the match need to know."""

    name: str
    title: str
    source: str
    """The rule texts this set follows (files in the shared seeds)."""
    tile_counts: tuple[int, ...]
    stacks_per_wall: int
    wall_method: str
    """How the wall is broken: ``classical`` (seed 000), ``hongkong`` (seed 002), ``beginner``."""
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

    OPTIONS = ("rounds",)
    SCORING_OPTIONS: ClassVar[dict[str, tuple[str, ...]]] = {
        "classical": ("limit", "roof_off"),
        "hongkong": ("min_faan", "max_faan", "payout"),
        "american": ("players", "mahjong_in_error", "jokerless_except_singles_and_pairs"),
    }

    def option_names(self) -> tuple[str, ...]:
        return self.OPTIONS + self.SCORING_OPTIONS.get(self.scoring, ()) + self.own_options

    @property
    def losers_settle(self) -> bool:
        """The losers settle with each other too (Classical, seed 000 step 6c): every hand is
        scored."""
        return self.scoring == "classical"

    @property
    def discarder_pays(self) -> bool:
        """A win on a discard is paid by the discarder (Hong Kong, seed 002)."""
        return self.scoring == "hongkong"

    @property
    def thirteen_orphans(self) -> bool:
        """Whether Thirteen Orphans wins (an option where the rule text does not name it)."""
        return THIRTEEN_ORPHANS in self.shapes

    def options(self) -> dict[str, Any]:
        """The values a table may change, for records and the lobby."""
        return {name: getattr(self, name) for name in self.option_names()}

    def with_card(self, card: Card | None) -> RuleSet:
        """The same rule set played by ``card`` (American; None for the sample card)."""
        return replace(self, card=card)

    def with_options(self, **options: Any) -> RuleSet:
        """The same rule set with some options changed; unknown options are refused."""
        names = {f.name for f in fields(self)} | {"thirteen_orphans"}
        for key in options:
            if key not in self.option_names() or key not in names:
                raise ValueError(f"{self.name} has no option {key!r}")
        if "rounds" in options and options["rounds"] not in (1, 2, 3, 4):
            raise ValueError("rounds must be 1 to 4")
        if "limit" in options and options["limit"] not in (500, 1000):
            raise ValueError("limit must be 500 or 1000 (or use roof_off)")
        if "roof_off" in options and not isinstance(options["roof_off"], bool):
            raise ValueError("roof_off must be true or false")
        if "max_faan" in options and options["max_faan"] not in (7, 10, 13):
            raise ValueError("max_faan must be 7, 10 or 13")
        max_faan = options.get("max_faan", self.max_faan)
        min_faan = options.get("min_faan", self.min_faan)
        if not (isinstance(min_faan, int) and 0 <= min_faan <= max_faan):
            raise ValueError(f"min_faan must be 0 to {max_faan}")
        if "players" in options and options["players"] not in (3, 4):
            raise ValueError("players must be 3 or 4")
        if "mahjong_in_error" in options and not isinstance(options["mahjong_in_error"], bool):
            raise ValueError("mahjong_in_error must be true or false")
        singles_and_pairs = options.get("jokerless_except_singles_and_pairs", False)
        if not isinstance(singles_and_pairs, bool):
            raise ValueError("jokerless_except_singles_and_pairs must be true or false")
        if "payout" in options and options["payout"] not in PAYOUTS:
            raise ValueError(f"payout must be one of {', '.join(PAYOUTS)}")
        if "win_claims" in options and options["win_claims"] not in WIN_CLAIMS:
            raise ValueError(f"win_claims must be one of {', '.join(WIN_CLAIMS)}")
        if "thirteen_orphans" in options:
            orphans = options.pop("thirteen_orphans")
            if not isinstance(orphans, bool):
                raise ValueError("thirteen_orphans must be true or false")
            plain = tuple(shape for shape in self.shapes if shape != THIRTEEN_ORPHANS)
            options["shapes"] = (*plain, THIRTEEN_ORPHANS) if orphans else plain
        return replace(self, **options)


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
