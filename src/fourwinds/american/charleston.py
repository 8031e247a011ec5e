"""The Charleston: the stages of passing before play, and how one pass moves the tiles.

Seed 001 part 2 and reference 3.2: the first Charleston is compulsory, right, across, left, three
tiles each; a second one (left, across, right) only if every player agrees; then a courtesy
pass across of 0 to 3 tiles, the smaller number of each pair. No joker is ever passed. A blind
pass, on the first left and the last right only, passes on one to three of the incoming tiles
unseen and makes up the rest from one's own hand. With three players there is no Charleston and
the courtesy pass is optional (seed 001 part 8).

>>> [stage.name for stage in FIRST + (VOTE,) + SECOND]
['first-right', 'first-across', 'first-left', 'vote', 'second-left', 'second-across', \
'second-right']
>>> # West passes on blind all three tiles South gives her; North keeps them.
>>> own = {0: [1, 2, 3], 1: [10, 11, 12], 2: [], 3: [20, 21, 22]}
>>> received = blind_pass(own, {2: 3}, RIGHT, 4)
>>> received[2], received[3], received[0], received[1]
([], [10, 11, 12], [20, 21, 22], [1, 2, 3])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, NamedTuple

from fourwinds.tiles import Tile

RIGHT: Final = 1
"""A tile passed right goes to the next seat in playing order (East to South)."""
ACROSS: Final = 2
LEFT: Final = 3
DIRECTIONS: Final = {RIGHT: "right", ACROSS: "across", LEFT: "left"}
TILES: Final = 3
"""Tiles in each pass of a Charleston."""


class Stage(NamedTuple):
    """A step before play: a pass (``direction``), the vote, or the courtesy offer."""

    name: str
    direction: int = 0
    blind: bool = False
    """Whether tiles may be passed on blind (first left, last right)."""


FIRST: Final = (
    Stage("first-right", RIGHT),
    Stage("first-across", ACROSS),
    Stage("first-left", LEFT, blind=True),
)
VOTE: Final = Stage("vote")
SECOND: Final = (
    Stage("second-left", LEFT),
    Stage("second-across", ACROSS),
    Stage("second-right", RIGHT, blind=True),
)
COURTESY_OFFER: Final = Stage("courtesy-offer")
COURTESY: Final = Stage("courtesy", ACROSS)


def blind_pass(
    own: Mapping[int, Sequence[Tile]], blind: Mapping[int, int], direction: int, seats: int
) -> dict[int, list[Tile]]:
    """The tiles each seat keeps from one pass of three.

    Each seat gives its own tiles and then the first ``blind`` tiles it receives, unseen; it
    keeps the rest of what it receives. When every seat passes all three on blind, no tile
    moves (reference 3.2.4).
    """

    def outgoing(seat: int, n: int, depth: int) -> list[Tile]:
        if n == 0 or depth > seats:  # round the table with nothing of anyone's own: nothing
            return []
        mine = list(own[seat])
        if n <= len(mine):
            return mine[:n]
        source = (seat - direction) % seats
        return mine + outgoing(source, min(blind.get(seat, 0), n - len(mine)), depth + 1)

    kept: dict[int, list[Tile]] = {}
    for seat in own:
        incoming = outgoing((seat - direction) % seats, TILES, 0)
        kept[seat] = incoming[blind.get(seat, 0) :]
    return kept
