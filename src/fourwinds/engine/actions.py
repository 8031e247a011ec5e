"""Actions a seat may take, with a text form that is also their JSON form.

>>> Action.parse("discard 5m")
Action.parse('discard 5m')
>>> chow = CHOWS[parse_tiles("3p")[0]]
>>> chow, eval(repr(chow)) == chow
(Action.parse('chow 345p'), True)
>>> str(Action.parse("chow 345p"))
'chow 345p'
>>> Action.parse("chow 3p")
Traceback (most recent call last):
...
ValueError: a chow is written with its three tiles (chow 345m): 'chow 3p'
"""

from __future__ import annotations

from typing import Final, NamedTuple

from fourwinds.tiles import PLAIN_KINDS, SUITED_KINDS, Tile, format_tiles, parse_tiles, tile_name

DISCARD: Final = "discard"
CHOW: Final = "chow"
PUNG: Final = "pung"
KONG: Final = "kong"
"""Claim a discard to make an exposed kong with a concealed pung."""
CONCEALED_KONG: Final = "concealed-kong"
ADDED_KONG: Final = "added-kong"
"""Add a drawn tile to an exposed pung (the small melded kong, which may be robbed)."""
STANDING: Final = "standing"
"""Discard a tile and declare a Standing Hand (Original Call) with it: the hand is ready and will
not change again (seed 004 rule 9)."""
WIN: Final = "win"
PASS: Final = "pass"

KINDS: Final = (DISCARD, STANDING, CHOW, PUNG, KONG, CONCEALED_KONG, ADDED_KONG, WIN, PASS)
_WITH_TILE: Final = frozenset((DISCARD, STANDING, CHOW, PUNG, KONG, CONCEALED_KONG, ADDED_KONG))


class IllegalAction(ValueError):
    """An action refused by the engine; the hand is unchanged. The message names the rule."""


class Action(NamedTuple):
    """One move. ``tile`` is the tile discarded or claimed, a kong's kind, or a chow's lowest
    tile; ``win`` and ``pass`` carry none. A named tuple, so that comparing and hashing are fast.
    """

    kind: str
    tile: Tile | None = None

    def __str__(self) -> str:
        if self.tile is None:
            return self.kind
        if self.kind == CHOW:
            return f"{CHOW} {format_tiles((self.tile, self.tile + 1, self.tile + 2))}"
        return f"{self.kind} {tile_name(self.tile)}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its text form; a malformed one raises ValueError saying why."""
        kind, _, rest = text.strip().partition(" ")
        if kind not in KINDS:
            raise ValueError(f"unknown action {kind!r}; expected one of {', '.join(KINDS)}")
        if kind not in _WITH_TILE:
            if rest.strip():
                raise ValueError(f"{kind!r} takes no tile: {text!r}")
            return cls(kind)
        try:
            tiles = parse_tiles(rest)
        except ValueError as error:
            raise ValueError(f"bad tile in {text!r}: {error}") from None
        if kind == CHOW:
            if len(tiles) != 3 or sorted(tiles) != list(range(min(tiles), min(tiles) + 3)):
                raise ValueError(f"a chow is written with its three tiles (chow 345m): {text!r}")
            if not (tiles[0] < 27 and min(tiles) % 9 <= 6):
                raise ValueError(f"not a chow: {text!r}")
            return cls(kind, min(tiles))
        if len(tiles) != 1 or tiles[0] >= PLAIN_KINDS:
            raise ValueError(f"{kind!r} takes one suit or honour tile: {text!r}")
        return cls(kind, tiles[0])


# One shared action per kind and tile, so that the engine builds its lists without creating any.
DISCARDS: Final = tuple(Action(DISCARD, tile) for tile in range(PLAIN_KINDS))
STANDINGS: Final = tuple(Action(STANDING, tile) for tile in range(PLAIN_KINDS))
PUNGS: Final = tuple(Action(PUNG, tile) for tile in range(PLAIN_KINDS))
KONGS: Final = tuple(Action(KONG, tile) for tile in range(PLAIN_KINDS))
CONCEALED_KONGS: Final = tuple(Action(CONCEALED_KONG, tile) for tile in range(PLAIN_KINDS))
ADDED_KONGS: Final = tuple(Action(ADDED_KONG, tile) for tile in range(PLAIN_KINDS))
CHOWS: Final = tuple(Action(CHOW, low) for low in range(SUITED_KINDS))
"""By the chow's lowest tile."""
PASS_ACTION: Final = Action(PASS)
WIN_ACTION: Final = Action(WIN)
