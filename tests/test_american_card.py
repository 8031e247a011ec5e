"""The card language (reference section 5, issue 5 "The card"): parsing, round trips, positioned
errors, and `fourwinds card check`."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourwinds.american.card import SAMPLE, Card, CardError, Constraint, feasible, sample_card
from fourwinds.american.matcher import Matcher
from fourwinds.cli import main
from fourwinds.tiles import parse_tiles


def problems(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(CardError) as caught:
        Card.parse(text)
    return [(p.line, p.column, p.message) for p in caught.value.problems]


def test_the_sample_card_is_about_fifty_lines_in_the_usual_sections() -> None:
    card = sample_card()
    assert 45 <= len(card.lines) <= 60
    assert card.sections() == [
        "2026",
        "2468",
        "any like numbers",
        "addition hands and quints",
        "consecutive runs",
        "13579",
        "369",
        "winds and dragons",
        "singles and pairs",
    ]
    assert any(line.concealed for line in card.lines)
    assert all(line.value > 0 for line in card.lines)
    text = SAMPLE.read_text()
    assert "not an NMJL card" in text


def test_a_card_round_trips_through_its_text() -> None:
    card = sample_card()
    again = Card.parse(str(card))
    assert again == card
    assert str(again) == str(card)


def test_line_parts() -> None:
    card = Card.parse(
        "year: 2026\n"
        "section: mixed\n"
        'X1  FF {year}a + 33b = 6666c NN ; any 3 6 distinct ; X 35 ; "caption; with a semicolon"\n'
        "|   FF {year}a + 33a = 6666b NN ; any 3 6\n"
    )
    line = card.line("X1")
    assert (line.value, line.concealed, line.section) == (35, False, "mixed")
    assert line.caption == "caption; with a semicolon"
    first, second = line.variants
    assert [str(g) for g in first.groups] == ["FF", "{year}a", "+", "33b", "=", "6666c", "NN"]
    assert first.size == 14
    assert first.constraints == (Constraint("any", (3, 6), distinct=True),)
    assert not second.constraints[0].distinct
    assert card.year == 2026


def test_group_kinds_are_derived_from_their_symbols() -> None:
    card = Card.parse("K1 FFF 111a 11a 11a NEWS ; X 25")
    kinds = [(str(g), g.is_set) for g in card.lines[0].variants[0].groups]
    # Three or more alike make a set; pairs, singles and mixed blocks never do (seed 001:
    # "NEWS is made up of four single tiles", "FF is a pair"): 11a 11a is two pairs, no kong.
    assert kinds == [
        ("FFF", True),
        ("111a", True),
        ("11a", False),
        ("11a", False),
        ("NEWS", False),
    ]


def test_constraint_bindings() -> None:
    assert [b[1] for b in Constraint("like", (1,), "odd").bindings()] == [1, 3, 5, 7, 9]
    run = Constraint("run", (1, 2, 3)).bindings()
    assert run[0] == {1: 1, 2: 2, 3: 3} and run[-1] == {1: 7, 2: 8, 3: 9} and len(run) == 7
    odd_run = Constraint("run", (1, 3), "odd").bindings()
    assert [(b[1], b[3]) for b in odd_run] == [(1, 3), (3, 5), (5, 7), (7, 9)]
    assert len(Constraint("any", (1, 4), distinct=True).bindings()) == 72
    assert len(Constraint("any", (2, 4), "even").bindings()) == 16


def test_instances_cover_suits_and_free_dragons() -> None:
    card = Card.parse("I1 111a 222b 3333c DDDD ; X 25")
    # 3! suit assignments x 3 dragons for the untagged D
    assert len(card.lines[0].variants[0].instances()) == 18
    # Suit assignments that give the same tiles count once: only the quint's suit matters.
    same = Card.parse("I2 111a 111b 111c 11111c ; X 25").lines[0]
    assert len(same.variants[0].instances()) == 3


def test_supply_needs_jokers_for_the_excess_of_sets() -> None:
    def instance(text: str, is_set: bool) -> tuple[tuple[int, ...], bool]:
        return tuple(parse_tiles(text)), is_set

    # A quint of suit tiles needs a joker; a natural flower quint is possible (8 flowers).
    assert feasible((instance("55555m", True),))
    assert feasible((instance("12345f", True),))
    # Five naturals of one tile in pairs and singles are impossible.
    assert not feasible((instance("55m", False), instance("55m", False), instance("5m", False)))
    # Nine jokers are more than the set holds.
    sevens = ("5555555m", "5555555p", "5555555s")
    assert feasible(tuple(instance(text, True) for text in sevens[:2]))
    assert not feasible(tuple(instance(text, True) for text in sevens))


def test_errors_name_line_and_column() -> None:
    assert problems("A1 FF 1111a 2222b ; X 25") == [(1, 1, "A1 has 10 tiles; a hand has 14")]
    assert problems("A1 FF 1111 2222a 3333a 3a ; X 25") == [
        (1, 11, "1111 has numbers but no suit tag (a, b or c)")
    ]
    assert problems("A1 FF 1111a 2222b 333x3c ; X 25")[0][:2] == (1, 22)
    assert problems("A1 FF 1111a 2222c 3333a ; X 25")[0][:2] == (1, 17)
    assert problems("A1 FF 1111a 2222b 3333b ; like 7 ; X 25")[0] == (
        1,
        27,
        "digit 7 is declared but not written in the groups",
    )
    assert problems("A1 FF 1111a 2222b 3333b") == [
        (
            1,
            24,
            "expected '; X value' or '; C value' after the groups (X: exposures allowed, "
            "C: concealed)",
        )
    ]
    assert problems("A1 FF 1111a 2222b 3333b ; X 0")[0][2] == "the value must be a positive number"
    assert (
        problems("A1 FF {year}a 2222b 3333b ; X 5")[0][2] == "{year} needs a 'year:' line before it"
    )
    assert problems("A1 NN EE WW SS 11a 11a 11a ; X 5")[0][2] == (
        "no hand of this line can be made with the 152 tiles"
    )
    assert problems("A1 FF 1111a 2222b 3333b ; X 5\nA1 FF 1111a 2222b 3333b ; X 5") == [
        (2, 1, "id A1 is already used on line 1")
    ]
    assert problems("| FF 1111a 2222b 3333b")[0][2] == "a variant (|) must follow a line"
    assert problems("A1 FF 1111a 2222b 3333b ; run 3 2 1 ; X 5")[0][2] == (
        "the digits of a run must increase"
    )
    assert problems("A1 FF 1111a 2222b 3333b ; like 1 2 ; X 5")[0][2] == (
        "like takes one digit (use any for several)"
    )
    assert problems("A1 FFF 000a 2222b 3333b ; X 5")[0][2] == (
        "the tag 'a' on 000a has no numbers or D to give a suit to"
    )
    assert problems("") == [(1, 1, "the card has no lines")]


def test_every_fault_is_reported_at_once() -> None:
    found = problems("A1 FF 1111a ; X 25\n\n# comment\nB1 FF 1111a 2222b 3333z ; X 25\n")
    assert [(line, column) for line, column, _ in found] == [(1, 1), (4, 23)]


def test_card_check_command(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(main, ["card", "check", str(SAMPLE)])
    assert ok.exit_code == 0 and "50 lines in 9 sections" in ok.output
    bad = tmp_path / "bad.card"
    bad.write_text("title: mine\nA1 FF 1111a 2222b ; X 25\nB1 FF 1111a 2222b 3333q ; X 25\n")
    result = runner.invoke(main, ["card", "check", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:2:1: A1 has 10 tiles; a hand has 14" in result.output
    assert f"{bad}:3:23: unknown symbol 'q'" in result.output


def test_a_card_too_large_to_build_is_refused_before_it_is_expanded() -> None:
    """Short cards whose lines multiply out to millions of hands: refused in well under a
    second (counted, not made), naming the line."""
    bombs = {
        "L1 11a 22a 33a 44a 55a 66a 77a ; any 1 2 3 4 5 6 7 ; X 25": "14,348,907 ways",
        "L1 Z Z Z Z Z Z Z Z Z Z Z Z Z Z ; X 25": "268,435,456 ways",
        "L1 D D D D D D D Z Z Z Z Z Z Z ; X 25": "35,831,808 ways",
    }
    for text, words in bombs.items():
        started = time.perf_counter()
        with pytest.raises(CardError, match=f"line 1, column 4: L1 has {words}"):
            Card.parse(text)
        assert time.perf_counter() - started < 0.1
    many = "\n".join(f"L{i} 111a 222b 333c 444a 55b ; any 1 2 ; X 25" for i in range(25))
    with pytest.raises(CardError, match=r"line 21, .* more than 10,000 ways .* in all"):
        Card.parse(many)


def test_the_largest_card_within_the_bounds_builds_in_well_under_a_second() -> None:
    """Five lines of 1,944 ways (9,720 in all, near the bound of 10,000): parsed and its matcher
    built in about 0.35 s on the development machine; the sample card has 1,199."""
    text = "\n".join(
        f"L{i} 111a 222b 333c 444a 55{'abc'[i % 3]} ; any 1 2 like 3 even ; X 25" for i in range(5)
    )
    started = time.perf_counter()
    card = Card.parse(text)
    Matcher(card)
    assert time.perf_counter() - started < 2.0
    assert sum(variant.ways for line in card.lines for variant in line.variants) == 9720
    assert sum(v.ways for line in sample_card().lines for v in line.variants) == 1199
