"""Smoke test of bench/bench_server.py: it runs a tiny server load and prints the JSON it
promises (not a speed test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "bench_server.py"


def test_a_tiny_run_prints_tables_throughput_and_client_latency() -> None:
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
    assert report["tables"] == 3 and report["client_tables"] == 2
    assert report["seconds"] >= 2
    assert report["actions_per_second"] > 0
    client = report["client"]
    assert client["actions"] > 0
    assert 0 < client["p50_ms"] <= client["p99_ms"]
