"""Bulk data (docs/rl.md): records exported to Parquet, one row per decision, with exactly the
observations and masks the environment gave and the rewards it paid; ``simulate --records`` and
``fourwinds dataset`` from the command line; the same simulation on a local Ray instance."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from fourwinds import rl
from fourwinds.cli import main
from fourwinds.record import ReplayError
from fourwinds.rl.dataset import export
from fourwinds.rules import get_rules
from fourwinds.simulate import simulate


@pytest.mark.parametrize("name", ["hongkong", "american"])
def test_rows_are_what_the_environment_gave(name: str, tmp_path: Path) -> None:
    """Play hands in the environment, keeping every observation; the export of their records
    holds the same observations, masks, actions and rewards, decision by decision."""
    env = rl.raw_env(rules=name)
    expected = []
    records = []
    for seed in range(3):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        taken = []
        while env.agents:
            observation, _, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
                continue
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            taken.append((env.seat_of[env.agent_selection], observation, action))
            env.step(action)
        points = env.payments()
        expected += [(seat, obs, action, points[seat]) for seat, obs, action in taken]
        records.append(env.record())
    path = tmp_path / "decisions.parquet"
    assert export(records, path) == len(expected)
    table = pq.read_table(path).to_pylist()
    assert len(table) == len(expected)
    for row, (seat, observation, action, reward) in zip(table, expected, strict=True):
        assert row["seat"] == seat
        assert row["observation"] == observation["observation"].tolist()
        assert row["action_mask"] == observation["action_mask"].astype(bool).tolist()
        assert row["action"] == action
        assert row["reward"] == reward
        assert row["rules"] == name


def test_simulate_then_dataset_from_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    records = tmp_path / "records"
    result = runner.invoke(
        main,
        [
            "simulate",
            "--rules",
            "classical",
            "--hands",
            "5",
            "--records",
            str(records),
            "--workers",
            "2",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    actions = sum(
        len(hand["actions"])
        for path in records.glob("*.json")
        for hand in json.loads(path.read_text())["hands"]
    )
    out = tmp_path / "classical.parquet"
    result = runner.invoke(main, ["dataset", str(records), str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"{actions} decisions written to {out}"
    table = pq.read_table(out)
    assert table.num_rows == actions
    assert set(table.column("rules").to_pylist()) == {"classical"}
    assert (
        table.schema.field("observation").type.list_size
        == rl.raw_env(rules="classical").encoding.size
    )


def test_a_dataset_holds_one_rule_set(tmp_path: Path) -> None:
    records = []
    for name in ("hongkong", "beginner"):
        env = rl.raw_env(rules=name)
        env.reset(seed=1)
        rng = np.random.default_rng(1)
        while env.agents:
            observation, _, terminated, _, _ = env.last()
            env.step(
                None if terminated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
            )
        records.append(env.record())
    with pytest.raises(ReplayError, match="one rule set: Beginner after Hong Kong"):
        export(records, tmp_path / "mixed.parquet")


def test_a_broken_record_is_refused(tmp_path: Path) -> None:
    env = rl.raw_env(rules="hongkong")
    env.reset(seed=2)
    while env.agents:
        observation, _, terminated, _, _ = env.last()
        env.step(None if terminated else int(np.flatnonzero(observation["action_mask"])[0]))
    record = env.record()
    record["hands"][0]["actions"][3] = "0 discard 9z"
    with pytest.raises(ReplayError, match="action 3"):
        export([record], tmp_path / "broken.parquet")
    runner = CliRunner()
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "bad.json").write_text("{not json")
    result = runner.invoke(main, ["dataset", str(folder), str(tmp_path / "out.parquet")])
    assert result.exit_code == 1
    assert "bad.json: not JSON" in result.output


def test_simulate_on_a_local_ray_instance(tmp_path: Path) -> None:
    """``--ray local``: the same hands played as Ray tasks give the summary and the records of
    one process."""
    pytest.importorskip("ray", reason="ray cannot be installed on this Python")
    runner = CliRunner()
    on_ray = tmp_path / "ray"
    result = runner.invoke(
        main,
        [
            "simulate",
            "--rules",
            "hongkong",
            "--hands",
            "12",
            "--seed",
            "3",
            "--records",
            str(on_ray),
            "--ray",
            "local",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    here = tmp_path / "here"
    expected = simulate(get_rules("hongkong"), 12, 3, "greedy", here, workers=1).to_json()
    found = json.loads(result.output.strip().splitlines()[-1])
    del expected["hands_per_second"], found["hands_per_second"]
    assert found == expected
    names = sorted(path.name for path in here.glob("*.json"))
    assert names == sorted(path.name for path in on_ray.glob("*.json")) and len(names) == 12
    for name in names:
        assert (on_ray / name).read_text() == (here / name).read_text()
