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
fast. A cycle that is alive (or old) at a freeze and dies later is never collected; the soak
(``bench/soak.py``) measures whether memory stays flat.
"""

from __future__ import annotations

import asyncio
import gc

THRESHOLDS = (10_000, 10, 10)
"""Allocations between young collections (700 by default), and the older generations' counts."""
FREEZE_SECONDS = 10.0


def settle() -> None:
    """After start-up: collect, freeze what is left, and space out young collections."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


async def keep_frozen(seconds: float = FREEZE_SECONDS) -> None:
    """Every ``seconds``, collect the young generations and freeze what survives (a task for
    the server's lifetime)."""
    while True:
        await asyncio.sleep(seconds)
        gc.collect(1)
        gc.freeze()
