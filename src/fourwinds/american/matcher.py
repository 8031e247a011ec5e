"""The matcher: whether a hand completes a line of the card, which line pays most, and how many
tiles away every line is.

Every line is expanded once per card into its instances, which :mod:`fourwinds.american.instances`
counts. Bitsets over the instances (those that use a kind, those with an exposable set) find the
candidates for a hand with a few integer operations before any counting.

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
from fourwinds.american.instances import (
    NOTHING_FILLED,
    OUT,
    Compiled,
    ExposureKey,
    Fits,
    InstanceTable,
    Needs,
    Target,
    Unfilled,
    compile_instance,
    filled_by,
)
from fourwinds.tiles import JOKER, KINDS, Tile

_T = TypeVar("_T")


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


def _in_order(exposures: tuple[ExposureKey, ...]) -> tuple[ExposureKey, ...]:
    """The exposures sorted, as the tables are kept: the order they were made in is not
    matched."""
    return tuple(sorted(exposures)) if len(exposures) > 1 else exposures


_TABLES: Final = 256
"""Tables kept per matcher, one per set of exposures met (most recently used)."""
_FITS: Final = 1024
"""The instances that fit a set of exposures (``Fits``), kept per matcher likewise: the
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


class Outlook:
    """How far every instance of the card is from one seat's tiles, for a bot that asks at
    every decision (``Matcher.targets``, counted on from the last answer): between two
    decisions the seat's tiles change by a kind or two, and what is in sight by a tile or two
    (``InstanceTable.out_of_reach``, shared by the seats). A count is kept for each of the last
    few sets of exposures asked about, from the second look on: a bot weighing a call asks once
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
        self._counts: dict[InstanceTable, Unfilled | None] = {}
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
            unfilled = counts_kept[table] = Unfilled(table)
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
            aways = table.packed(more, jokers)
        else:
            held = counts[tile]
            aways = table.saturated(
                unfilled.update(counts) + table.change(tile, held, held + 1), jokers
            )
        return min((aways | table.lacking(exposure)).to_bytes(table.width, "little"), default=OUT)


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
        self.table = [compile_instance(i, *entry) for i, entry in enumerate(instances)]
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

    def _build_fits(self, exposures: tuple[ExposureKey, ...]) -> Fits:
        """The instances these (sorted) exposures allow."""
        if exposures:
            allowed = self._entries(self._allowed(exposures))
            entries = [e for e in allowed if filled_by(e.sets, exposures) is not None]
        else:
            entries = list(self.table)
        values = self.values
        entries.sort(key=lambda e: (-values[e.line], e.place))
        return Fits(entries, exposures)

    def _build_table(self, exposures: tuple[ExposureKey, ...]) -> InstanceTable:
        return InstanceTable(self._fits(exposures), self.card.lines)

    def _table_of(self, exposures: tuple[ExposureKey, ...]) -> InstanceTable:
        return self._table(_in_order(exposures))

    def _fits_of(self, exposures: tuple[ExposureKey, ...]) -> Fits:
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

    def _entries(self, bits: int) -> list[Compiled]:
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

    def _complete(self, holding: Holding) -> Iterator[Compiled]:
        counts, jokers, exposures = holding.counts, holding.jokers, holding.exposures
        exposed_size = sum(size for _, size in exposures)
        if sum(counts) + jokers + exposed_size != HAND_SIZE:
            return
        for entry in self._entries(self.candidates(holding)):
            filled = NOTHING_FILLED
            if exposures:
                fit = filled_by(entry.sets, exposures)
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
        packed = table.packed(holding.counts, holding.jokers)
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
            lambda: table.by_card_line(table.packed(counts, jokers)),
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
        table: InstanceTable,
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

    def _aways_of(self, table: InstanceTable, counts: Sequence[int], jokers: int) -> bytes:
        """``InstanceTable.aways``, kept for the last few hands asked: a bot asks again with the
        same tiles at each claim between its turns, when only what is in sight has changed."""
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


_PLENTY: Final = (HAND_SIZE,) * KIND_COUNT
"""Unseen tiles per kind when what is in sight is not looked at: more than any instance needs."""
_SUPPLIES: Final = tuple(supply(tile) for tile in range(KIND_COUNT))
_PLACE: Final = tuple(KIND_COUNT if tile == JOKER else kind(tile) for tile in range(KINDS))
"""Where ``unseen_supply`` counts a tile: its kind, or past the kinds for a joker."""
