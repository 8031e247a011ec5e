"""Playing hands with bots: the engine of ``fourwinds simulate`` and of the benchmarks."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fourwinds.engine.match import hand_seed
from fourwinds.family import Bot, GameDeal, GameResult, family_of
from fourwinds.record import deal_record
from fourwinds.rules import RuleSet


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


def simulate(
    rules: RuleSet,
    hands: int,
    seed: int,
    bot: str,
    records: Path | None = None,
    progress: Callable[[], None] | None = None,
) -> Summary:
    """Play ``hands`` independent hands, hand ``i`` seeded from ``seed`` and ``i``."""
    family = family_of(rules)
    summary = Summary(rules.name, bot, seed)
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    for number in range(hands):
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
            path = records / f"{rules.name}-{seed}-{number:06d}.json"
            path.write_text(json.dumps(deal_record(deal)))
        if progress is not None:
            progress()
    summary.seconds = time.perf_counter() - start
    return summary
