"""Playing hands with bots: the engine of ``fourwinds simulate`` and of the benchmarks."""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fourwinds.engine.match import hand_seed
from fourwinds.family import Bot, GameDeal, GameResult, family_of
from fourwinds.record import deal_record
from fourwinds.rules import RuleSet, get_rules

if TYPE_CHECKING:
    from fourwinds.american.card import Card

CHUNK = 50
"""Most hands one worker plays per task: enough to make a task's cost small, few enough that
the progress bar moves and the cores finish together."""


def play(deal: GameDeal, bots: Sequence[Bot]) -> GameResult:
    """Let the bots play the deal to its end; each sees only its own seat's view."""
    family = family_of(deal.rules)
    views = [family.view(deal, seat) for seat in range(len(bots))]
    while deal.result is None:
        seat = deal.to_move()[0]
        deal.apply(seat, bots[seat].choose(views[seat]))
    return deal.result


@dataclass
class Summary:
    rules: str
    bots: str
    seed: int
    hands: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """Wins by seat wind (0 East .. 3 North)."""
    self_drawn: int = 0
    draws: int = 0
    seconds: float = 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    def add(self, part: Summary) -> None:
        """Count another summary's hands in (a worker's share of the same run)."""
        self.hands += part.hands
        self.wins = [mine + theirs for mine, theirs in zip(self.wins, part.wins, strict=True)]
        self.self_drawn += part.self_drawn
        self.draws += part.draws

    def to_json(self) -> dict[str, object]:
        return {
            "rules": self.rules,
            "bots": self.bots,
            "seed": self.seed,
            "hands": self.hands,
            "wins": dict(zip("ESWN", self.wins, strict=True)),
            "self_drawn": self.self_drawn,
            "draws": self.draws,
            "hands_per_second": round(self.hands_per_second, 1),
        }


def every_core() -> int:
    """The cores this process may use (``os.process_cpu_count`` from Python 3.13 honours an
    affinity mask; before it, ``os.cpu_count``)."""
    count: int | None = getattr(os, "process_cpu_count", os.cpu_count)()
    return count or 1


def record_name(rules: RuleSet, seed: int, number: int) -> str:
    """The file of hand ``number``'s record in a run of ``seed``."""
    return f"{rules.name}-{seed}-{number:06d}.json"


def play_hands(
    rules: RuleSet,
    seed: int,
    bot: str,
    numbers: range,
    records: Path | dict[str, str] | None = None,
    progress: Callable[[], None] | None = None,
) -> Summary:
    """Play the hands ``numbers`` of a run, writing their records in a folder (or keeping them
    by file name): one worker's share, or all."""
    family = family_of(rules)
    summary = Summary(rules.name, bot, seed)
    for number in numbers:
        deal_seed = hand_seed(seed, number)
        deal = family.deal(rules, deal_seed)
        result = play(deal, [family.bot(bot, deal_seed + seat) for seat in range(rules.seats)])
        summary.hands += 1
        if result.winner is None:
            summary.draws += 1
        else:
            summary.wins[result.winner] += 1
            summary.self_drawn += result.self_drawn
        if records is not None:
            name, text = record_name(rules, seed, number), json.dumps(deal_record(deal))
            if isinstance(records, dict):
                records[name] = text
            else:
                (records / name).write_text(text)
        if progress is not None:
            progress()
    return summary


Recipe = tuple[str, dict[str, Any], "Card | None"]


def recipe_of(rules: RuleSet) -> Recipe:
    """What a fresh process rebuilds the rule set from (a rule set holds a read-only mapping,
    which does not pickle): its registered name, its options and its card."""
    recipe = (rules.name, rules.options(), rules.card)
    rebuilt = rebuild(recipe)
    if rebuilt != rules or rebuilt.score_table != rules.score_table or rebuilt.card != rules.card:
        raise ValueError(f"{rules.title} is not a registered rule set with options: use workers=1")
    return recipe


def rebuild(recipe: Recipe) -> RuleSet:
    name, options, card = recipe
    return get_rules(name, **options).with_card(card)


def _play_chunk(
    recipe: Recipe, seed: int, bot: str, numbers: range, records: Path | None
) -> Summary:
    return play_hands(rebuild(recipe), seed, bot, numbers, records)


def simulate(
    rules: RuleSet,
    hands: int,
    seed: int,
    bot: str,
    records: Path | None = None,
    progress: Callable[[], None] | None = None,
    workers: int = 1,
) -> Summary:
    """Play ``hands`` independent hands, hand ``i`` seeded from ``seed`` and ``i``.

    With ``workers`` above 1 the hands are shared out in chunks to that many fresh processes
    (spawned, so the same on every platform and safe beside a progress bar's thread); hands are
    independent, so the results and the records are those of ``workers=1``. A worker imports
    fourwinds afresh, so the rule set must be one registered at import, with options and a card.
    """
    summary = Summary(rules.name, bot, seed)
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    size = max(1, min(CHUNK, hands // (4 * max(workers, 1))))
    chunks = [range(first, min(first + size, hands)) for first in range(0, hands, size)]
    if workers <= 1 or len(chunks) <= 1:
        summary.add(play_hands(rules, seed, bot, range(hands), records, progress))
    else:
        recipe = recipe_of(rules)  # refused here, before any process starts
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(min(workers, len(chunks)), mp_context=context) as pool:
            futures = [
                pool.submit(_play_chunk, recipe, seed, bot, numbers, records) for numbers in chunks
            ]
            for future in as_completed(futures):
                part = future.result()
                summary.add(part)
                if progress is not None:
                    for _ in range(part.hands):
                        progress()
    summary.seconds = time.perf_counter() - start
    return summary


def _play_chunk_kept(
    recipe: Recipe, seed: int, bot: str, numbers: range
) -> tuple[Summary, dict[str, str]]:
    """A chunk played on another machine: its summary and its records (file name -> JSON),
    brought back to be written where the run was started."""
    kept: dict[str, str] = {}
    return play_hands(rebuild(recipe), seed, bot, numbers, kept), kept


def simulate_on_ray(
    rules: RuleSet,
    hands: int,
    seed: int,
    bot: str,
    address: str,
    records: Path | None = None,
    progress: Callable[[], None] | None = None,
) -> Summary:
    """``simulate`` on a Ray cluster (the ``ray`` extra): the same chunks of hands as Ray tasks
    on the cluster at ``address`` (``auto`` for the one this machine belongs to, ``ray://HOST:
    10001``, or ``local`` for a Ray started here for the run). Each node needs fourwinds
    installed; the records come back and are written in ``records`` here, so the results and
    the records are those of one process."""
    import ray

    recipe = recipe_of(rules)  # refused here, before the cluster is asked
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    summary = Summary(rules.name, bot, seed)
    start = time.perf_counter()
    size = max(1, min(CHUNK, hands // 16))
    chunks = [range(first, min(first + size, hands)) for first in range(0, hands, size)]
    ray.init(address=address, log_to_driver=False, include_dashboard=False)
    try:
        task = ray.remote(_play_chunk_kept)
        pending = [task.remote(recipe, seed, bot, numbers) for numbers in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            part, kept = ray.get(done[0])
            summary.add(part)
            if records is not None:
                for name, text in kept.items():
                    (records / name).write_text(text)
            if progress is not None:
                for _ in range(part.hands):
                    progress()
    finally:
        ray.shutdown()
    summary.seconds = time.perf_counter() - start
    return summary
