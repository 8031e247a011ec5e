"""Smoke test of bench/bench_thinking.py: it runs and prints the JSON it promises (not a speed
test), and the shipped suit tables stay a few MB in memory."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "bench_thinking.py"


def test_quick_run_prints_tiles_to_win_and_greedy_play() -> None:
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--peer-seconds", "5"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    report = json.loads(completed.stdout)
    figures = report["tiles_to_win"]
    assert figures["hands"] == 2000
    assert figures["fourwinds_cold_per_second"] > 0
    assert figures["suit_tables"]["lookup_bytes"] < 4_000_000
    if figures.get("mahjong"):
        assert figures["agreement"]["mismatches"] == 0
    assert set(report["greedy_play"]["fourwinds"]) == {"classical", "hongkong", "beginner"}
    for played in report["greedy_play"]["fourwinds"].values():
        assert played["hands"] == 20 and played["hands_per_second"] > 0
