"""The garbage collector, set for a server whose heap is mostly long-lived tables.

Why: CPython's collector walks every object it tracks in a full collection, and the heap of a
thousand tables took 250 ms a time, several times a minute: a pause of every table at once. Play
makes few reference cycles, and those die young (Classical-style play makes none; the American
card bot's nested helpers make a few dozen short-lived ones a hand), so the collector has little
to find among objects that have lived a while. After start-up, and then every
``FREEZE_SECONDS``, what has lived that long is moved out of its sight (``gc.freeze``), right
after a collection of the young generations (a few milliseconds), so that young garbage is
not frozen. A full collection then looks only at what survived since the previous freeze, and
stays short. (Collecting everything unfrozen before each freeze took 60 ms every 10 s at 1,000
tables: too long.) Young collections run less often (``THRESHOLDS``), as a server allocates
fast. A cycle that is alive at a freeze and dies later is out of the collector's sight: every
closed socket leaves one (its transport refers to itself, and holds the socket's compressor,
tens of KB), so every ``SWEEP_SECONDS`` everything is unfrozen, collected in full and frozen
again: one longer pause (about 250 ms at 1,000 tables) instead of memory that grows without
end. The soak (``bench/soak.py``) measures that memory stays flat.
"""

from __future__ import annotations

import asyncio
import gc
import time

THRESHOLDS = (10_000, 10, 10)
"""Allocations between young collections (700 by default), and the older generations' counts."""
FREEZE_SECONDS = 10.0
SWEEP_SECONDS = 300.0


def settle() -> None:
    """After start-up: collect, freeze what is left, and space out young collections."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


async def keep_frozen(seconds: float = FREEZE_SECONDS, sweep: float = SWEEP_SECONDS) -> None:
    """Every ``seconds``, collect the young generations and freeze what survives; every
    ``sweep`` seconds, collect everything first (a task for the server's lifetime)."""
    swept = time.monotonic()
    while True:
        await asyncio.sleep(seconds)
        if time.monotonic() - swept >= sweep:
            swept = time.monotonic()
            gc.unfreeze()
            gc.collect()
        else:
            gc.collect(1)
        gc.freeze()
