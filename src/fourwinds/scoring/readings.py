"""Readings of a hand: its melds as the scorer sees them, for every way to arrange the tiles.

A winning hand can often be read more than one way: concealed tiles split into different sets,
and the winning tile completing different melds. A :class:`Reading` is one such way, with the
meld the winning tile completed marked and, when it was a claimed discard, exposed (a pung
completed by a discard scores as exposed). The scorers score every reading and keep the best.

The split of each suit into sets and a pair is cached by that suit's counts, so a game reuses
almost every answer and no object is created for a split already seen.

>>> from fourwinds.hand import Context, Hand
>>> hand = Hand.parse("[555z] [1111m] 444p 23s 77z 8f +4s")
>>> [" ".join(map(str, r.melds)) for r in standard_readings(hand, Context())]
['[555z] [1111m] 77z 444p [234s]']
>>> [str(m) for m in loser_melds(Hand.parse("[777z] 556z 12223m"))]
['[777z]', '222m', '55z']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, NamedTuple

from fourwinds.hand import Context, Hand, Meld, MeldKind
from fourwinds.tiles import PLAIN_KINDS, SUITED_KINDS, Tile

CHOW, PUNG, KONG, PAIR = MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG, MeldKind.PAIR

_MELDS: dict[tuple[MeldKind, Tile, bool], Meld] = {}


def meld(kind: MeldKind, tile: Tile, exposed: bool = False) -> Meld:
    """The one shared Meld object for this kind, tile and exposure."""
    key = (kind, tile, exposed)
    found = _MELDS.get(key)
    if found is None:
        found = _MELDS[key] = Meld(kind, tile, exposed)
    return found


class Reading(NamedTuple):
    """One way to read a hand: its pattern, its melds and the meld the winning tile completed."""

    pattern: str
    """``standard`` (sets and a pair) or the name of a special shape."""
    melds: tuple[Meld, ...]
    """Declared melds, then the concealed tiles as sets and pairs (empty for most special
    shapes). The meld completed by a winning discard is exposed."""
    winning: int
    """Index in ``melds`` of the meld the winning tile completed; -1 when none is named."""
    concealed: bool
    """No meld exposed, counting the one the winning discard completed."""


# ---------------------------------------- splitting one suit

_SPLITS: dict[tuple[int, tuple[int, ...]], tuple[tuple[Meld, ...], ...]] = {}
_SUITS: Final = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def _suit_splits(base: int, held: tuple[int, ...], chows: bool) -> tuple[tuple[Meld, ...], ...]:
    """Every split of one suit's tiles into sets and (when its size says so) one pair."""
    key = (base, held)
    found = _SPLITS.get(key)
    if found is not None:
        return found
    size = sum(held)
    results: set[tuple[Meld, ...]] = set()
    if size % 3 != 1:
        work = list(held)
        for split in _split(work, 0, base, chows, size % 3 == 2):
            results.add(tuple(sorted(split, key=_meld_order)))
    found = tuple(sorted(results, key=lambda split: [_meld_order(m) for m in split]))
    if len(_SPLITS) > 200_000:
        _SPLITS.clear()
    _SPLITS[key] = found
    return found


def _meld_order(m: Meld) -> tuple[int, int]:
    return (m.kind is not PAIR, m.tile * 4 + (m.kind is CHOW))


def _split(
    work: list[int], i: int, base: int, chows: bool, pair: bool
) -> Iterator[tuple[Meld, ...]]:
    while i < len(work) and not work[i]:
        i += 1
    if i == len(work):
        if not pair:
            yield ()
        return
    tile = base + i
    if pair and work[i] >= 2:
        work[i] -= 2
        for rest in _split(work, i, base, chows, False):
            yield (meld(PAIR, tile), *rest)
        work[i] += 2
    if work[i] >= 3:
        work[i] -= 3
        for rest in _split(work, i, base, chows, pair):
            yield (meld(PUNG, tile), *rest)
        work[i] += 3
    if chows and i + 2 < len(work) and work[i + 1] and work[i + 2]:
        for j in (i, i + 1, i + 2):
            work[j] -= 1
        for rest in _split(work, i, base, chows, pair):
            yield (meld(CHOW, tile), *rest)
        for j in (i, i + 1, i + 2):
            work[j] += 1


def arrangements(counts: list[int]) -> list[tuple[Meld, ...]]:
    """Every split of concealed counts (34 kinds) into sets and exactly one pair, pair first."""
    per_suit = []
    pairs = 0
    for start, stop, chows in _SUITS:
        held = tuple(counts[start:stop])
        size = sum(held)
        if size % 3 == 1:
            return []
        pairs += size % 3 == 2
        if size:
            splits = _suit_splits(start, held, chows)
            if not splits:
                return []
            per_suit.append(splits)
    if pairs != 1:
        return []
    combined: list[tuple[Meld, ...]] = [()]
    for splits in per_suit:
        combined = [done + split for done in combined for split in splits]
    return [tuple(sorted(c, key=lambda m: m.kind is not PAIR)) for c in combined]


# ---------------------------------------- readings of a winning hand


def standard_readings(hand: Hand, context: Context) -> list[Reading]:
    """Every reading of a winning hand as four sets and a pair."""
    winning = hand.winning_tile
    assert winning is not None
    counts = hand.concealed_counts()
    declared = hand.melds
    offset = len(declared)
    readings = []
    for arranged in arrangements(counts):
        seen: set[Meld] = set()
        for j, candidate in enumerate(arranged):
            if candidate in seen or winning not in candidate.tiles:
                continue
            seen.add(candidate)
            melds = declared + arranged
            if not context.self_drawn:
                melds = (
                    declared
                    + arranged[:j]
                    + (meld(candidate.kind, candidate.tile, True),)
                    + arranged[j + 1 :]
                )
            concealed = not any(m.exposed for m in melds)
            readings.append(Reading("standard", melds, offset + j, concealed))
    return readings


def pairs_reading(hand: Hand, context: Context, pattern: str) -> Reading:
    """A seven-pairs style reading: the concealed tiles as pairs (no declared melds)."""
    winning = hand.winning_tile
    counts = hand.concealed_counts()
    pairs: list[Meld] = []
    index = -1
    for tile in range(PLAIN_KINDS):
        for _ in range(counts[tile] // 2):
            exposed = tile == winning and index < 0 and not context.self_drawn
            if tile == winning and index < 0:
                index = len(pairs)
            pairs.append(meld(PAIR, tile, exposed))
    return Reading(pattern, tuple(pairs), index, context.self_drawn)


def special_reading(hand: Hand, context: Context, pattern: str) -> Reading:
    """A reading of a special shape that has no sets to score (Thirteen Orphans, Knitting...)."""
    concealed = context.self_drawn and not any(m.exposed for m in hand.melds)
    return Reading(pattern, hand.melds, -1, concealed)


# ---------------------------------------- losing hands


def loser_melds(hand: Hand) -> tuple[Meld, ...]:
    """A losing hand's melds: the declared ones, then a pung of every three or four alike and a
    pair of every two alike among the concealed tiles (the split that scores most; chows score
    nothing, and four alike undeclared tiles are a pung and a single, never a kong)."""
    counts = hand.concealed_counts()
    melds = list(hand.melds)
    for tile in range(PLAIN_KINDS):
        n = counts[tile]
        if n >= 3:
            melds.append(meld(PUNG, tile))
        elif n == 2:
            melds.append(meld(PAIR, tile))
    return tuple(melds)


def all_counts(hand: Hand) -> list[int]:
    """Counts of every suit tile and honour in the hand (kongs count four, bonus tiles none)."""
    counts = hand.concealed_counts()
    for m in hand.melds:
        for tile in m.tiles:
            counts[tile] += 1
    return counts


def suits_present(counts: list[int]) -> tuple[int, bool]:
    """How many of the three suits the tiles use, and whether there is an honour."""
    suits = sum(1 for base in (0, 9, 18) if any(counts[base : base + 9]))
    return suits, any(counts[SUITED_KINDS:PLAIN_KINDS])
