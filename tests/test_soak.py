"""Smoke test of bench/soak.py: a few seconds of load print the promised JSON (not a soak)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "soak.py"


def test_a_short_soak_reports_latency_errors_memory_and_files_over_time() -> None:
    arguments = ["--minutes", "0.25", "--tables", "4", "--players", "2", "--every", "3"]
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), *arguments, "--warm-up", "3"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    report = json.loads(completed.stdout)
    assert report["errors"] == 0
    assert report["client"]["actions"] > 0
    assert report["client"]["p50_ms"] <= report["client"]["p99_ms"] <= report["client"]["max_ms"]
    samples = report["samples"]
    assert len(samples) >= 3 and [s["t"] for s in samples] == sorted(s["t"] for s in samples)
    for sample in samples:
        assert sample["rss_mb"] > 10 and sample["open_files"] > 3 and sample["tables"] >= 4
    assert isinstance(report["memory_flat"], bool)
    assert report["open_files"] == [samples[0]["open_files"], samples[-1]["open_files"]]
