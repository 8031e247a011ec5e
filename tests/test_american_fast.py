"""The packed matcher equals the plain definitions (``american_reference``) on random and
adversarial holdings: dealt hands, near and complete instances with jokers and exposures,
piles of jokers and flowers, four of a kind, exposures that fit no line. The Charleston's
passes made on demand equal the full list, tiles piled into few kinds included."""

from __future__ import annotations

import random

import american_reference as reference
import pytest

from fourwinds.american.actions import PASS_ACTION, PASS_TILES, WIN_ACTION, AmericanAction
from fourwinds.american.card import FLOWER, sample_card, supply
from fourwinds.american.deal import PassChoices
from fourwinds.american.hand import KIND_COUNT
from fourwinds.american.instances import Compiled
from fourwinds.american.matcher import _KEPT, Holding, Matcher, Outlook
from fourwinds.rules import AMERICAN_TILES
from fourwinds.tiles import JOKER

MATCHER = Matcher(sample_card())
TILES = [t for t, n in enumerate(AMERICAN_TILES) for _ in range(n)]
KEYS = sorted(MATCHER.with_set)


def dealt(rng: random.Random) -> Holding:
    hand = rng.sample(TILES, rng.choice((13, 14)))
    counts = [0] * KIND_COUNT
    for tile in hand:
        if tile != JOKER:
            counts[min(tile, FLOWER)] += 1
    return Holding(counts, hand.count(JOKER))


def near(rng: random.Random, entry: Compiled | None = None, swaps: int | None = None) -> Holding:
    """An instance (of ``entry``, else a random one) with some set tiles as jokers, some sets
    exposed and ``swaps`` tiles swapped (else up to three)."""
    entry = entry or rng.choice(MATCHER.table)
    counts = [0] * KIND_COUNT
    jokers = exposed_jokers = 0
    exposures = []
    for tiles, is_set in entry.instance:
        if is_set and not entry.concealed and rng.random() < 0.3:
            exposures.append((tiles[0], len(tiles)))
            exposed_jokers += rng.randrange(len(tiles))
            continue
        for tile in tiles:
            if is_set and rng.random() < 0.3:
                jokers += 1
            else:
                counts[tile] += 1
    for _ in range(rng.randrange(4) if swaps is None else swaps):
        held = [t for t, n in enumerate(counts) if n]
        if held:
            counts[rng.choice(held)] -= 1
            counts[rng.randrange(KIND_COUNT)] += 1
    return Holding(counts, jokers, tuple(rng.sample(exposures, len(exposures))), exposed_jokers)


def adversarial(rng: random.Random) -> Holding:
    """Piles of jokers, flowers and four of a kind, and exposures drawn from any set of the
    card (often fitting no line together)."""
    counts = [0] * KIND_COUNT
    jokers = rng.choice((0, 1, 5, 8, 14))
    counts[FLOWER] = rng.choice((0, 2, 8, 16, 20))
    for tile in rng.sample(range(KIND_COUNT), 3):
        counts[tile] += rng.choice((1, 4, 6))
    exposures = tuple(rng.choice(KEYS) for _ in range(rng.choice((0, 0, 1, 2, 3))))
    return Holding(counts, jokers, exposures, rng.randrange(3))


HOLDINGS = [
    maker(random.Random(seed)) for seed in range(300) for maker in (dealt, near, adversarial)
]


def of_every_line(rng: random.Random) -> list[Holding]:
    """For every line of the card, an instance of it (its first, or another) with some set
    tiles as jokers, some sets exposed and a tile or two swapped: every kind of line (runs,
    like numbers, winds, dragons, flowers, concealed lines) near and complete."""
    found = []
    for line in range(len(MATCHER.card.lines)):
        places = [p for p, entry in enumerate(MATCHER.table) if entry.line == line]
        for place in (places[0], rng.choice(places)):
            found.append(near(rng, MATCHER.table[place], rng.choice((0, 0, 1, 2))))
    return found


EVERY_LINE = of_every_line(random.Random(3))


def test_every_line_equals_the_definition() -> None:
    """Tiles away, targets and matches near an instance of every line of the card."""
    rng = random.Random(4)
    for holding in EVERY_LINE:
        found = [(d.line.id, d.tiles, d.instance) for d in MATCHER.distances(holding)]
        assert found == reference.distances(MATCHER, holding), holding
        unseen, jokers_unseen = unseen_of(rng), rng.choice((0, 2, 8))
        for limit in (1, 6, 8, 60):
            targets = MATCHER.targets(holding, unseen, jokers_unseen, limit)
            expected = reference.targets(MATCHER, holding, unseen, jokers_unseen, limit)
            assert [(t.tiles, t.line.id, t.place) for t in targets] == expected, holding
        complete = [d.line.id for d in MATCHER.distances(holding) if d.tiles == 0]
        if sum(holding.counts) + holding.jokers + sum(n for _, n in holding.exposures) == 14:
            assert sorted(m.line.id for m in MATCHER.matches(holding)) == sorted(complete)


def test_candidates_from_a_seat_s_tiles_equal_those_of_its_holding() -> None:
    """``tile_candidates`` (flowers apart, jokers included, as a deal keeps them) by its
    definition."""
    rng = random.Random(6)
    for _ in range(300):
        tiles = [0] * (JOKER + 1)
        for tile in rng.sample(TILES, rng.choice((3, 13, 14))):
            tiles[tile] += 1
        counts = [0] * KIND_COUNT
        for tile, n in enumerate(tiles[:JOKER]):
            counts[min(tile, FLOWER)] += n
        exposures = tuple(rng.choice(KEYS) for _ in range(rng.choice((0, 0, 1, 2))))
        holding = Holding(counts, tiles[JOKER], exposures)
        bits, last = MATCHER.tile_candidates(tiles, exposures)
        assert bits == MATCHER.candidates(holding)
        if not bits:  # the tiles up to ``last`` allow none, whatever else is held
            other = [n if tile <= last else rng.randrange(3) for tile, n in enumerate(tiles)]
            assert MATCHER.tile_candidates(other, exposures)[0] == 0


def unseen_of(rng: random.Random) -> list[int] | None:
    if rng.random() < 0.2:
        return None
    return [
        rng.randrange(supply(t) + 1) if rng.random() < 0.5 else supply(t) for t in range(KIND_COUNT)
    ]


@pytest.mark.parametrize("chunk", range(3))
def test_distances_equal_the_definition(chunk: int) -> None:
    for holding in HOLDINGS[chunk::3]:
        found = [(d.line.id, d.tiles, d.instance) for d in MATCHER.distances(holding)]
        assert found == reference.distances(MATCHER, holding), holding


def test_tiles_away_of_every_line_are_the_distances() -> None:
    """Asked twice for each hand, with more hands than are kept: the distances in card order,
    0xFF for the lines ruled out, and the memo stays small."""
    numbers = {line.id: number for number, line in enumerate(MATCHER.card.lines)}
    for holding in HOLDINGS[: _KEPT * 2] * 2:
        expected = bytearray(b"\xff" * len(numbers))
        for distance in reference.distances(MATCHER, holding):
            expected[numbers[distance[0]]] = distance[1]
        assert MATCHER.tiles_away(holding) == expected, holding
        assert len(MATCHER._lines_away) <= _KEPT


@pytest.mark.parametrize("chunk", range(3))
def test_targets_equal_the_definition(chunk: int) -> None:
    rng = random.Random(chunk)
    for holding in HOLDINGS[chunk::3]:
        unseen, jokers_unseen = unseen_of(rng), rng.choice((0, 2, 8))
        limit = rng.choice((1, 6, 8, 60))
        found = MATCHER.targets(holding, unseen, jokers_unseen, limit)
        expected = reference.targets(MATCHER, holding, unseen, jokers_unseen, limit)
        assert [(t.tiles, t.line.id, t.place) for t in found] == expected, holding
        for target in found:
            entry = MATCHER.table[target.place]
            filled = reference.fits(MATCHER, target.place, holding.exposures)
            assert filled is not None
            assert target.needs == tuple((t, n - filled.get(t, 0), m) for t, n, m in entry.items)
            sets = list(entry.sets)
            for exposure in holding.exposures:
                sets.remove(exposure)
            assert target.sets == tuple(sets)


def test_an_outlook_counted_on_equals_the_definition() -> None:
    """A seat's outlook asked about hand after hand, with other tiles in sight and other
    exposures, its count of the tiles carried on a kind at a time: each answer equals the plain
    definition, the tiles in sight asked about twice give the same answer, and so does a hand
    asked about again after a look at other exposures (a call weighed)."""
    rng = random.Random(11)
    outlook = Outlook(MATCHER)
    holding = HOLDINGS[0]
    for _ in range(600):
        if rng.random() < 0.15:  # a call weighed: a look at a hand with other exposures
            other, unseen = rng.choice(HOLDINGS), unseen_of(rng)
            found = outlook.targets(other, unseen, 8, 1)
            assert found == MATCHER.targets(other, unseen, 8, 1), other
        if rng.random() < 0.1:  # another hand, often with other exposures
            holding = rng.choice(HOLDINGS)
        else:  # a tile or a joker in or out, as play goes
            counts = holding.counts[:]
            counts[rng.randrange(KIND_COUNT)] += 1
            held = [t for t, n in enumerate(counts) if n]
            counts[rng.choice(held)] -= 1
            jokers = max(0, holding.jokers + rng.choice((-1, 0, 0, 0, 1)))
            holding = holding._replace(counts=counts, jokers=jokers)
        unseen, jokers_unseen = unseen_of(rng), rng.choice((0, 2, 8))
        limit = rng.choice((1, 6, 30))
        for _ in range(rng.choice((1, 2))):
            found = outlook.targets(holding, unseen, jokers_unseen, limit)
            assert found == MATCHER.targets(holding, unseen, jokers_unseen, limit), holding
            expected = reference.targets(MATCHER, holding, unseen, jokers_unseen, limit)
            assert [(t.tiles, t.line.id, t.place) for t in found] == expected, holding


def test_no_call_brings_a_hand_nearer_than_the_bound_of_its_set() -> None:
    """``Outlook.fewest_with`` by its definition (the fewest tiles away, with the discard in
    hand, of the instances with that set group besides the exposures), counted on or from
    nothing; and no way of calling the discard for that set, naturals and jokers in any mix,
    leaves any instance nearer."""
    rng = random.Random(9)
    for holding in HOLDINGS[::15]:
        outlook = Outlook(MATCHER)
        for _ in range(2):  # the second look keeps a count: ``fewest_with`` counts on from it
            outlook.targets(holding)
        exposures = holding.exposures
        for exposure in rng.sample(KEYS, 4):
            tile, size = exposure
            more = holding.counts[:]
            more[tile] += 1
            with_tile = holding._replace(counts=more)
            expected = min(
                (
                    reference.away(MATCHER, place, with_tile, filled)
                    for place in range(len(MATCHER.table))
                    if reference.fits(MATCHER, place, (*exposures, exposure)) is not None
                    and (filled := reference.fits(MATCHER, place, exposures)) is not None
                ),
                default=0xFF,
            )
            bound = outlook.fewest_with(holding, exposure)
            assert bound == expected == Outlook(MATCHER).fewest_with(holding, exposure)
            for naturals in range(1, min(size, holding.counts[tile] + 1) + 1):
                jokers = size - naturals  # the discard is one of the naturals
                if jokers > holding.jokers:
                    continue
                after = holding.counts[:]
                after[tile] -= naturals - 1
                called = Holding(after, holding.jokers - jokers, (*exposures, exposure))
                nearest = MATCHER.targets(called, limit=1)
                assert not nearest or nearest[0].tiles >= bound, (holding, exposure, naturals)


def test_viable_equals_the_definition() -> None:
    rng = random.Random(7)
    for holding in HOLDINGS:
        unseen = unseen_of(rng) or [supply(t) for t in range(KIND_COUNT)]
        scarce = [n // rng.choice((1, 2, 4)) for n in unseen]
        for jokers in (0, 3, 8):
            for left in (unseen, scarce):
                expected = reference.viable(MATCHER, holding.exposures, left, jokers)
                assert MATCHER.viable(holding.exposures, left, jokers) == expected, holding


def naturals_of(rng: random.Random) -> list[int]:
    """Thirteen or fourteen natural tiles: dealt, or piled into few kinds (four of a kind,
    flowers, all alike) so that runs repeat."""
    if rng.random() < 0.5:
        return [t for t in rng.sample(TILES, rng.choice((13, 14))) if t != JOKER]
    kinds = rng.sample([t for t in set(TILES) if t != JOKER], rng.choice((1, 2, 4, 7)))
    return [rng.choice(kinds) for _ in range(rng.choice((3, 13, 14)))]


@pytest.mark.parametrize("seed", range(4))
def test_pass_choices_equal_the_full_list(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        naturals = sorted(naturals_of(rng))
        count = rng.choice((0, 1, 2, 3, 3))
        blinds = range(count + 1) if rng.random() < 0.5 else range(1)
        win = rng.random() < 0.3
        held = [0] * JOKER
        for tile in naturals:
            held[tile] += 1
        choices = PassChoices(held, count, blinds, win)
        expected = reference.passes(naturals, count, blinds, win)
        assert list(choices) == expected
        assert len(choices) == len(expected)
        assert [choices[i] for i in range(-len(expected), len(expected))] == expected * 2
        assert choices[1::3] == expected[1::3]
        assert all(action in choices for action in expected)
        with pytest.raises(IndexError):
            choices[len(expected)]
        others = [
            AmericanAction(PASS_TILES, tuple(sorted(rng.sample(TILES, n))), b)
            for n in range(4)
            for b in range(4)
        ]
        others += [WIN_ACTION, PASS_ACTION, AmericanAction(PASS_TILES, (3, 2, 1))]
        others += [a._replace(tiles=a.tiles[::-1]) for a in expected if len(set(a.tiles)) > 1]
        for action in others:
            assert (action in choices) == (action in expected), action
