"""Which server process owns a table, when several share one database (``docs/deploy.md``).

Why: a table lives in the memory of one process, with its timers; two processes playing the
same table would both write its moves. So a table's id names its owner: a process started with
``--worker K`` makes ids ``K.`` followed by the random part (a dot never appears in the random
part), resumes only its own tables at start-up and serves no other's; the load balancer routes
every page and socket of a table by that prefix. A table made by a single process (no prefix)
belongs to worker 1.

>>> owner("2.AbCdEfGh"), owner("AbCdEfGh")
('2', '1')
"""

from __future__ import annotations

FIRST = "1"


def owner(table_id: str) -> str:
    """The worker that owns the table."""
    head, dot, _ = table_id.partition(".")
    return head if dot else FIRST


def prefix(worker: str | None) -> str:
    """What a worker's new table ids start with ("" for a single process)."""
    return "" if worker is None else f"{worker}."
