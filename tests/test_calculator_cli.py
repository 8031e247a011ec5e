"""The score calculator: ``fourwinds score`` and ``fourwinds settle`` (issue 3)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from fourwinds.cli import main

SEED_000 = "[555z] [1111m] 444p 23s 77z 8f +4s"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_score_prints_the_sheet() -> None:
    code, out = run("score", "--rules", "classical", SEED_000)
    assert code == 0
    assert "Mah Jongg" in out and "50 points x 2^1 = 100" in out


def test_score_json_fields() -> None:
    code, out = run("score", "--rules", "classical", "--seat-wind", "N", "--json", SEED_000)
    data = json.loads(out)
    assert code == 0
    assert data["won"] is True and data["total"] == 200
    assert (data["points"], data["doubles"], data["faan"], data["limit"]) == (50, 2, 0, False)
    assert {"rule", "name", "points", "doubles", "faan"} <= set(data["items"][0])
    assert sum(item["points"] for item in data["items"]) == data["points"]


def test_score_hand_given_as_several_arguments() -> None:
    code, out = run("score", "--json", *SEED_000.split())
    assert code == 0 and json.loads(out)["total"] == 100


def test_limit_flag_in_json() -> None:
    code, out = run("score", "--json", "19m19p19s1234567z +1m")
    data = json.loads(out)
    assert code == 0 and data["limit"] is True and data["total"] == 500


def test_hongkong_json_total_from_faan_table() -> None:
    code, out = run("score", "--rules", "hongkong", "--json", "123m 456m 789m 111z 9m +9m")
    data = json.loads(out)
    assert code == 0 and data["faan"] == 8 and data["total"] == 32


def test_not_a_legal_win_exits_1() -> None:
    # wrong shape, too many chows for BMJA, below the minimum faan
    for args in (
        ("score", "--json", "123m 456m 789m 12p 55z +9p"),
        ("score", "--rules", "classical-bmja", "--json", "[123m] [456m] 789p 111z 9p +9p"),
        (
            "score",
            "--rules",
            "hongkong",
            "--json",
            "--seat-wind",
            "S",
            "[123m] 456p 789s 234s 5p +5p",
        ),
    ):
        code, out = run(*args)
        data = json.loads(out)
        assert code == 1 and data["won"] is False and data["total"] == 0 and data["reason"]


def test_malformed_or_impossible_hands_exit_2() -> None:
    for hand in (
        "[555z] [1111m] 444p 23s 77z 5z 8f +4s",  # a fifth White dragon... and too many tiles
        "[555z] [1111m] 444p 23s 7z 8f +4s",  # wrong size
        "[124m] 444p 23s 77z 8f +4s",  # a meld that cannot be exposed
        "5x",
    ):
        code, _ = run("score", hand)
        assert code == 2, hand
    code, _ = run("score", "--rules", "beginner", SEED_000)
    assert code == 2  # a rule set without scoring (and without bonus tiles)


def test_contradictory_flags_exit_2() -> None:
    assert run("score", "--self-drawn", "--robbed-kong", SEED_000)[0] == 2
    assert run("score", "--self-drawn", "[555z] [1111m] 444p 23s 77z 8f")[0] == 2
    assert run("score", "--calling", SEED_000)[0] == 2


def test_losing_hand_scores_and_exits_0() -> None:
    code, out = run("score", "--json", "[555z] [1111m] 444p 23s 77z 8f")
    data = json.loads(out)
    assert code == 0 and data["won"] is False and data["reason"] is None
    assert data["total"] == (4 + 16 + 4 + 2 + 4) * 2


def test_settle_seed_000_example() -> None:
    # seed 000: Andy (South) 32 wins, Brett (West) 16, Chuck (East) 8, Dave (North) 8
    code, out = run("settle", "--winner", "S", "--scores", "E=8,S=32,W=16,N=8", "--json")
    data = json.loads(out)
    assert code == 0
    assert {k: 1000 + v for k, v in data["net"].items()} == {
        "E": 920,
        "S": 1128,
        "W": 992,
        "N": 960,
    }
    assert {"from": "E", "to": "S", "amount": 64} in data["payments"]


def test_settle_from_hands() -> None:
    code, out = run(
        "settle",
        "--winner",
        "N",
        "--json",
        "--hand",
        f"N={SEED_000}",
        "--hand",
        "E=123m 456p",
        "--hand",
        "S=",
        "--hand",
        "W=777z",
    )
    data = json.loads(out.splitlines()[-1])
    assert code == 0
    # North scores 200 and is paid 2 x 200 by East and 200 by each other seat
    assert data["net"]["N"] == 200 * 2 + 200 + 200


def test_settle_hongkong_discard_needs_the_discarder() -> None:
    assert (
        run("settle", "--rules", "hongkong", "--winner", "S", "--scores", "E=0,S=8,W=0,N=0")[0] == 2
    )
    code, out = run(
        "settle", "--rules", "hongkong", "--winner", "S", "--discarder", "W", "--scores",
        "E=0,S=8,W=0,N=0", "--json",
    )  # fmt: skip
    assert code == 0 and json.loads(out)["net"] == {"E": -8, "S": 32, "W": -16, "N": -8}
