"""How long a bot takes to decide, as JSON: the 50th and 99th percentile and the longest of
every decision it made in seeded hands, one rule set after another, in this one process (issue
12 asks the strong bot for 50 ms at the 99th percentile, so a table never waits on it).

The bot sits in seat 0 against three ``greedy`` bots; only its own decisions are timed.

    python bench/bench_bots.py [--bot strong] [--hands 100] [--seed 0] [--rules hongkong ...]
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

from fourwinds.engine.match import hand_seed
from fourwinds.family import family_of
from fourwinds.rules import get_rules

RULE_SETS = ("classical", "classical-bmja", "classical-dmjl", "hongkong", "beginner", "american")


def percentile(sorted_values: list[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(share * len(sorted_values)))]


def bench_rules(name: str, bot: str, hands: int, seed: int) -> dict[str, Any]:
    rules = get_rules(name)
    family = family_of(rules)
    times: list[float] = []
    for number in range(hands):
        deal_seed = hand_seed(seed, number)
        deal = family.deal(rules, deal_seed)
        bots = [family.bot(bot if seat == 0 else "greedy", deal_seed + seat) for seat in range(4)]
        views = [family.view(deal, seat) for seat in range(4)]
        while deal.result is None:
            seat = deal.to_move()[0]
            start = time.perf_counter()
            action = bots[seat].choose(views[seat])
            if seat == 0:
                times.append(time.perf_counter() - start)
            deal.apply(seat, action)
    times.sort()
    return {
        "hands": hands,
        "decisions": len(times),
        "p50_ms": round(percentile(times, 0.5) * 1000, 2),
        "p99_ms": round(percentile(times, 0.99) * 1000, 2),
        "max_ms": round(times[-1] * 1000, 2),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", action="append", choices=RULE_SETS)
    args = parser.parse_args(argv)
    report = {
        "machine": {"python": platform.python_version(), "platform": platform.platform()},
        "bot": args.bot,
        "target_p99_ms": 50,
        "rules": {
            name: bench_rules(name, args.bot, args.hands, args.seed)
            for name in args.rules or RULE_SETS
        },
    }
    print(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    main()
