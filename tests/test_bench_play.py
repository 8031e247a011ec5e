"""Smoke test of bench/bench_play.py: it runs and prints the JSON it promises (not a speed test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "bench_play.py"


def test_quick_run_prints_figures_for_every_rule_set() -> None:
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--no-peers"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    report = json.loads(completed.stdout)
    assert report["machine"]["cpu_count"] >= 1
    assert set(report["fourwinds"]) == {"classical", "hongkong", "beginner"}
    for figures in report["fourwinds"].values():
        assert figures["hands"] == 20
        assert figures["seconds"] > 0
        assert figures["hands_per_second"] > 0
        assert figures["actions_per_hand"] > 0
        assert figures["wins"] + figures["draws"] == figures["hands"]
    assert report["peers"] == {"rlcard": None, "riichienv": None}
    assert set(report["peers_skipped"]) == {"rlcard", "riichienv"}
    assert all(ratio is None for ratio in report["ratios"].values())
    workers = report["workers"]
    assert workers["results_identical"] is True
    assert workers["cores"] >= 1 and workers["ratio"] > 0
    memory = report["memory"]
    assert memory["peak_mb"] > 0
    assert set(memory["one_process"]) == {"after_10_hands", "after_50_hands"}
