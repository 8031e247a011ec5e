"""Classical scoring: seed 000's worked examples and the default table's rules.

Every test names the seed or reference passage it checks.
"""

from __future__ import annotations

import pytest

from fourwinds.hand import Context, Hand
from fourwinds.rules import get_rules
from fourwinds.scoring import score, settle

CLASSICAL = get_rules("classical")


def sheet(text: str, rules: str = "classical", **context: object):  # type: ignore[no-untyped-def]
    return score(Hand.parse(text), Context(**context), get_rules(rules))  # type: ignore[arg-type]


def rules_of(s) -> list[str]:  # type: ignore[no-untyped-def]
    return [item.rule for item in s.items]


def test_seed_000_example_is_50_points_and_one_double() -> None:
    # seeds/000 "Figuring your Basic Points": exposed White pung 4, dragon pair 2, season 4,
    # exposed terminal kong 16, concealed simple pung 4, chow 0, Mah Jongg 20: 50; one double
    # for the dragon pung: 100.
    s = sheet("[555z] [1111m] 444p 23s 77z 8f +4s")
    assert (s.won, s.points, s.doubles, s.total) == (True, 50, 1, 100)
    by_rule = {item.rule: item for item in s.items}
    assert by_rule["exposed_pung_major"].points == 4
    assert by_rule["dragon_pair"].points == 2
    assert by_rule["bonus_tile"].points == 4
    assert by_rule["exposed_kong_major"].points == 16
    assert by_rule["concealed_pung"].points == 4
    assert by_rule["mah_jong"].points == 20


def test_seed_000_north_with_his_own_season_is_200() -> None:
    # seeds/000: "If he was the North Player we would have a second Double ... 200 Points!"
    s = sheet("[555z] [1111m] 444p 23s 77z 8f +4s", seat_wind=3)
    assert (s.points, s.doubles, s.total) == (50, 2, 200)
    assert "own_season" in rules_of(s)


def test_seed_000_self_drawn_adds_two_points() -> None:
    # seeds/000 "Mah Jongg": "You can also go Mah Jongg by taking a Tile from the Wall. You get two
    # extra points for doing this." The winning 4s then completes a concealed chow.
    s = sheet("[555z] [1111m] 444p 23s 77z 8f +4s", self_drawn=True)
    assert s.points == 52


def test_seed_000_settlement_1128_992_920_960() -> None:
    # seeds/000 "Paying each other": Andy 32 wins, Brett 16, Chuck (East) 8, Dave 8; all start
    # with 1000: Andy 1128, Brett 992, Chuck 920, Dave 960.
    chuck, andy, brett, dave = 0, 1, 2, 3
    values = [8, 32, 16, 8]
    s = settle(CLASSICAL, andy, None, False, values)
    totals = [1000 + n for n in s.net]
    assert (totals[andy], totals[brett], totals[chuck], totals[dave]) == (1128, 992, 920, 960)
    assert (chuck, andy, 64) in s.payments
    assert (chuck, brett, 16) in s.payments
    assert (dave, brett, 8) in s.payments


def test_east_winner_is_paid_double_by_everyone() -> None:
    # seeds/000: "If the Winner of the Hand was the East Wind, all Players pay him double!"
    s = settle(CLASSICAL, 0, None, True, [100, 0, 0, 0])
    assert s.net == [600, -200, -200, -200]


def test_wall_game_pays_nothing() -> None:
    s = settle(CLASSICAL, None, None, False, [10, 20, 30, 40])
    assert s.payments == () and s.net == [0, 0, 0, 0]


def test_losing_hand_scores_sets_pairs_bonus_and_all_hand_doubles() -> None:
    # issue 3: a hand without "+" is a losing hand; reference/classical-scoring.md 1 and 3a.
    s = sheet("[777z] 111z 55z 234m 9p 1f", seat_wind=0)
    assert not s.won and s.reason is None
    assert s.points == 4 + 8 + 2 + 4  # exposed Red pung, concealed East pung, White pair, flower
    assert s.doubles == 1 + 1 + 1 + 1  # Red, own wind, prevailing wind, own flower
    assert s.total == 18 * 16
    assert "mah_jong" not in rules_of(s)


def test_a_pung_completed_by_a_discard_is_exposed() -> None:
    # issue 3: "a pung completed by a discard counts as exposed"
    drawn = sheet("[123m] [456p] 789s 55s 44p +5s", self_drawn=True)
    discard = sheet("[123m] [456p] 789s 55s 44p +5s")
    assert "concealed_pung" in rules_of(drawn)
    assert "exposed_pung" in rules_of(discard)


def test_best_arrangement_is_kept() -> None:
    # 111222333m can be three pungs or three chows: the pungs score more.
    s = sheet("111222333m 789p 5z +5z", self_drawn=True)
    assert rules_of(s).count("concealed_pung_major") + rules_of(s).count("concealed_pung") == 3


def test_limit_caps_the_total_and_options() -> None:
    # reference/classical-scoring.md 3: "Score = basic points x 2^doubles, capped at the limit";
    # limit 500 by default, 1000 and roof off as options.
    text = "[555z] [666z] 777z 111z 2p +2p"
    assert sheet(text).total == 500  # Three great scholars: a limit hand
    big = "[5555z] [6666z] {1111z} 123m 2p +2p"
    assert sheet(big).limit and sheet(big).total == 500
    assert score(Hand.parse(big), Context(), CLASSICAL.with_options(limit=1000)).total == 1000
    roof = score(Hand.parse(big), Context(), CLASSICAL.with_options(roof_off=True))
    assert roof.total == roof.points * 2**roof.doubles > 1000


def test_wrong_shape_is_no_win() -> None:
    s = sheet("123m 456m 789m 12p 55z +9p")
    assert not s.won and s.total == 0 and s.reason


@pytest.mark.parametrize(
    ("text", "context", "rule"),
    [
        ("19m19p19s1234567z +1m", {}, "thirteen_orphans"),
        ("[1111m] [2222p] [3333s] [4444z] 5z +5z", {}, "fourfold_plenty"),
        ("1112345678999m +5m", {"self_drawn": True}, "nine_gates"),
        ("[222s] [333s] 444s 666s 6z +6z", {}, "imperial_jade"),
        ("[111z] [222z] 333z 444z 5s +5s", {}, "four_blessings"),
        ("[111m] [999p] 111s 999s 1p +1p", {}, "heads_and_tails"),
        ("[111z] [222z] 333z 555z 7z +7z", {}, "only_honours"),
        ("111m 222p 333s 555z 6z +6z", {"self_drawn": True}, "hidden_treasure"),
    ],
)
def test_limit_hands(text: str, context: dict[str, bool], rule: str) -> None:
    # reference/classical-scoring.md 3c (MRA limit hands, limit 500)
    s = sheet(text, **context)
    assert s.won and rules_of(s) == [rule] and s.total == 500
