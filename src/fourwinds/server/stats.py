"""What one server process spends its time on: counters for the bench, the soak and operators.

Why: a load figure means little without where the CPU went. The process's CPU time, the
journal thread's (commits), the bots' decisions and the garbage collector's pauses are counted
here and served at ``GET /api/stats`` (``docs/server.md``); ``bench/bench_server.py`` and
``bench/soak.py`` read them.
"""

from __future__ import annotations

import gc
import os
import resource
import threading
import time
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Stats:
    bot_decisions: int = 0
    bot_seconds: float = 0.0
    gc_pauses: int = 0
    gc_seconds: float = 0.0
    gc_longest: float = 0.0
    gc_full: int = 0
    """Collections of the oldest generation (the long pauses)."""
    gc_full_seconds: float = 0.0
    _gc_started: float = 0.0
    journal_thread: threading.Thread | None = field(default=None, repr=False)

    def decided(self, seconds: float) -> None:
        self.bot_decisions += 1
        self.bot_seconds += seconds

    def on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
            return
        pause = time.perf_counter() - self._gc_started
        self.gc_pauses += 1
        self.gc_seconds += pause
        self.gc_longest = max(self.gc_longest, pause)
        if info.get("generation") == 2:
            self.gc_full += 1
            self.gc_full_seconds += pause

    def report(self, journal_cpu: float) -> dict[str, Any]:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return {
            "pid": os.getpid(),
            "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 3),
            "journal_cpu_seconds": round(journal_cpu, 3),
            "bot_decisions": self.bot_decisions,
            "bot_seconds": round(self.bot_seconds, 3),
            "gc": {
                "pauses": self.gc_pauses,
                "full": self.gc_full,
                "full_seconds": round(self.gc_full_seconds, 3),
                "seconds": round(self.gc_seconds, 3),
                "longest_ms": round(self.gc_longest * 1000, 2),
                "frozen": gc.get_freeze_count(),
            },
            "rss_bytes": _rss(),
            "open_files": len(os.listdir("/proc/self/fd"))
            if os.path.isdir("/proc/self/fd")
            else None,
        }


def _open_files() -> int | None:
    """File descriptors open now (Linux)."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return None


def _rss() -> int | None:
    """Resident memory now (Linux), not the peak."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return None


STATS = Stats()
gc.callbacks.append(STATS.on_gc)
