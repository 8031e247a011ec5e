"""A seat's view and a family's actions as fixed-shape arrays, for learning agents.

An observation is one flat ``uint8`` array made of named fields (``Encoding.fields``; the table
of them is in docs/rl.md), so that it suits any learning library as it is, and
``Encoding.unpack`` gives the fields back by name and shape. Every field is read from the seat's
view, never from the deal, so nothing the seat may not see can reach it. Seats are relative to
the observer: 0 the seat itself, 1 the next in playing order (on its right), 2 across, 3 on its
left. A tile is a column 0-42 (``fourwinds.tiles``: 0-8 characters, 9-17 dots, 18-26 bamboo,
27-30 winds, 31-33 dragons, 34-41 flowers and seasons, 42 the joker).

The action space is fixed per family: ``Encoding.actions`` holds one action for each index
(``Encoding.names`` their text), and ``mask`` marks the legal ones. What differs between
families (their melds, their own fields, their actions) a family writes in a subclass, which
its family object returns from ``Family.encoding``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from fourwinds.rules import RuleSet
from fourwinds.tiles import KINDS, Tile
from fourwinds.turns import SEATS

Array = npt.NDArray[np.uint8]
Mask = npt.NDArray[np.int8]

COLUMNS = KINDS
"""Tile columns: every kind, the bonus tiles and the joker included."""
EXPOSED, CONCEALED, FACE_DOWN = 1, 2, 3
"""A meld's state, in the last column of its row (0: no meld)."""
DEALT = 13
"""Tiles every player is dealt before play: what cannot be discarded by anyone."""

_PLUS_ONE = bytes(range(1, 256)) + b"\x00"
"""``bytes.translate`` table that adds 1: a discarded tile as written in ``discards``."""


class EncodedView(Protocol):
    """What the encoding reads of every family's view (``fourwinds.turns.SeatWindow``)."""

    @property
    def seat(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def current(self) -> int: ...
    @property
    def drawn(self) -> Tile | None: ...
    @property
    def discard(self) -> Tile | None: ...
    @property
    def live_left(self) -> int: ...
    @property
    def hand(self) -> tuple[Tile, ...]: ...
    @property
    def legal_actions(self) -> Sequence[Any]: ...
    def discard_bytes(self, seat: int) -> tuple[bytes, bytes]: ...
    def concealed_count(self, seat: int) -> int: ...


V = TypeVar("V", bound=EncodedView)
A = TypeVar("A", bound=Hashable)


@dataclass(frozen=True)
class Field:
    """A named part of the observation: its shape, its highest value, and what it holds."""

    name: str
    shape: tuple[int, ...]
    high: int | Sequence[int]
    """One highest value, or one per element of the last axis."""
    doc: str
    offset: int = 0

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


class Encoding(ABC, Generic[V, A]):
    """The observation and action space of one rule set, and the encoding of its views."""

    phases: ClassVar[tuple[str, ...]]
    """The family's phases, in the order of their numbers in ``table``."""
    melds_max: ClassVar[int] = 4
    """Melds a seat can hold at most: room for four sets."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.actions: tuple[A, ...] = tuple(self._actions())
        self.names = tuple(self._name(action) for action in self.actions)
        """Each action's text, for people."""
        self.indices = {action: index for index, action in enumerate(self.actions)}
        self.discards_max = sum(rules.tile_counts) - DEALT * rules.players
        """No seat can discard more than the tiles that are not dealt: a safe bound."""
        copies = list(rules.tile_counts)
        fields = [
            Field("hand", (COLUMNS,), copies, "the seat's concealed tiles, as counts"),
            Field("drawn", (COLUMNS,), 1, "the tile the seat just drew"),
            Field("claimable", (COLUMNS,), 1, "the last discard while it is up for a claim"),
            Field(
                "melds",
                (SEATS, self.melds_max, COLUMNS + 1),
                [*copies, FACE_DOWN],
                "each seat's melds in the order declared: counts of their tiles, then the "
                "state (1 exposed, 2 concealed, 3 face down, 0 no meld)",
            ),
            Field("bonus", (SEATS, COLUMNS), 1, "each seat's bonus tiles"),
            Field(
                "discards",
                (SEATS, self.discards_max, 2),
                [KINDS, 1],
                "each seat's discards in order: the tile + 1 (0: none yet), and whether it "
                "was claimed",
            ),
            Field(
                "table",
                (8,),
                [SEATS - 1, SEATS - 1, 255, len(self.phases) - 1, SEATS - 1, 1, 1, 1],
                "the seat's wind (0 East), the prevailing wind, tiles left in the live wall, "
                "the phase, the seat to play or whose discard is up (relative), and whether "
                "each other seat is at the table",
            ),
            Field(
                "concealed",
                (SEATS,),
                255,
                "how many concealed tiles each seat holds",
            ),
            *self._family_fields(),
        ]
        offset = 0
        self.fields: dict[str, Field] = {}
        for field in fields:
            self.fields[field.name] = Field(field.name, field.shape, field.high, field.doc, offset)
            offset += field.size
        self.size = offset
        high = np.zeros(self.size, np.uint8)
        for field in self.fields.values():
            part = high[field.offset : field.offset + field.size].reshape(field.shape)
            part[...] = np.asarray(field.high, np.uint8)
        self.high = high
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0, high, (self.size,), np.uint8),
                "action_mask": spaces.Box(0, 1, (len(self.actions),), np.int8),
            }
        )
        self.action_space = spaces.Discrete(len(self.actions))
        self._phase_numbers = {phase: number for number, phase in enumerate(self.phases)}
        self.at = {name: field.offset for name, field in self.fields.items()}
        """Where each field begins in an observation."""

    # ---------------------------------------------------------------- what a family writes

    @abstractmethod
    def _actions(self) -> Sequence[A]:
        """One action for each index of the action space, in order."""

    def index(self, action: A, seat: int) -> int:
        """The index of a legal action of ``seat``."""
        return self.indices[action]

    @abstractmethod
    def melds(self, view: V, seat: int) -> Iterable[tuple[Sequence[Tile], int]]:
        """Each meld of ``seat`` as the view shows it: its tiles and its state."""

    def _name(self, action: A) -> str:
        """An action's text in ``names``."""
        return str(action)

    def bonus(self, view: V, seat: int) -> Sequence[Tile]:
        """The bonus tiles ``seat`` has shown (none in a family without them)."""
        return ()

    def prevailing_wind(self, view: V) -> int:
        return 0

    def present(self, view: V, seat: int) -> bool:
        """Whether ``seat`` is at the table (an American table of three has an empty one)."""
        return seat < self.rules.players

    def hand_counts(self, view: V) -> Sequence[int]:
        """The seat's concealed tiles as counts, by tile (a family may read them faster)."""
        counts = [0] * COLUMNS
        for tile in view.hand:
            counts[tile] += 1
        return counts

    def _family_fields(self) -> list[Field]:
        """The family's own fields, after the common ones."""
        return []

    def _encode_family(self, view: V, out: bytearray) -> None:
        """Write the family's own fields (``at`` gives where each begins in ``out``)."""

    # ---------------------------------------------------------------- encoding

    def part(self, observation: Array, name: str) -> Array:
        """The field ``name`` of an observation, in its shape (a view of it)."""
        field = self.fields[name]
        return observation[field.offset : field.offset + field.size].reshape(field.shape)

    def unpack(self, observation: Array) -> dict[str, Array]:
        """Every field of an observation by name, in its shape."""
        return {name: self.part(observation, name) for name in self.fields}

    def encode(self, view: V) -> Array:
        """The observation of the seat whose view this is. Written byte by byte into a
        bytearray: an observation is a few dozen values, for which numpy's calls cost more."""
        out = bytearray(self.size)
        at = self.at
        seat = view.seat
        counts = self.hand_counts(view)
        start = at["hand"]
        out[start : start + len(counts)] = counts
        drawn, discard = view.drawn, view.discard
        if drawn is not None:
            out[at["drawn"] + drawn] = 1
        if discard is not None:
            out[at["claimable"] + discard] = 1
        row_size, most = COLUMNS + 1, self.discards_max
        melds_at, bonus_at, discards_at = at["melds"], at["bonus"], at["discards"]
        concealed_at = at["concealed"]
        for relative in range(SEATS):
            other = (seat + relative) % SEATS
            row = melds_at + relative * self.melds_max * row_size
            for tiles, state in self.melds(view, other):
                for tile in tiles:
                    out[row + tile] += 1
                out[row + COLUMNS] = state
                row += row_size
            start = bonus_at + relative * COLUMNS
            for tile in self.bonus(view, other):
                out[start + tile] = 1
            tiles, claimed = view.discard_bytes(other)
            place = discards_at + relative * most * 2
            end = place + 2 * len(tiles)
            out[place:end:2] = tiles.translate(_PLUS_ONE)
            out[place + 1 : end : 2] = claimed
            out[concealed_at + relative] = view.concealed_count(other)
        table = at["table"]
        out[table : table + 5] = (
            seat,
            self.prevailing_wind(view),
            min(view.live_left, 255),
            self._phase_numbers[view.phase],
            (view.current - seat) % SEATS,
        )
        for relative in (1, 2, 3):
            out[table + 4 + relative] = self.present(view, (seat + relative) % SEATS)
        self._encode_family(view, out)
        return np.frombuffer(out, np.uint8)

    # ---------------------------------------------------------------- actions

    def mask(self, legal: Iterable[A], seat: int) -> Mask:
        """1 at the index of every legal action of ``seat``."""
        mask = np.zeros(len(self.actions), np.int8)
        index = self.index
        mask[[index(action, seat) for action in legal]] = 1
        return mask

    def action(self, index: int, seat: int, legal: Sequence[A]) -> A | None:
        """The legal action of ``seat`` at ``index``; None when no legal action is there
        (``canonical`` names the action the index stands for)."""
        chosen = self.canonical(index, seat)
        if chosen in legal:
            return chosen
        for action in legal:
            if self.index(action, seat) == index:
                return action
        return None

    def canonical(self, index: int, seat: int) -> A:
        """The action at ``index`` for ``seat`` (a family whose actions name a seat makes it
        absolute here); ``index`` must be in the action space."""
        return self.actions[index]
