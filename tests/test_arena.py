"""The arena: duplicate play, its figures, its workers, its entrants and its command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from fourwinds.arena import Interval, arena, play_rotations
from fourwinds.external import ExternalBotError
from fourwinds.rules import get_rules

RANDOMS = ["random", "random", "random"]


def test_each_deal_is_played_from_every_seat_with_the_same_wall() -> None:
    rules = get_rules("classical")
    played = play_rotations(rules, ["greedy", *RANDOMS], seed=3, number=0)
    assert len(played.rotations) == 4
    for rotation, seats in enumerate(played.rotations):
        assert [seat.entrant for seat in seats] == [(s + rotation) % 4 for s in range(4)]
        assert sum(seat.points for seat in seats) == 0  # payments only move points
        assert sum(seat.won for seat in seats) <= 1
    # the greedy bot sat in every seat once
    greedy_seats = [
        next(i for i, seat in enumerate(seats) if seat.entrant == 0) for seats in played.rotations
    ]
    assert sorted(greedy_seats) == [0, 1, 2, 3]


@pytest.mark.parametrize("name", ["classical", "hongkong", "american"])
def test_greedy_beats_random_clear_of_zero(name: str) -> None:
    """The arena's sanity check: the bot that plays for a win beats the one that does not."""
    report = arena(get_rules(name), ["greedy", *RANDOMS], 24, seed=5)
    data = report.to_json()
    assert data["measure"] == "points per hand"
    assert data["edge"]["low"] > 0, data["edge"]
    assert report.hands == 24 * 4 and all(e.hands == 96 for e in report.entrants)
    assert abs(sum(e.points for e in report.entrants)) == 0
    greedy = data["entrants"][0]
    assert greedy["win_rate"] > max(e["win_rate"] for e in data["entrants"][1:])


def test_without_scoring_the_measure_is_wins() -> None:
    report = arena(get_rules("beginner"), ["greedy", *RANDOMS], 12, seed=2)
    data = report.to_json()
    assert data["measure"] == "wins per hand"
    greedy = data["entrants"][0]
    assert greedy["average_win"] is None and "wins_per_hand" in greedy
    assert greedy["wins_per_hand"]["mean"] == pytest.approx(greedy["win_rate"], abs=1e-3)
    wins = sum(e.wins for e in report.entrants)
    assert wins + report.wall_games == report.hands


def test_workers_give_the_report_of_one_process() -> None:
    rules = get_rules("hongkong")
    one = arena(rules, ["greedy", *RANDOMS], 10, seed=7, workers=1).to_json()
    two = arena(rules, ["greedy", *RANDOMS], 10, seed=7, workers=2).to_json()
    assert one == two


def test_an_entrant_by_import_path_plays_like_the_built_in() -> None:
    rules = get_rules("classical")
    path = "fourwinds.bots.greedy:GreedyBot"
    by_path = arena(rules, [path, *RANDOMS], 4, seed=1).to_json()
    by_name = arena(rules, ["greedy", *RANDOMS], 4, seed=1).to_json()
    assert by_path["entrants"][0]["points_per_hand"] == by_name["entrants"][0]["points_per_hand"]


def _without_names(report: dict[str, Any]) -> dict[str, Any]:
    report = {**report, "bots": None, "edge": {**report["edge"], "of": None}}
    report["entrants"] = [{**entrant, "bot": None} for entrant in report["entrants"]]
    return report


@pytest.mark.parametrize("name", ["classical", "american"])
def test_a_program_over_standard_input_plays_like_the_built_in(name: str) -> None:
    """The random bot run as another program (``fourwinds bot --stdio``) draws the same numbers
    from the seeds it is sent, so every deal and rotation replays as in this process."""
    rules = get_rules(name)
    program = f"exec:{sys.executable} -m fourwinds bot --stdio --bot random"
    outside = arena(rules, [program, "greedy", *RANDOMS[:2]], 3, seed=4).to_json()
    inside = arena(rules, ["random", "greedy", *RANDOMS[:2]], 3, seed=4).to_json()
    assert outside["entrants"][0]["bot"] == program
    assert _without_names(outside) == _without_names(inside)


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ('print(\'{"type": "action", "action": "discard 9z"}\')', "out of range 1-7"),
        ('print(\'{"type": "action", "action": "pung 1m"}\')', "'pung 1m', which is not legal"),
        ("print('hello')", "answered 'hello': malformed message"),
        ("pass", "closed its output"),
    ],
)
def test_a_program_that_answers_wrongly_is_named_with_its_fault(
    tmp_path: Path, answer: str, message: str
) -> None:
    script = tmp_path / "bot.py"
    script.write_text(f"import sys\nsys.stdin.readline()\n{answer}\n")
    program = f"exec:{sys.executable} {script}"
    with pytest.raises(ExternalBotError, match=message):
        arena(get_rules("classical"), [program, *RANDOMS], 1, seed=1)


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["greedy", "random"], "seats 4 bots, not 2"),
        (["clever", *RANDOMS], "unknown bot 'clever'"),
        (["no.such.module:Bot", *RANDOMS], "No module named 'no'"),
        (["fourwinds.bots:NoBot", *RANDOMS], "has no attribute 'NoBot'"),
        (["exec:no-such-program --play", *RANDOMS], "no program \\['no-such-program'\\]"),
    ],
)
def test_a_bad_entrant_is_refused_before_play(names: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        arena(get_rules("classical"), names, 2)


def test_the_interval_is_the_normal_one() -> None:
    interval = Interval.of([1.0, 3.0])
    assert interval.mean == 2.0
    assert interval.high - interval.mean == pytest.approx(1.959964 * 1.0)
    assert Interval.of([4.0]) == Interval(4.0, 4.0, 4.0)


def test_the_command_prints_json_and_draws_the_plot(tmp_path: Path) -> None:
    png = tmp_path / "arena.png"
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "fourwinds",
            "arena",
            "--rules",
            "beginner",
            "--hands",
            "6",
            "--workers",
            "1",
            "--json",
            "--plot",
            str(png),
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    data = json.loads(completed.stdout)
    assert data["deals"] == 6 and data["hands"] == 24
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_command_prints_a_table_and_refuses_a_bad_bot() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "fourwinds", "arena", "--hands", "3", "--workers", "1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert "greedy over the others' average" in shown.stdout
    refused = subprocess.run(
        [sys.executable, "-m", "fourwinds", "arena", "--bots", "greedy,nobody,random,random"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode == 2 and "unknown bot 'nobody'" in refused.stderr
