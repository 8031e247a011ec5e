"""The simulate and replay commands."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourwinds.cli import main


@pytest.mark.parametrize("name", ["classical", "hongkong", "beginner"])
def test_simulate_json(name: str, tmp_path: Path) -> None:
    runner = CliRunner()
    args = [
        "simulate",
        "--rules",
        name,
        "--hands",
        "12",
        "--seed",
        "3",
        "--bots",
        "greedy",
        "--records",
        str(tmp_path),
        "--json",
    ]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["hands"] == 12
    assert sum(summary["wins"].values()) + summary["draws"] == 12
    assert 0 <= summary["self_drawn"] <= sum(summary["wins"].values())
    assert summary["hands_per_second"] > 0
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 12
    again = runner.invoke(main, args)
    assert json.loads(again.output)["wins"] == summary["wins"]  # seeded: the same hands
    replayed = runner.invoke(main, ["replay", "--verify", str(records[0])])
    assert replayed.exit_code == 0, replayed.output
    assert "verified: 1 hand(s)" in replayed.output


def test_simulate_table_output() -> None:
    result = CliRunner().invoke(main, ["simulate", "--hands", "5", "--bots", "random"])
    assert result.exit_code == 0
    for words in ("wins by East", "self-drawn wins", "drawn hands", "hands per second"):
        assert words in result.output


def test_simulate_refuses_an_unknown_bot() -> None:
    args = ["simulate", "--rules", "american", "--bots", "shanten", "--hands", "1"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert "'shanten' is not one of 'greedy', 'random', 'strong'" in result.output


def test_replay_fails_loudly_on_a_changed_record(tmp_path: Path) -> None:
    runner = CliRunner()
    runner.invoke(main, ["simulate", "--hands", "1", "--records", str(tmp_path), "--json"])
    (path,) = tmp_path.glob("*.json")
    record = json.loads(path.read_text())
    record["hands"][0]["result"]["winner"] = 3 if record["hands"][0]["result"]["winner"] != 3 else 2
    path.write_text(json.dumps(record))
    result = runner.invoke(main, ["replay", "--verify", str(path)])
    assert result.exit_code == 1
    assert "replay failed" in result.output and "result differs" in result.output
    path.write_text("{not json")
    assert runner.invoke(main, ["replay", str(path)]).exit_code == 1


def test_python_dash_m_and_console_script() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "fourwinds", "--version"], capture_output=True, text=True, check=True
    )
    assert result.stdout.startswith("fourwinds, version")
    assert (Path(sys.executable).parent / "fourwinds").exists()
