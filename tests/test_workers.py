"""``simulate(..., workers=N)`` and ``fourwinds simulate --workers N``: hands shared out to other
processes give the results and the records of one process (kept small: pytest runs in xdist
workers already)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourwinds.american.card import sample_card
from fourwinds.cli import main
from fourwinds.rules import RuleSet, get_rules
from fourwinds.simulate import every_core, simulate


def records(directory: Path) -> dict[str, str]:
    return {path.name: path.read_text() for path in sorted(directory.iterdir())}


@pytest.mark.parametrize(
    ("rules", "bot"),
    [
        (get_rules("hongkong", min_faan=1), "greedy"),
        (get_rules("american").with_card(sample_card()), "random"),
    ],
    ids=["hongkong-option", "american-card"],
)
def test_two_workers_play_the_hands_of_one(rules: RuleSet, bot: str, tmp_path: Path) -> None:
    ticks: list[int] = []
    one = simulate(rules, 9, 7, bot, tmp_path / "one")
    two = simulate(rules, 9, 7, bot, tmp_path / "two", lambda: ticks.append(1), workers=2)
    assert (two.hands, two.wins, two.draws, two.self_drawn) == (
        one.hands,
        one.wins,
        one.draws,
        one.self_drawn,
    )
    assert len(ticks) == 9  # the progress bar still reaches the end
    assert len(records(tmp_path / "one")) == 9
    assert records(tmp_path / "two") == records(tmp_path / "one")


def test_a_rule_set_a_fresh_process_cannot_rebuild_is_refused() -> None:
    rules = get_rules("classical")
    changed = replace(rules, score_table={})
    with pytest.raises(ValueError, match="workers=1"):
        simulate(changed, 4, 0, "random", workers=2)
    assert simulate(changed, 2, 0, "random").hands == 2  # one process needs no rebuilding


def test_the_command_takes_workers_and_defaults_to_every_core() -> None:
    runner = CliRunner()
    args = ["simulate", "--hands", "6", "--bots", "random", "--seed", "2", "--json"]
    one = json.loads(runner.invoke(main, [*args, "--workers", "1"]).output)
    two = json.loads(runner.invoke(main, [*args, "--workers", "2"]).output)
    del one["hands_per_second"], two["hands_per_second"]
    assert one == two
    assert every_core() >= 1
    assert "every core" in runner.invoke(main, ["simulate", "--help"]).output
    assert runner.invoke(main, [*args, "--workers", "0"]).exit_code == 2
