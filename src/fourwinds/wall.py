"""The wall: four sides of stacks two tiles high, the dice, the break, and both ends of the wall.

Stacks are numbered round the table in playing direction (counter-clockwise): side ``k`` belongs
to the seat with wind ``k`` (0 East .. 3 North) and holds stacks ``k*S`` to ``k*S + S - 1``,
numbered from its owner's left to right. A player's right-hand end meets the left-hand end of the
player on their right, so "from the left towards the right and round the corner" is +1.

Tiles leave from two ends: the live end (draws) and the replacement end (loose tiles after a kong
or a bonus tile). How the wall is broken, and so where both ends start, is the rule set's
``wall_layout``:

- ``ClassicalLayout`` (seed 000): East's two dice pick the dealer (East counts as one, round the
  table); the dealer's two dice plus East's give the break, counted in stacks from the left of the
  dealer's wall round the corner. That stack's two tiles are the loose tiles, laid on the two
  stacks to its left; with the next stacks to the left they form the kong box (14 tiles), drawn
  loose tiles first. Draws start to the right of the break. The kong box is never refilled.
- ``HongKongLayout`` (seed 002): three dice; counting East as one, the total picks a side, and
  that many stacks are counted from the right end of it. Draws start at the last stack counted and
  go right; replacements come from the back end, to the left of the break, and the last 14 tiles
  are the dead wall. It is "always 14 tiles long no matter how many tiles you've drawn from it":
  each replacement is made good from the live wall, so a replacement needs a live tile, and the
  hand is drawn when only the 14 are left.
- ``AmericanLayout`` (seed 001): East rolls two dice and counts that many stacks from the right
  end of her own wall; they stay there and are drawn last. The deal starts with the next stack to
  their left and goes on clockwise (into the wall on East's left); every tile may be drawn and
  there are no replacements.
- ``BeginnerLayout`` (seed 003): three dice pick the side the same way; stacks are counted
  clockwise (-1) from its right end; the deal starts with the next stack after the last one
  counted and goes on clockwise; replacements come from the other end, and every tile may be
  drawn.

>>> import random
>>> from fourwinds.rules import get_rules
>>> wall = Wall.build(get_rules("classical"), random.Random(7))
>>> wall.live_left(), wall.replacements_left()
(130, 14)
"""

from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fourwinds.chance import shuffle
from fourwinds.tiles import Tile

if TYPE_CHECKING:
    from fourwinds.rules import RuleSet

STACK_HEIGHT = 2
SIDES = 4
"""Four walls, one in front of each wind, whether three or four play."""


@dataclass(frozen=True, slots=True)
class Break:
    """The dice and where the wall was broken; public to every seat."""

    dice: tuple[tuple[int, ...], ...]
    """Each roll in order (Classical: East's roll, then the dealer's)."""
    side: int
    """The wind of the seat whose wall was broken."""
    stack: int
    """The stack of the break, 1-based from the left of that side."""
    dealer: int
    """The seat that broke the wall and dealt (Classical: picked by East's roll; else East)."""


@functools.lru_cache(maxsize=16)  # one per tile set in use
def _tile_set(tile_counts: tuple[int, ...]) -> tuple[Tile, ...]:
    """Every tile of a set in kind order, before shuffling (cached: the same for every wall)."""
    return tuple(kind for kind, n in enumerate(tile_counts) for _ in range(n))


@functools.lru_cache(maxsize=16)  # one per wall size and direction
def _ring_order(ring: int, step: int) -> list[int]:
    """Stack positions twice round the ring in direction ``step``, each once per tile (cached:
    every wall slices its two ends out of it)."""
    return [
        (step * (i // STACK_HEIGHT)) % ring if step > 0 else (ring - 1 - i // STACK_HEIGHT) % ring
        for i in range(2 * ring * STACK_HEIGHT)
    ]


class Wall:
    """The wall of one hand. Tile order is private: only counts and heights ever leave it."""

    __slots__ = (
        "_back",
        "_back_at",
        "_box",
        "_front",
        "_front_at",
        "_remaining",
        "_reserve",
        "break_",
        "stacks",
    )

    def __init__(
        self,
        stacks: list[list[Tile]],
        front: list[int],
        back: list[int],
        break_: Break,
        box: int | None = None,
        reserve: int = 0,
    ) -> None:
        self.stacks = stacks
        """Each stack bottom first; ``pop()`` takes the top tile."""
        self.break_ = break_
        self._front, self._back = front, back
        self._front_at = self._back_at = 0
        self._remaining = sum(map(len, stacks))
        self._box = box
        """Tiles left in a separate kong box (Classical); None when both ends share the wall."""
        self._reserve = reserve
        """Tiles that must stay in the wall: the dead wall (Hong Kong)."""

    @classmethod
    def build(cls, rules: RuleSet, rng: random.Random) -> Wall:
        """Shuffle a tile set, build the four walls, and let the rule set's layout roll the dice
        and break the wall."""
        tiles = list(_tile_set(rules.tile_counts))
        shuffle(rng.getrandbits, tiles)
        ring = SIDES * rules.stacks_per_wall
        stacks = [tiles[STACK_HEIGHT * i : STACK_HEIGHT * i + STACK_HEIGHT] for i in range(ring)]
        return rules.wall_layout.build(stacks, rules, rng)

    def live_left(self) -> int:
        """Tiles that may still be drawn from the live end."""
        if self._box is not None:
            return self._remaining - self._box
        return max(0, self._remaining - self._reserve)

    def replacements_left(self) -> int:
        """Tiles that may still be taken as replacements: the kong box (Classical); in Hong Kong
        one per live tile, which refills the dead wall to 14; elsewhere every tile left."""
        if self._box is not None:
            return self._box
        return self._remaining - self._reserve

    def kept_back(self) -> int:
        """Tiles kept back from the live wall: the kong box (Classical) or the dead wall (Hong
        Kong); 0 where replacements come from the far end of the wall (Beginner)."""
        return self._reserve if self._box is None else self._box

    @property
    def kept_back_name(self) -> str | None:
        """What the tiles kept back are called: ``kong box`` (a separate box of loose tiles),
        ``dead wall`` (tiles that stay in the wall), None when none are kept back."""
        if self._box is not None:
            return "kong box"
        return "dead wall" if self._reserve else None

    def draw(self) -> Tile:
        """Take the next tile from the live end (``_take`` written out: every turn draws)."""
        if self.live_left() <= 0:
            raise IndexError("the live wall is empty")
        stacks, order, at = self.stacks, self._front, self._front_at
        while not stacks[order[at]]:
            at += 1
        self._front_at = at + 1
        self._remaining -= 1
        return stacks[order[at]].pop()

    def draw_tiles(self, count: int) -> list[Tile]:
        """Take the next ``count`` tiles from the live end, as ``count`` draws would: the deal,
        a few tiles at a time."""
        if self.live_left() < count:
            raise IndexError("the live wall holds fewer tiles")
        stacks, order, at = self.stacks, self._front, self._front_at
        tiles = []
        for _ in range(count):
            while not stacks[order[at]]:
                at += 1
            tiles.append(stacks[order[at]].pop())
            at += 1
        self._front_at = at
        self._remaining -= count
        return tiles

    def draw_replacement(self) -> Tile:
        """Take a loose tile (Classical), or a tile from the back end of the wall."""
        if self.replacements_left() <= 0:
            raise IndexError("no replacement tile is left")
        tile, self._back_at = self._take(self._back, self._back_at)
        self._remaining -= 1
        if self._box is not None:
            self._box -= 1
        return tile

    def deal_jump(self) -> list[Tile]:
        """East's jump (Beginner): the next five tiles as East, East, South, West, North take them.

        East takes the tops of the first and third stacks, South the bottom of the first, West
        and North the second stack; the third stack's bottom tile is the next draw.
        """
        at = self._front_at
        first, second, third = (self.stacks[self._front[at + i]] for i in (0, 2, 4))
        tiles = [first.pop(), third.pop(), first.pop(), second.pop(), second.pop()]
        self._front_at = at + 4
        self._remaining -= 5
        return tiles

    def _take(self, order: list[int], at: int) -> tuple[Tile, int]:
        """The top tile of the next stack in ``order`` from ``at`` that still holds one (stacks
        may have been emptied from the other end, or by East's jump), and the place after it."""
        while not self.stacks[order[at]]:
            at += 1
        return self.stacks[order[at]].pop(), at + 1

    def heights(self) -> list[int]:
        """The height of every stack round the table: what any seat can see of the wall."""
        return [len(stack) for stack in self.stacks]


# ---------------------------------------------------------------- the layouts, one per rule text


def _roll(rng: random.Random, dice: int) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(dice))


def _run(ring: int, start: int, step: int, length: int) -> list[int]:
    """Stack positions from ``start`` in direction ``step``, each once per tile."""
    order = _ring_order(ring, step)
    first = (start if step > 0 else ring - 1 - start) % ring * STACK_HEIGHT
    return order[first : first + length]


def _three_dice(rng: random.Random, size: int) -> tuple[Break, int]:
    """Three dice pick a side, counting East as one, and that many stacks are counted from its
    right end (seeds 002 and 003): the break and the last stack counted."""
    three = _roll(rng, 3)
    count = sum(three)
    side = (count - 1) % SIDES
    counted = (side * size + size - count) % (SIDES * size)
    return Break((three,), counted // size, counted % size + 1, 0), counted


class WallLayout(ABC):
    """How a rule set breaks the wall, and so where its two ends start and what is kept back
    (see the module). A rule set holds one (``RuleSet.wall_layout``)."""

    @abstractmethod
    def build(self, stacks: list[list[Tile]], rules: RuleSet, rng: random.Random) -> Wall:
        """Roll the dice and break the shuffled ``stacks``, ``rules.stacks_per_wall`` a side."""


@dataclass(frozen=True)
class ClassicalLayout(WallLayout):
    """Seed 000: two rolls, a kong box of ``rules.replacement_tiles`` with the loose tiles on
    top."""

    def build(self, stacks: list[list[Tile]], rules: RuleSet, rng: random.Random) -> Wall:
        size, ring = rules.stacks_per_wall, len(stacks)
        east_roll = _roll(rng, 2)
        dealer = (sum(east_roll) - 1) % SIDES
        dealer_roll = _roll(rng, 2)
        count = sum(east_roll) + sum(dealer_roll)
        opening = (dealer * size + count - 1) % ring
        loose = stacks[opening]
        stacks[opening] = []
        # The loose tiles lie on the two stacks left of the opening, drawn before the box.
        first, second = (opening - 1) % ring, (opening - 2) % ring
        stacks[first].append(loose[1])
        stacks[second].append(loose[0])
        box_stacks = (rules.replacement_tiles - STACK_HEIGHT) // STACK_HEIGHT
        back = [first, second, *_run(ring, first, -1, box_stacks * STACK_HEIGHT)]
        live_stacks = ring - 1 - box_stacks
        front = _run(ring, opening + 1, 1, live_stacks * STACK_HEIGHT)
        brk = Break((east_roll, dealer_roll), opening // size, opening % size + 1, dealer)
        return Wall(stacks, front, back, brk, box=rules.replacement_tiles)


@dataclass(frozen=True)
class AmericanLayout(WallLayout):
    """Seed 001: two dice count stacks from the right end of East's wall; the deal goes on
    clockwise and no tile is kept back."""

    def build(self, stacks: list[list[Tile]], rules: RuleSet, rng: random.Random) -> Wall:
        size, ring = rules.stacks_per_wall, len(stacks)
        two = _roll(rng, 2)
        counted = size - sum(two)  # the last stack counted from the right end of East's wall
        brk = Break((two,), 0, counted + 1, 0)
        return Wall(stacks, _run(ring, counted - 1, -1, ring * STACK_HEIGHT), [], brk, box=0)


@dataclass(frozen=True)
class HongKongLayout(WallLayout):
    """Seed 002: three dice; draws go right from the break, replacements from the back end, and
    a dead wall of ``rules.replacement_tiles`` stays."""

    def build(self, stacks: list[list[Tile]], rules: RuleSet, rng: random.Random) -> Wall:
        ring = len(stacks)
        brk, counted = _three_dice(rng, rules.stacks_per_wall)
        front = _run(ring, counted, 1, ring * STACK_HEIGHT)
        back = _run(ring, counted - 1, -1, ring * STACK_HEIGHT)
        return Wall(stacks, front, back, brk, reserve=rules.replacement_tiles)


@dataclass(frozen=True)
class BeginnerLayout(WallLayout):
    """Seed 003: three dice; the deal goes on clockwise after the stacks counted, replacements
    come from the other end, and every tile may be drawn."""

    def build(self, stacks: list[list[Tile]], rules: RuleSet, rng: random.Random) -> Wall:
        ring = len(stacks)
        brk, counted = _three_dice(rng, rules.stacks_per_wall)
        front = _run(ring, counted - 1, -1, ring * STACK_HEIGHT)
        back = _run(ring, counted, 1, ring * STACK_HEIGHT)
        return Wall(stacks, front, back, brk)
