"""Playing hands with bots: the engine of ``fourwinds simulate`` and of the benchmarks."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fourwinds.american import is_american
from fourwinds.american.bots import AmericanBot, make_american_bot
from fourwinds.american.card import Card
from fourwinds.american.deal import AmericanDeal, AmericanResult
from fourwinds.american.view import AmericanView
from fourwinds.bots import Bot, make_bot
from fourwinds.engine.deal import Deal, Result
from fourwinds.engine.match import hand_seed
from fourwinds.engine.view import View
from fourwinds.record import deal_record
from fourwinds.rules import RuleSet


def play(deal: Deal, bots: Sequence[Bot]) -> Result:
    """Let the bots play the deal to its end; each sees only its own seat's view."""
    views = [View(deal, seat) for seat in range(len(bots))]
    while deal.result is None:
        seat = deal.to_move()[0]
        deal.apply(seat, bots[seat].choose(views[seat]))
    return deal.result


def play_american(deal: AmericanDeal, bots: Sequence[AmericanBot]) -> AmericanResult:
    """The same for an American hand: the Charleston, then play, each bot on its own view."""
    views = [AmericanView(deal, seat) for seat in range(len(bots))]
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
    card: Card | None = None,
) -> Summary:
    """Play ``hands`` independent hands, hand ``i`` seeded from ``seed`` and ``i``; American
    hands are played by ``card`` (the sample card when none is given)."""
    summary = Summary(rules.name, bot, seed)
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    for number in range(hands):
        deal_seed = hand_seed(seed, number)
        deal: Deal | AmericanDeal
        result: Result | AmericanResult
        if is_american(rules):
            deal = AmericanDeal(rules, deal_seed, card)
            seats = [make_american_bot(bot, deal_seed + seat) for seat in range(4)]
            result = play_american(deal, seats)
        else:
            deal = Deal(rules, deal_seed)
            result = play(deal, [make_bot(bot, deal_seed + seat) for seat in range(4)])
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
