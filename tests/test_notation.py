"""The notation of DESIGN.md: every tile, meld and hand round-trips; bad strings say where."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fourwinds.hand import Hand, Meld, MeldKind
from fourwinds.tiles import (
    JOKER,
    KINDS,
    NotationError,
    format_tiles,
    parse_tile,
    parse_tiles,
    tile_name,
)

ALL_NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
ALL_NAMES += [f"{n}z" for n in range(1, 8)] + [f"{n}f" for n in range(1, 9)] + ["J"]


def test_every_tile_round_trips() -> None:
    assert [tile_name(t) for t in range(KINDS)] == ALL_NAMES
    for tile in range(KINDS):
        assert parse_tile(tile_name(tile)) == tile
    assert parse_tile("J") == JOKER


@given(st.lists(st.integers(0, KINDS - 1), max_size=20))
def test_any_tile_sequence_round_trips(tiles: list[int]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tiles


def test_a_run_of_numbers_shares_its_suit_letter() -> None:
    assert parse_tiles("123m") == parse_tiles("1m2m3m")
    assert format_tiles(parse_tiles("1m2m3m4p")) == "123m4p"


@pytest.mark.parametrize(
    ("text", "reason", "column"),
    [
        ("12x", "unknown suit letter 'x'", 3),
        ("0m", "number 0 out of range 1-9 for suit 'm'", 1),
        ("8z", "number 8 out of range 1-7 for suit 'z'", 1),
        ("9f", "number 9 out of range 1-8 for suit 'f'", 1),
        ("123", "numbers without a suit letter", 1),
        ("m", "suit letter 'm' without a number", 1),
        ("1m,2m", "unexpected character ','", 3),
    ],
)
def test_bad_tiles_name_the_column_and_the_problem(text: str, reason: str, column: int) -> None:
    with pytest.raises(NotationError) as error:
        parse_tiles(text)
    assert error.value.reason == reason
    assert error.value.position + 1 == column


def test_the_design_example_round_trips() -> None:
    """DESIGN.md: the seed 000 scoring example."""
    text = "[555z] [1111m] 444p 23s 77z 8f +4s"
    hand = Hand.parse(text)
    assert str(hand) == text
    assert hand.melds == (
        Meld(MeldKind.PUNG, parse_tile("5z"), exposed=True),
        Meld(MeldKind.KONG, parse_tile("1m"), exposed=True),
    )
    assert hand.bonus == (parse_tile("8f"),)
    assert hand.winning_tile == parse_tile("4s")
    assert hand.size() == 14


@pytest.mark.parametrize(
    "text",
    [
        "123m 456p 789s 1122z +2z",
        "{9999p} [123m] 456s 789m 1z +1z",
        "[111z] [222z] [333z] 4445z +5z",
        "19m 19p 19s 1234567z +1m",
        "1234m 5678p",
        "[234s] 1357f",
        "",
    ],
)
def test_canonical_hands_round_trip(text: str) -> None:
    assert str(Hand.parse(text)) == text


@given(
    st.lists(st.sampled_from(["[123m]", "[555z]", "{7777p}", "[9999s]", "[345p]"]), max_size=3),
    st.lists(st.integers(0, 33), min_size=1, max_size=4),
)
def test_parse_of_format_is_identity(melds: list[str], concealed: list[int]) -> None:
    text = " ".join([*melds, format_tiles(concealed)])
    try:
        hand = Hand.parse(text)
    except NotationError:
        return  # a random draw may hold a fifth copy; refusing it is tested elsewhere
    assert Hand.parse(str(hand)) == hand


@pytest.mark.parametrize(
    ("text", "reason", "column"),
    [
        ("1111m 1m", "a fifth copy of 1m", 7),
        ("[1111m] 11m", "a fifth copy of 1m", 9),
        ("3f3f", "a extra copy of 3f", 3),
        ("[124m] 5p", "[124m] is no chow, pung or kong", 1),
        ("[11m] 5p", "[11m] is no chow, pung or kong", 1),
        ("[123z]", "[123z] is no chow, pung or kong", 1),
        ("[789m1p]", "[789m1p] is no chow, pung or kong", 1),
        ("{111m}", "{111m} in braces must be a concealed kong", 1),
        ("[123m 5p", "[ without its ]", 1),
        ("123m4f5m", "bonus tiles stand in a group of their own", 1),
        ("123m +", "+ must be followed by one winning tile", 6),
        ("123m +4m 5m", "the winning tile must come last", 10),
        ("123456789m123p44p", "winning tile missing: mark the last tile with +", 18),
        ("123456789m123p44p +4p", "too many tiles: 15", 22),
        (
            "123456789m12p +3p",
            "a winning hand has 14 tiles (a kong counts as three), this one has 12",
            18,
        ),
        ("1234567m 1234567p 1s", "too many tiles: 15", 21),
    ],
)
def test_bad_hands_name_the_column_and_the_problem(text: str, reason: str, column: int) -> None:
    with pytest.raises(NotationError) as error:
        Hand.parse(text)
    assert error.value.reason == reason
    assert error.value.position + 1 == column
