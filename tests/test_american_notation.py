"""American hand notation (docs/notation.md "American hands"): jokers among concealed tiles and
inside exposures; round trips and positioned errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fourwinds.american.hand import AmericanHand, Exposure
from fourwinds.tiles import JOKER, NotationError


def test_jokers_may_stand_anywhere_inside_an_exposure() -> None:
    assert Exposure.parse("[5JJ5m]") == Exposure.parse("[J55mJ]") == Exposure((4, 4), 2)
    assert str(Exposure.parse("[5JJ5m]")) == "[55mJJ]"
    assert Exposure.parse("[13fJ]").tile == Exposure.parse("[78fJ]").tile  # flowers alike


@pytest.mark.parametrize(
    ("text", "column", "reason"),
    [
        ("[55m6m]", 1, "no exposure: 3 to 6 alike tiles or jokers"),
        ("[JJJ]", 1, "no exposure: 3 to 6 alike tiles or jokers"),
        ("[5mJJJJJJ]", 1, "no exposure: 3 to 6 alike tiles or jokers"),
        ("[55m 1m", 1, "an exposure is written in brackets"),
        ("1111m 1m", 7, "more than 4 of 1m"),
        ("1f 1f", 4, "more than 1 of 1f"),
        ("JJJJJ JJJJ", 7, "more than 8 of J"),
        ("+5m 1m", 5, "the winning tile must come last"),
        ("1234m 5678m 999m 1p +1p", 24, "a winning hand has 14 tiles, this one has 13"),
    ],
)
def test_errors_say_where(text: str, column: int, reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        AmericanHand.parse(text)
    assert caught.value.reason == reason and caught.value.position + 1 == column


tiles = st.integers(0, 42)


@given(
    st.lists(tiles, max_size=13),
    st.lists(st.tuples(st.integers(0, 33), st.integers(1, 4), st.integers(0, 2)), max_size=2),
)
def test_a_hand_round_trips(concealed: list[int], shown: list[tuple[int, int, int]]) -> None:
    exposures = tuple(
        Exposure((tile,) * naturals, jokers)
        for tile, naturals, jokers in shown
        if 3 <= naturals + jokers <= 6
    )
    hand = AmericanHand(tuple(sorted(concealed)), exposures)
    try:
        again = AmericanHand.parse(str(hand))
    except NotationError:  # too many of a tile for the set: refused, never misread
        return
    assert again == hand and str(again) == str(hand)
    assert again.jokers() == concealed.count(JOKER) + sum(e.jokers for e in exposures)
