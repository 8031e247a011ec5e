"""Readings of a hand: its melds as the scorer sees them, for every way to arrange the tiles.

A winning hand can often be read more than one way: concealed tiles split into different sets,
and the winning tile completing different melds. A :class:`Reading` is one such way, with the
meld the winning tile completed marked and, when it was a claimed discard, exposed (a pung
completed by a discard scores as exposed). The scorers score every reading and keep the best.

The concealed tiles are split into sets and a pair by :func:`fourwinds.shapes.suit_arrangements`,
the one decomposition the engine's waits use too, cached per suit.

>>> from fourwinds.hand import Context, Hand
>>> hand = Hand.parse("[555z] [1111m] 444p 23s 77z 8f +4s")
>>> [" ".join(map(str, r.melds)) for r in standard_readings(hand, Context())]
['[555z] [1111m] 77z 444p [234s]']
>>> [str(m) for m in loser_melds(Hand.parse("[777z] 556z 12223m"))]
['[777z]', '222m', '55z']
"""

from __future__ import annotations

from typing import Final, NamedTuple

from fourwinds.hand import Context, Hand, Meld, MeldKind
from fourwinds.shapes import (
    ALL_PAIR_HONOURS,
    KNITTING,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
    TRIPLE_KNITTING,
    WRIGGLING_SNAKE,
    Suit,
    hand_suits,
    is_complete,
    meld,
    suit_arrangements,
    suit_waits,
)
from fourwinds.tiles import DRAGONS, MAJORS, PLAIN_KINDS, SUITED_KINDS, TERMINALS, WINDS, Tile

CHOW, PUNG, KONG, PAIR = MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG, MeldKind.PAIR


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


def waits_without(suits: list[Suit], tile: Tile) -> list[Tile]:
    """The kinds that complete the tiles of these suits less one ``tile`` into sets and a pair
    (what the winning tile's place in the hand could have been)."""
    suits = list(suits)
    group = min(tile // 9, 3)
    suits[group] = suits[group].fewer(tile)
    return suit_waits(suits)


# ---------------------------------------- readings of a winning hand


def standard_readings(
    hand: Hand, context: Context, tiles: HandTiles | None = None
) -> list[Reading]:
    """Every reading of a winning hand as four sets and a pair (``tiles``: the hand's tiles, when
    the caller has them already)."""
    winning = hand.winning_tile
    assert winning is not None
    if tiles is None:
        tiles = HandTiles(hand)
    declared = hand.melds
    offset = len(declared)
    self_drawn = context.self_drawn
    concealed = self_drawn and not tiles.open
    readings = []
    for arranged in suit_arrangements(tiles.suits):
        seen: list[Meld] = []
        for j, candidate in enumerate(arranged):
            tile = candidate.tile
            if candidate.kind is CHOW:
                if not tile <= winning <= tile + 2:
                    continue
            elif tile != winning:
                continue
            if candidate in seen:
                continue
            seen.append(candidate)
            if self_drawn:
                melds = declared + arranged
            else:
                won = meld(candidate.kind, tile, True)
                melds = (*declared, *arranged[:j], won, *arranged[j + 1 :])
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


def special_complete(pattern: str, counts: list[int]) -> bool:
    """Whether 14 concealed tiles form this special shape: cheap exact tests first, then
    :func:`fourwinds.shapes.is_complete` for the hands that pass them."""
    if sum(counts) != 14:
        return False
    honours = counts[SUITED_KINDS:PLAIN_KINDS]
    if pattern in (THIRTEEN_ORPHANS, ALL_PAIR_HONOURS):
        if holds_simples(counts):
            return False
    elif pattern == SEVEN_PAIRS:
        if counts.count(2) != 7:
            return False
    elif pattern == KNITTING:
        # seven couples of one value in two suits: two suits with equal counts value by value
        used = [base for base in (0, 9, 18) if any(counts[base : base + 9])]
        if any(honours) or len(used) != 2:
            return False
        a, b = used
        return counts[a : a + 9] == counts[b : b + 9]
    elif pattern == TRIPLE_KNITTING:
        # four values in all three suits and one couple: the three counts of every value are
        # equal, but for one value where one suit has one tile fewer
        if any(honours):
            return False
        uneven = 0
        for value in range(9):
            x, y, z = sorted((counts[value], counts[9 + value], counts[18 + value]))
            if x + 1 == y == z:
                uneven += 1
            elif not x == y == z:
                return False
        return uneven == 1
    elif pattern == WRIGGLING_SNAKE and (
        any(count != 1 for count in honours[:4]) or any(honours[4:])
    ):
        return False
    return is_complete(pattern, counts, 0)


def holds_simples(counts: list[int]) -> bool:
    """Whether the tiles hold a suit tile 2 to 8 (out of reach of the all-majors shapes)."""
    return any(counts[1:8]) or any(counts[10:17]) or any(counts[19:26])


# ---------------------------------------- the kinds a hand holds, as bits


def bits(tiles: tuple[Tile, ...] | list[Tile]) -> int:
    """The kinds of these tiles as bits: bit t for kind t."""
    mask = 0
    for tile in tiles:
        mask |= 1 << tile
    return mask


CHARACTER_BITS: Final = 0x1FF
DOT_BITS: Final = 0x1FF << 9
BAMBOO_BITS: Final = 0x1FF << 18
HONOUR_BITS: Final = 0x7F << 27
TERMINAL_BITS: Final = bits(TERMINALS)
MAJOR_BITS: Final = bits(MAJORS)
WIND_BITS: Final = bits(WINDS)
DRAGON_BITS: Final = bits(DRAGONS)


class HandTiles:
    """What the scorers ask of a hand's tiles, found once per hand: the concealed counts (the
    winning tile included), their four suits, and the kinds the hand holds, declared melds
    included (bit t for kind t)."""

    __slots__ = ("counts", "declared", "kinds", "open", "suits")

    def __init__(self, hand: Hand) -> None:
        self.counts = hand.concealed_counts()
        self.suits = suits = hand_suits(self.counts)
        declared = 0
        exposed = False
        for m in hand.melds:
            declared |= (7 if m.kind is CHOW else 1) << m.tile
            exposed = exposed or m.exposed
        self.declared = declared
        """The kinds in declared melds."""
        self.open = exposed
        """A declared meld is exposed."""
        self.kinds = declared | suits[0].kinds | suits[1].kinds | suits[2].kinds | suits[3].kinds


def suits_of(mask: int) -> int:
    """How many of the three suits the kinds in ``mask`` use."""
    return bool(mask & CHARACTER_BITS) + bool(mask & DOT_BITS) + bool(mask & BAMBOO_BITS)


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
