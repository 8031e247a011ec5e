"""The shapes of a complete hand, and how far concealed tiles are from each.

``distance(shape, counts, melds)`` is exact: the fewest tiles that must be added to the concealed
tiles to hold a complete hand of that shape, no kind ever more than four times. A hand is complete
when the distance is 0; a 13-tile hand is ready (one tile from winning) when it is 1. The standard
shape (four sets and a pair) is solved per suit with a small dynamic programme whose result is
cached by the suit's counts, so a game reuses almost every answer.

>>> from fourwinds.tiles import counts, parse_tiles
>>> ready = counts(parse_tiles("123m456p789s1155z"), 34)
>>> distance(STANDARD, ready, 0)
1
>>> distance(THIRTEEN_ORPHANS, counts(parse_tiles("19m19p19s1234567z"), 34), 0)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from fourwinds.tiles import (
    MAJORS,
    PLAIN_KINDS,
    SUITED_KINDS,
    WINDS,
)

STANDARD: Final = "standard"
THIRTEEN_ORPHANS: Final = "thirteen_orphans"
SEVEN_PAIRS: Final = "seven_pairs"
ALL_PAIR_HONOURS: Final = "all_pair_honours"
KNITTING: Final = "knitting"
TRIPLE_KNITTING: Final = "triple_knitting"
WRIGGLING_SNAKE: Final = "wriggling_snake"

SHAPES: Final = (
    STANDARD,
    THIRTEEN_ORPHANS,
    SEVEN_PAIRS,
    ALL_PAIR_HONOURS,
    KNITTING,
    TRIPLE_KNITTING,
    WRIGGLING_SNAKE,
)

INFINITY: Final = 99
"""Distance of a shape the hand can never reach (declared melds rule out the special shapes)."""

_SETS_NEEDED: Final = 4
_FULL: Final = 14

# ---------------------------------------- standard: four sets and a pair

_suit_cache: dict[tuple[int, ...], tuple[int, ...]] = {}
_honour_cache: dict[tuple[int, ...], tuple[int, ...]] = {}


def _table_index(sets: int, pairs: int) -> int:
    return sets * 2 + pairs


def _suit_table(held: tuple[int, ...], chows: bool) -> tuple[int, ...]:
    """For s sets and p pairs (index s*2+p) built from this suit alone, the fewest tiles missing."""
    cache = _suit_cache if chows else _honour_cache
    table = cache.get(held)
    if table is not None:
        return table
    size = len(held)
    # state: (chows started one before, chows started two before, sets, pairs) -> tiles missing
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for i in range(size):
        next_states: dict[tuple[int, int, int, int], int] = {}
        for (one_back, two_back, sets, pairs), missing in states.items():
            carried = one_back + two_back
            new_chow_limit = _SETS_NEEDED - sets if chows and i <= size - 3 else 0
            for new_chows in range(new_chow_limit + 1):
                for pung in (0, 1):
                    for pair in (0, 1 - pairs):
                        need = carried + new_chows + 3 * pung + 2 * pair
                        made = sets + new_chows + pung
                        if need > 4 or made > _SETS_NEEDED:
                            continue
                        key = (new_chows, one_back, made, pairs + pair)
                        cost = missing + max(0, need - held[i])
                        if cost < next_states.get(key, INFINITY):
                            next_states[key] = cost
        states = next_states
    result = [INFINITY] * 10
    for (one_back, two_back, sets, pairs), missing in states.items():
        if one_back == 0 and two_back == 0:
            index = _table_index(sets, pairs)
            result[index] = min(result[index], missing)
    table = tuple(result)
    cache[held] = table
    return table


def _combine(left: Sequence[int], right: Sequence[int]) -> list[int]:
    out = [INFINITY] * 10
    for i, a in enumerate(left):
        if a >= INFINITY:
            continue
        sets_a, pairs_a = divmod(i, 2)
        for j, b in enumerate(right):
            sets_b, pairs_b = divmod(j, 2)
            if sets_a + sets_b <= _SETS_NEEDED and pairs_a + pairs_b <= 1:
                k = _table_index(sets_a + sets_b, pairs_a + pairs_b)
                if a + b < out[k]:
                    out[k] = a + b
    return out


def standard_distance(counts: Sequence[int], melds: int) -> int:
    """Tiles missing for ``4 - melds`` sets and a pair from these concealed counts."""
    table = _combine(
        _combine(_suit_table(tuple(counts[0:9]), True), _suit_table(tuple(counts[9:18]), True)),
        _combine(_suit_table(tuple(counts[18:27]), True), _suit_table(tuple(counts[27:34]), False)),
    )
    return table[_table_index(_SETS_NEEDED - melds, 1)]


# ---------------------------------------- special shapes (no declared melds)


def _pairs_distance(counts: Sequence[int], kinds: Sequence[int]) -> int:
    """Seven different pairs chosen from ``kinds``."""
    held = sorted((min(counts[k], 2) for k in kinds), reverse=True)
    if len(held) < 7:
        return INFINITY
    return _FULL - sum(held[:7])


def _orphans_distance(counts: Sequence[int]) -> int:
    present = sum(1 for k in MAJORS if counts[k])
    doubled = any(counts[k] >= 2 for k in MAJORS)
    return _FULL - present - doubled


def _knitting_distance(counts: Sequence[int]) -> int:
    """Seven couples, each one value in two suits, using exactly two suits."""
    best = 0
    for a, b in ((0, 9), (0, 18), (9, 18)):
        # kept[k] = most held tiles usable by k couples over the values seen so far
        kept = [0] + [-INFINITY] * 7
        for value in range(9):
            held_a, held_b = counts[a + value], counts[b + value]
            new = [-INFINITY] * 8
            for total in range(8):
                if kept[total] < 0:
                    continue
                for k in range(min(4, 7 - total) + 1):
                    use = kept[total] + min(held_a, k) + min(held_b, k)
                    new[total + k] = max(new[total + k], use)
            kept = new
        best = max(best, kept[7])
    return _FULL - best


def _triple_knitting_distance(counts: Sequence[int]) -> int:
    """Four triples (one value in all three suits) and a couple (one value in two suits)."""
    best = 0
    for couple_value in range(9):
        for skip in (0, 9, 18):
            work = list(counts[:SUITED_KINDS])
            couple = 0
            for base in (0, 9, 18):
                if base != skip and work[base + couple_value]:
                    work[base + couple_value] -= 1
                    couple += 1
            kept = [0] + [-INFINITY] * 4
            for value in range(9):
                held = (work[value], work[9 + value], work[18 + value])
                new = [-INFINITY] * 5
                for total in range(5):
                    if kept[total] < 0:
                        continue
                    for k in range(min(4, 4 - total) + 1):
                        use = kept[total] + sum(min(h, k) for h in held)
                        new[total + k] = max(new[total + k], use)
                kept = new
            best = max(best, couple + kept[4])
    return _FULL - best


def _snake_distance(counts: Sequence[int]) -> int:
    """One suit 1 1 2 3 4 5 6 7 8 9 and the four winds once each."""
    winds = sum(1 for w in WINDS if counts[w])
    best = 0
    for base in (0, 9, 18):
        held = min(counts[base], 2) + sum(1 for v in range(1, 9) if counts[base + v])
        best = max(best, held)
    return _FULL - best - winds


def distance(shape: str, counts: Sequence[int], melds: int) -> int:
    """Tiles to add to the concealed ``counts`` for a complete hand of ``shape``.

    ``melds`` is the number of declared sets; the special shapes allow none.
    """
    if shape == STANDARD:
        return standard_distance(counts, melds)
    if melds:
        return INFINITY
    if shape == THIRTEEN_ORPHANS:
        return _orphans_distance(counts)
    if shape == SEVEN_PAIRS:
        return _pairs_distance(counts, range(PLAIN_KINDS))
    if shape == ALL_PAIR_HONOURS:
        return _pairs_distance(counts, MAJORS)
    if shape == KNITTING:
        return _knitting_distance(counts)
    if shape == TRIPLE_KNITTING:
        return _triple_knitting_distance(counts)
    if shape == WRIGGLING_SNAKE:
        return _snake_distance(counts)
    raise ValueError(f"unknown shape {shape!r}")


def is_complete(shape: str, counts: Sequence[int], melds: int) -> bool:
    """Whether these concealed tiles with ``melds`` declared sets form a complete hand."""
    return sum(counts) + 3 * melds == _FULL and distance(shape, counts, melds) == 0
