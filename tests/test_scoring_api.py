"""The calculator's HTTP API (issue 16): the answers and refusals of ``fourwinds score`` and
``settle``, and every input checked at the edge."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from serving import client
from starlette.testclient import TestClient

from fourwinds.cli import main

SEED_000 = "[555z] [1111m] 444p 23s 77z 8f +4s"


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    with client(f"sqlite:///{tmp_path / 'fourwinds.sqlite3'}") as test_client:
        yield test_client


def cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def score(http: TestClient, **body: Any) -> Any:
    """POST /api/score; the body as JSON with escapes, so that it may hold a lone surrogate."""
    return http.post("/api/score", content=json.dumps({"rules": "classical", **body}))


@pytest.mark.parametrize(
    ("rules", "hand", "how", "flags"),
    [
        ("classical", SEED_000, {}, []),
        ("classical", SEED_000, {"seat_wind": 3}, ["--seat-wind", "N"]),
        ("classical", SEED_000, {"self_drawn": True}, ["--self-drawn"]),
        ("classical", "[555z] [1111m] 444p 23s 77z 8f", {}, []),
        ("classical-bmja", "[123m] [456m] 789p 111z 9p +9p", {}, []),
        (
            "hongkong",
            "123m 456m 789m 111z 9m +9m",
            {"prevailing_wind": 1},
            ["--prevailing-wind", "S"],
        ),
        ("hongkong", "123m 456m 789m 111z 9m +9m", {"last_tile": True}, ["--last-tile"]),
        ("american", "[77sJ] 1234f 4444z 6zJ +6z", {}, []),
        ("american", "[77sJ] 1234f 4444z 6zJ +6z", {"self_drawn": True}, ["--self-drawn"]),
    ],
)
def test_score_answers_as_the_command(
    http: TestClient, rules: str, hand: str, how: dict[str, Any], flags: list[str]
) -> None:
    answer = http.post("/api/score", json={"rules": rules, "hand": hand, "how": how})
    assert answer.status_code == 200, answer.text
    code, out, _ = cli("score", "--rules", rules, "--json", *flags, hand)
    assert answer.json()["data"] == json.loads(out)
    assert answer.json()["stands"] == (code == 0)
    code, out, _ = cli("score", "--rules", rules, *flags, hand)
    assert answer.json()["text"] == out.rstrip("\n")


def test_settle_answers_as_the_command(http: TestClient) -> None:
    # seed 000 "Paying each other": Andy (South) 32 wins, Brett (West) 16, Chuck (East) 8, Dave 8
    body = {"rules": "classical", "winner": 1, "scores": {"E": 8, "S": 32, "W": 16, "N": 8}}
    answer = http.post("/api/settle", json=body)
    _, out, _ = cli("settle", "--winner", "S", "--scores", "E=8,S=32,W=16,N=8", "--json")
    expected = json.loads(out)
    assert answer.json()["net"] == [expected["net"][seat] for seat in "ESWN"]
    assert [1000 + n for n in answer.json()["net"]] == [920, 1128, 992, 960]
    payments = [(p["from"], p["to"], p["amount"]) for p in answer.json()["payments"]]
    assert payments == [
        ("ESWN".index(p["from"]), "ESWN".index(p["to"]), p["amount"]) for p in expected["payments"]
    ]
    # each payment with the reason the settlement gives, the same as the command's
    assert [p["reason"] for p in answer.json()["payments"]] == [
        p["reason"] for p in expected["payments"]
    ]
    assert "East pays double" in " ".join(p["reason"] for p in expected["payments"])


def test_settle_from_hands_keeps_the_notes(http: TestClient) -> None:
    hands = {
        "N": SEED_000,
        "E": "234m 567p 12378s 22z",
        "S": "23456789m 13579p",
        "W": "444z 234m 567p 3689s",
    }
    answer = http.post("/api/settle", json={"rules": "classical", "winner": 3, "hands": hands})
    args = [arg for seat, hand in hands.items() for arg in ("--hand", f"{seat}={hand}")]
    _, out, err = cli("settle", "--winner", "N", "--json", *args)
    assert answer.json()["net"] == [json.loads(out)["net"][seat] for seat in "ESWN"]
    assert answer.json()["notes"] == err.splitlines()


@pytest.mark.parametrize(
    "hand",
    [
        "[555z] [1111m] 444p 23s 7z 8f +4s",  # 13 tiles
        "[555z] [1111m] 444p 23s 77z 8x +4s",  # no suit x
        "[124m] 444p 23s 77z 8f +4s",  # no meld
        "[555z] [1111m] 444p 23s 77z 5z 8f +4s",  # too many
    ],
)
def test_a_bad_hand_is_refused_with_the_commands_message(http: TestClient, hand: str) -> None:
    answer = score(http, hand=hand)
    code, _, err = cli("score", hand)
    assert code == 2
    assert answer.status_code == 400
    assert f"error: {answer.json()['error']}\n" == err
    assert answer.json()["status"] == 2


def test_the_column_of_bad_notation(http: TestClient) -> None:
    hand = "[555z] [1111m] 444p 23s 77z 8x +4s"
    answer = score(http, hand=hand).json()
    assert answer["column"] == hand.index("x") + 1
    assert f"at column {answer['column']}" in answer["error"]


def test_no_win_stands_false_and_settle_says_status_1(http: TestClient) -> None:
    answer = score(http, hand="123m 456m 789m 12p 55z +9p")
    assert answer.status_code == 200 and answer.json()["stands"] is False
    assert answer.json()["data"]["reason"]
    refused = http.post(
        "/api/settle",
        json={"rules": "classical", "winner": 0, "hands": {"E": "123m 456m 789m 12p 55z +9p"}},
    )
    assert refused.status_code in (400, 422)
    settle = http.post(
        "/api/settle",
        json={
            "rules": "american",
            "winner": 0,
            "self_drawn": True,
            "hands": {"E": "123m 456m 789m 12p 55z +9p"},
        },
    )
    assert settle.status_code == 422 and settle.json()["status"] == 1


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"hand": "444p\u0000 23s"}, "U+0000 at column 5"),
        ({"hand": "444p\u0007"}, "U+0007"),
        ({"hand": "444p\ud800"}, "U+D800"),
        ({"hand": "1m" * 101}, "over 200 characters"),
        ({"hand": 5}, "hand must be a string"),
        ({"hand": SEED_000, "rules": "beginner"}, "beginner has no scoring"),
        ({"hand": SEED_000, "rules": "mahjong"}, "unknown rule set"),
        ({"hand": SEED_000, "options": {"limit": 7}}, "limit"),
        ({"hand": SEED_000, "options": {"limit": [1]}}, "option limit must be"),
        ({"hand": SEED_000, "options": []}, "options must be an object"),
        ({"hand": SEED_000, "how": {"seat_wind": 4}}, "seat_wind must be a seat"),
        ({"hand": SEED_000, "how": {"seat_wind": True}}, "seat_wind must be a seat"),
        ({"hand": SEED_000, "how": {"self_drawn": "yes"}}, "self_drawn must be true or false"),
        ({"hand": SEED_000, "how": {"winning": True}}, "how has no field 'winning'"),
        ({"hand": SEED_000, "how": []}, "how must be an object"),
        ({"hand": SEED_000, "card": "x"}, "Classical has no card"),
        ({"hand": "1m", "rules": "american", "card": "A1 11m\u0000"}, "U+0000"),
        ({"hand": "1m", "rules": "american", "card": "bogus"}, "card: line 1"),
        ({"hand": SEED_000, "how": {"self_drawn": True, "robbed_kong": True}}, "drawn winning"),
    ],
)
def test_score_refusals(http: TestClient, body: dict[str, Any], says: str) -> None:
    answer = score(http, **body)
    assert answer.status_code == 400
    assert says in answer.json()["error"]


def test_the_same_refusal_as_the_command_for_rules(http: TestClient) -> None:
    _, _, err = cli("score", "--rules", "beginner", SEED_000)
    assert err == f"error: {score(http, hand=SEED_000, rules='beginner').json()['error']}\n"


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({}, "give either scores"),
        ({"winner": 1, "scores": {"E": 8}, "hands": {"E": "1m"}}, "give either scores"),
        ({"winner": 1, "scores": {"X": 8}}, "'X' is no seat"),
        ({"winner": 1, "scores": {"E": 1.5}}, "a value must be a whole number"),
        ({"winner": 1, "scores": {"E": -1, "S": 8, "W": 0, "N": 0}}, "a value is 0 to"),
        ({"winner": 1, "scores": {"E": 0, "S": 8, "W": 0}}, "a value for each of E, S, W and N"),
        ({"winner": 1, "discarder": 1, "scores": {"E": 0, "S": 8, "W": 0, "N": 0}}, "cannot"),
        ({"winner": 9, "scores": {"E": 0}}, "winner must be a seat"),
        ({"winner": 0, "hands": {"E": "444p\u0000"}}, "U+0000"),
        ({"winner": 0, "hands": ["E"]}, "hands must be an object"),
    ],
)
def test_settle_refusals(http: TestClient, body: dict[str, Any], says: str) -> None:
    answer = http.post("/api/settle", json={"rules": "classical", **body})
    assert answer.status_code == 400
    assert says in answer.json()["error"]


def test_a_body_that_is_not_a_small_json_object(http: TestClient) -> None:
    for raw in (b"[1]", b"{", b"\xff", b'{"hand": "' + b"x" * 90_000 + b'"}'):
        answer = http.post("/api/score", content=raw)
        assert answer.status_code == 400 and answer.json()["error"]


def test_the_page_its_worker_and_the_rule_sets(http: TestClient) -> None:
    moved = http.get("/calculator", follow_redirects=False)
    assert moved.status_code == 308 and moved.headers["location"] == "/calculator/"
    page = http.get("/calculator/")
    assert page.status_code == 200 and "Score calculator" in page.text
    worker = http.get("/calculator/sw.js")
    assert worker.status_code == 200 and "javascript" in worker.headers["content-type"]
    assert 'href="/calculator/"' in http.get("/").text
    listing = {r["name"]: r for r in http.get("/api/score/rules").json()["rules"]}
    assert "beginner" not in listing and {"classical", "hongkong", "american"} <= set(listing)
    assert listing["classical"]["losers_settle"] and not listing["hongkong"]["losers_settle"]
    assert "J" in listing["american"]["tiles"] and "J" not in listing["classical"]["tiles"]
    assert len(listing["classical"]["tiles"]) == 34 + 8
