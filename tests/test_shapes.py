"""Winning shapes and tiles-to-win, checked against independent brute-force definitions."""

from __future__ import annotations

import itertools
import random
import zlib

import pytest

from fourwinds.analysis import distances_after, tiles_to_win, useful_tiles, waits
from fourwinds.shapes import (
    ALL_PAIR_HONOURS,
    INFINITY,
    KNITTING,
    SEVEN_PAIRS,
    SPECIAL_SHAPES,
    STANDARD,
    THIRTEEN_ORPHANS,
    TRIPLE_KNITTING,
    WRIGGLING_SNAKE,
    arrangements,
    distance,
    is_complete,
    standard_distance,
    standard_distances,
)
from fourwinds.suit_tables import (
    OUTSIDE,
    UNKNOWN,
    answer,
    combine,
    dump,
    load,
    parse,
    patterns,
    suit_table,
)
from fourwinds.tiles import PLAIN_KINDS, counts, format_tiles, parse_tiles

WALL = [t for t in range(PLAIN_KINDS) for _ in range(4)]


def hand(text: str) -> list[int]:
    return counts(parse_tiles(text), PLAIN_KINDS)


def expand(tiles: list[int]) -> list[int]:
    return [t for t in range(PLAIN_KINDS) for _ in range(tiles[t])]


def random_hand(rng: random.Random, size: int) -> list[int]:
    return counts(rng.sample(WALL, size), PLAIN_KINDS)


@pytest.mark.parametrize(
    ("text", "melds"),
    [
        ("123456789p444p44z", 0),  # seed 003 example 1: chow chow chow pung pair
        ("444m777s789m11s", 1),  # seed 003 example 2, beside a declared kong of East
        ("234s555p234m555s99p", 0),  # seed 003 example 3
    ],
)
def test_the_beginner_examples_are_complete(text: str, melds: int) -> None:
    """Seed 003: "The following are all valid winning hands"."""
    assert is_complete(STANDARD, hand(text), melds)


def test_not_complete() -> None:
    """Seed 003: honours make no chow, and a chow does not loop from 9 back to 1."""
    assert not is_complete(STANDARD, hand("123z456p789s111m22p"), 0)
    assert not is_complete(STANDARD, hand("891m456p789s111m22p"), 0)


def test_complete_means_some_arrangement_exists() -> None:
    """The splits into sets and a pair rebuild the tiles, and there is one exactly when the
    distance table (an independent reckoning) says the hand is complete."""
    rng = random.Random(11)
    seen = 0
    for _ in range(3000):
        tiles = random_hand(rng, 14)
        # make complete hands common: rebuild from random sets half the time
        if rng.random() < 0.5:
            tiles = [0] * PLAIN_KINDS
            for _ in range(4):
                start = rng.randrange(PLAIN_KINDS)
                if start < 27 and start % 9 <= 6 and rng.random() < 0.6:
                    for t in (start, start + 1, start + 2):
                        tiles[t] += 1
                else:
                    tiles[start] += 3
            tiles[rng.randrange(PLAIN_KINDS)] += 2
            if max(tiles) > 4:
                continue
        found = arrangements(tiles)
        for arrangement in found:
            assert sorted(t for m in arrangement for t in m.tiles) == expand(tiles)
        complete = distance(STANDARD, tiles, 0) == 0
        seen += complete
        assert bool(found) == complete == is_complete(STANDARD, tiles, 0), format_tiles(
            expand(tiles)
        )
    assert seen > 300


@pytest.mark.parametrize("melds", [0, 1, 2])
def test_distance_is_one_more_than_the_best_next_tile(melds: int) -> None:
    """Exactness: for a hand short of 14, distance(h) = 1 + min over tiles t of distance(h + t),
    and a full hand has distance 0 exactly when complete. Together these pin distance down."""
    rng = random.Random(melds)
    for _ in range(400):
        size = 13 - 3 * melds - rng.randrange(0, 4)
        tiles = random_hand(rng, size)
        best = INFINITY
        for tile in range(PLAIN_KINDS):
            if tiles[tile] < 4:
                tiles[tile] += 1
                best = min(best, distance(STANDARD, tiles, melds))
                tiles[tile] -= 1
        assert distance(STANDARD, tiles, melds) == best + 1


def test_full_hand_distance_is_zero_only_when_complete() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        tiles = random_hand(rng, 14)
        assert (distance(STANDARD, tiles, 0) == 0) == is_complete(STANDARD, tiles, 0)


def test_waits_are_exactly_the_completing_tiles() -> None:
    rng = random.Random(5)
    ready = 0
    shapes = (STANDARD, THIRTEEN_ORPHANS, SEVEN_PAIRS)
    for _ in range(1500):
        tiles = random_hand(rng, 13)
        expected = []
        for tile in range(PLAIN_KINDS):
            if tiles[tile] < 4:
                tiles[tile] += 1
                if any(distance(s, tiles, 0) == 0 for s in shapes):
                    expected.append(tile)
                tiles[tile] -= 1
        assert waits(tiles, 0, shapes) == expected
        assert (tiles_to_win(tiles, 0, shapes) == 0) == bool(expected)
        ready += bool(expected)
    # and on hands that are ready by construction
    assert waits(hand("1112345678999m"), 0) == parse_tiles("123456789m")  # nine gates
    assert waits(hand("19m19p19s1234567z"), 0, shapes) == parse_tiles("19m19p19s1234567z")
    assert waits(hand("1133557799m11p2z"), 0, shapes) == parse_tiles("2z")


def test_no_wait_on_a_fifth_copy() -> None:
    assert waits(hand("1111m234p567s888s"), 0) == []
    assert tiles_to_win(hand("1111m234p567s888s"), 0) == 1


@pytest.mark.parametrize(
    ("shape", "text"),
    [
        (THIRTEEN_ORPHANS, "19m19p19s1234567z9s"),
        (SEVEN_PAIRS, "1133557799m1122z"),
        (ALL_PAIR_HONOURS, "1199m99p11s112266z"),
        (KNITTING, "1234567m1234567p"),
        (KNITTING, "1122334m1122334s"),
        (TRIPLE_KNITTING, "1234m1234p1234s5m5p"),
        (WRIGGLING_SNAKE, "112345678 9s1234z".replace(" ", "")),
    ],
)
def test_special_shapes(shape: str, text: str) -> None:
    """reference/league-presets.md section 4 and seed 002 (Thirteen Orphans, Seven Pairs)."""
    tiles = hand(text)
    assert is_complete(shape, tiles, 0)
    assert not is_complete(shape, tiles, 1)  # special shapes allow no declared meld
    for tile in range(PLAIN_KINDS):  # and one tile away, each is one tile short
        if tiles[tile]:
            tiles[tile] -= 1
            assert distance(shape, tiles, 0) == 1
            tiles[tile] += 1


def straight_triple_knitting_distance(tiles: list[int]) -> int:
    """The definition: the most held tiles any four triples (values may repeat) and a couple
    use, tried one choice at a time."""
    best = 0
    for triples in itertools.combinations_with_replacement(range(9), 4):
        for couple in range(9):
            for suits in itertools.combinations((0, 9, 18), 2):
                wanted = [0] * PLAIN_KINDS
                for value in triples:
                    for suit in (0, 9, 18):
                        wanted[suit + value] += 1
                for suit in suits:
                    wanted[suit + couple] += 1
                best = max(best, sum(map(min, tiles, wanted)))
    return 14 - best


def test_triple_knitting_distance_is_the_straight_one() -> None:
    rng = random.Random(5)
    for number in range(40):
        size = rng.randrange(1, 15)
        tiles = adversarial_hand(rng, size) if number % 2 else random_hand(rng, size)
        assert distance(TRIPLE_KNITTING, tiles, 0) == straight_triple_knitting_distance(tiles)


def test_seven_pairs_needs_seven_different_pairs() -> None:
    assert not is_complete(SEVEN_PAIRS, hand("1111m3355779911p"), 0)


def test_useful_tiles_bring_the_hand_nearer() -> None:
    tiles = hand("123m456p789s1z5z")  # 11 tiles: one set short
    useful = useful_tiles(tiles, 0)
    base = tiles_to_win(tiles, 0)
    for tile in range(PLAIN_KINDS):
        tiles[tile] += 1
        assert (tiles_to_win(tiles, 0) < base) == (tile in useful)
        tiles[tile] -= 1


def straight_standard_distance(tiles: list[int], melds: int) -> int:
    """The definition the shipped tables must equal: each suit's table by the plain dynamic
    programme, merged suit by suit, the best split of the sets needed."""
    tables = [suit_table(tiles[a:b], a < 27) for a, b in ((0, 9), (9, 18), (18, 27))]
    tables.append(suit_table(tiles[27:34], False))
    merged = tables[0]
    for table in tables[1:]:
        merged = tuple(combine(merged, table))
    return merged[(4 - melds) * 2 + 1]


def adversarial_hand(rng: random.Random, size: int) -> list[int]:
    """Hands crowded into few kinds: four copies, one suit, honours."""
    kinds = rng.sample(range(PLAIN_KINDS), rng.randrange(1, 8))
    if rng.random() < 0.5:
        base = rng.choice((0, 9, 18, 27))
        kinds = list(range(base, base + (7 if base == 27 else 9)))
    tiles = [0] * PLAIN_KINDS
    while sum(tiles) < size:
        tile = rng.choice(kinds)
        if tiles[tile] < 4:
            tiles[tile] += 1
        elif all(tiles[k] == 4 for k in kinds):
            kinds.append(rng.randrange(PLAIN_KINDS))
    return tiles


@pytest.mark.parametrize("melds", [0, 1, 2, 3, 4])
def test_fast_standard_distance_is_the_straight_one(melds: int) -> None:
    """On random and crowded hands: four copies, one suit, honours."""
    rng = random.Random(20 + melds)
    for _ in range(2):
        for i in range(600):
            size = 14 - 3 * melds - rng.randrange(0, 2)
            tiles = random_hand(rng, size) if i % 2 else adversarial_hand(rng, size)
            assert standard_distance(tiles, melds) == straight_standard_distance(tiles, melds)
            for step in (-1, 1):
                after = standard_distances(tiles, melds, step)
                for tile in range(PLAIN_KINDS):
                    if 0 <= tiles[tile] + step <= 4:
                        tiles[tile] += step
                        assert after[tile] == straight_standard_distance(tiles, melds)
                        tiles[tile] -= step
                    else:
                        assert after[tile] == INFINITY


TABLES = load()


def base5(held: tuple[int, ...]) -> int:
    return int("".join(map(str, held)), 5)


def test_every_small_suit_and_a_sample_of_the_rest_reads_its_own_table() -> None:
    """Every suit of up to 5 tiles, and 3,000 random ones of up to 14, numbered in the shipped
    file as the programme solves it; a suit of more than 14 tiles is outside."""
    rng = random.Random(11)
    for kinds, lookup, tables, chows in (
        (9, TABLES.numbers, TABLES.number_tables, True),
        (7, TABLES.honours, TABLES.honour_tables, False),
    ):
        every = list(patterns(kinds))
        sample = [p for p in every if sum(p) <= 5] + rng.sample(every, 3000)
        for held in sample:
            number = lookup[base5(held)]
            if sum(held) > 14:
                assert number == OUTSIDE, held
            else:
                assert tables[number] == suit_table(held, chows), held


def test_every_merge_and_answer_in_the_file_is_the_programmes() -> None:
    for lookup, merged, lows, highs in (
        (TABLES.left, TABLES.left_tables, TABLES.number_tables, TABLES.number_tables),
        (TABLES.right, TABLES.right_tables, TABLES.number_tables, TABLES.honour_tables),
    ):
        for i, low in enumerate(lows):
            for j, high in enumerate(highs):
                assert merged[lookup[i << 7 | j]] == tuple(combine(low, high))
        assert lookup[OUTSIDE << 7] == lookup[OUTSIDE] == UNKNOWN
    for i, low in enumerate(TABLES.left_tables):
        for j, high in enumerate(TABLES.right_tables):
            for melds in range(5):
                assert TABLES.answers[i << 11 | j << 3 | melds] == answer(low, high, melds)
    assert TABLES.answers[UNKNOWN << 11] == UNKNOWN


def test_the_file_reads_back_as_written() -> None:
    assert parse(dump(TABLES)) == TABLES
    with pytest.raises(ValueError, match="1 bytes left over"):
        parse(zlib.compress(zlib.decompress(dump(TABLES)) + b"x"))


@pytest.mark.parametrize(
    "text",
    ["1111222233334444555m", "11112222333344m", "111122223333444455z", "1111222233334m45p"],
)
def test_hands_the_tables_do_not_hold_are_solved_directly(text: str) -> None:
    """More than 14 tiles in a suit (the tables stop there), and a fifth copy of a kind."""
    tiles = hand(text)
    assert standard_distance(tiles, 0) == straight_standard_distance(tiles, 0)
    tiles[0] += 1
    assert standard_distance(tiles, 0) == straight_standard_distance(tiles, 0)
    after = standard_distances(tiles, 0, -1)
    for tile in range(PLAIN_KINDS):
        if tiles[tile]:
            tiles[tile] -= 1
            assert after[tile] == straight_standard_distance(tiles, 0)
            tiles[tile] += 1


@pytest.mark.parametrize(
    "shape_set",
    [
        (STANDARD,),
        (STANDARD, THIRTEEN_ORPHANS),
        (STANDARD, THIRTEEN_ORPHANS, SEVEN_PAIRS),
        (STANDARD, *SPECIAL_SHAPES),
    ],
)
def test_distances_after_each_tile_are_the_plain_ones(shape_set: tuple[str, ...]) -> None:
    """What the greedy bot and useful tiles read: every special shape, random and crowded."""
    rng = random.Random(len(shape_set))
    for i in range(300):
        tiles = random_hand(rng, 14) if i % 2 else adversarial_hand(rng, 14)
        for step in (-1, 1):
            after = distances_after(tiles, 0, shape_set, step)
            for tile in range(PLAIN_KINDS):
                if 0 <= tiles[tile] + step <= 4:
                    tiles[tile] += step
                    assert after[tile] == min(distance(s, tiles, 0) for s in shape_set)
                    tiles[tile] -= step
