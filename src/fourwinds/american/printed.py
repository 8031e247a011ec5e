"""A line of the card as a player reads it against a hand: the tiles of the line's nearest
instance in the order the card prints its groups, each tile marked if the hand holds it.

The matcher keeps an instance's groups in a canonical (sorted) order; the card prints them as
written. :func:`printed` puts them back in the written order (``+`` and ``=`` included), so the
page can draw the line as on the card with tile pictures in place of its symbols. :func:`marks`
says which tiles the hand already holds, counting as the matcher does: an exposure fills the
set it coincides with, naturals fill the places that take only naturals first, then sets, and
jokers fill the sets' places left. The places left unmarked are the tiles still missing.

>>> from fourwinds.american.card import sample_card
>>> from fourwinds.american.hand import AmericanHand
>>> from fourwinds.american.matcher import Holding, Matcher
>>> holding = Holding.of(AmericanHand.parse("22z 226m 5z 2222p 6s 44z"))
>>> nearest = min(Matcher(sample_card()).distances(holding), key=lambda d: d.tiles)
>>> groups = printed(nearest.line, nearest.instance)
>>> [g if isinstance(g, str) else format_tiles(g[0]) for g in groups]
['44z', '2m5z26m', '2222p', '66s', '22z']
>>> [sum(1 for mark in group if not mark) for group in marks(groups, holding)]
[0, 0, 0, 1, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fourwinds.american.card import (
    FIXED_SYMBOLS,
    SUITS,
    ConcreteGroup,
    Group,
    Instance,
    Line,
    Variant,
)
from fourwinds.american.hand import kind
from fourwinds.american.matcher import Distance, Holding
from fourwinds.tiles import DRAGONS, WINDS, Tile, format_tiles

Printed = list[ConcreteGroup | str]
"""A line's groups in the printed order: tiles and whether a set, or a sign (``+``, ``=``)."""

HELD, JOKER, EXPOSED = "held", "joker", "exposed"
"""How a place of the line is filled; "" for a tile still missing."""


def printed(line: Line, instance: Instance) -> Printed:
    """The instance's groups in the order of the first variant of ``line`` they fit (the
    canonical order when none does: the page then draws it in that order)."""
    for variant in line.variants:
        order = _order(variant, instance)
        if order is not None:
            return order
    return list(instance)


def _suit(tile: Tile) -> int | None:
    return next((suit for suit in SUITS if suit <= tile < suit + 9), None)


def _fits(group: Group, tiles: Sequence[Tile], suits: dict[str, int]) -> bool:
    """Whether ``tiles`` can be ``group`` with the suit tags already bound in ``suits``."""
    if len(group.symbols) != len(tiles):
        return False
    for symbol, tile in zip(group.symbols, tiles, strict=True):
        if symbol in FIXED_SYMBOLS:
            if kind(tile) != FIXED_SYMBOLS[symbol]:
                return False
        elif symbol == "D":
            if tile not in DRAGONS:
                return False
        elif symbol == "Z":
            if tile not in WINDS:
                return False
        else:
            suit = _suit(tile)
            if suit is None or suits.get(group.tag, suit) != suit:
                return False
            if group.year and tile - suit + 1 != int(symbol):
                return False
    return True


def _order(variant: Variant, instance: Instance) -> Printed | None:
    """Each group of ``variant`` given an instance group it fits, suit tags bound alike
    throughout (a small search: a line has at most a few groups)."""
    groups = list(variant.groups)

    def place(at: int, free: list[ConcreteGroup], suits: dict[str, int]) -> Printed | None:
        if at == len(groups):
            return [] if not free else None
        group = groups[at]
        if group.is_decoration:
            rest = place(at + 1, free, suits)
            return None if rest is None else [group.symbols, *rest]
        for i, concrete in enumerate(free):
            if concrete[1] != group.is_set or not _fits(group, concrete[0], suits):
                continue
            bound = dict(suits)
            suit = _suit(next((t for t in concrete[0] if _suit(t) is not None), -1))
            if group.tag and suit is not None and any(s.isdigit() for s in group.symbols):
                bound[group.tag] = suit
            rest = place(at + 1, free[:i] + free[i + 1 :], bound)
            if rest is not None:
                return [concrete, *rest]
        return None

    return place(0, list(instance), {})


def marks(groups: Printed, holding: Holding) -> list[list[str]]:
    """For each printed group, how each of its places is filled by the hand (see the module)."""
    filled = [[""] * len(g[0]) if not isinstance(g, str) else [] for g in groups]
    tiles = [g[0] if not isinstance(g, str) else () for g in groups]
    sets = [not isinstance(g, str) and g[1] for g in groups]
    for tile, size in holding.exposures:
        for i, group in enumerate(tiles):
            if sets[i] and len(group) == size and kind(group[0]) == kind(tile) and not filled[i][0]:
                filled[i] = [EXPOSED] * size
                break
    counts = list(holding.counts)
    for natural_only in (True, False):
        for i, group in enumerate(tiles):
            if sets[i] == natural_only:
                continue
            for j, tile in enumerate(group):
                if not filled[i][j] and counts[kind(tile)]:
                    counts[kind(tile)] -= 1
                    filled[i][j] = HELD
    jokers = holding.jokers
    for i, group in enumerate(tiles):
        for j in range(len(group)):
            if sets[i] and not filled[i][j] and jokers:
                jokers -= 1
                filled[i][j] = JOKER
    return filled


def line_json(distance: Distance, holding: Holding) -> list[dict[str, Any]]:
    """The nearest instance of a line, as printed, with the hand's tiles marked: a sign
    (``{"sign": "+"}``) or ``{"tiles": "555m", "set": true, "marks": ["held", "joker", ""]}``."""
    groups = printed(distance.line, distance.instance)
    return [
        {"sign": group}
        if isinstance(group, str)
        else {"tiles": format_tiles(group[0]), "set": group[1], "marks": filled}
        for group, filled in zip(groups, marks(groups, holding), strict=True)
    ]
