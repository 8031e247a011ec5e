"""Smoke test of bench/bench_american.py: it runs and prints the JSON it promises (not a speed
test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "bench_american.py"


def test_a_small_run_prints_its_figures() -> None:
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), "--hands", "50", "--games", "1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    report = json.loads(completed.stdout)
    assert report["card"]["lines"] == 50 and report["card"]["instances"] > 0
    assert report["hands"] == 50
    assert all(rate > 0 for rate in report["match_per_second"].values())
    assert all(rate > 0 for rate in report["distance_per_second"].values())
    assert all(rate > 0 for rate in report["tiles_away_per_second"].values())
    assert report["ratios"]["tiles_away_to_target"] > 0
    assert set(report["games"]) == {"greedy", "random"}
    ratios = {"random_to_riichienv", "greedy_to_riichienv", "greedy_to_target"}
    assert set(report["ratios"]) >= ratios
    assert "hands_per_second" in report["riichienv_random"]
    budget = report["card_bot_budget"]
    assert budget["hands"] == report["games"]["greedy"]["hands"]
    assert budget["decisions_per_hand"]["turn"] > 0 and budget["engine_ms_per_hand"] > 0
    parts = budget["engine_ms_per_hand"] + sum(budget["thinking_ms_per_hand"].values())
    assert abs(budget["ms_per_hand"] - parts) < 0.05
