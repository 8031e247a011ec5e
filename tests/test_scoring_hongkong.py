"""Hong Kong Old Style scoring (seed 002) and the published-table preset.

Each test names the seed 002 row or reference passage it checks.
"""

from __future__ import annotations

import pytest

from fourwinds.hand import Context, Hand
from fourwinds.rules import get_rules
from fourwinds.scoring import is_legal_win, score, settle
from fourwinds.scoring.sheet import ScoreSheet

HK = get_rules("hongkong")


def sheet(text: str, rules: str = "hongkong", **context: bool | int) -> ScoreSheet:
    return score(Hand.parse(text), Context(**context), get_rules(rules))  # type: ignore[arg-type]


def faan_of(s: ScoreSheet) -> dict[str, int]:
    return {item.rule: item.faan for item in s.items}


def test_faan_to_points_table_of_seed_002() -> None:
    # seed 002 "Faan to Points": 0 1 2 3 | 4-6 | 7-9 | 10-12 | 13+ -> 1 2 4 8 16 32 64 128
    from fourwinds.rules.payouts import payout

    assert [payout("seed-002", f) for f in range(15)] == [
        1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64, 64, 64, 128, 128
    ]  # fmt: skip


def test_closed_and_open_values() -> None:
    # seed 002 notes: "2 (1) means that bonus is worth 2 if closed, 1 if open"
    closed = sheet("123m 456m 789m 111z 9m +9m")
    opened = sheet("[123m] 456m 789m 111z 9m +9m")
    assert faan_of(closed)["pure_straight"] == 2 and faan_of(opened)["pure_straight"] == 1
    assert faan_of(closed)["half_flush"] == 3 and faan_of(opened)["half_flush"] == 2


def test_closed_only_rows() -> None:
    # seed 002: "2 (-) means you only get the bonus if the hand is closed": normal draw 1 (-)
    assert "self_drawn" in faan_of(sheet("123m 456m 789p 111z 9m +9m", self_drawn=True))
    assert "self_drawn" not in faan_of(
        sheet("[123m] 456m 789p 111z 9m +9m", self_drawn=True, seat_wind=1)
    )


def test_max_hands_score_the_maximum() -> None:
    # seed 002: "max means it automatically scores maximum faan"; default maximum 10
    s = sheet("19m19p19s1234567z +1m")
    assert s.won and s.limit and s.faan == 10 and s.total == 64
    assert (
        score(Hand.parse("19m19p19s1234567z +1m"), Context(), HK.with_options(max_faan=13)).total
        == 128
    )
    assert (
        score(Hand.parse("19m19p19s1234567z +1m"), Context(), HK.with_options(max_faan=7)).total
        == 32
    )


def test_maximum_caps_a_big_hand() -> None:
    s = sheet("111222333m 789m 9m +9m", self_drawn=True)
    assert sum(item.faan for item in s.items) > 10 and s.faan == 10 and s.limit


def test_below_the_minimum_is_no_legal_win() -> None:
    # issue 3 / seed 002: minimum faan (default 3); a win below it is not a legal win
    hand = Hand.parse("[123m] 456p 789s 234s 5p +5p")
    s = score(hand, Context(seat_wind=1), HK)
    assert not s.won and s.total == 0 and "3" in (s.reason or "")
    assert not is_legal_win(hand, Context(seat_wind=1), HK)
    assert is_legal_win(hand, Context(seat_wind=1), HK.with_options(min_faan=0))


def test_seven_pairs() -> None:
    # seed 002 "Alternate Winning Hands": Seven Pairs 2
    assert faan_of(sheet("1133557799m 244z +2z"))["seven_pairs"] == 2


@pytest.mark.parametrize(
    ("text", "context", "rule", "faan"),
    [
        ("123m 456m 789p 111z 9m +9m", {}, "prevailing_wind", 1),
        ("123m 456m 789p 222z 9m +9m", {"seat_wind": 1}, "seat_wind", 1),
        ("123m 456m 789p 555z 9m +9m", {}, "dragon_pung", 1),
        ("[123m] 456m 789p 234s 9m 1f5f +9m", {}, "own_flower", 1),
        ("[123m] 456m 789p 234s 9m 1f2f3f4f +9m", {}, "all_flowers", 2),
        ("[123m] 456m 789p 234s 9m 5f6f7f8f +9m", {}, "all_seasons", 2),
        ("[123m] 456m 789p 234s 9m +9m", {}, "no_bonus", 1),
        ("[234m] 456m 678p 345s 7m +7m", {}, "all_simples", 1),
        ("123m 123m 789p 234s 9m +9m", {}, "double_chow", 1),
        ("123m 123m 789p 789p 9m +9m", {}, "two_double_chows", 3),
        ("123m 123p 123s 789p 9m +9m", {}, "mixed_triple_chow", 2),
        ("[111m] [111p] 111s 789p 9m +9m", {}, "triple_pung", 2),
        ("111m 999p 111s 234p 9m +9m", {"self_drawn": True}, "three_concealed_pungs", 2),
        ("[1111m] [2222p] [3333s] 789p 9m +9m", {}, "three_kongs", 2),
        ("[111m] [222p] [333s] [444s] 9m +9m", {}, "four_pungs", 2),
        ("123m 789m 123p 789s 9s +9s", {}, "outside_hand", 3),
        ("[111m] [999p] [111z] [555z] 9s +9s", {}, "terminals_and_honours", 2),
        ("[555z] [666z] 123m 456p 7z +7z", {}, "little_dragons", 2),
        ("[123m] 456m 789p 234s 9m +9m", {"last_tile": True, "self_drawn": True}, "last_draw", 1),
        ("[123m] 456m 789p 234s 9m +9m", {"last_discard": True}, "last_discard", 1),
        (
            "[123m] 456m 789p 234s 9m +9m",
            {"loose_tile": True, "self_drawn": True},
            "dead_wall_draw",
            1,
        ),
        ("[123m] 456m 789p 234s 9m +9m", {"robbed_kong": True}, "robbing_kong", 1),
        ("123m 456m 789m 99p 23p +4p", {}, "full_flush", 0),
    ],
)
def test_seed_002_rows(text: str, context: dict[str, bool], rule: str, faan: int) -> None:
    # seed 002 "Score Table", one row each
    s = score(Hand.parse(text), Context(**context), HK.with_options(min_faan=0))  # type: ignore[arg-type]
    if rule == "full_flush":
        s = sheet("123m 456m 789m 99m 23m +4m")
        faan = 6
    assert faan_of(s).get(rule) == faan, s.explain()


@pytest.mark.parametrize(
    ("text", "context", "rule"),
    [
        ("1112345678999m +5m", {}, "nine_gates"),
        ("[111z] [222z] 333z 4z 123m +4z", {}, "big_winds"),
        ("[555z] [666z] 777z 123m 9p +9p", {}, "great_dragons"),
        ("[111z] [222z] 555z 666z 7z +7z", {}, "all_honours"),
        ("[111m] [999p] 111s 999s 1p +1p", {}, "all_terminals"),
        ("[1111m] [2222p] [3333s] [4444s] 9m +9m", {}, "four_kongs"),
        ("111m 222p 333s 444s 9m +9m", {"self_drawn": True}, "four_concealed_pungs"),
        ("123m 456m 789p 234s 9m +9m", {"first_turn": True, "self_drawn": True}, "first_draw"),
        ("[123m] 456m 789p 234s 9m 1f2f3f4f5f6f7f8f +9m", {}, "eight_treasures"),
    ],
)
def test_seed_002_max_rows(text: str, context: dict[str, bool], rule: str) -> None:
    s = score(Hand.parse(text), Context(**context), HK)  # type: ignore[arg-type]
    assert s.won and rule in faan_of(s) and s.faan == 10, s.explain()


def test_payment_discarder_pays_double() -> None:
    # seed 002: "the person they stole it from pays double"
    assert settle(HK, 1, 3, False, [0, 16, 0, 0]).net == [-16, 64, -16, -32]


def test_payment_self_draw_everyone_pays_double() -> None:
    # seed 002: "If they won by drawing a tile, everyone pays double."
    assert settle(HK, 0, None, True, [16, 0, 0, 0]).net == [96, -32, -32, -32]


def test_hongkong_settings() -> None:
    # seed 002: "Players start with 500 points", game ends when a player runs out
    assert HK.starting_points == 500 and HK.ends_when_broke
    assert (HK.min_faan, HK.max_faan) == (3, 10)
    with pytest.raises(ValueError):
        HK.with_options(max_faan=8)


@pytest.mark.parametrize(
    ("text", "context", "rule", "faan"),
    [
        ("[111m] [222p] [333s] 444s 9m +9m", {}, "all_pungs", 3),
        ("[123m] 456m 789m 111z 9m +9m", {}, "half_flush", 3),
        ("[123m] 456m 789m 234m 9m +9m", {}, "full_flush", 7),
        ("[111m] [999p] [111z] [555z] 9s +9s", {}, "mixed_orphans", 1),
        ("[555z] [666z] 123m 456p 7z +7z", {}, "small_dragons", 3),
        ("[555z] [666z] 777z 123m 9p +9p", {}, "great_dragons", 5),
        ("[111z] [222z] 333z 4z 123m +4z", {}, "small_winds", 6),
        ("[123m] 456m 789p 234s 9m +9m", {"self_drawn": True}, "self_drawn_any", 1),
        ("123m 456m 789p 234s 9m +9m", {}, "concealed_hand", 1),
        ("123m 456m 789p 234s 9m +9m", {}, "common_hand", 1),
        ("111m 222p 333s 444s 9m +9m", {"self_drawn": True}, "four_concealed_pungs", 8),
    ],
)
def test_hongkong_standard_rows(text: str, context: dict[str, bool], rule: str, faan: int) -> None:
    # reference/hongkong-scoring.md section 1 (WP-lineage column)
    s = score(Hand.parse(text), Context(**context), get_rules("hongkong-standard", min_faan=0))  # type: ignore[arg-type]
    assert faan_of(s).get(rule) == faan, s.explain()


def test_hongkong_standard_payout_option() -> None:
    # reference/hongkong-scoring.md section 3: half-spicy (default) and spicy tables
    # half flush 3 + prevailing wind 1 + seat wind 1 + no bonus tiles 1 = 6 faan
    hand = Hand.parse("[123m] 456m 789m 111z 9m +9m")
    rules = get_rules("hongkong-standard")
    assert score(hand, Context(), rules).faan == 6
    assert score(hand, Context(), rules).total == 32
    assert score(hand, Context(), rules.with_options(payout="spicy")).total == 64
