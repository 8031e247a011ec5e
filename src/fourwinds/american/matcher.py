"""The matcher: whether a hand completes a line of the card, which line pays most, and how many
tiles away every line is.

Every line is expanded once per card into its instances (suits, numbers, dragons and winds
chosen). An instance needs, for each tile kind, some tiles of which some must be natural (those
in singles, pairs and mixed blocks); the rest sit in sets, where jokers may stand in. Since
jokers fit any set alike, counting is exact: naturals fill the natural-only places first, then
set places, and jokers fill set places that are left. An exposure must coincide with one set
group of the instance, of its tile and its size (reference 4.1), and no concealed (C) line
takes exposures. Bitsets over the instances (those that use a kind, those with an exposable
set) find the candidates for a hand with a few integer operations before any counting.

>>> from fourwinds.american.card import sample_card
>>> from fourwinds.american.hand import AmericanHand
>>> matcher = Matcher(sample_card())
>>> hand = AmericanHand.parse("[77sJ] 1234f 4444z 6zJ +6z")
>>> best = matcher.best(Holding.of(hand))
>>> best.line.id, best.line.value, best.jokerless
('W6', 30, False)
>>> away = matcher.distances(Holding.of(AmericanHand.parse("22z 226m 5z 2222p 6s 44z")))
>>> [(d.line.id, d.tiles) for d in sorted(away, key=lambda d: d.tiles)[:2]]
[('Y1', 1), ('L5', 5)]
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, NamedTuple, TypeVar

from fourwinds.american.card import HAND_SIZE, JOKERS, Card, Instance, Line, supply
from fourwinds.american.hand import KIND_COUNT, AmericanHand, kind
from fourwinds.tiles import JOKER, KINDS, Tile

_T = TypeVar("_T")

ExposureKey = tuple[Tile, int]
"""An exposure as the matcher sees it: (kind, size)."""
Needs = tuple[tuple[Tile, int, int], ...]
"""What an instance still needs, by kind: (kind, tiles in all, of which natural only)."""


class Holding(NamedTuple):
    """A seat's tiles as the matcher counts them: concealed kinds (flowers folded), concealed
    jokers, exposures as (kind, size), and the jokers inside exposures."""

    counts: list[int]
    jokers: int = 0
    exposures: tuple[ExposureKey, ...] = ()
    exposed_jokers: int = 0

    @classmethod
    def of(cls, hand: AmericanHand) -> Holding:
        tiles = hand.concealed_tiles()
        counts = [0] * KIND_COUNT
        for tile in tiles:
            if tile != JOKER:
                counts[kind(tile)] += 1
        return cls(
            counts,
            tiles.count(JOKER),
            tuple((e.tile, e.size) for e in hand.exposures),
            sum(e.jokers for e in hand.exposures),
        )

    @property
    def jokerless(self) -> bool:
        return self.jokers == 0 and self.exposed_jokers == 0


class LineMatch(NamedTuple):
    """A line the hand completes, the instance it completes, whether the hand is jokerless,
    and whether that doubles its value."""

    line: Line
    instance: Instance
    jokerless: bool
    jokerless_bonus: bool
    """Seed 001 part 6 doubles every jokerless hand; the NMJL card does not double a line that
    takes no joker anywhere (singles and pairs: its value already includes it; reference
    3.6)."""

    @property
    def value(self) -> int:
        """The line's value, doubled for a jokerless hand where that applies."""
        return self.line.value * (2 if self.jokerless_bonus else 1)


class Distance(NamedTuple):
    """How many tiles a hand is away from a line, and the nearest instance of that line."""

    line: Line
    tiles: int
    instance: Instance


_DISTANCE: Final = functools.partial(tuple.__new__, Distance)
"""A Distance from all its fields, without a call into Python."""


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


class _Compiled(NamedTuple):
    place: int
    line: int
    concealed: bool
    items: Needs
    """What the instance needs with no exposure."""
    sets: tuple[ExposureKey, ...]
    instance: Instance


def _compile(place: int, line_index: int, line: Line, instance: Instance) -> _Compiled:
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
    return _Compiled(place, line_index, line.concealed, items, tuple(sorted(sets)), instance)


def _exposed(
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


def _in_order(exposures: tuple[ExposureKey, ...]) -> tuple[ExposureKey, ...]:
    """The exposures sorted, as the tables are kept: the order they were made in is not
    matched."""
    return tuple(sorted(exposures)) if len(exposures) > 1 else exposures


_NONE: dict[Tile, int] = {}
_OUT: Final = 0xFF
"""The byte of an instance that cannot be made (``_Table.out_of_reach``), and of a guard."""
_CAP: Final = 15
"""Held tiles of one kind beyond this count the same (no instance needs more)."""


class _Fits:
    """The instances that fit one set of exposures, ordered the way ``targets`` ranks equals
    (the more valuable first, then card order), with their needs once the exposures are taken
    off, each worked out when first read: the dead-hand test mostly reads one or two."""

    def __init__(self, entries: list[_Compiled], exposures: tuple[ExposureKey, ...]) -> None:
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
            filled = _exposed(entry.sets, self.exposures) if self.exposures else _NONE
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


class _Table:
    """The instances that fit one set of exposures (``_Fits``), laid out to count the tiles
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

    def __init__(self, fits: _Fits, lines: Sequence[Line]) -> None:
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
        after all of them (``_counted`` puts ``_OUT`` there)."""
        self.beyond = _OUT << 8 * width
        self.guard_ones = sum(1 << 8 * guard for guard in self.guards)
        self.guard_out = self.guard_ones * _OUT
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
        self._reach: _Unfilled | None = None
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
        """``_OUT`` in the byte of each instance with no set group ``exposure`` besides these
        exposures (a concealed one takes none) and in the guards, 0 in the others; kept."""
        found = self._lacking.get(exposure)
        if found is None:
            data = bytearray([_OUT]) * self.width
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
        unfilled places, packed (``_Unfilled`` reads it from ``changes``)."""
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
        """Tiles away of every instance, one byte each at its offset (``_OUT`` at guards)."""
        return (self._aways(counts, jokers) | self.guard_out).to_bytes(self.width, "little")

    def out_of_reach(self, reach: Sequence[int], spare: int) -> int:
        """``_OUT`` in the byte of each instance that cannot be made from ``reach`` tiles per
        kind and ``spare`` jokers (those some tile away from them), 0 in the others."""
        if self._reach is None:
            self._reach = _Unfilled(self)
        unfilled = self._reach.update(reach)
        last_unfilled, last_spare, out = self._out
        if unfilled != last_unfilled or spare != last_spare:
            ones, high = self.ones, self.high
            aways = self.saturated(unfilled, spare)
            out = ((aways | high) - ones) & high  # the top bit of bytes not 0
            out = (out >> 7) * _OUT
            self._out = (unfilled, spare, out)
        return out

    def ruled_out(self, counts: Sequence[int], unseen: Sequence[int], spare: int) -> int:
        """What the tiles in sight rule out: ``out_of_reach`` of the tiles held and ``unseen``
        (``_OUT`` for each instance they and ``spare`` jokers cannot make)."""
        return self.out_of_reach(list(map(operator.add, counts, unseen)), spare)

    def _aways(self, counts: Sequence[int], jokers: int) -> int:
        """``aways`` packed into an integer."""
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
        """The fewest tiles away of each of ``lines``, from ``_aways``."""
        least, counted = self._counted(packed)
        return list(self._pick_guards(counted).translate(_ADD[least]))

    def by_card_line(self, packed: int) -> bytes:
        """``fewest`` as a byte for each line of the card, in card order (``_OUT`` for a
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


_ADD: Final = [bytes(min(byte + n, _OUT) for byte in range(256)) for n in range(HAND_SIZE + 1)]
"""``bytes.translate`` tables that add ``n`` to every byte but ``_OUT``."""


_TABLES: Final = 256
"""Tables kept per matcher, one per set of exposures met (most recently used)."""
_FITS: Final = 1024
"""The instances that fit a set of exposures (``_Fits``), kept per matcher likewise: the
dead-hand test meets many more sets than the bots' tables, and each is small."""
_COUNTS: Final = 4
"""Sets of exposures an ``Outlook`` keeps its count for."""
_KEPT: Final = 64
"""Hands' tiles away kept per matcher (all dropped when full): a few per seat
at a table."""


def _kept(cache: dict[Any, _T], key: Any, make: Callable[[], _T]) -> _T:
    """``cache[key]``, made when missing; a full cache is emptied first."""
    found = cache.get(key)
    if found is None:
        if len(cache) >= _KEPT:
            cache.clear()
        found = cache[key] = make()
    return found


_ONE_BY_ONE: Final = 8
"""Up to this many targets from the whole table, the nearest instances are tried one by one
for whether the tiles in sight still allow them; beyond, all at once."""


def _nearest(aways: bytes) -> Iterator[int]:
    """The bytes of instances that can be made (not ``_OUT``), nearest first, then in the
    table's order (the more valuable first)."""
    for tiles in range(HAND_SIZE + 1):
        offset = aways.find(tiles)
        while offset >= 0:
            yield offset
            offset = aways.find(tiles, offset + 1)


class _Unfilled:
    """The unfilled natural and set places that some tiles leave in every instance of a table
    (packed as ``_Table.start``), kept up to date a kind at a time: between two looks, a seat's
    tiles, or the tiles in sight, change by a kind or two."""

    __slots__ = ("_last", "_table")

    def __init__(self, table: _Table) -> None:
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


class Outlook:
    """How far every instance of the card is from one seat's tiles, for a bot that asks at
    every decision (``Matcher.targets``, counted on from the last answer): between two
    decisions the seat's tiles change by a kind or two, and what is in sight by a tile or two
    (``_Table.out_of_reach``, shared by the seats). A count is kept for each of the last few
    sets of exposures asked about, from the second look on: a bot weighing a call asks once
    about its holding after it (answered as ``Matcher.targets`` does, counting nothing on),
    then about its own again. Asked again with nothing changed, it gives the same answer.

    >>> from fourwinds.american.card import sample_card
    >>> matcher = Matcher(sample_card())
    >>> outlook = Outlook(matcher)
    >>> holding = Holding.of(AmericanHand.parse("22z 226m 5z 2222p 6s 44z"))
    >>> outlook.targets(holding, limit=3) == matcher.targets(holding, limit=3)
    True
    """

    __slots__ = ("_counts", "_last", "_matcher")

    def __init__(self, matcher: Matcher) -> None:
        self._matcher = matcher
        self._counts: dict[_Table, _Unfilled | None] = {}
        self._last: tuple[int, int, tuple[int, int], list[Target]] = (-1, -1, (0, 0), [])
        """The last answer, with the unfilled places, the instances out of reach (numbers
        kept while nothing changes them) and the jokers and limit it was counted for."""

    def targets(
        self,
        holding: Holding,
        unseen: Sequence[int] | None = None,
        jokers_unseen: int = JOKERS,
        limit: int = 8,
    ) -> list[Target]:
        """``Matcher.targets`` of the seat's holding."""
        table = self._matcher._table_of(holding.exposures)
        counts_kept = self._counts
        unfilled = counts_kept.get(table)
        if unfilled is None:
            if table not in counts_kept:  # met once: mostly a call weighed and not made
                if len(counts_kept) >= _COUNTS:
                    del counts_kept[next(iter(counts_kept))]  # the first asked about
                counts_kept[table] = None
                return self._matcher.targets(holding, unseen, jokers_unseen, limit)
            unfilled = counts_kept[table] = _Unfilled(table)
        counts, jokers = holding.counts, holding.jokers
        own = unfilled.update(counts)
        out = 0 if unseen is None else table.ruled_out(counts, unseen, jokers + jokers_unseen)
        last_own, last_out, last_asked, last_found = self._last
        if own is last_own and out is last_out and (jokers, limit) == last_asked:
            return last_found[:]  # nothing counted has changed (the same numbers)
        aways = (table.saturated(own, jokers) | table.guard_out | out).to_bytes(
            table.width, "little"
        )
        found = [table.target(aways, p) for p in itertools.islice(table.nearest(aways), limit)]
        self._last = (own, out, (jokers, limit), found)
        return found[:]

    def fewest_with(self, holding: Holding, exposure: ExposureKey) -> int:
        """The fewest tiles away, with one more tile of the exposure's kind, of the instances
        that have a set group ``exposure`` besides the holding's exposures, whatever is in sight
        (0xFF when none has). Calling a discard for that exposure brings the hand no nearer:
        the call's tiles fill that group, as they may with the discard in hand.

        >>> from fourwinds.american.card import sample_card
        >>> outlook = Outlook(Matcher(sample_card()))
        >>> holding = Holding.of(AmericanHand.parse("22z 226m 5z 2222p 6s 44z"))
        >>> two_crak = 1  # 2m, of which the hand holds two
        >>> outlook.fewest_with(holding, (two_crak, 4))  # a kong of them called
        3
        """
        tile = exposure[0]
        table = self._matcher._table_of(holding.exposures)
        counts, jokers = holding.counts, holding.jokers
        unfilled = self._counts.get(table)
        if unfilled is None:
            more = counts[:]
            more[tile] += 1
            aways = table._aways(more, jokers)
        else:
            held = counts[tile]
            aways = table.saturated(
                unfilled.update(counts) + table.change(tile, held, held + 1), jokers
            )
        return min((aways | table.lacking(exposure)).to_bytes(table.width, "little"), default=_OUT)


class Matcher:
    """A card compiled for matching. Build it once per card and reuse it.

    Candidates are found with bitsets over the instances: one per kind (the instances that use
    it) and one per exposable set; a hand's candidates are the instances that use every kind
    it holds, found with a few integer ANDs before any counting.
    """

    def __init__(self, card: Card) -> None:
        self.card = card
        instances = [
            (index, line, instance)
            for index, line in enumerate(card.lines)
            for variant in line.variants
            for instance in variant.instances()
        ]
        self.table = [_compile(i, *entry) for i, entry in enumerate(instances)]
        self.values = [line.value for line in card.lines]
        self.everything = (1 << len(self.table)) - 1
        self.with_kind = [0] * KIND_COUNT
        self.with_set: dict[ExposureKey, int] = {}
        for index, entry in enumerate(self.table):
            bit = 1 << index
            for tile, _, _ in entry.items:
                self.with_kind[tile] |= bit
            if not entry.concealed:
                for key in entry.sets:
                    self.with_set[key] = self.with_set.get(key, 0) | bit
        self.with_tile = [
            self.everything if tile == JOKER else self.with_kind[kind(tile)]
            for tile in range(KINDS)
        ]
        """``with_kind`` of each tile, flowers apart (all instances for a joker)."""
        self._fits = functools.lru_cache(maxsize=_FITS)(self._build_fits)
        self._table = functools.lru_cache(maxsize=_TABLES)(self._build_table)
        self._aways: dict[tuple[object, ...], bytes] = {}
        self._lines_away: dict[tuple[object, ...], bytes] = {}

    def _build_fits(self, exposures: tuple[ExposureKey, ...]) -> _Fits:
        """The instances these (sorted) exposures allow."""
        if exposures:
            allowed = self._entries(self._allowed(exposures))
            entries = [e for e in allowed if _exposed(e.sets, exposures) is not None]
        else:
            entries = list(self.table)
        values = self.values
        entries.sort(key=lambda e: (-values[e.line], e.place))
        return _Fits(entries, exposures)

    def _build_table(self, exposures: tuple[ExposureKey, ...]) -> _Table:
        return _Table(self._fits(exposures), self.card.lines)

    def _table_of(self, exposures: tuple[ExposureKey, ...]) -> _Table:
        return self._table(_in_order(exposures))

    def _fits_of(self, exposures: tuple[ExposureKey, ...]) -> _Fits:
        return self._fits(_in_order(exposures))

    def __deepcopy__(self, memo: dict[int, Any]) -> Matcher:
        return self  # never changed once built: a copied deal shares it

    def _allowed(self, exposures: tuple[ExposureKey, ...]) -> int:
        """The instances, as a bitset over the table, with a set group of each exposure's tile
        and size (no concealed line)."""
        bits = self.everything
        for exposure in exposures:
            bits &= self.with_set.get(exposure, 0)
        return bits

    def candidates(self, holding: Holding) -> int:
        """The instances, as a bitset over the table, that allow the exposures and use every
        kind held. One more tile only narrows them: a hand with none completes no line with any
        tile added."""
        bits = self._allowed(holding.exposures)
        with_kind = self.with_kind
        for tile, n in enumerate(holding.counts):
            if n:
                bits &= with_kind[tile]
                if not bits:
                    return 0
        return bits

    def tile_candidates(
        self, tiles: Sequence[int], exposures: tuple[ExposureKey, ...]
    ) -> tuple[int, Tile]:
        """``candidates`` from how many of each tile a seat holds (flowers apart, jokers
        included), as a deal keeps them, and the highest tile whose going can add to them: when
        there are none, the tile held at which none was left (the tiles held up to it allow no
        instance, whatever else is held; -1 when the exposures allow none), else the last
        natural tile. A deal that keeps them need not count them again for any other tile."""
        bits = self._allowed(exposures)
        if not bits:
            return 0, -1
        with_tile = self.with_tile
        for tile in itertools.compress(_TILES, tiles):
            bits &= with_tile[tile]
            if not bits:
                return 0, tile
        return bits, JOKER - 1

    def _entries(self, bits: int) -> list[_Compiled]:
        """The entries of a bitset over the table."""
        table = self.table
        found = []
        while bits:
            low = bits & -bits
            found.append(table[low.bit_length() - 1])
            bits ^= low
        return found

    def matches(self, holding: Holding, except_singles_and_pairs: bool = False) -> list[LineMatch]:
        """Every line the 14 tiles complete (the best instance of each), the best paying first
        (ties in card order). A jokerless hand doubles, on lines of singles and pairs too
        unless ``except_singles_and_pairs`` (the NMJL card's rule)."""
        found: dict[int, LineMatch] = {}
        for entry in self._complete(holding):
            if entry.line not in found:
                line = self.card.lines[entry.line]
                takes_jokers = any(is_set for _, is_set in entry.instance)
                bonus = holding.jokerless and (takes_jokers or not except_singles_and_pairs)
                found[entry.line] = LineMatch(line, entry.instance, holding.jokerless, bonus)
        return sorted(found.values(), key=lambda m: (-m.value, m.line.number))

    def is_complete(self, holding: Holding) -> bool:
        """Whether the 14 tiles complete some line (faster than ``matches``)."""
        return next(self._complete(holding), None) is not None

    def _complete(self, holding: Holding) -> Iterator[_Compiled]:
        counts, jokers, exposures = holding.counts, holding.jokers, holding.exposures
        exposed_size = sum(size for _, size in exposures)
        if sum(counts) + jokers + exposed_size != HAND_SIZE:
            return
        for entry in self._entries(self.candidates(holding)):
            filled = _NONE
            if exposures:
                fit = _exposed(entry.sets, exposures)
                if fit is None:
                    continue
                filled = fit
            missing = 0
            for tile, need, natural in entry.items:
                need -= filled.get(tile, 0)
                have = counts[tile]
                if have > need or have < natural:
                    break
                missing += need - have
            else:
                if missing == jokers:
                    yield entry

    def best(self, holding: Holding, except_singles_and_pairs: bool = False) -> LineMatch | None:
        """The line that pays most, or None when the hand completes no line."""
        found = self.matches(holding, except_singles_and_pairs)
        return found[0] if found else None

    def distances(self, holding: Holding) -> list[Distance]:
        """For every line the hand may still make, the fewest tiles it still needs (0: complete)
        and the nearest instance, in card order. Lines its exposures rule out are left out."""
        table = self._table_of(holding.exposures)
        packed = table._aways(holding.counts, holding.jokers)
        fewest = table.fewest(packed)
        aways = packed.to_bytes(table.width, "little")
        nearest = map(aways.index, fewest, table.firsts, table.guards)
        rows = zip(table.lines, fewest, map(table.instance_at.__getitem__, nearest), strict=True)
        return list(map(_DISTANCE, rows))

    def tiles_away(self, holding: Holding) -> bytes:
        """The fewest tiles away of every line of the card, a byte each in card order (0xFF
        for a line the exposures rule out): ``distances`` without the instances, for an
        observation. Kept for the last few hands asked: a seat is observed again with the same
        tiles at each claim it is asked about between its turns."""
        table = self._table_of(holding.exposures)
        counts, jokers = holding.counts, holding.jokers
        return _kept(
            self._lines_away,
            (table, jokers, *counts),
            lambda: table.by_card_line(table._aways(counts, jokers)),
        )

    def targets(
        self,
        holding: Holding,
        unseen: Sequence[int] | None = None,
        jokers_unseen: int = JOKERS,
        limit: int = 8,
    ) -> list[Target]:
        """The ``limit`` nearest instances, the more valuable first among equals, then in card
        order. With ``unseen`` (natural tiles per kind still to be had), instances that the
        tiles in sight rule out are skipped. For hints and bots (a bot asking at every decision
        counts on with an ``Outlook``)."""
        table = self._table_of(holding.exposures)
        if unseen is None:
            unseen = _PLENTY
        aways, ranked = self._ranked(table, holding, unseen, jokers_unseen, limit)
        return [table.target(aways, p) for p in itertools.islice(ranked, limit)]

    def _ranked(
        self,
        table: _Table,
        holding: Holding,
        unseen: Sequence[int],
        jokers_unseen: int,
        limit: int,
    ) -> tuple[bytes, Iterator[int]]:
        """Tiles away of every instance, and the positions ``targets`` ranks first."""
        counts, jokers = holding.counts, holding.jokers
        spare = jokers + jokers_unseen
        aways = self._aways_of(table, counts, jokers)
        if limit > _ONE_BY_ONE:  # all at once, as many are looked at
            out = table.ruled_out(counts, unseen, spare)
            aways = (int.from_bytes(aways, "little") | out).to_bytes(table.width, "little")
            return aways, table.nearest(aways)
        reach, needs = list(map(operator.add, counts, unseen)), table.needs
        return aways, (p for p in table.nearest(aways) if possible(needs[p], reach, spare))

    def _aways_of(self, table: _Table, counts: Sequence[int], jokers: int) -> bytes:
        """``_Table.aways``, kept for the last few hands asked: a bot asks again with the same
        tiles at each claim between its turns, when only what is in sight has changed."""
        return _kept(self._aways, (table, jokers, *counts), lambda: table.aways(counts, jokers))

    def viable(
        self, exposures: tuple[ExposureKey, ...], unseen: Sequence[int], jokers: int = JOKERS
    ) -> bool:
        """Whether some line can still be made around these exposures from the tiles that are
        not in sight (``unseen`` per kind) and ``jokers`` jokers that may still be had: the test
        of a dead hand (reference 3.5.2)."""
        return self.witness(exposures, unseen, jokers) is not None

    def witness(
        self, exposures: tuple[ExposureKey, ...], unseen: Sequence[int], jokers: int = JOKERS
    ) -> tuple[Needs, int] | None:
        """``viable``, giving what an instance which can still be made needs besides the
        exposures, and its kinds (a bitset, bit ``kind``), or None: while no tile of these
        kinds and no joker comes into sight, that instance can still be made, so the hand
        lives."""
        fits = self._fits_of(exposures)
        if not fits.entries:
            return None
        found = fits.witness(fits.viable_at)
        if possible(found[0], unseen, jokers):
            return found
        for position in range(len(fits.entries)):
            found = fits.witness(position)
            if possible(found[0], unseen, jokers):
                fits.viable_at = position
                return found
        return None


def _kinds(needs: Needs) -> int:
    """The kinds of which some tile is still needed (bit ``kind``)."""
    return sum(1 << tile for tile, need, _ in needs if need)


def possible(needs: Needs, reach: Sequence[int], spare: int) -> bool:
    """Whether an instance that needs these tiles can be made from ``reach`` tiles per kind
    and ``spare`` jokers: its natural places filled, jokers enough for the set places left."""
    short = 0
    for tile, need, natural in needs:
        there = reach[tile]
        if natural > there:
            return False
        if need > there:
            short += need - there
    return short <= spare


def unseen_supply(visible: Iterable[Tile]) -> list[int]:
    """Natural tiles per kind not among ``visible`` tiles (jokers ignored)."""
    left = [*_SUPPLIES, 0]  # the last place takes the jokers
    for tile in visible:
        left[_PLACE[tile]] -= 1
    del left[KIND_COUNT]
    return left


_TILES: Final = range(KINDS)
_KINDS: Final = range(KIND_COUNT)
_PLENTY: Final = (HAND_SIZE,) * KIND_COUNT
"""Unseen tiles per kind when what is in sight is not looked at: more than any instance needs."""
_SUPPLIES: Final = tuple(supply(tile) for tile in range(KIND_COUNT))
_PLACE: Final = tuple(KIND_COUNT if tile == JOKER else kind(tile) for tile in range(KINDS))
"""Where ``unseen_supply`` counts a tile: its kind, or past the kinds for a joker."""
