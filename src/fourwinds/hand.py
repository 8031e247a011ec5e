"""Melds and hands in notation.

A hand is written as space-separated groups: plain groups are concealed tiles, ``[...]`` is a meld
exposed by claiming a discard, ``{...}`` a concealed kong declared from the wall, a group of
bonus tiles stands alone, and the winning tile comes last after ``+``.

>>> hand = Hand.parse("[555z] [1111m] 444p 23s 77z 8f +4s")
>>> str(hand)
'[555z] [1111m] 444p 23s 77z 8f +4s'
>>> hand.melds[1]
Meld.parse('[1111m]')
>>> eval(repr(hand)) == hand and eval(repr(hand.melds[1])) == hand.melds[1]
True
>>> len(hand.tiles())
16
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Final

from fourwinds.tile_art import tiles_svg
from fourwinds.tiles import (
    JOKER,
    KINDS,
    PLAIN_KINDS,
    NotationError,
    Tile,
    format_tiles,
    is_bonus,
    is_suited,
    parse_tiles,
    scan_tiles,
    suit,
    tile_name,
)


class MeldKind(Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"


@dataclass(frozen=True, slots=True)
class Meld:
    """A set (chow, pung, kong) or the pair; ``tile`` is its lowest tile.

    ``exposed`` melds were completed with a claimed discard (or by adding to an exposed pung);
    a concealed kong is declared but stays concealed for scoring.
    """

    kind: MeldKind
    tile: Tile
    exposed: bool = False

    def _repr_svg_(self) -> str:
        """The meld drawn as at the table, for notebooks."""
        return tiles_svg([self.tiles])

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is MeldKind.CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * SIZES[self.kind]

    def __str__(self) -> str:
        text = format_tiles(self.tiles)
        if self.exposed:
            return f"[{text}]"
        if self.kind is MeldKind.KONG:
            return f"{{{text}}}"
        return text

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read one meld as a hand writes it, so that ``repr`` reads back: ``[...]`` exposed,
        ``{...}`` a concealed kong, bare tiles a concealed chow, pung or pair.

        >>> Meld.parse("55z").kind
        <MeldKind.PAIR: 'pair'>
        >>> Meld.parse("1111m")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        fourwinds.tiles.NotationError: a concealed kong, and nothing else, is written in braces...
        """
        text = text.strip()
        closing = {"[": "]", "{": "}"}.get(text[:1])
        if closing is not None and text[-1] != closing:
            raise NotationError(f"{text[0]} without its {closing}", text, 0)
        tiles = parse_tiles(text[1:-1], 1) if closing else parse_tiles(text)
        exposed = closing == "]"
        if len(tiles) == 2 and tiles[0] == tiles[1]:
            meld: Meld | None = cls(MeldKind.PAIR, tiles[0], exposed)
        else:
            meld = cls.of(tiles, exposed) if tiles else None
        if meld is None or max(tiles) >= PLAIN_KINDS:
            raise NotationError(f"{text} is no meld", text, 0)
        if (closing == "}") != (meld.kind is MeldKind.KONG and not exposed):
            raise NotationError("a concealed kong, and nothing else, is written in braces", text, 0)
        return meld

    @classmethod
    def of(cls, tiles: list[Tile], exposed: bool) -> Meld | None:
        """The meld these tiles form, or None when they form no chow, pung or kong."""
        first = min(tiles)
        if len(set(tiles)) == 1 and len(tiles) in (3, 4):
            kind = MeldKind.PUNG if len(tiles) == 3 else MeldKind.KONG
            return cls(kind, first, exposed)
        if (
            len(tiles) == 3
            and is_suited(first)
            and first % 9 <= 6
            and sorted(tiles) == [first, first + 1, first + 2]
        ):
            return cls(MeldKind.CHOW, first, exposed)
        return None


SIZES: Final = {MeldKind.CHOW: 3, MeldKind.PUNG: 3, MeldKind.KONG: 4, MeldKind.PAIR: 2}

WINNING_SIZE: Final = 14
"""Tiles in a complete hand, counting each kong as three and no bonus tile."""

_GROUP = re.compile(r"\S+")


def copies_allowed(tile: Tile) -> int:
    """How many of a kind a tile set holds at most: four, one of each bonus tile, eight jokers."""
    if tile == JOKER:
        return 8
    return 1 if is_bonus(tile) else 4


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand in notation: concealed tiles in written order, declared melds, bonus tiles and
    the winning tile (None for a losing hand)."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Tile, ...] = ()
    winning_tile: Tile | None = None

    def _repr_svg_(self) -> str:
        """The hand drawn as at the table, for notebooks: its melds, its concealed tiles, its
        bonus tiles and the winning tile, each apart."""
        winning = () if self.winning_tile is None else (self.winning_tile,)
        groups = [*(meld.tiles for meld in self.melds), self.concealed, self.bonus, winning]
        return tiles_svg(groups)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Parse a hand; a malformed one raises NotationError naming the column and the fault.

        >>> Hand.parse("[124m] 5p")
        Traceback (most recent call last):
        ...
        fourwinds.tiles.NotationError: [124m] is no chow, pung or kong at column 1: '[124m] 5p'
        """
        concealed: list[Tile] = []
        melds: list[Meld] = []
        bonus: list[Tile] = []
        winning: Tile | None = None
        seen = [0] * KINDS
        for match in _GROUP.finditer(text):
            group, start = match.group(), match.start()
            if winning is not None:
                raise NotationError("the winning tile must come last", text, start)
            if group[0] in "[{":
                closing = "]" if group[0] == "[" else "}"
                if group[-1] != closing:
                    raise NotationError(f"{group[0]} without its {closing}", text, start)
                scanned = scan_tiles(group[1:-1], start + 1)
                tiles = [tile for tile, _ in scanned]
                meld = Meld.of(tiles, exposed=group[0] == "[") if tiles else None
                if meld is None:
                    raise NotationError(f"{group} is no chow, pung or kong", text, start)
                if closing == "}" and meld.kind is not MeldKind.KONG:
                    raise NotationError(f"{group} in braces must be a concealed kong", text, start)
                melds.append(meld)
            elif group[0] == "+":
                scanned = scan_tiles(group[1:], start + 1)
                tiles = [tile for tile, _ in scanned]
                if len(tiles) != 1 or is_bonus(tiles[0]):
                    raise NotationError("+ must be followed by one winning tile", text, start)
                winning = tiles[0]
            else:
                scanned = scan_tiles(group, start)
                tiles = [tile for tile, _ in scanned]
                bonus_count = sum(map(is_bonus, tiles))
                if bonus_count == len(tiles):
                    bonus.extend(tiles)
                elif bonus_count:
                    raise NotationError("bonus tiles stand in a group of their own", text, start)
                else:
                    concealed.extend(tiles)
            for tile, column in scanned:
                seen[tile] += 1
                if seen[tile] > copies_allowed(tile):
                    ordinal = "fifth" if copies_allowed(tile) == 4 else "extra"
                    raise NotationError(f"a {ordinal} copy of {tile_name(tile)}", text, column)
        hand = cls(tuple(concealed), tuple(melds), tuple(bonus), winning)
        size = hand.size()
        end = len(text.rstrip())
        if size > WINNING_SIZE:
            raise NotationError(f"too many tiles: {size}", text, end)
        if winning is not None and size != WINNING_SIZE:
            raise NotationError(
                f"a winning hand has {WINNING_SIZE} tiles (a kong counts as three), "
                f"this one has {size}",
                text,
                end,
            )
        if winning is None and size == WINNING_SIZE:
            raise NotationError("winning tile missing: mark the last tile with +", text, end)
        return hand

    def size(self) -> int:
        """Tiles that count towards the 14 of a complete hand (each kong counts three)."""
        extra = 0 if self.winning_tile is None else 1
        return len(self.concealed) + 3 * len(self.melds) + extra

    def tiles(self) -> list[Tile]:
        """Every tile in the hand, bonus tiles and the winning tile included."""
        tiles = list(self.concealed)
        for meld in self.melds:
            tiles.extend(meld.tiles)
        tiles.extend(self.bonus)
        if self.winning_tile is not None:
            tiles.append(self.winning_tile)
        return tiles

    def concealed_counts(self) -> list[int]:
        """Counts of the concealed tiles, the winning tile included."""
        result = [0] * PLAIN_KINDS
        for tile in self.concealed:
            result[tile] += 1
        if self.winning_tile is not None:
            result[self.winning_tile] += 1
        return result

    def __str__(self) -> str:
        groups = [str(meld) for meld in self.melds]
        run: list[Tile] = []
        for tile in self.concealed:
            if run and suit(run[-1]) != suit(tile):
                groups.append(format_tiles(run))
                run = []
            run.append(tile)
        if run:
            groups.append(format_tiles(run))
        if self.bonus:
            groups.append(format_tiles(self.bonus))
        if self.winning_tile is not None:
            groups.append("+" + tile_name(self.winning_tile))
        return " ".join(groups)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Context:
    """How a hand was held and won: what the scorer needs beside the notation.

    Winds are 0 East .. 3 North. The flags describe the winning tile; a losing hand leaves them
    false (``calling`` marks a loser that declared it was one tile from winning).
    """

    seat_wind: int = 0
    prevailing_wind: int = 0
    self_drawn: bool = False
    loose_tile: bool = False
    """Won with a replacement tile (after a kong or a bonus tile)."""
    last_tile: bool = False
    """Won by drawing the last tile of the live wall."""
    last_discard: bool = False
    """Won on the discard that followed the last tile of the live wall."""
    robbed_kong: bool = False
    first_turn: bool = False
    """Won with no claim or kong yet made: East on the dealt tiles, another seat on its own
    first draw (self-drawn) or on East's first discard. Which of these a rule set rewards is
    its scorer's: Classical's Original Hand is East's alone (seed 004 rule 8)."""
    original_call: bool = False
    twofold_fortune: bool = False
    """Won with the replacement tile of a kong declared right after another kong."""
    calling: bool = False
