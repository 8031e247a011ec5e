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

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from fourwinds.american.card import HAND_SIZE, JOKERS, Card, Instance, Line, supply
from fourwinds.american.hand import KIND_COUNT, AmericanHand, kind
from fourwinds.tiles import JOKER, Tile

ExposureKey = tuple[Tile, int]
"""An exposure as the matcher sees it: (kind, size)."""


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


class Target(NamedTuple):
    """An instance a hand may aim at: tiles away, its line, and what it still needs per kind
    (tiles in all, of which natural only), its exposures taken off."""

    tiles: int
    line: Line
    needs: tuple[tuple[Tile, int, int], ...]
    sets: tuple[ExposureKey, ...]
    """Its set groups not yet exposed: what a discard may be called for."""
    place: int
    """The instance's place in the matcher's table (to look at it again with ``among``)."""


class _Compiled(NamedTuple):
    place: int
    line: int
    concealed: bool
    items: tuple[tuple[Tile, int, int], ...]
    """(kind, tiles needed, of which natural only), by kind."""
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


def _away(
    entry: _Compiled, counts: Sequence[int], jokers: int, left: int, filled: dict[Tile, int]
) -> int:
    """Tiles the hand still needs for the instance, its exposures (``filled``) taken off."""
    used = slots = 0
    for tile, need, natural in entry.items:
        need -= filled.get(tile, 0)
        have = counts[tile]
        if have >= need:
            used += need
        else:
            used += have
            slots += need - (have if have > natural else natural)
    return left - used - (jokers if jokers < slots else slots)


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


_NONE: dict[Tile, int] = {}


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

    def __deepcopy__(self, memo: dict[int, Any]) -> Matcher:
        return self  # never changed once built: a copied deal shares it

    def _candidates(self, holding: Holding, every_kind: bool) -> list[_Compiled]:
        """Instances that allow the exposures and, with ``every_kind``, use every kind held."""
        bits = self.everything
        for exposure in holding.exposures:
            bits &= self.with_set.get(exposure, 0)
        if every_kind:
            with_kind = self.with_kind
            for tile, n in enumerate(holding.counts):
                if n:
                    bits &= with_kind[tile]
                    if not bits:
                        return []
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
        for entry in self._candidates(holding, every_kind=True):
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
        entries, aways = self._aways_of(holding, None)
        best: dict[int, Distance] = {}
        for entry, away in zip(entries, aways, strict=True):
            known = best.get(entry.line)
            if known is None or away < known.tiles:
                best[entry.line] = Distance(self.card.lines[entry.line], away, entry.instance)
        return [best[index] for index in sorted(best)]

    def _aways_of(
        self, holding: Holding, among: Sequence[int] | None
    ) -> tuple[list[_Compiled], list[int]]:
        """The instances the exposures allow (or those ``among``) and how far the hand is from
        each."""
        counts, jokers, exposures = holding.counts, holding.jokers, holding.exposures
        if among is not None:
            entries = [self.table[i] for i in among]
        elif exposures:
            entries = self._candidates(holding, every_kind=False)
        else:
            entries = self.table
        if not exposures:
            return entries, [_away(entry, counts, jokers, HAND_SIZE, _NONE) for entry in entries]
        left = HAND_SIZE - sum(size for _, size in exposures)
        kept, aways = [], []
        for entry in entries:
            filled = _exposed(entry.sets, exposures)
            if filled is not None:
                kept.append(entry)
                aways.append(_away(entry, counts, jokers, left, filled))
        return kept, aways

    def targets(
        self,
        holding: Holding,
        unseen: Sequence[int] | None = None,
        jokers_unseen: int = JOKERS,
        limit: int = 8,
        among: Sequence[int] | None = None,
    ) -> list[Target]:
        """The ``limit`` nearest instances, the more valuable first among equals. With
        ``unseen`` (natural tiles per kind still to be had), instances that the tiles in sight
        rule out are skipped; ``among`` looks only at these places of the table (a bot's
        shortlist). For hints and bots."""
        counts, exposures = holding.counts, holding.exposures
        reach = [n + (unseen[t] if unseen is not None else HAND_SIZE) for t, n in enumerate(counts)]
        spare = holding.jokers + jokers_unseen

        def possible(entry: _Compiled, filled: dict[Tile, int]) -> bool:
            short = 0
            for tile, need, natural in entry.items:
                there = reach[tile]
                if natural > there:
                    return False
                need -= filled.get(tile, 0)
                if need > there:
                    short += need - there
            return short <= spare

        entries, aways = self._aways_of(holding, among)
        values = self.values
        count = len(entries)
        cut = sorted(aways)[min(count, 4 * limit) - 1] if count else 0
        near = [i for i in range(count) if aways[i] <= cut]
        far = [i for i in range(count) if aways[i] > cut]
        found: list[Target] = []
        for group in (near, far):  # the far ones only when the tiles in sight rule out many
            group.sort(key=lambda i: (aways[i], -values[entries[i].line]))
            for i in group:
                entry = entries[i]
                filled = _exposed(entry.sets, exposures) if exposures else _NONE
                assert filled is not None
                if not possible(entry, filled):
                    continue
                needs = tuple((t, n - filled.get(t, 0), nat) for t, n, nat in entry.items)
                sets = list(entry.sets)
                for exposure in exposures:
                    sets.remove(exposure)
                line = self.card.lines[entry.line]
                found.append(Target(aways[i], line, needs, tuple(sets), entry.place))
                if len(found) == limit:
                    return found
        return found

    def may_need(self, exposures: tuple[ExposureKey, ...], tile: Tile) -> bool:
        """Whether some line these exposures allow uses tiles of this kind."""
        bits = self.with_kind[tile]
        for exposure in exposures:
            bits &= self.with_set.get(exposure, 0)
        return bits != 0

    def viable(
        self, exposures: tuple[ExposureKey, ...], unseen: Sequence[int], jokers: int = JOKERS
    ) -> bool:
        """Whether some line can still be made around these exposures from the tiles that are
        not in sight (``unseen`` per kind) and ``jokers`` jokers that may still be had: the test
        of a dead hand (reference 3.5.2)."""
        for entry in self._candidates(Holding([], 0, exposures), every_kind=False):
            filled = _exposed(entry.sets, exposures) if exposures else _NONE
            if filled is None:
                continue
            short = 0
            for tile, need, natural in entry.items:
                need -= filled.get(tile, 0)
                there = unseen[tile]
                if natural > there:
                    break
                if need > there:
                    short += need - there
            else:
                if short <= jokers:
                    return True
        return False


def unseen_supply(visible: Iterable[Tile]) -> list[int]:
    """Natural tiles per kind not among ``visible`` tiles (jokers ignored)."""
    left = [supply(tile) for tile in range(KIND_COUNT)]
    for tile in visible:
        if tile != JOKER:
            left[kind(tile)] -= 1
    return left
