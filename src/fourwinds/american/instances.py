"""A card's instances, and how far a hand is from every one of them at once.

Every line is expanded once per card into its instances (suits, numbers, dragons and winds
chosen). An instance needs, for each tile kind, some tiles of which some must be natural (those
in singles, pairs and mixed blocks); the rest sit in sets, where jokers may stand in. Since
jokers fit any set alike, counting is exact: naturals fill the natural-only places first, then
set places, and jokers fill set places that are left. An exposure must coincide with one set
group of the instance, of its tile and its size (reference 4.1), and no concealed (C) line
takes exposures.

An :class:`InstanceTable` counts the tiles away of all the instances that fit some exposures
with a few operations on Python integers, a byte per instance; an :class:`Unfilled` keeps such a
count up to date a kind at a time. The matcher (:mod:`fourwinds.american.matcher`) asks them.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterator, Sequence
from typing import Final, NamedTuple

from fourwinds.american.card import HAND_SIZE, Instance, Line
from fourwinds.american.hand import KIND_COUNT
from fourwinds.tiles import Tile

ExposureKey = tuple[Tile, int]
"""An exposure as the matcher sees it: (kind, size)."""
Needs = tuple[tuple[Tile, int, int], ...]
"""What an instance still needs, by kind: (kind, tiles in all, of which natural only)."""


class Target(NamedTuple):
    """An instance a hand may aim at: tiles away, its line, and what it still needs per kind
    (tiles in all, of which natural only), its exposures taken off."""

    tiles: int
    line: Line
    needs: Needs
    sets: tuple[ExposureKey, ...]
    """Its set groups not yet exposed: what a discard may be called for."""
    place: int
    """The instance's place in the matcher's table: the same instance whatever the hand (a bot
    notes what it learns of an instance by it)."""


_TARGET: Final = functools.partial(tuple.__new__, Target)
"""A Target from all its fields, without a call into Python."""


class Compiled(NamedTuple):
    place: int
    line: int
    concealed: bool
    items: Needs
    """What the instance needs with no exposure."""
    sets: tuple[ExposureKey, ...]
    instance: Instance


def compile_instance(place: int, line_index: int, line: Line, instance: Instance) -> Compiled:
    need: dict[Tile, int] = {}
    natural: dict[Tile, int] = {}
    sets: list[ExposureKey] = []
    for tiles, is_set in instance:
        for tile in tiles:
            need[tile] = need.get(tile, 0) + 1
            if not is_set:
                natural[tile] = natural.get(tile, 0) + 1
        if is_set:
            sets.append((tiles[0], len(tiles)))
    items = tuple((t, need[t], natural.get(t, 0)) for t in sorted(need))
    return Compiled(place, line_index, line.concealed, items, tuple(sorted(sets)), instance)


def filled_by(
    sets: tuple[ExposureKey, ...], exposures: tuple[ExposureKey, ...]
) -> dict[Tile, int] | None:
    """Tiles per kind that the exposures fill, or None when they do not coincide one for one
    with set groups of the instance."""
    left = list(sets)
    filled: dict[Tile, int] = {}
    for exposure in exposures:
        if exposure not in left:
            return None
        left.remove(exposure)
        tile, size = exposure
        filled[tile] = filled.get(tile, 0) + size
    return filled


def _kinds(needs: Needs) -> int:
    """The kinds of which some tile is still needed (bit ``kind``)."""
    return sum(1 << tile for tile, need, _ in needs if need)


NOTHING_FILLED: dict[Tile, int] = {}
OUT: Final = 0xFF
"""The byte of an instance that cannot be made (``InstanceTable.out_of_reach``), and of a guard."""
_CAP: Final = 15
"""Held tiles of one kind beyond this count the same (no instance needs more)."""


class Fits:
    """The instances that fit one set of exposures, ordered the way ``targets`` ranks equals
    (the more valuable first, then card order), with their needs once the exposures are taken
    off, each worked out when first read: the dead-hand test mostly reads one or two."""

    def __init__(self, entries: list[Compiled], exposures: tuple[ExposureKey, ...]) -> None:
        self.entries = entries
        self.exposures = exposures
        self._needs: list[Needs | None] = [None] * len(entries)
        self._witnesses: list[tuple[Needs, int] | None] = [None] * len(entries)
        self.viable_at = 0
        """Where ``Matcher.witness`` last found an instance that can be made, tried first: as
        tiles go out of sight, the same one mostly still can."""

    def needs(self, position: int) -> Needs:
        """What the instance at ``position`` needs besides the exposures."""
        found = self._needs[position]
        if found is None:
            entry = self.entries[position]
            filled = filled_by(entry.sets, self.exposures) if self.exposures else NOTHING_FILLED
            assert filled is not None
            found = tuple((t, n - filled.get(t, 0), nat) for t, n, nat in entry.items)
            self._needs[position] = found
        return found

    def witness(self, position: int) -> tuple[Needs, int]:
        """``needs`` of the instance at ``position`` with their kinds (a bitset, bit
        ``kind``): what ``Matcher.witness`` gives, made once."""
        found = self._witnesses[position]
        if found is None:
            needs = self.needs(position)
            found = self._witnesses[position] = (needs, _kinds(needs))
        return found


class InstanceTable:
    """The instances that fit one set of exposures (``Fits``), laid out to count the tiles
    away of all of them at once.

    An instance is away by its natural places left unfilled plus its set places left unfilled
    beyond the jokers. Both start at the instance's totals and drop, for each kind held, by an
    amount that depends only on the kind and its count. One byte per instance is packed into a
    Python integer, and these amounts are packed likewise (unfilled naturals in the low half,
    set places in the high half) and cached per (kind, count), so a hand costs one subtraction
    per kind held and never a loop over instances.

    Each line's bytes are adjacent and followed by a guard byte that stays 0: comparing every
    byte with a number and adding a constant carries into the guard of each line whose bytes
    are all above it, which gives the fewest tiles away of every line at once (``fewest``).
    """

    def __init__(self, fits: Fits, lines: Sequence[Line]) -> None:
        entries = self.entries = fits.entries
        self.needs = list(map(fits.needs, range(len(entries))))
        self.sets: list[tuple[ExposureKey, ...]] = []
        for entry in entries:
            sets = list(entry.sets)
            for exposure in fits.exposures:
                sets.remove(exposure)
            self.sets.append(tuple(sets))
        self.places = [entry.place for entry in entries]
        self._rows: list[tuple[Line, Needs, tuple[ExposureKey, ...], int] | None]
        self._rows = [None] * len(entries)
        self._made: list[Target | None] = [None] * len(entries)
        """The last target made of each instance: made again only when its tiles away differ."""
        self.offsets: list[int] = []
        """Each position's byte: the positions in order, a guard byte after each line's."""
        self.position_at: list[int] = []
        """The position of each byte (-1 for a guard)."""
        self.instance_at: list[Instance | None] = []
        """The instance of each byte (None for a guard)."""
        spans: list[tuple[int, int, int]] = []
        first = 0
        for position, entry in enumerate(entries):
            if position and entry.line != entries[position - 1].line:
                spans.append((entries[position - 1].line, first, len(self.instance_at)))
                self.instance_at.append(None)
                self.position_at.append(-1)
                first = len(self.instance_at)
            self.offsets.append(len(self.instance_at))
            self.instance_at.append(entry.instance)
            self.position_at.append(position)
        if entries:
            spans.append((entries[-1].line, first, len(self.instance_at)))
            self.instance_at.append(None)
            self.position_at.append(-1)
        spans.sort()
        self.numbers = [line for line, _, _ in spans]
        """The place on the card of each of ``lines``."""
        self.card_lines = lines
        self.lines = [lines[line] for line in self.numbers]
        """The lines of the instances, in card order; a line's bytes run from its ``firsts``
        to its ``guards`` (its guard byte)."""
        self.firsts = [first for _, first, _ in spans]
        self.guards = [guard for _, _, guard in spans]

        width = self.width = len(self.instance_at)
        self.shift = 8 * width
        self.low = (1 << self.shift) - 1
        data = bytearray(width)
        for offset in self.offsets:
            data[offset] = 1
        self.ones = int.from_bytes(data, "little")
        """1 in every instance's byte, 0 in the guards."""
        self.high = self.ones << 7
        self.steps = [self.ones * (tiles + 1) for tiles in range(HAND_SIZE + 1)]
        """For each number of tiles, one more in every instance's byte: a byte stays at or
        above 0x80 after taking it from itself plus 0x80 when it is beyond that many."""
        self._pick_guards = _picker(self.guards)
        """The guard byte of each of ``lines``, in order."""
        guard_of = dict(zip(self.numbers, self.guards, strict=True))
        self._pick_lines = _picker([guard_of.get(line, width) for line in range(len(lines))])
        """Each card line's guard byte, or for a line these exposures rule out the byte
        after all of them (``_counted`` puts ``OUT`` there)."""
        self.beyond = OUT << 8 * width
        self.guard_ones = sum(1 << 8 * guard for guard in self.guards)
        self.guard_out = self.guard_ones * OUT
        self.carry = self.guard_ones - self.high
        """Added to the bytes found above a number (0x80 each, 0 the others), carries into the
        guard of each line whose bytes all are."""
        kinds = [bytearray(width) for _ in range(KIND_COUNT)]
        wants: dict[tuple[int, int], int] = {}
        naturals, places = bytearray(width), bytearray(width)
        for offset, needs in zip(self.offsets, self.needs, strict=True):
            for tile, need, natural in needs:
                kinds[tile][offset] = wants.setdefault((need, natural), len(wants) + 1)
                naturals[offset] += natural
                places[offset] += need - natural
        self.wants = list(wants)
        """Each (places, of them natural) an instance has for one kind, numbered from 1: at
        most 120 numbers, as no instance has more than 14 places of a kind."""
        self.by_kind = list(map(bytes, kinds))
        """For each kind, in each instance's byte the number of what it wants of the kind (0
        for none): ``_part`` reads it through a table made per count."""
        low, high = int.from_bytes(naturals, "little"), int.from_bytes(places, "little")
        self.start = low | high << self.shift
        self.total = low + high
        self.parts: dict[int, int] = {}
        """What holding some tiles of a kind takes off (``_part``), by ``16 * kind + count``."""
        self.totals: dict[int, int] = {}
        """The same, unfilled naturals and set places added up, for a hand with no joker."""
        self.takes: dict[int, tuple[bytes, bytes]] = {}
        """``_takes`` by count (at most ``_CAP``)."""
        self.changes: dict[int, int] = {}
        """``change`` by ``kind << 16 | before << 8 | after``."""
        self._reach: Unfilled | None = None
        """The places that the tiles within reach last asked about leave unfilled
        (``out_of_reach``): what is in sight changes a tile at a time, and every seat asks the
        same (a seat's tiles and what it cannot see add up to what no seat sees)."""
        self._lacking: dict[ExposureKey, int] = {}
        """``lacking`` by exposure: at most the card's kinds times the sizes of a set."""
        self._out: tuple[int, int, int] = (-1, 0, 0)
        """The last answer of ``out_of_reach``, with what it was asked: the seats ask again
        between two tiles coming into sight."""

    def row(self, position: int) -> tuple[Line, Needs, tuple[ExposureKey, ...], int]:
        """A target's fields but its tiles away, for the instance at ``position`` (made when
        first asked: a bot looks at few of them)."""
        found = self._rows[position]
        if found is None:
            line = self.card_lines[self.entries[position].line]
            found = (line, self.needs[position], self.sets[position], self.places[position])
            self._rows[position] = found
        return found

    def lacking(self, exposure: ExposureKey) -> int:
        """``OUT`` in the byte of each instance with no set group ``exposure`` besides these
        exposures (a concealed one takes none) and in the guards, 0 in the others; kept."""
        found = self._lacking.get(exposure)
        if found is None:
            data = bytearray([OUT]) * self.width
            for offset, entry, sets in zip(self.offsets, self.entries, self.sets, strict=True):
                if exposure in sets and not entry.concealed:
                    data[offset] = 0
            found = self._lacking[exposure] = int.from_bytes(data, "little")
        return found

    def target(self, aways: bytes, position: int) -> Target:
        """The target of the instance at ``position``, its tiles away read from ``aways``."""
        tiles = aways[self.offsets[position]]
        found = self._made[position]
        if found is None or found[0] != tiles:
            found = self._made[position] = _TARGET((tiles, *self.row(position)))
        return found

    def nearest(self, aways: bytes) -> Iterator[int]:
        """The positions of the instances that can be made in ``aways``, nearest first, then
        the more valuable first."""
        return map(self.position_at.__getitem__, _nearest(aways))

    def part(self, tile: Tile, count: int) -> int:
        """``_part``, kept (0 for no tile)."""
        if not count:
            return 0
        count = min(count, _CAP)
        found = self.parts.get(tile * 16 + count)
        return self._part(tile, count) if found is None else found

    def change(self, tile: Tile, before: int, after: int) -> int:
        """What going from ``before`` to ``after`` tiles of a kind adds to every instance's
        unfilled places, packed (``Unfilled`` reads it from ``changes``)."""
        found = self.part(tile, before) - self.part(tile, after)
        self.changes[tile << 16 | before << 8 | after] = found
        return found

    def _part(self, tile: Tile, count: int) -> int:
        """What holding ``count`` tiles of a kind takes off every instance's unfilled naturals
        and set places, packed."""
        naturals, places = self._takes(count)
        numbers = self.by_kind[tile]
        low = int.from_bytes(numbers.translate(naturals), "little")
        high = int.from_bytes(numbers.translate(places), "little")
        self.totals[tile * 16 + count] = low + high
        part = self.parts[tile * 16 + count] = low | high << self.shift
        return part

    def _takes(self, count: int) -> tuple[bytes, bytes]:
        """For each number in ``by_kind``, what holding ``count`` tiles of the kind takes off
        its unfilled naturals, and off its set places: ``bytes.translate`` tables, the same for
        every kind (made once per count)."""
        found = self.takes.get(count)
        if found is None:
            naturals, places = bytearray(256), bytearray(256)
            for number, (need, natural) in enumerate(self.wants, 1):
                naturals[number] = min(count, natural)
                places[number] = need - natural - max(0, need - max(count, natural))
            found = self.takes[count] = (bytes(naturals), bytes(places))
        return found

    def aways(self, counts: Sequence[int], jokers: int) -> bytes:
        """Tiles away of every instance, one byte each at its offset (``OUT`` at guards)."""
        return (self.packed(counts, jokers) | self.guard_out).to_bytes(self.width, "little")

    def out_of_reach(self, reach: Sequence[int], spare: int) -> int:
        """``OUT`` in the byte of each instance that cannot be made from ``reach`` tiles per
        kind and ``spare`` jokers (those some tile away from them), 0 in the others."""
        if self._reach is None:
            self._reach = Unfilled(self)
        unfilled = self._reach.update(reach)
        last_unfilled, last_spare, out = self._out
        if unfilled != last_unfilled or spare != last_spare:
            ones, high = self.ones, self.high
            aways = self.saturated(unfilled, spare)
            out = ((aways | high) - ones) & high  # the top bit of bytes not 0
            out = (out >> 7) * OUT
            self._out = (unfilled, spare, out)
        return out

    def ruled_out(self, counts: Sequence[int], unseen: Sequence[int], spare: int) -> int:
        """What the tiles in sight rule out: ``out_of_reach`` of the tiles held and ``unseen``
        (``OUT`` for each instance they and ``spare`` jokers cannot make)."""
        return self.out_of_reach(list(map(operator.add, counts, unseen)), spare)

    def packed(self, counts: Sequence[int], jokers: int) -> int:
        """``aways`` packed into an integer (what ``fewest`` and ``by_card_line`` read)."""
        # With no joker every unfilled place counts alike: the totals are half as long.
        packed, parts = (self.start, self.parts) if jokers else (self.total, self.totals)
        for tile in itertools.compress(_KINDS, counts):
            count = counts[tile]
            if count > _CAP:
                count = _CAP
            part = parts.get(tile * 16 + count)
            if part is None:
                self._part(tile, count)
                part = parts[tile * 16 + count]
            packed -= part
        return self.saturated(packed, jokers) if jokers else packed

    def saturated(self, packed: int, jokers: int) -> int:
        """Tiles away of every instance, from its unfilled naturals and set places packed as
        ``start`` is."""
        naturals, places = packed & self.low, packed >> self.shift
        if not jokers:
            return naturals + places
        # Set places beyond the jokers: a saturating subtraction in every byte (no instance has
        # more than HAND_SIZE places).
        high = self.high
        places = (places | high) - self.steps[min(jokers, HAND_SIZE) - 1]
        places &= ((places & high) >> 7) * 0x7F
        return naturals + places

    def fewest(self, packed: int) -> list[int]:
        """The fewest tiles away of each of ``lines``, from ``packed``."""
        least, counted = self._counted(packed)
        return list(self._pick_guards(counted).translate(_ADD[least]))

    def by_card_line(self, packed: int) -> bytes:
        """``fewest`` as a byte for each line of the card, in card order (``OUT`` for a
        line these exposures rule out)."""
        least, counted = self._counted(packed)
        return self._pick_lines(counted).translate(_ADD[least])

    def _counted(self, packed: int) -> tuple[int, bytes]:
        """The fewest tiles away of all lines, and in each line's guard byte how many more
        its fewest are (0xFF in one more byte at the end): for each number from the fewest
        on, which lines have every byte above it."""
        high, steps = self.high, self.steps
        raised = packed | high
        least, most = 0, HAND_SIZE
        while least < most:  # the fewest of all: some byte is at most ``middle``
            middle = (least + most) // 2
            if (raised - steps[middle]) & high == high:
                least = middle + 1
            else:
                most = middle
        carry, guards = self.carry, self.guard_ones
        above, tiles = self.beyond, least
        while flags := (((raised - steps[tiles]) & high) + carry) & guards:
            above += flags
            tiles += 1
        return least, above.to_bytes(self.width + 1, "little")


def _picker(positions: Sequence[int]) -> Callable[[bytes], bytes]:
    """A function that picks these positions of a byte string, in order, as bytes."""
    if not positions:
        return lambda data: b""
    if len(positions) == 1:
        (position,) = positions
        return lambda data: data[position : position + 1]
    get = operator.itemgetter(*positions)
    return lambda data: bytes(get(data))


_ADD: Final = [bytes(min(byte + n, OUT) for byte in range(256)) for n in range(HAND_SIZE + 1)]
"""``bytes.translate`` tables that add ``n`` to every byte but ``OUT``."""


def _nearest(aways: bytes) -> Iterator[int]:
    """The bytes of instances that can be made (not ``OUT``), nearest first, then in the
    table's order (the more valuable first)."""
    for tiles in range(HAND_SIZE + 1):
        offset = aways.find(tiles)
        while offset >= 0:
            yield offset
            offset = aways.find(tiles, offset + 1)


class Unfilled:
    """The unfilled natural and set places that some tiles leave in every instance of a table
    (packed as ``InstanceTable.start``), kept up to date a kind at a time: between two looks, a
    seat's tiles, or the tiles in sight, change by a kind or two."""

    __slots__ = ("_last", "_table")

    def __init__(self, table: InstanceTable) -> None:
        self._table = table
        self._last: tuple[list[int], int] = ([0] * KIND_COUNT, table.start)
        """The tiles per kind last counted and their unfilled places, replaced together (a
        table's count of what is in sight is shared)."""

    def update(self, counts: Sequence[int]) -> int:
        """The places that ``counts`` tiles per kind leave unfilled, packed."""
        before, packed = self._last
        if counts != before:
            changes = self._table.changes
            for tile in itertools.compress(_KINDS, map(operator.ne, counts, before)):
                was, now = before[tile], counts[tile]
                change = changes.get(tile << 16 | was << 8 | now)
                packed += self._table.change(tile, was, now) if change is None else change
            self._last = (list(counts), packed)
        return packed


_KINDS: Final = range(KIND_COUNT)
