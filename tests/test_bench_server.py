"""Smoke test of bench/bench_server.py: it runs a tiny server load and prints the JSON it
promises (not a speed test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "bench_server.py"


def test_a_tiny_run_prints_tables_throughput_latency_memory_and_cpu() -> None:
    completed = subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            *["--tables", "3", "--seconds", "2", "--client-tables", "2", "--bot-delay", "0.1"],
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    report = json.loads(completed.stdout)
    assert report["tables"] == 3 and report["client_tables"] == report["human_seats"] == 2
    assert report["bot"] == "greedy" and report["seconds"] >= 2
    assert report["actions_per_second"] > 0
    assert 0 < report["commits_per_second"] <= report["actions_per_second"]
    client = report["client"]
    assert client["actions"] > 0
    assert 0 < client["p50_ms"] <= client["p99_ms"] <= client["max_ms"]
    memory = report["memory"]
    assert 0 < memory["idle_mb"] <= memory["end_mb"] and memory["per_table_kb"] > 0
    cpu = report["cpu"]
    assert 0 < cpu["core_busy"] <= 1.05
    parts = [cpu[name] for name in ("bots", "journal", "gc", "other")]
    assert all(part >= 0 for part in parts[:3]) and abs(sum(parts) - 1) < 0.01
    assert report["gc"]["collections"] >= 0
