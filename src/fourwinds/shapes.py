"""The shapes of a complete hand, and how far concealed tiles are from each.

``distance(shape, counts, melds)`` is exact: the fewest tiles that must be added to the concealed
tiles to hold a complete hand of that shape, no kind ever more than four times. A hand is complete
when the distance is 0; a 13-tile hand is ready (one tile from winning) when it is 1. The standard
shape (four sets and a pair) is solved per suit with a small dynamic programme, once for every
suit a hand can hold, ahead of time (:mod:`fourwinds.suit_tables`): play only looks answers up.

>>> from fourwinds.tiles import counts, parse_tiles
>>> ready = counts(parse_tiles("123m456p789s1155z"), 34)
>>> distance(STANDARD, ready, 0)
1
>>> distance(THIRTEEN_ORPHANS, counts(parse_tiles("19m19p19s1234567z"), 34), 0)
1
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import itemgetter
from typing import Final

from fourwinds import suit_tables
from fourwinds.hand import Meld, MeldKind
from fourwinds.suit_tables import combine, suit_table
from fourwinds.tiles import MAJORS, PLAIN_KINDS, WINDS, Tile

STANDARD: Final = "standard"
THIRTEEN_ORPHANS: Final = "thirteen_orphans"
SEVEN_PAIRS: Final = "seven_pairs"
ALL_PAIR_HONOURS: Final = "all_pair_honours"
KNITTING: Final = "knitting"
TRIPLE_KNITTING: Final = "triple_knitting"
WRIGGLING_SNAKE: Final = "wriggling_snake"

SHAPES: Final = (
    STANDARD,
    THIRTEEN_ORPHANS,
    SEVEN_PAIRS,
    ALL_PAIR_HONOURS,
    KNITTING,
    TRIPLE_KNITTING,
    WRIGGLING_SNAKE,
)
SPECIAL_SHAPES: Final = SHAPES[1:]
"""Every shape but four sets and a pair: none of them allows a declared meld."""
COUNTED: Final = {
    SEVEN_PAIRS: frozenset(range(PLAIN_KINDS)),
    ALL_PAIR_HONOURS: frozenset(MAJORS),
    THIRTEEN_ORPHANS: frozenset(MAJORS),
}
"""Special shapes whose distance depends only on how many of these kinds are held how often
(not on which kind holds which count), and not at all on other kinds: one tile more or fewer
of a kind then changes it by what that kind's count alone says."""

INFINITY: Final = suit_tables.INFINITY
"""Distance of a shape the hand can never reach (declared melds rule out the special shapes)."""

_SETS_NEEDED: Final = suit_tables.MOST_MELDS
_FULL: Final = suit_tables.MOST_TILES

# ---------------------------------------- standard: four sets and a pair
#
# Each suit is summed up by a table (see suit_table): for s sets and p pairs made from that suit
# alone, the fewest tiles missing. Merging the four suits' tables gives the distance. Every
# table a hand can meet is numbered in advance (fourwinds.suit_tables), so play only looks up;
# the programme below is the definition, and solves directly the odd hand the tables do not hold.


def solved_distance(counts: Sequence[int], melds: int) -> int:
    """:func:`standard_distance` by the programme, for hands the tables do not hold."""
    merged = suit_table(counts[27:34], False)
    for start in (0, 9, 18):
        merged = tuple(combine(suit_table(counts[start : start + 9], True), merged))
    return merged[(_SETS_NEEDED - melds) * 2 + 1]


_TABLES: Final = suit_tables.load()
_NUMBER_IDS, _HONOUR_IDS, _LEFT, _RIGHT, _ANSWERS = _TABLES[:5]
_DIGITS: Final = suit_tables.DIGITS
_UNKNOWN: Final = suit_tables.UNKNOWN


def standard_distance(counts: Sequence[int], melds: int) -> int:
    """Tiles missing for ``4 - melds`` sets and a pair from these concealed counts."""
    raw = bytes(counts).translate(_DIGITS)
    numbers = _NUMBER_IDS
    try:
        found = _ANSWERS[
            _LEFT[numbers[int(raw[0:9], 5)] << 7 | numbers[int(raw[9:18], 5)]] << 11
            | _RIGHT[numbers[int(raw[18:27], 5)] << 7 | _HONOUR_IDS[int(raw[27:34], 5)]] << 3
            | melds
        ]
    except ValueError:  # a count above 4
        found = _UNKNOWN
    return solved_distance(counts, melds) if found == _UNKNOWN else found


_POWERS: Final = tuple(5 ** (8 - t % 9) if t < 27 else 5 ** (33 - t) for t in range(PLAIN_KINDS))
"""What one more tile of each kind adds to its suit's base-5 index."""
_STEPS: Final = {1: _POWERS, -1: tuple(-power for power in _POWERS)}


def standard_distances(counts: Sequence[int], melds: int, step: int) -> list[int]:
    """For each kind, :func:`standard_distance` once one tile of it is added (``step`` 1) or
    taken away (-1); INFINITY where that cannot be. Only the suit that changes is looked up
    again, by moving its index one power of 5, which is what a bot weighing every discard needs."""
    raw = bytes(counts).translate(_DIGITS)
    try:
        m, p, s, h = int(raw[0:9], 5), int(raw[9:18], 5), int(raw[18:27], 5), int(raw[27:34], 5)
    except ValueError:  # a count above 4
        return _solved_distances(counts, melds, step)
    numbers, honours, left, right, answers = _NUMBER_IDS, _HONOUR_IDS, _LEFT, _RIGHT, _ANSWERS
    a, b, c, d = numbers[m], numbers[p], numbers[s], honours[h]
    low = left[a << 7 | b] << 11
    high = right[c << 7 | d] << 3 | melds
    edge = 0 if step < 0 else 4  # a count that cannot move this way
    moves = _STEPS[step]
    out = [INFINITY] * PLAIN_KINDS
    for tile in range(9):  # a suit at a time: the changed suit merged with the others
        if counts[tile] != edge:
            out[tile] = answers[left[numbers[m + moves[tile]] << 7 | b] << 11 | high]
    for tile in range(9, 18):
        if counts[tile] != edge:
            out[tile] = answers[left[a << 7 | numbers[p + moves[tile]]] << 11 | high]
    for tile in range(18, 27):
        if counts[tile] != edge:
            out[tile] = answers[low | right[numbers[s + moves[tile]] << 7 | d] << 3 | melds]
    for tile in range(27, 34):
        if counts[tile] != edge:
            out[tile] = answers[low | right[c << 7 | honours[h + moves[tile]]] << 3 | melds]
    if _UNKNOWN in out:
        return _solved_distances(counts, melds, step)
    return out


def _solved_distances(counts: Sequence[int], melds: int, step: int) -> list[int]:
    out = [INFINITY] * PLAIN_KINDS
    work = list(counts)
    for tile in range(PLAIN_KINDS):
        if 0 <= work[tile] + step <= 4:
            work[tile] += step
            out[tile] = solved_distance(work, melds)
            work[tile] -= step
    return out


# ---------------------------------------- standard: the splits of each suit
#
# The one decomposition of concealed tiles into sets and a pair, for every caller: completeness
# and waits (the engine, on every turn) and the readings of a winning hand (the scorers). Each
# suit (characters, dots, bamboo, honours) is split on its own and the splits are cached by its
# counts, so a game reuses almost every answer and no object is made for a split already seen.

_CHOW, _PUNG, _PAIR = MeldKind.CHOW, MeldKind.PUNG, MeldKind.PAIR
_MELDS: dict[int, Meld] = {}


def meld(kind: MeldKind, tile: Tile, exposed: bool = False) -> Meld:
    """The one shared Meld object for this kind, tile and exposure."""
    key = meld_code(kind, tile, exposed)
    found = _MELDS.get(key)
    if found is None:
        found = _MELDS[key] = Meld(kind, tile, exposed)
    return found


def meld_code(kind: MeldKind, tile: Tile, exposed: bool) -> int:
    """One number for a meld's kind, tile and exposure, to key caches by: hashing a Meld is slow
    (its kind is an Enum, hashed in Python)."""
    index = 0 if kind is _CHOW else 1 if kind is _PUNG else 2 if kind is MeldKind.KONG else 3
    return (tile * 4 + index) * 2 + exposed


_Split = tuple[tuple[Meld, ...], tuple[Meld, ...]]
"""One split of a suit: its pair (zero or one meld), then its sets in tile order."""


class Suit:
    """One suit's concealed tiles: every split into sets and (when its size says so) one pair,
    the pair kept apart; and, found on first use, the tiles that would complete the suit and the
    suit with one tile fewer. There is one object per suit and counts (see :func:`suit`)."""

    __slots__ = (
        "_completions",
        "_fewer",
        "_splits",
        "base",
        "chows",
        "held",
        "kinds",
        "pair",
        "splittable",
    )

    def __init__(self, base: int, held: bytes, chows: bool) -> None:
        self.base = base
        self.held = held
        """The count of each kind of the suit, a byte each (bytes hash fast, and in C)."""
        self.chows = chows
        self.kinds = sum(1 << (base + i) for i, n in enumerate(held) if n)
        """The kinds held, as bits."""
        size = sum(held)
        self.splittable = size % 3 != 1 and (
            next(_split(list(held), 0, base, chows, size % 3 == 2), None) is not None
        )
        """Whether the suit splits into sets and (by its size) a pair: the first split found
        says so, the others are only listed when a scorer asks (``splits``)."""
        self.pair = self.splittable and size % 3 == 2
        """Whether the suit splits, with the pair."""
        self._splits: tuple[_Split, ...] | None = None
        self._completions: tuple[tuple[Tile, bool], ...] | None = None
        self._fewer: dict[Tile, Suit] = {}

    @property
    def splits(self) -> tuple[_Split, ...]:
        """Every split, each once, in order: the pair (or nothing), then the sets."""
        if self._splits is None:
            held, pairs = self.held, 1 if sum(self.held) % 3 == 2 else 0
            results: set[tuple[Meld, ...]] = set()
            if self.splittable:
                for split in _split(list(held), 0, self.base, self.chows, bool(pairs)):
                    results.add(tuple(sorted(split, key=_meld_order)))
            ordered = sorted(results, key=lambda split: [_meld_order(m) for m in split])
            self._splits = tuple((s[:pairs], s[pairs:]) for s in ordered)
        return self._splits

    def completions(self) -> tuple[tuple[Tile, bool], ...]:
        """The tiles that, added, let the suit split; and whether it then holds the pair."""
        if self._completions is None:
            held = self.held
            found = []
            for i, n in enumerate(held):
                if n < 4:
                    more = suit(self.base, held[:i] + bytes((n + 1,)) + held[i + 1 :], self.chows)
                    if more.splittable:
                        found.append((self.base + i, more.pair))
            self._completions = tuple(found)
        return self._completions

    def fewer(self, tile: Tile) -> Suit:
        """The suit with one ``tile`` fewer."""
        found = self._fewer.get(tile)
        if found is None:
            held, i = self.held, tile - self.base
            less = held[:i] + bytes((held[i] - 1,)) + held[i + 1 :]
            found = self._fewer[tile] = suit(self.base, less, self.chows)
        return found


_SUITS: Final[tuple[tuple[int, int, bool, dict[bytes, Suit]], ...]] = (
    (0, 9, True, {}),
    (9, 18, True, {}),
    (18, 27, True, {}),
    (27, 34, False, {}),
)
"""Characters, dots, bamboo and honours: the first and last kind, whether chows are made, and
the Suit objects seen, by counts."""


_CHARACTERS, _DOTS, _BAMBOO, _HONOURS = (cache for *_, cache in _SUITS)
_SUITS_KEPT: Final = 1024
"""Suit objects kept per suit: enough for the scorers' working set, small enough that a long
run levels off (a full cache starts again)."""


def suit(base: int, held: bytes, chows: bool) -> Suit:
    """The one Suit object for these counts of the suit starting at ``base``."""
    cache = _SUITS[min(base // 9, 3)][3]
    found = cache.get(held)
    if found is None:
        if len(cache) > _SUITS_KEPT:
            cache.clear()
        found = cache[held] = Suit(base, held, chows)
    return found


def clear_caches() -> None:
    """Forget every suit and meld seen (a cold start, for benchmarks and tests)."""
    for *_, cache in _SUITS:
        cache.clear()
    _MELDS.clear()


def hand_suits(counts: Sequence[int]) -> list[Suit]:
    """The four suits of concealed counts: characters, dots, bamboo, honours (unrolled: the
    engine asks on every turn)."""
    raw = bytes(counts)
    return [
        _CHARACTERS.get(raw[0:9]) or suit(0, raw[0:9], True),
        _DOTS.get(raw[9:18]) or suit(9, raw[9:18], True),
        _BAMBOO.get(raw[18:27]) or suit(18, raw[18:27], True),
        _HONOURS.get(raw[27:34]) or suit(27, raw[27:34], False),
    ]


def _meld_order(m: Meld) -> tuple[int, int]:
    return (m.kind is not _PAIR, m.tile * 4 + (m.kind is _CHOW))


def _split(
    work: list[int], i: int, base: int, chows: bool, pair: bool
) -> Iterator[tuple[Meld, ...]]:
    while i < len(work) and not work[i]:
        i += 1
    if i == len(work):
        if not pair:
            yield ()
        return
    tile = base + i
    if pair and work[i] >= 2:
        work[i] -= 2
        for rest in _split(work, i, base, chows, False):
            yield (meld(_PAIR, tile), *rest)
        work[i] += 2
    if work[i] >= 3:
        work[i] -= 3
        for rest in _split(work, i, base, chows, pair):
            yield (meld(_PUNG, tile), *rest)
        work[i] += 3
    if chows and i + 2 < len(work) and work[i + 1] and work[i + 2]:
        for j in (i, i + 1, i + 2):
            work[j] -= 1
        for rest in _split(work, i, base, chows, pair):
            yield (meld(_CHOW, tile), *rest)
        for j in (i, i + 1, i + 2):
            work[j] += 1


def arrangements(counts: Sequence[int]) -> list[tuple[Meld, ...]]:
    """Every split of concealed counts (34 kinds) into sets and exactly one pair, pair first.

    Four alike undeclared tiles are never a kong.

    >>> from fourwinds.tiles import counts as count, parse_tiles
    >>> for a in arrangements(count(parse_tiles("11122233399m"), 34)):
    ...     print(" ".join(map(str, a)))
    99m 111m 222m 333m
    99m 123m 123m 123m
    """
    return suit_arrangements(hand_suits(counts))


def suit_arrangements(suits: list[Suit]) -> list[tuple[Meld, ...]]:
    """Every split of the tiles of these four suits into sets and one pair, pair first."""
    pairs = 0
    several = False
    for one in suits:
        if not one.splittable:
            return []
        pairs += one.pair
        several = several or len(one.splits) > 1
    if pairs != 1:
        return []
    if not several:  # the usual case: each suit splits one way
        pair: tuple[Meld, ...] = ()
        sets: tuple[Meld, ...] = ()
        for one in suits:
            ((suit_pair, suit_sets),) = one.splits
            pair += suit_pair
            sets += suit_sets
        return [pair + sets]
    combined: list[_Split] = [((), ())]
    for one in suits:
        combined = [
            (done_pair + pair, done_sets + sets)
            for done_pair, done_sets in combined
            for pair, sets in one.splits
        ]
    return [pair + sets for pair, sets in combined]


def standard_complete(counts: Sequence[int]) -> bool:
    """Whether concealed counts are exactly some sets and one pair (declared melds aside): read
    from the suit tables up to 14 tiles, by the splits beyond."""
    size = sum(counts)
    if size <= _FULL:
        return size % 3 == 2 and standard_distance(counts, (_FULL - size) // 3) == 0
    pairs = 0
    for one in hand_suits(counts):
        if not one.splittable:
            return False
        pairs += one.pair
    return pairs == 1


def standard_waits(counts: Sequence[int]) -> list[Tile]:
    """The kinds that complete these concealed tiles as sets and a pair, in order: read from
    the suit tables (a hand one tile short of 14 less its declared sets has distance 0 with that
    tile), as the engine asks after every change of a hand."""
    size = sum(counts)
    if size % 3 != 1 or size > _FULL:  # not a waiting size: by the splits, as the scorers ask
        return suit_waits(hand_suits(counts))
    melds = (_FULL - 1 - size) // 3
    if standard_distance(counts, melds) != 1:  # not ready: one lookup instead of 34
        return []
    after = standard_distances(counts, melds, 1)
    if after.count(0) == 1:
        return [after.index(0)]
    return [tile for tile in range(PLAIN_KINDS) if after[tile] == 0]


def suit_waits(suits: list[Suit]) -> list[Tile]:
    """The kinds that complete the tiles of these four suits as sets and a pair, in order."""
    paired = 0
    unsplit: Suit | None = None
    for one in suits:
        if not one.splittable:
            if unsplit is not None:
                return []  # two suits short: no one tile completes the hand
            unsplit = one
        elif one.pair:
            paired += 1
    if unsplit is not None:  # the tile completes the one suit that does not split
        return [t for t, pair in unsplit.completions() if paired + pair == 1]
    # every suit splits: the tile makes a pung of one suit's pair, and one pair must remain
    return [t for one in suits if one.pair for t, pair in one.completions() if paired + pair == 2]


# ---------------------------------------- special shapes (no declared melds)

_majors_of: Final = itemgetter(*MAJORS)
"""The counts of the thirteen terminals and honours, as a tuple (taken in C)."""


def _pairs_distance(held: Sequence[int]) -> int:
    """Seven different pairs chosen from the kinds whose counts are ``held`` (counted in C)."""
    singles = held.count(1)
    pairs = min(len(held) - held.count(0) - singles, 7)
    return _FULL - 2 * pairs - min(singles, 7 - pairs)


def _orphans_distance(counts: Sequence[int]) -> int:
    held: tuple[int, ...] = _majors_of(counts)
    return _FULL - (len(held) - held.count(0)) - (max(held) >= 2)


def _knitting_distance(counts: Sequence[int]) -> int:
    """Seven couples, each one value in two suits, using exactly two suits.

    Each further couple of a value uses no more tiles than the one before, so the seven couples
    that use the most tiles are simply the seven best steps over all values."""
    best = 0
    for a, b in ((0, 9), (0, 18), (9, 18)):
        steps = sorted(
            ((counts[a + v] > k) + (counts[b + v] > k) for v in range(9) for k in range(4)),
            reverse=True,
        )
        best = max(best, sum(steps[:7]))
    return _FULL - best


def _triple_knitting_distance(counts: Sequence[int]) -> int:
    """Four triples (one value in all three suits) and a couple (one value in two suits).

    The ``k``-th triple of a value uses as many held tiles as there are suits holding ``k`` or
    more of it: never more than the one before, so the triples that use the most tiles over the
    values other than the couple's are the best such steps among them. At the couple's value,
    after ``k`` triples, the couple uses a tile of each of two suits holding more than ``k``."""
    steps: list[list[int]] = []  # for each value, the held tiles its 1st to 5th triple use
    for value in range(9):
        a, b, c = counts[value], counts[9 + value], counts[18 + value]
        steps.append([(a >= k) + (b >= k) + (c >= k) for k in range(1, 6)])
    # The best eight steps hold the best four of the values but any one (a value has four).
    best_steps = sorted((gain, value) for value in range(9) for gain in steps[value][:4])[-8:]
    best = 0
    for value, gains in enumerate(steps):
        others = [0]
        for gain, of in reversed(best_steps):
            if of != value:
                others.append(others[-1] + gain)
        own = 0
        for k in range(5):
            best = max(best, own + min(2, gains[k]) + others[4 - k])
            own += gains[k]
    return _FULL - best


def _snake_distance(counts: Sequence[int]) -> int:
    """One suit 1 1 2 3 4 5 6 7 8 9 and the four winds once each."""
    winds = sum(1 for w in WINDS if counts[w])
    best = 0
    for base in (0, 9, 18):
        held = min(counts[base], 2) + sum(1 for v in range(1, 9) if counts[base + v])
        best = max(best, held)
    return _FULL - best - winds


def distance(shape: str, counts: Sequence[int], melds: int) -> int:
    """Tiles to add to the concealed ``counts`` for a complete hand of ``shape``.

    ``melds`` is the number of declared sets; the special shapes allow none.
    """
    if shape == STANDARD:
        return standard_distance(counts, melds)
    if melds:
        return INFINITY
    if shape == THIRTEEN_ORPHANS:
        return _orphans_distance(counts)
    if shape == SEVEN_PAIRS:
        return _pairs_distance(counts[:PLAIN_KINDS])
    if shape == ALL_PAIR_HONOURS:
        return _pairs_distance(_majors_of(counts))
    if shape == KNITTING:
        return _knitting_distance(counts)
    if shape == TRIPLE_KNITTING:
        return _triple_knitting_distance(counts)
    if shape == WRIGGLING_SNAKE:
        return _snake_distance(counts)
    raise ValueError(f"unknown shape {shape!r}")


def is_complete(shape: str, counts: Sequence[int], melds: int) -> bool:
    """Whether these concealed tiles with ``melds`` declared sets form a complete hand."""
    if sum(counts) + 3 * melds != _FULL:
        return False
    if shape == STANDARD:
        return standard_complete(counts)
    return distance(shape, counts, melds) == 0
