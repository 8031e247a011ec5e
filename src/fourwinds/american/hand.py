"""American hands in notation: concealed tiles with jokers, and exposures that hold jokers.

The notation is the project's (docs/notation.md) with two additions for American play: ``J`` may
stand among concealed tiles, and an exposure ``[...]`` is three to six alike tiles where jokers
may stand in for all but the called one (``[55mJ]``, ``[5JJ5m]``, ``[13fJ]``). Flowers match
alike, so ``[13fJ]`` is a pung of flowers. The winning tile may be marked last with ``+``.

>>> hand = AmericanHand.parse("[5JJ5m] 2m5z2m6m 1234f J +6m")
>>> str(hand)
'[55mJJ] 226m 5z 1234f J +6m'
>>> hand.exposures[0]
Exposure.parse('[55mJJ]')
>>> hand.jokers(), len(hand.tiles())
(3, 14)
>>> AmericanHand.parse("[55m6m]")
Traceback (most recent call last):
...
fourwinds.tiles.NotationError: no exposure: 3 to 6 alike tiles or jokers at column 1: '[55m6m]'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, NamedTuple

from fourwinds.american.card import FLOWER, HAND_SIZE
from fourwinds.tile_art import tiles_svg
from fourwinds.tiles import (
    FIRST_FLOWER,
    JOKER,
    KINDS,
    NotationError,
    Tile,
    format_tiles,
    scan_tiles,
    suit,
    tile_name,
)

KIND_COUNT: Final = FLOWER + 1
"""Kinds the matcher counts: suits, honours, and the flowers folded into one."""
MAX_EXPOSURE: Final = 6
"""A sextet: the largest exposure of identical tiles (reference 3.3)."""
_GROUP: Final = re.compile(r"\S+")


def kind(tile: Tile) -> Tile:
    """The tile's kind for matching: every flower is the same."""
    return FLOWER if FIRST_FLOWER <= tile < JOKER else tile


class Exposure(NamedTuple):
    """An exposed set: its natural tiles (at least the called one) and its jokers."""

    naturals: tuple[Tile, ...]
    jokers: int = 0

    @property
    def tile(self) -> Tile:
        """The kind the exposure is made of (flowers folded)."""
        return kind(self.naturals[0])

    @property
    def size(self) -> int:
        return len(self.naturals) + self.jokers

    def tiles(self) -> list[Tile]:
        return [*self.naturals, *[JOKER] * self.jokers]

    def _repr_svg_(self) -> str:
        """The exposure drawn as at the table, for notebooks."""
        return tiles_svg([self.tiles()])

    def __str__(self) -> str:
        return f"[{format_tiles(self.naturals)}{'J' * self.jokers}]"

    def __repr__(self) -> str:
        return f"Exposure.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str, offset: int = 0) -> Exposure:
        """Read ``[...]``; jokers may stand anywhere inside it.

        >>> Exposure.parse("[5J5m]") == Exposure.parse("[55mJ]")
        True
        """
        fault = "no exposure: 3 to 6 alike tiles or jokers"
        if len(text) < 2 or text[0] != "[" or text[-1] != "]":
            raise NotationError("an exposure is written in brackets", text, offset)
        inner = text[1:-1]
        jokers = inner.count("J")
        scanned = scan_tiles(inner.replace("J", ""), offset + 1)
        naturals = tuple(tile for tile, _ in scanned)
        if (
            not naturals
            or len({kind(t) for t in naturals}) != 1
            or not 3 <= len(naturals) + jokers <= MAX_EXPOSURE
        ):
            raise NotationError(fault, text, offset)
        return cls(naturals, jokers)


@dataclass(frozen=True, slots=True)
class AmericanHand:
    """Concealed tiles (jokers included) in written order, exposures, and the winning tile."""

    concealed: tuple[Tile, ...]
    exposures: tuple[Exposure, ...] = ()
    winning_tile: Tile | None = None

    @classmethod
    def parse(cls, text: str) -> AmericanHand:
        """Parse a hand; faults raise NotationError with the column."""
        concealed: list[Tile] = []
        exposures: list[Exposure] = []
        winning: Tile | None = None
        seen = [0] * KINDS
        for match in _GROUP.finditer(text):
            group, start = match.group(), match.start()
            if winning is not None:
                raise NotationError("the winning tile must come last", text, start)
            if group[0] == "[":
                try:
                    exposure = Exposure.parse(group, start)
                except NotationError as error:
                    raise NotationError(error.reason, text, error.position) from None
                exposures.append(exposure)
                tiles = exposure.tiles()
            elif group[0] == "+":
                tiles = [tile for tile, _ in scan_tiles(group[1:], start + 1)]
                if len(tiles) != 1:
                    raise NotationError("+ must be followed by one winning tile", text, start)
                winning = tiles[0]
            else:
                tiles = [tile for tile, _ in scan_tiles(group, start)]
                concealed.extend(tiles)
            for tile in tiles:
                seen[tile] += 1
                if seen[tile] > _copies(tile):
                    raise NotationError(
                        f"more than {_copies(tile)} of {tile_name(tile)}", text, start
                    )
        hand = cls(tuple(concealed), tuple(exposures), winning)
        if hand.size() > HAND_SIZE:
            raise NotationError(f"too many tiles: {hand.size()}", text, len(text.rstrip()))
        if winning is not None and hand.size() != HAND_SIZE:
            raise NotationError(
                f"a winning hand has {HAND_SIZE} tiles, this one has {hand.size()}",
                text,
                len(text.rstrip()),
            )
        return hand

    def size(self) -> int:
        return len(self.tiles())

    def _repr_svg_(self) -> str:
        """The hand drawn as at the table, for notebooks: exposures, concealed tiles (sorted),
        the winning tile."""
        winning = [] if self.winning_tile is None else [self.winning_tile]
        exposures = [exposure.tiles() for exposure in self.exposures]
        return tiles_svg([*exposures, sorted(self.concealed), winning])

    def tiles(self) -> list[Tile]:
        """Every tile of the hand, the winning tile included."""
        tiles = list(self.concealed)
        for exposure in self.exposures:
            tiles.extend(exposure.tiles())
        if self.winning_tile is not None:
            tiles.append(self.winning_tile)
        return tiles

    def concealed_tiles(self) -> list[Tile]:
        """The concealed tiles with the winning tile."""
        extra = [] if self.winning_tile is None else [self.winning_tile]
        return [*self.concealed, *extra]

    def jokers(self) -> int:
        """Jokers anywhere in the hand: none makes a jokerless hand."""
        return self.tiles().count(JOKER)

    def __str__(self) -> str:
        groups = [str(exposure) for exposure in self.exposures]
        run: list[Tile] = []
        for tile in sorted(self.concealed):
            if run and suit(run[-1]) != suit(tile):
                groups.append(format_tiles(run))
                run = []
            run.append(tile)
        if run:
            groups.append(format_tiles(run))
        if self.winning_tile is not None:
            groups.append("+" + tile_name(self.winning_tile))
        return " ".join(groups)

    def __repr__(self) -> str:
        """The notation, which reads back to this hand once its concealed tiles are sorted (as
        a deal's are): the notation writes them sorted."""
        return f"AmericanHand.parse({str(self)!r})"


def _copies(tile: Tile) -> int:
    """The 152-tile set: one of each numbered flower, eight jokers, four of the rest."""
    if tile == JOKER:
        return 8
    return 1 if FIRST_FLOWER <= tile < JOKER else 4
