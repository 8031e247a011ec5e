"""Scoring speed: winning hands scored per second, per rule set, as JSON.

A fixed, seeded set of random winning hands (four sets and a pair, some melds declared, some
bonus tiles, random winds and ways of winning) is built for each rule set and kept only where it
is a legal win there (at most one chow for BMJA, at least the minimum faan for Hong Kong). Each
set is scored twice: "cold" with the scorer's caches emptied first, then "warm". When the PyPI
``mahjong`` package (Japanese riichi scoring) is installed, the same kind of closed random winning
hands are scored by its ``HandCalculator`` in the same run and the ratio is reported.

    .venv/bin/python bench/bench_scoring.py [--hands 5000] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from typing import Any

from fourwinds.hand import Context, Hand, Meld, MeldKind
from fourwinds.rules import get_rules
from fourwinds.scoring import clear_caches, score

RULE_SETS = ("classical", "classical-dmjl", "classical-bmja", "hongkong", "hongkong-standard")


def random_sets(rng: random.Random, max_chows: int) -> tuple[list[tuple[str, int]], int]:
    """Four sets and a pair as (kind, tile), never more than four of a kind."""
    while True:
        counts = [0] * 34
        sets: list[tuple[str, int]] = []
        chows = 0
        while len(sets) < 4:
            if chows < max_chows and rng.random() < 0.5:
                suit = rng.randrange(3)
                tile = suit * 9 + rng.randrange(7)
                if all(counts[t] < 4 for t in (tile, tile + 1, tile + 2)):
                    for t in (tile, tile + 1, tile + 2):
                        counts[t] += 1
                    sets.append(("chow", tile))
                    chows += 1
            else:
                tile = rng.randrange(34)
                kong = rng.random() < 0.1
                if counts[tile] == 0 and (kong or rng.random() < 0.9):
                    counts[tile] += 4 if kong else 3
                    sets.append(("kong" if kong else "pung", tile))
        pair = rng.randrange(34)
        if counts[pair] <= 2:
            return sets, pair


def random_hand(rng: random.Random, max_chows: int) -> tuple[Hand, Context]:
    sets, pair = random_sets(rng, max_chows)
    melds: list[Meld] = []
    concealed: list[int] = [pair, pair]
    for kind, tile in sets:
        if kind == "kong":
            melds.append(Meld(MeldKind.KONG, tile, exposed=rng.random() < 0.5))
        elif rng.random() < 0.3:
            melds.append(Meld(MeldKind.CHOW if kind == "chow" else MeldKind.PUNG, tile, True))
        else:
            concealed.extend([tile, tile + 1, tile + 2] if kind == "chow" else [tile] * 3)
    winning = concealed.pop(rng.randrange(len(concealed)))
    rng.shuffle(concealed)
    bonus = tuple(sorted(rng.sample(range(34, 42), rng.choice((0, 0, 1, 1, 2, 3)))))
    context = Context(
        seat_wind=rng.randrange(4),
        prevailing_wind=rng.randrange(4),
        self_drawn=rng.random() < 0.4,
    )
    return Hand(tuple(sorted(concealed)), tuple(melds), bonus, winning), context


def winning_hands(name: str, count: int, seed: int) -> list[tuple[Hand, Context]]:
    rules = get_rules(name)
    rng = random.Random(f"{seed}-{name}")
    hands = []
    while len(hands) < count:
        hand, context = random_hand(rng, rules.max_chows)
        if score(hand, context, rules).won:
            hands.append((hand, context))
    return hands


def rate(name: str, hands: list[tuple[Hand, Context]], cold: bool) -> float:
    rules = get_rules(name)
    if cold:
        clear_caches()
    start = time.perf_counter()
    for hand, context in hands:
        score(hand, context, rules)
    return len(hands) / (time.perf_counter() - start)


def bench_mahjong(count: int, seed: int) -> dict[str, Any] | None:
    try:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig
    except ImportError:
        return None
    rng = random.Random(f"{seed}-mahjong")
    calculator = HandCalculator()
    cases = []
    while len(cases) < count:
        sets, pair = random_sets(rng, 4)
        if any(kind == "kong" for kind, _ in sets):
            continue
        tiles34 = [pair, pair]
        for kind, tile in sets:
            tiles34.extend([tile, tile + 1, tile + 2] if kind == "chow" else [tile] * 3)
        used = [0] * 34
        tiles136 = []
        for tile in tiles34:
            tiles136.append(tile * 4 + used[tile])
            used[tile] += 1
        win = rng.choice(tiles136)
        config = HandConfig(is_tsumo=rng.random() < 0.4)
        if calculator.estimate_hand_value(tiles136, win, config=config).error is None:
            cases.append((tiles136, win, config))
    start = time.perf_counter()
    for tiles136, win, config in cases:
        calculator.estimate_hand_value(tiles136, win, config=config)
    seconds = time.perf_counter() - start
    return {"hands": len(cases), "hands_per_second": round(len(cases) / seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results: dict[str, Any] = {
        "python": platform.python_version(),
        "seed": args.seed,
        "hands": args.hands,
        "rule_sets": {},
    }
    for name in RULE_SETS:
        hands = winning_hands(name, args.hands, args.seed)
        cold = rate(name, hands, cold=True)
        warm = max(rate(name, hands, cold=False) for _ in range(3))
        results["rule_sets"][name] = {"cold": round(cold), "warm": round(warm)}
    classical = results["rule_sets"]["classical"]["warm"]
    results["target_hands_per_second"] = 50_000
    reference = bench_mahjong(args.hands, args.seed)
    if reference is not None:
        results["mahjong_package"] = reference
        results["classical_warm_vs_mahjong"] = round(classical / reference["hands_per_second"], 2)
    json.dump(results, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
