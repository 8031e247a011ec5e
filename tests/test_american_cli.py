"""The faces of American play (issue 5 "Faces"): `fourwinds score` and `settle` with a card,
`simulate --rules american`, and records that replay."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from fourwinds.american.bots import make_american_bot
from fourwinds.american.card import Card
from fourwinds.american.deal import AmericanDeal
from fourwinds.cli import main
from fourwinds.record import ReplayError, deal_record, replay
from fourwinds.rules import get_rules
from fourwinds.simulate import play

MY_CARD = "title: mine\nM1 FF 2222a 44a 6666a 88a ; X 25\nM2 FF 2222a 44a 6666a 88a ; C 35\n"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_score_names_the_line_and_what_each_pays() -> None:
    code, out = run("score", "--rules", "american", "[77sJ] 1234f 4444z 6zJ +6z")
    assert code == 0
    assert "Line W6 (winds and dragons): 30" in out
    assert "the discarder pays 60, each other player 30" in out
    code, out = run(
        "score", "--rules", "american", "--self-drawn", "--json", "[77sJ] 1234f 4444z 6zJ +6z"
    )
    data = json.loads(out)
    assert (data["line"], data["pays"], data["each_pays"], data["jokerless"]) == (
        "W6",
        30,
        60,
        False,
    )


def test_score_with_the_players_own_card(tmp_path: Path) -> None:
    card = tmp_path / "mine.card"
    card.write_text(MY_CARD)
    code, out = run(
        "score", "--rules", "american", "--card", str(card), "--json", "12f 2222m 44m 6666m 8m +8m"
    )
    data = json.loads(out)
    assert code == 0 and (data["line"], data["pays"]) == ("M2", 70)  # concealed and jokerless
    code, out = run(
        "score", "--rules", "american", "--card", str(card), "12f [2222m] 44m 6666m 8m +8m"
    )
    assert code == 0 and "Line M1" in out and "Jokerless: doubled to 50" in out
    bad = tmp_path / "bad.card"
    bad.write_text("M1 FF 2222a ; X 25\n")
    code, out = run("score", "--rules", "american", "--card", str(bad), "12f 2222m")
    assert code == 2 and "bad.card:1:1: M1 has 6 tiles" in out


def test_score_of_a_hand_that_makes_no_line() -> None:
    code, out = run("score", "--rules", "american", "12f 2222m 44m 6666m 88m")
    assert code == 1 and "Completes no line of the card." in out and "E2     1 tile(s)" in out
    code, out = run("score", "--rules", "american", "12f 2222m 44m")
    assert code == 0 and "Nearest lines:" in out
    code, out = run("score", "--rules", "american", "12f 2222m 44m 6666m 88m 5m")
    assert code == 2 and "too many tiles" in out
    code, out = run("score", "--rules", "american", "--last-tile", "12f 2222m")
    assert code == 2 and "only --self-drawn" in out


def test_settle() -> None:
    """Reference 3.6: discarder 2V, others V; self-pick 2V each; jokerless doubles."""
    code, out = run(
        "settle",
        "--rules",
        "american",
        "--winner",
        "S",
        "--discarder",
        "E",
        "--scores",
        "S=25",
        "--json",
    )
    assert code == 0 and json.loads(out)["net"] == {"E": -50, "S": 100, "W": -25, "N": -25}
    code, out = run(
        "settle",
        "--rules",
        "american",
        "--winner",
        "S",
        "--self-drawn",
        "--scores",
        "S=25",
        "--jokerless",
        "--json",
    )
    assert json.loads(out)["net"] == {"E": -100, "S": 300, "W": -100, "N": -100}
    code, out = run(
        "settle",
        "--rules",
        "american",
        "--winner",
        "W",
        "--self-drawn",
        "--hand",
        "W=[77sJ] 1234f 4444z 6zJ +6z",
        "-o",
        "players=3",
        "--json",
    )
    assert json.loads(out.splitlines()[-1])["net"] == {"E": -60, "S": -60, "W": 120, "N": 0}
    code, out = run("settle", "--rules", "american", "--winner", "none", "--scores", "S=1")
    assert code == 0 and "no payments" in out
    code, out = run("settle", "--rules", "american", "--winner", "S", "--scores", "S=25")
    assert code == 2 and "--discarder" in out


def test_simulate_american(tmp_path: Path) -> None:
    code, out = run(
        "simulate", "--rules", "american", "--hands", "3", "--json", "--records", str(tmp_path)
    )
    summary = json.loads(out)
    assert code == 0 and summary["rules"] == "american" and summary["hands"] == 3
    for record in sorted(tmp_path.iterdir()):
        code, out = run("replay", str(record), "--verify")
        assert code == 0 and "verified: 1 hand(s)" in out
    code, out = run(
        "simulate",
        "--rules",
        "american",
        "--hands",
        "2",
        "--players",
        "3",
        "--bots",
        "random",
        "--json",
    )
    assert code == 0 and json.loads(out)["wins"]["N"] == 0
    card = tmp_path / "mine.card"
    card.write_text(MY_CARD)
    code, out = run(
        "simulate", "--rules", "american", "--hands", "2", "--card", str(card), "--json"
    )
    assert code == 0
    code, out = run("simulate", "--rules", "classical", "--hands", "1", "--players", "3")
    assert code == 2 and "--players: classical has no option 'players'" in out
    code, out = run("simulate", "--rules", "classical", "--hands", "1", "--card", str(card))
    assert code == 2 and "--card: Classical is not played by a card" in out


def test_a_record_holds_its_card_and_replays() -> None:
    card = Card.parse(MY_CARD)
    deal = AmericanDeal(get_rules("american").with_card(card), 4)
    play(deal, [make_american_bot("greedy", s) for s in range(4)])
    record = json.loads(json.dumps(deal_record(deal)))
    assert Card.parse(record["card"]) == card
    (again,) = replay(record)
    assert again.result == deal.result and again.history == deal.history
    record["hands"][0]["actions"][5] = "0 pass-tiles 1m2m3m"
    try:
        replay(record)
    except ReplayError as error:
        assert "action 5" in str(error)
    else:
        raise AssertionError("a changed record replayed")


PAIRS_CARD = "title: pairs\nP1 FF 22a 22b 44a 44b 66a 66b ; C 50\n"


def test_jokerless_doubles_singles_and_pairs_unless_the_nmjl_option(tmp_path: Path) -> None:
    """Seed 001 part 6: "If the winner has no Jokers in her winning hand, she receives double
    what is owed"; `-o jokerless_except_singles_and_pairs=true` is the NMJL card's exception
    (reference 3.6)."""
    card = tmp_path / "pairs.card"
    card.write_text(PAIRS_CARD)
    hand = "12f 22m 22p 44m 44p 66m 6p +6p"
    args = ("score", "--rules", "american", "--card", str(card), "--json", hand)
    code, out = run(*args)
    assert code == 0 and (json.loads(out)["pays"], json.loads(out)["jokerless"]) == (100, True)
    code, out = run(*args[:-1], "-o", "jokerless_except_singles_and_pairs=true", hand)
    assert code == 0 and (json.loads(out)["pays"], json.loads(out)["jokerless"]) == (50, False)
    settle = ("settle", "--rules", "american", "--card", str(card), "--winner", "S")
    code, out = run(*settle, "--discarder", "E", "--hand", f"S={hand}", "--json")
    assert json.loads(out.splitlines()[-1])["net"] == {"E": -200, "S": 400, "W": -100, "N": -100}
    code, out = run(
        *settle,
        "--discarder",
        "E",
        "--hand",
        f"S={hand}",
        "-o",
        "jokerless_except_singles_and_pairs=true",
        "--json",
    )
    assert json.loads(out.splitlines()[-1])["net"] == {"E": -100, "S": 200, "W": -50, "N": -50}
    code, out = run(*settle, "--self-drawn", "--scores", "S=25", "-o", "players=3", "--json")
    assert code == 0 and json.loads(out)["net"] == {"E": -50, "S": 100, "W": -50, "N": 0}
    code, out = run(*args[:-1], "-o", "jokerless_except_singles_and_pairs=2", hand)
    assert code == 2 and "must be true or false" in out


def test_settle_refuses_the_empty_seat_of_a_table_of_three() -> None:
    """Seed 001 part 8: "Missing player's space is not given any tiles": North, at a table of
    three, can neither win nor discard (nor pay)."""
    three = ("settle", "--rules", "american", "-o", "players=3", "--scores")
    code, out = run(*three, "N=25", "--winner", "N", "--discarder", "E")
    assert code == 2 and "North cannot win" in out and "seed 001 part 8" in out
    code, out = run(*three, "E=25", "--winner", "E", "--discarder", "N")
    assert code == 2 and "North cannot discard" in out and "empty seat" in out
    code, out = run(
        *three[:-1], "--hand", "N=[77sJ] 1234f 4444z 6zJ +6z", "--winner", "N", "--self-drawn"
    )
    assert code == 2 and "North cannot win" in out
    code, out = run(*three, "E=25", "--winner", "E", "--discarder", "W", "--json")
    assert code == 0 and json.loads(out)["net"] == {"E": 75, "S": -25, "W": -50, "N": 0}
