"""Smoke test of bench/bench_rl.py: it runs and prints the JSON it promises (not a speed test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "bench_rl.py"


def test_quick_run_prints_steps_per_second_and_speedups() -> None:
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--workers", "2"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    report = json.loads(completed.stdout)
    one_core = report["one_core"]
    assert set(one_core["fourwinds_steps_per_second"]) == {"hongkong", "american"}
    assert all(rate > 0 for rate in one_core["fourwinds_steps_per_second"].values())
    if "steps_per_second" in one_core["riichienv"]:  # the bench extra is installed
        rate = one_core["fourwinds_steps_per_second"]["hongkong"]
        ratio = one_core["vs_riichienv"]["hongkong"]
        assert ratio == round(rate / one_core["riichienv"]["steps_per_second"], 3)
    for part in (report["processes"], report["vector"]):
        assert part["speedup"] > 0
    assert report["processes"]["workers"] == report["vector"]["environments"] == 2
