"""Tiles-to-win, waits and useful tiles: how far a hand is from winning, for hints and bots.

Tiles-to-win is the number of tiles a hand still needs before it is ready (one tile from a win):
0 means ready, -1 means complete. It is exact over the shapes a rule set allows (see
:mod:`fourwinds.shapes`) and never counts on a fifth copy of a tile.

>>> from fourwinds.tiles import counts, parse_tiles, format_tiles
>>> hand = counts(parse_tiles("123m456p789s1155z"), 34)
>>> tiles_to_win(hand, 0)
0
>>> format_tiles(waits(hand, 0))
'15z'
>>> tiles_to_win(counts(parse_tiles("19m19p19s1234567z"), 34), 0, ("standard", "thirteen_orphans"))
0
"""

from __future__ import annotations

from collections.abc import Sequence

from fourwinds.shapes import (
    COUNTED,
    INFINITY,
    STANDARD,
    distance,
    is_complete,
    standard_distances,
    standard_waits,
)
from fourwinds.tiles import PLAIN_KINDS, Tile

DEFAULT_SHAPES: tuple[str, ...] = (STANDARD,)


def tiles_to_win(counts: Sequence[int], melds: int, shapes: Sequence[str] = DEFAULT_SHAPES) -> int:
    """Tiles still needed before the hand is ready; -1 when it is already complete."""
    if len(shapes) == 1:
        return distance(shapes[0], counts, melds) - 1
    return min(distance(shape, counts, melds) for shape in shapes) - 1


def distances_after(
    counts: Sequence[int], melds: int, shapes: Sequence[str], step: int
) -> list[int]:
    """For each kind, the least distance over ``shapes`` (tiles-to-win + 1) once one tile of it
    is added (``step`` 1) or taken away (-1); INFINITY where that cannot be. The standard shape
    looks up again only the suit that changes."""
    found = (
        standard_distances(counts, melds, step) if STANDARD in shapes else [INFINITY] * PLAIN_KINDS
    )
    if melds:  # the special shapes allow no declared set
        return found
    # One tile more or fewer moves any shape's distance by at most one (it is 14 less the most
    # held tiles a complete hand can keep), so a special shape is only asked again where it
    # might beat the standard one.
    floors = [(distance(s, counts, melds) - 1, s) for s in shapes if s != STANDARD]
    if floors:
        lowest = min(floors)[0]
        work = list(counts)
        known: dict[tuple[str, int, bool], int] = {}  # COUNTED shapes, by the count moved
        for tile in range(PLAIN_KINDS):
            if found[tile] > lowest and 0 <= work[tile] + step <= 4:
                work[tile] += step
                for floor, shape in floors:
                    if floor < found[tile]:
                        kinds = COUNTED.get(shape)
                        if kinds is None:
                            after = distance(shape, work, melds)
                        else:
                            key = (shape, counts[tile], tile in kinds)
                            after = known.get(key, INFINITY)
                            if after == INFINITY:
                                after = known[key] = distance(shape, work, melds)
                        found[tile] = min(found[tile], after)
                work[tile] -= step
    return found


def waits(counts: Sequence[int], melds: int, shapes: Sequence[str] = DEFAULT_SHAPES) -> list[Tile]:
    """The kinds that would complete a ready hand (empty when the hand is not ready)."""
    found = standard_waits(counts) if STANDARD in shapes else []
    special = [s for s in shapes if s != STANDARD and distance(s, counts, melds) == 1]
    if not special:
        return found  # the usual case: already in order, each kind once
    work = list(counts)
    for tile in range(PLAIN_KINDS):
        if work[tile] < 4 and tile not in found:
            work[tile] += 1
            if any(is_complete(shape, work, melds) for shape in special):
                found.append(tile)
            work[tile] -= 1
    return sorted(found)


def is_winning(counts: Sequence[int], melds: int, shapes: Sequence[str] = DEFAULT_SHAPES) -> bool:
    """Whether the concealed tiles with ``melds`` declared sets complete a hand of any shape."""
    return any(is_complete(shape, counts, melds) for shape in shapes)


def useful_tiles(
    counts: Sequence[int], melds: int, shapes: Sequence[str] = DEFAULT_SHAPES
) -> list[Tile]:
    """The kinds that, drawn into this hand (before a discard), bring it one tile nearer a win."""
    base = min(distance(shape, counts, melds) for shape in shapes)
    after = distances_after(counts, melds, shapes, 1)
    return [tile for tile in range(PLAIN_KINDS) if after[tile] < base]
