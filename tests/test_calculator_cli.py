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
    east_pays = next(p for p in data["payments"] if (p["from"], p["to"]) == ("E", "S"))
    assert east_pays["amount"] == 64
    assert east_pays["reason"] == "the winner's 32, x 2 = 64: East pays double"


def test_settle_from_hands() -> None:
    code, out = run(
        "settle",
        "--winner",
        "N",
        "--json",
        "--hand",
        f"N={SEED_000}",
        "--hand",
        "E=234m 567p 12378s 22z",
        "--hand",
        "S=23456789m 13579p",
        "--hand",
        "W=444z 234m 567p 3689s",
    )
    data = json.loads(out.splitlines()[-1])
    assert code == 0
    # North scores 200 and is paid 2 x 200 by East and 200 by each other seat; East 0 (its pair
    # of South wind is no own wind), South 0, West 8 (an honour pung): West is paid 8 by South
    # and 16 by East
    assert data["net"] == {"N": 800, "E": -400 - 16, "S": -200 - 8, "W": -200 + 16 + 8}


def test_settle_hongkong_discard_needs_the_discarder() -> None:
    assert (
        run("settle", "--rules", "hongkong", "--winner", "S", "--scores", "E=0,S=8,W=0,N=0")[0] == 2
    )
    code, out = run(
        "settle", "--rules", "hongkong", "--winner", "S", "--discarder", "W", "--scores",
        "E=0,S=8,W=0,N=0", "--json",
    )  # fmt: skip
    assert code == 0 and json.loads(out)["net"] == {"E": -8, "S": 32, "W": -16, "N": -8}


def refusal(*args: str) -> str:
    """The one line on stderr of a refused command (exit status 2, no traceback, no output)."""
    result = CliRunner().invoke(main, list(args))
    assert isinstance(result.exception, SystemExit)  # no other exception: no traceback
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0].removeprefix("error: ")


def test_score_refuses_hands_no_table_holds() -> None:
    assert refusal("score", "") == "the hand is empty"
    assert refusal("score", "123m 456m 789m 1z +1z").startswith("a winning hand has 14 tiles")
    assert "this one has 5" in refusal("score", "123m 1z +1z")
    assert refusal("score", "123m 456m 789m 11z") == (
        "the hand has 11 tiles; a losing hand has 13, a kong counting as 3 (bonus tiles not "
        "counted)"
    )
    assert refusal("score", "8f").startswith("the hand has 0 tiles; a losing hand has 13")
    assert refusal("score", "8f 1s").startswith("the hand has 1 tile; a losing hand has 13")
    assert refusal("score", "123m 456m 789m 111z 2z 3z 4z").startswith("too many tiles: 15")
    assert refusal("score", "--card", __file__, SEED_000) == (
        "--card is for a game won by a card; Classical has no card"
    )


def test_score_still_takes_a_losing_hand_with_kongs() -> None:
    code, out = run("score", "--json", "[1111m] {2222p} 345s 678s 9s")
    assert code == 0 and json.loads(out)["won"] is False


SCORES = "E=8,S=32,W=16,N=8"


def test_settle_refusals_name_the_fault() -> None:
    for args, message in (
        (("--winner", "S", "--scores", "E=-8,S=32,W=16,N=8"),
         "East's value -8 is negative: a hand is worth 0 or more"),
        (("--winner", "S", "--discarder", "W", "--self-drawn", "--scores", SCORES),
         "a self-drawn win has no discarder"),
        (("--winner", "S", "--discarder", "S", "--scores", SCORES),
         "South cannot both win and discard the winning tile"),
        (("--winner", "X", "--scores", SCORES), "'X' is no seat: use E, S, W or N"),
        (("--winner", "S", "--discarder", "SW", "--scores", SCORES),
         "'SW' is no seat: use E, S, W or N"),
        (("--winner", "none", "--discarder", "W", "--scores", SCORES),
         "a wall game has no winner, so no discarder and no self-draw"),
        (("--winner", "none", "--self-drawn", "--scores", SCORES),
         "a wall game has no winner, so no discarder and no self-draw"),
        (("--rules", "beginner", "--winner", "S", "--scores", SCORES),
         "beginner has no scoring; use one of american, classical, classical-bmja, "
         "classical-dmjl, hongkong, hongkong-standard"),
        (("--winner", "S", "--scores", "E=8,S=0,W=16,N=8"),
         "South won with a value of 0; a Mah Jongg always scores"),
        (("--winner", "S", "--scores", "E=8,S=600,W=16,N=8"),
         "South's value 600 is above the limit of 500 under Classical"),
        (("--winner", "S", "--scores", "E=8,S=32,W=16,N=1001", "-o", "limit=1000"),
         "North's value 1001 is above the limit of 1000 under Classical"),
        (("--rules", "hongkong", "--winner", "S", "--self-drawn", "--scores", "E=0,S=4,W=0,N=0"),
         "South's value 4 is no win under Hong Kong Old Style: a win is worth 8, 16, 32 or 64"),
        (("--rules", "hongkong", "-o", "min_faan=7", "-o", "max_faan=7", "--winner", "S",
          "--self-drawn", "--scores", "E=0,S=16,W=0,N=0"),
         "South's value 16 is no win under Hong Kong Old Style: a win is worth 32"),
        (("--winner", "S", "--scores", "E=8,E=9,S=32,W=16,N=8"), "--scores gives E twice"),
        (("--winner", "S", "--jokerless", "--scores", SCORES),
         "--jokerless is for a game with jokers; Classical has none"),
        (("--winner", "S", "--scores", "E=8,S=32,W=16"),
         "--scores needs a value for each of E, S, W and N"),
    ):  # fmt: skip
        assert refusal("settle", *args) == message, args


def test_settle_roof_off_has_no_limit() -> None:
    args = ("settle", "--winner", "S", "-o", "roof_off=true", "--json")
    code, out = run(*args, "--scores", "E=8,S=600,W=16,N=8")
    assert code == 0 and json.loads(out)["net"]["S"] == 600 * 4


def test_settle_refuses_hands_no_table_deals() -> None:
    winner = "--hand", f"N={SEED_000}"
    others = ("E=234m 567p 12378s 22z", "S=23456789m 13579p", "W=444z 234m 567p 3689s")
    hands = [arg for hand in others for arg in ("--hand", hand)]
    assert refusal("settle", "--winner", "N", *winner, *hands, "--hand", "E=123m") == (
        "--hand gives E twice"
    )
    fifth = [*hands[:-1], "W=444z 111m 567p 3689s"]  # North has a kong of 1m, West a pung
    assert refusal("settle", "--winner", "N", *winner, *fifth) == (
        "Classical has 4 of 1m, the hands hold 7"
    )
    short = [*hands[:-1], "W=444z 234m"]
    assert refusal("settle", "--winner", "N", *winner, *short).startswith(
        "the hand has 6 tiles; a losing hand has 13"
    )
