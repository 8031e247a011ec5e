"""American speed, as JSON: hands matched against the whole sample card per second, tiles away
for every line per second, the card compiled, and whole hands played per second.

Two seeded sets of 14-tile hands are matched: winning hands (a random instance of a random line,
some set tiles turned into jokers, some sets exposed) and random hands dealt from the 152 tiles
(which almost never win). "match" asks for every line a hand completes and the best one;
"distance" computes the tiles away for every line of the card.

    .venv/bin/python bench/bench_american.py [--hands 5000] [--games 20] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from typing import Any

from fourwinds.american.bots import make_american_bot
from fourwinds.american.card import SAMPLE, Card, supply
from fourwinds.american.deal import AmericanDeal
from fourwinds.american.matcher import Holding, Matcher
from fourwinds.engine.match import hand_seed
from fourwinds.rules import AMERICAN_TILES, get_rules
from fourwinds.simulate import play
from fourwinds.tiles import JOKER


def winning_hand(matcher: Matcher, rng: random.Random) -> Holding:
    """A random instance of the card with some set tiles as jokers and some sets exposed."""
    while True:
        entry = rng.choice(matcher.table)
        counts = [0] * 35
        jokers = exposed_jokers = 0
        exposures = []
        for tiles, is_set in entry.instance:
            if is_set and not entry.concealed and rng.random() < 0.3:
                j = rng.randrange(len(tiles))  # keep at least one natural
                exposures.append((tiles[0], len(tiles)))
                exposed_jokers += j
                continue
            for tile in tiles:
                if is_set and rng.random() < 0.2:
                    jokers += 1
                else:
                    counts[tile] += 1
        over = any(n > supply(t) for t, n in enumerate(counts))
        if not over and jokers + exposed_jokers <= 8:
            return Holding(counts, jokers, tuple(exposures), exposed_jokers)


def dealt_hand(rng: random.Random) -> Holding:
    tiles = [t for t, n in enumerate(AMERICAN_TILES) for _ in range(n)]
    hand = rng.sample(tiles, 14)
    counts = [0] * 35
    for tile in hand:
        if tile != JOKER:
            counts[min(tile, 34)] += 1
    return Holding(counts, hand.count(JOKER))


def rate(function: Any, items: list[Holding]) -> float:
    start = time.perf_counter()
    for item in items:
        function(item)
    return len(items) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    start = time.perf_counter()
    card = Card.parse(SAMPLE.read_text())
    parsed = time.perf_counter()
    matcher = Matcher(card)
    compiled = time.perf_counter()

    winning = [winning_hand(matcher, rng) for _ in range(args.hands)]
    dealt = [dealt_hand(rng) for _ in range(args.hands)]
    assert all(matcher.best(h) is not None for h in winning[:200])

    games: dict[str, Any] = {}
    rules = get_rules("american")
    for bot in ("greedy", "random"):
        wins = 0
        begin = time.perf_counter()
        for number in range(args.games):
            seed = hand_seed(args.seed, number)
            deal = AmericanDeal(rules.with_card(card), seed)
            result = play(deal, [make_american_bot(bot, seed + s) for s in range(4)])
            wins += result.winner is not None
        seconds = time.perf_counter() - begin
        games[bot] = {
            "hands": args.games,
            "won": wins,
            "hands_per_second": round(args.games / seconds, 1),
        }

    report = {
        "benchmark": "american",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "card": {
            "lines": len(card.lines),
            "instances": len(matcher.table),
            "parse_ms": round((parsed - start) * 1000, 1),
            "compile_ms": round((compiled - parsed) * 1000, 1),
        },
        "hands": args.hands,
        "match_per_second": {
            "winning_hands": round(rate(matcher.matches, winning)),
            "dealt_hands": round(rate(matcher.matches, dealt)),
        },
        "distance_per_second": {
            "winning_hands": round(rate(matcher.distances, winning[: args.hands // 5])),
            "dealt_hands": round(rate(matcher.distances, dealt[: args.hands // 5])),
        },
        "games": games,
    }
    json.dump(report, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
