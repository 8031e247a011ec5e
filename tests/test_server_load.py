"""What keeps a loaded server's answers quick: the journal commits groups (one executemany per
run of actions), the garbage collector is settled after start-up, play makes no cyclic garbage
for it to find, and ``/api/stats`` says where the time went."""

from __future__ import annotations

import asyncio
import gc
import json
import subprocess
import sys
import weakref
from pathlib import Path

from serving import client, hello, join, new_table
from test_server_leaks import bot_game

from fourwinds.server import heap
from fourwinds.server.heap import THRESHOLDS
from fourwinds.server.journal import _runs, _Write
from fourwinds.server.storage import INSERT_ACTION, Storage, StoredAction


def test_a_group_of_actions_is_one_executemany_between_other_statements() -> None:
    other = object()
    group = [
        _Write([(INSERT_ACTION, {"seq": 0})], None, None),
        _Write([(INSERT_ACTION, {"seq": 1})], None, None),
        _Write([(other, None)], None, None),  # type: ignore[list-item]
        _Write([(INSERT_ACTION, {"seq": 2})], None, None),
    ]
    runs = list(_runs(group))
    assert [(statement is INSERT_ACTION, rows) for statement, rows in runs] == [
        (True, [{"seq": 0}, {"seq": 1}]),
        (False, None),
        (True, [{"seq": 2}]),
    ]


def test_many_actions_queued_at_once_are_committed_in_few_groups(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    storage.add_table("t1", "beginner", {}, 0.0, 7, 1.0).result()
    commits = storage.journal.commits
    futures = [storage.add_action("t1", StoredAction(seq, 0, 1, "pass")) for seq in range(2000)]
    futures[-1].result(30)
    assert storage.journal.commits - commits < 200  # at least ten actions a commit on average
    assert len(storage.load_actions("t1")) == 2000
    storage.close()


def test_the_server_process_settles_its_heap() -> None:
    """``serve`` calls heap.settle(): everything alive at start-up frozen, young collections
    spaced out (in a process of its own: a test process keeps its collector)."""
    code = (
        "import gc, json; from fourwinds.server import heap; heap.settle(); "
        "print(json.dumps([gc.get_threshold(), gc.get_freeze_count()]))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    thresholds, frozen = json.loads(output)
    assert tuple(thresholds) == THRESHOLDS and frozen > 10_000


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_a_cycle_that_dies_after_it_was_frozen_is_swept() -> None:
    """A closed socket's transport refers to itself and is often frozen while it is open:
    keep_frozen's sweep collects such cycles instead of keeping them for ever."""

    async def run_a_while() -> None:
        task = asyncio.create_task(heap.keep_frozen(seconds=0.01, sweep=0.05))
        await asyncio.sleep(0.3)
        task.cancel()

    cycle = Cycle()
    gone = weakref.ref(cycle)
    gc.freeze()
    try:
        del cycle
        gc.collect()
        assert gone() is not None  # frozen: out of the collector's sight
        asyncio.run(run_a_while())
        assert gone() is None
    finally:
        gc.unfreeze()


def test_a_classical_game_at_a_table_leaves_no_cyclic_garbage(tmp_path: Path) -> None:
    """What heap.py relies on: play is freed by reference counts, so freezing old objects
    loses nothing to the collector."""
    storage = Storage(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    gc.collect()
    gc.disable()
    try:
        asyncio.run(bot_game(storage, "classical", 2))
        assert gc.collect() == 0
    finally:
        gc.enable()
        storage.close()


def test_stats_say_where_the_time_went(tmp_path: Path) -> None:
    with client(f"sqlite:///{tmp_path / 'db.sqlite3'}") as http:
        table_id = new_table(http)
        seat = join(http, table_id)
        http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
        with http.websocket_connect(f"/ws/{table_id}") as socket:
            hello(socket, seat)
            stats = http.get("/api/stats").json()
    assert stats["tables"] == 1 and stats["sockets"] == 1
    assert stats["writes"] >= 5 and 1 <= stats["commits"] <= stats["writes"]
    assert stats["cpu_seconds"] > 0 and stats["rss_bytes"] > 10_000_000
    assert stats["open_files"] > 3
    assert set(stats["gc"]) >= {"pauses", "full", "seconds", "longest_ms", "frozen"}
