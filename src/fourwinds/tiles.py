"""Tiles as small integers, and the tile notation.

A tile is an ``int`` so that hands can be count arrays and inner loops create no objects.
The notation is a number and a suit letter; a run of numbers shares the letter that follows it.

>>> parse_tiles("123m 7z 5f")
[0, 1, 2, 33, 38]
>>> format_tiles(parse_tiles("1m2m3m7z"))
'123m7z'
>>> tile_name(EAST), tile_name(RED), tile_name(JOKER)
('1z', '7z', 'J')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

Tile = int

SUITS: Final = "mpszf"
"""Suit letters in index order: characters, dots, bamboo, honours, bonus tiles."""

CHARACTERS: Final = 0
DOTS: Final = 9
BAMBOO: Final = 18
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31
GREEN: Final = 32
RED: Final = 33
FIRST_FLOWER: Final = 34
FIRST_SEASON: Final = 38
JOKER: Final = 42

KINDS: Final = 43
"""Number of tile kinds, bonus tiles and the joker included."""
SUITED_KINDS: Final = 27
PLAIN_KINDS: Final = 34
"""Suits and honours: the kinds that make sets, and the length of a hand's count array."""

WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)
TERMINALS: Final = (0, 8, 9, 17, 18, 26)
MAJORS: Final = TERMINALS + WINDS + DRAGONS
"""The thirteen terminals and honours of Thirteen Orphans."""

_LIMITS: Final = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_BASES: Final = {"m": CHARACTERS, "p": DOTS, "s": BAMBOO, "z": EAST, "f": FIRST_FLOWER}


class NotationError(ValueError):
    """A string that is not valid notation; ``position`` is the 0-based column of the fault."""

    def __init__(self, message: str, text: str, position: int) -> None:
        super().__init__(f"{message} at column {position + 1}: {text!r}")
        self.reason = message
        self.text = text
        self.position = position


def suit(tile: Tile) -> str:
    """The suit letter: ``m``, ``p``, ``s``, ``z``, ``f`` or ``J`` for the joker."""
    if tile == JOKER:
        return "J"
    if tile < SUITED_KINDS:
        return SUITS[tile // 9]
    return "z" if tile < FIRST_FLOWER else "f"


def number(tile: Tile) -> int:
    """The number of a tile within its suit, from 1 (0 for the joker)."""
    if tile == JOKER:
        return 0
    if tile < SUITED_KINDS:
        return tile % 9 + 1
    return tile - (EAST if tile < FIRST_FLOWER else FIRST_FLOWER) + 1


def tile_name(tile: Tile) -> str:
    """One tile in notation."""
    return "J" if tile == JOKER else f"{number(tile)}{suit(tile)}"


def is_suited(tile: Tile) -> bool:
    return tile < SUITED_KINDS


def is_honour(tile: Tile) -> bool:
    return SUITED_KINDS <= tile < FIRST_FLOWER


def is_terminal(tile: Tile) -> bool:
    return tile < SUITED_KINDS and tile % 9 in (0, 8)


def is_major(tile: Tile) -> bool:
    """A terminal or an honour."""
    return is_terminal(tile) or is_honour(tile)


def is_bonus(tile: Tile) -> bool:
    """A flower or a season: exposed and replaced, never part of a set."""
    return FIRST_FLOWER <= tile < JOKER


def parse_tiles(text: str, offset: int = 0) -> list[Tile]:
    """Parse a run of tiles; spaces are allowed. ``offset`` shifts error columns.

    >>> parse_tiles("19m19p19s1234567z")[-1] == RED
    True
    >>> parse_tiles("5x")
    Traceback (most recent call last):
    ...
    fourwinds.tiles.NotationError: unknown suit letter 'x' at column 2: '5x'
    """
    return [tile for tile, _ in scan_tiles(text, offset)]


def scan_tiles(text: str, offset: int = 0) -> list[tuple[Tile, int]]:
    """Parse a run of tiles, each with the column of its number (for error messages)."""
    tiles: list[tuple[Tile, int]] = []
    pending: list[tuple[int, int]] = []  # (digit, column) waiting for their suit letter
    for column, char in enumerate(text):
        if char.isspace():
            if pending:
                raise NotationError("numbers without a suit letter", text, pending[0][1] + offset)
            continue
        if char.isdigit():
            pending.append((int(char), column))
        elif char == "J":
            if pending:
                raise NotationError("a joker takes no number", text, column + offset)
            tiles.append((JOKER, column + offset))
        elif char in _LIMITS:
            if not pending:
                raise NotationError(f"suit letter {char!r} without a number", text, column + offset)
            for digit, digit_column in pending:
                if not 1 <= digit <= _LIMITS[char]:
                    raise NotationError(
                        f"number {digit} out of range 1-{_LIMITS[char]} for suit {char!r}",
                        text,
                        digit_column + offset,
                    )
                tiles.append((_BASES[char] + digit - 1, digit_column + offset))
            pending.clear()
        elif char.isalpha():
            raise NotationError(f"unknown suit letter {char!r}", text, column + offset)
        else:
            raise NotationError(f"unexpected character {char!r}", text, column + offset)
    if pending:
        raise NotationError("numbers without a suit letter", text, pending[0][1] + offset)
    return tiles


def parse_tile(text: str) -> Tile:
    """Parse exactly one tile.

    >>> parse_tile("7z") == RED
    True
    """
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise NotationError("expected exactly one tile", text, 0)
    return tiles[0]


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Write tiles in the given order, sharing one suit letter across a run of a suit."""
    out: list[str] = []
    run_suit = ""
    for tile in tiles:
        letter = suit(tile)
        if run_suit and letter != run_suit:
            out.append(run_suit)
        if letter == "J":
            out.append("J")
            run_suit = ""
            continue
        out.append(str(number(tile)))
        run_suit = letter
    if run_suit:
        out.append(run_suit)
    return "".join(out)


def counts(tiles: Iterable[Tile], size: int = KINDS) -> list[int]:
    """A count array: how many of each kind."""
    result = [0] * size
    for tile in tiles:
        result[tile] += 1
    return result
