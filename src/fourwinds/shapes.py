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

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Final, TypeVar

from fourwinds.tiles import (
    MAJORS,
    PLAIN_KINDS,
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
SPECIAL_SHAPES: Final = SHAPES[1:]
"""Every shape but four sets and a pair: none of them allows a declared meld."""

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
    """For s sets and p pairs (index s*2+p) built from this suit alone, the fewest tiles missing.

    Only sets and pairs that use a held tile are searched: one that uses none costs exactly 3
    (a pair 2) wherever it lies, and there is always room for it, so those are added after.
    """
    cache = _suit_cache if chows else _honour_cache
    table = cache.get(held)
    if table is not None:
        return table
    size = len(held)
    # state: (chows started one before, chows started two before, sets, pairs) -> tiles missing
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for i in range(size):
        here = held[i]
        next_states: dict[tuple[int, int, int, int], int] = {}
        chow_cap = max(held[i : i + 3]) if chows and i <= size - 3 else 0
        for (one_back, two_back, sets, pairs), missing in states.items():
            carried = one_back + two_back
            for new_chows in range(min(chow_cap, _SETS_NEEDED - sets) + 1):
                for pung in (0, 1) if here else (0,):
                    for pair in (0, 1 - pairs) if here else (0,):
                        need = carried + new_chows + 3 * pung + 2 * pair
                        made = sets + new_chows + pung
                        if need > 4 or made > _SETS_NEEDED:
                            continue
                        key = (new_chows, one_back, made, pairs + pair)
                        cost = missing + max(0, need - here)
                        if cost < next_states.get(key, INFINITY):
                            next_states[key] = cost
        states = next_states
    found = [INFINITY] * 10
    for (one_back, two_back, sets, pairs), missing in states.items():
        if one_back == 0 and two_back == 0:
            index = _table_index(sets, pairs)
            found[index] = min(found[index], missing)
    result = [INFINITY] * 10
    for sets in range(_SETS_NEEDED + 1):
        for pairs in (0, 1):
            result[_table_index(sets, pairs)] = min(
                found[_table_index(s, p)] + 3 * (sets - s) + 2 * (pairs - p)
                for s in range(sets + 1)
                for p in range(pairs + 1)
            )
    table = tuple(result)
    cache[held] = table
    return table


_MERGES: Final = tuple(
    (i, j, _table_index(i // 2 + j // 2, i % 2 + j % 2))
    for i in range(10)
    for j in range(10)
    if i // 2 + j // 2 <= _SETS_NEEDED and i % 2 + j % 2 <= 1
)
"""(left index, right index, merged index) for every legal way to add two groups' tables."""


def _combine(left: Sequence[int], right: Sequence[int]) -> list[int]:
    out = [INFINITY] * 10
    for i, j, k in _MERGES:
        total = left[i] + right[j]
        if total < out[k]:
            out[k] = total
    return out


def standard_distance(counts: Sequence[int], melds: int) -> int:
    """Tiles missing for ``4 - melds`` sets and a pair from these concealed counts."""
    left = _combine(_suit_table(tuple(counts[0:9]), True), _suit_table(tuple(counts[9:18]), True))
    right = _combine(
        _suit_table(tuple(counts[18:27]), True), _suit_table(tuple(counts[27:34]), False)
    )
    sets = _SETS_NEEDED - melds
    best = INFINITY
    for s in range(sets + 1):  # s sets on the left, the rest on the right; the pair on either
        best = min(
            best, left[s * 2] + right[(sets - s) * 2 + 1], left[s * 2 + 1] + right[(sets - s) * 2]
        )
    return best


# ---------------------------------------- standard: completeness and waits, fast
#
# A hand's counts are turned into bytes once; each group (a suit, the honours) is a slice of them,
# looked up in a cache that answers how the group splits and its size mod 3. The four answers make
# one 16-bit number, and what it means for the whole hand is cached again, so a hand already seen
# in every group costs a few lookups done in C.

_SETS_ONLY: Final = 1
_SETS_AND_PAIR: Final = 2
_GROUPS: Final = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
"""Each group's slice of the 34 kinds, and whether it makes chows."""

K = TypeVar("K")
V = TypeVar("V")


class _Cache(dict[K, V]):
    """A dict that computes a missing value once; looking up a known key stays in C."""

    def __init__(self, compute: Callable[[K], V]) -> None:
        super().__init__()
        self._compute = compute

    def __missing__(self, key: K) -> V:
        value = self[key] = self._compute(key)
        return value


def _form(held: bytes, chows: bool) -> int:
    """Bit 1: the tiles split into sets only; bit 2: into sets and one pair."""
    found = 0
    if _splits(list(held), chows, pair=False):
        found |= _SETS_ONLY
    if _splits(list(held), chows, pair=True):
        found |= _SETS_AND_PAIR
    return found


def _splits(work: list[int], chows: bool, pair: bool) -> bool:
    i = next((k for k, n in enumerate(work) if n), -1)
    if i < 0:
        return not pair
    if pair and work[i] >= 2:
        work[i] -= 2
        if _splits(work, chows, False):
            return True
        work[i] += 2
    if work[i] >= 3:
        work[i] -= 3
        if _splits(work, chows, pair):
            return True
        work[i] += 3
    if chows and i + 2 < len(work) and work[i + 1] and work[i + 2]:
        for k in (i, i + 1, i + 2):
            work[k] -= 1
        if _splits(work, chows, pair):
            return True
        for k in (i, i + 1, i + 2):
            work[k] += 1
    return False  # the lowest tile must open a pair, a pung or a chow, and none fits


_SUITS: Final = _Cache[bytes, int](lambda held: _form(held, True) | sum(held) % 3 << 2)
"""A suit's counts -> its form (bits 0-1) and its size mod 3 (bits 2-3)."""
_HONOURS: Final = _Cache[bytes, int](lambda held: _form(held, False) | sum(held) % 3 << 2)


def _hand_info(key: bytes) -> int:
    """The four groups' forms and sizes mod 3 in one number, four bits each."""
    return (
        _SUITS[key[0:9]]
        | _SUITS[key[9:18]] << 4
        | _SUITS[key[18:27]] << 8
        | _HONOURS[key[27:34]] << 12
    )


def _groups_of(info: int) -> list[tuple[int, int]]:
    """Each group's (size mod 3, form) from a hand's info."""
    return [(info >> (4 * g + 2) & 3, info >> (4 * g) & 3) for g in range(len(_GROUPS))]


def _complete(info: int) -> bool:
    """One group of size 2 mod 3 splits into sets and a pair, every other one into sets."""
    groups = _groups_of(info)
    sizes = [size for size, _ in groups]
    return sorted(sizes) == [0, 0, 0, 2] and all(
        form & (_SETS_AND_PAIR if size == 2 else _SETS_ONLY) for size, form in groups
    )


def _wait_plan(info: int) -> tuple[tuple[int, int], ...]:
    """For a hand one tile short: each group a tile could complete, with the form it must then
    have; empty when the other groups rule out every tile (most hands)."""
    groups = _groups_of(info)
    sizes = [size for size, _ in groups]
    if sorted(sizes) == [0, 0, 0, 1]:  # the tile joins the short group, which takes the pair
        targets = [sizes.index(1)]
        need = _SETS_AND_PAIR
    elif sorted(sizes) == [0, 0, 2, 2]:  # the tile makes sets of one; the other has the pair
        targets = [g for g, size in enumerate(sizes) if size == 2]
        need = _SETS_ONLY
    else:
        return ()
    if not all(form & _SETS_ONLY for size, form in groups if size == 0):
        return ()
    if need == _SETS_AND_PAIR:
        return ((targets[0], need),)
    return tuple(
        (g, need) for g in targets if groups[targets[1 - targets.index(g)]][1] & _SETS_AND_PAIR
    )


_COMPLETE: Final = _Cache[int, bool](_complete)
_WAIT_PLANS: Final = _Cache[int, tuple[tuple[int, int], ...]](_wait_plan)


def _completions(key: tuple[bytes, bool, int]) -> tuple[int, ...]:
    """The places in a group where one more tile gives it the form ``need``."""
    held, chows, need = key
    forms = _SUITS if chows else _HONOURS
    return tuple(
        i
        for i, n in enumerate(held)
        if n < 4 and forms[held[:i] + bytes((n + 1,)) + held[i + 1 :]] & need
    )


_COMPLETIONS: Final = _Cache[tuple[bytes, bool, int], tuple[int, ...]](_completions)


def standard_complete(counts: Sequence[int]) -> bool:
    """Whether concealed counts are exactly some sets and one pair (declared melds aside)."""
    return _COMPLETE[_hand_info(bytes(counts))]


def standard_waits(counts: Sequence[int]) -> list[int]:
    """The kinds that complete these concealed tiles as sets and a pair."""
    key = bytes(counts)
    found: list[int] = []
    for group, need in _WAIT_PLANS[_hand_info(key)]:
        start, end, chows = _GROUPS[group]
        found += [start + i for i in _COMPLETIONS[key[start:end], chows, need]]
    return found


# ---------------------------------------- special shapes (no declared melds)

_majors_of: Final = itemgetter(*MAJORS)
"""The counts of the thirteen terminals and honours, as a tuple (taken in C)."""


def _pairs_distance(held: Sequence[int]) -> int:
    """Seven different pairs chosen from the kinds whose counts are ``held`` (counted in C)."""
    singles = held.count(1)
    pairs = min(len(held) - held.count(0) - singles, 7)
    return _FULL - 2 * pairs - min(singles, 7 - pairs)


def _orphans_distance(counts: Sequence[int]) -> int:
    held: tuple[int, ...] = _majors_of(counts)
    return _FULL - (len(held) - held.count(0)) - (max(held) >= 2)


def _knitting_distance(counts: Sequence[int]) -> int:
    """Seven couples, each one value in two suits, using exactly two suits.

    Each further couple of a value uses no more tiles than the one before, so the seven couples
    that use the most tiles are simply the seven best steps over all values."""
    best = 0
    for a, b in ((0, 9), (0, 18), (9, 18)):
        steps = sorted(
            ((counts[a + v] > k) + (counts[b + v] > k) for v in range(9) for k in range(4)),
            reverse=True,
        )
        best = max(best, sum(steps[:7]))
    return _FULL - best


def _triple_knitting_distance(counts: Sequence[int]) -> int:
    """Four triples (one value in all three suits) and a couple (one value in two suits).

    ``gains[v][k]``: the held tiles that ``k`` triples of value ``v`` use. The best four triples
    over the other values are found once per value, from the values before it and after it, so
    each choice of the couple's value and suits costs a few additions."""
    suits = (0, 9, 18)
    gains = [[sum(min(counts[b + v], k) for b in suits) for k in range(5)] for v in range(9)]

    def running(values: Sequence[int]) -> list[list[int]]:
        """For each place in ``values``, the best use of the values before it by 0-4 triples."""
        tables, kept = [], [0] + [-INFINITY] * 4
        for value in values:
            tables.append(kept)
            gain = gains[value]
            kept = [max(kept[t - k] + gain[k] for k in range(t + 1)) for t in range(5)]
        return tables

    before = running(range(9))
    after = running(range(8, -1, -1))[::-1]
    best = 0
    for value in range(9):
        first, last = before[value], after[value]
        others = [max(first[a] + last[t - a] for a in range(t + 1)) for t in range(5)]
        held = [counts[b + value] for b in suits]
        for skip in suits:
            left = [h - (b != skip and h > 0) for h, b in zip(held, suits, strict=True)]
            couple = sum(held) - sum(left)
            for k in range(5):
                best = max(best, couple + sum(min(h, k) for h in left) + others[4 - k])
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
        return _pairs_distance(counts[:PLAIN_KINDS])
    if shape == ALL_PAIR_HONOURS:
        return _pairs_distance(_majors_of(counts))
    if shape == KNITTING:
        return _knitting_distance(counts)
    if shape == TRIPLE_KNITTING:
        return _triple_knitting_distance(counts)
    if shape == WRIGGLING_SNAKE:
        return _snake_distance(counts)
    raise ValueError(f"unknown shape {shape!r}")


def is_complete(shape: str, counts: Sequence[int], melds: int) -> bool:
    """Whether these concealed tiles with ``melds`` declared sets form a complete hand."""
    if sum(counts) + 3 * melds != _FULL:
        return False
    if shape == STANDARD:
        return standard_complete(counts)
    return distance(shape, counts, melds) == 0
