"""American speed, as JSON: hands matched against the whole sample card per second, tiles away
for every line per second, the card compiled, and whole hands played per second by random bots
and by card bots (``greedy``), beside RiichiEnv's random agent in the same run (as
``bench_play.py`` drives it; null when it is not installed) and against the targets of issue 11,
with ratios.

Two seeded sets of 14-tile hands are matched: winning hands (a random instance of a random line,
some set tiles turned into jokers, some sets exposed) and random hands dealt from the 152 tiles
(which almost never win). "match" asks for every line a hand completes and the best one;
"tiles away" computes the tiles away from every line of the card (``Matcher.tiles_away``, what
an observation holds, and what the target is for); "distance" the same with the nearest
instance of each line (``Matcher.distances``, what a hint shows).

    .venv/bin/python bench/bench_american.py [--hands 5000] [--games 200] [--seed 1]

``--games`` random-bot hands are played, a quarter as many card-bot hands. The machine's speed
drifts from day to day: "greedy_to_riichienv" (card-bot hands per RiichiEnv random-agent hand in
the same run) reads the card bot's figure against the issue's, whose 300 hands/s were asked where
RiichiEnv's random agent played 874 to 1,021 (about 0.3). "card_bot_budget" shows where a
card-bot hand's time goes (the engine, the thinking in each phase) beside the time a hand may take
for that figure.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

from fourwinds.american.bots import make_american_bot
from fourwinds.american.card import SAMPLE, Card, supply
from fourwinds.american.deal import AmericanDeal
from fourwinds.american.matcher import Holding, Matcher
from fourwinds.american.view import AmericanView
from fourwinds.engine.match import hand_seed
from fourwinds.rules import AMERICAN_TILES, get_rules
from fourwinds.simulate import play
from fourwinds.tiles import JOKER

TARGETS = {"random": 1000, "greedy": 300, "tiles_away": 50000}
"""Hands per second that issue 11 asks for."""
CARD_BOT_SHARE = 0.3
"""Card-bot hands per RiichiEnv random-agent hand that issue 11's 300 hands/s stands for."""


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
    """Items per second; what is alive before (the games played, the hands made) is frozen out
    of the collector, so that its full collections, more or fewer with what ran before, do
    not count (they took a third off tiles away for winning hands after the games)."""
    gc.collect()
    gc.freeze()
    start = time.perf_counter()
    for item in items:
        function(item)
    return len(items) / (time.perf_counter() - start)


def bench_riichienv(hands: int, seed: int) -> dict[str, Any]:
    """RiichiEnv's random agent, driven as ``bench_play.py`` drives it; why not, when absent."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        import riichienv  # noqa: F401
    except ImportError as error:
        return {"hands_per_second": None, "reason": str(error)}
    from bench_play import bench_riichienv as timed

    report: dict[str, Any] = timed(hands, seed, budget=30.0)
    return report


def ratio(fourwinds: float, peer: dict[str, Any]) -> float | None:
    theirs = peer.get("hands_per_second")
    return round(fourwinds / theirs, 2) if theirs else None


def budget(rules: Any, hands: int, seed: int, riichienv: dict[str, Any]) -> dict[str, Any]:
    """Where a card-bot hand's time goes: the engine (whose move, the seat's view, applying the
    action) and the bots' thinking in each phase, per hand and per decision, beside what a whole
    hand may take for issue 11's 300 hands/s (``CARD_BOT_SHARE`` of RiichiEnv's random agent in
    the same run). The same hands as the timed card-bot play, played again with a clock around
    each step (so the sum is a little above that play's time)."""
    engine = 0.0
    thinking: dict[str, float] = {}
    decisions: dict[str, int] = {}
    clock = time.perf_counter
    for number in range(hands):
        deal_seed = hand_seed(seed, number)
        deal = AmericanDeal(rules, deal_seed)
        bots = [make_american_bot("greedy", deal_seed + s) for s in range(4)]
        views = [AmericanView(deal, s) for s in range(4)]  # as ``play`` makes them
        while deal.result is None:
            start = clock()
            seat = deal.to_move()[0]
            view = views[seat]
            phase = view.phase
            asked = clock()
            action = bots[seat].choose(view)
            chosen = clock()
            deal.apply(seat, action)
            engine += clock() - chosen + asked - start
            thinking[phase] = thinking.get(phase, 0.0) + chosen - asked
            decisions[phase] = decisions.get(phase, 0) + 1
    theirs = riichienv.get("hands_per_second")
    return {
        "hands": hands,
        "engine_ms_per_hand": round(engine / hands * 1e3, 2),
        "thinking_ms_per_hand": {p: round(t / hands * 1e3, 2) for p, t in thinking.items()},
        "decisions_per_hand": {p: round(n / hands, 1) for p, n in decisions.items()},
        "thinking_us_per_decision": {
            p: round(t / decisions[p] * 1e6, 1) for p, t in thinking.items()
        },
        "ms_per_hand": round((engine + sum(thinking.values())) / hands * 1e3, 2),
        "target_ms_per_hand": round(1e3 / (CARD_BOT_SHARE * theirs), 2) if theirs else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--games", type=int, default=200)
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
    rules = get_rules("american").with_card(card)
    for bot, count in (("greedy", max(1, args.games // 4)), ("random", args.games)):
        wins = 0
        begin = time.perf_counter()
        for number in range(count):
            seed = hand_seed(args.seed, number)
            result = play(
                AmericanDeal(rules, seed), [make_american_bot(bot, seed + s) for s in range(4)]
            )
            wins += result.winner is not None
        seconds = time.perf_counter() - begin
        games[bot] = {"hands": count, "won": wins, "hands_per_second": round(count / seconds, 1)}
    riichienv = bench_riichienv(args.games, args.seed)
    tiles_away = rate(matcher.tiles_away, dealt[: args.hands // 5])
    card_bot_budget = budget(rules, games["greedy"]["hands"], args.seed, riichienv)

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
        "tiles_away_per_second": {
            "winning_hands": round(rate(matcher.tiles_away, winning[: args.hands // 5])),
            "dealt_hands": round(tiles_away),
        },
        "games": games,
        "riichienv_random": riichienv,
        "card_bot_budget": card_bot_budget,
        "ratios": {
            "random_to_riichienv": ratio(games["random"]["hands_per_second"], riichienv),
            "greedy_to_riichienv": ratio(games["greedy"]["hands_per_second"], riichienv),
            "random_to_target": round(games["random"]["hands_per_second"] / TARGETS["random"], 2),
            "greedy_to_target": round(games["greedy"]["hands_per_second"] / TARGETS["greedy"], 2),
            "tiles_away_to_target": round(tiles_away / TARGETS["tiles_away"], 2),
        },
        "targets_hands_per_second": TARGETS,
    }
    json.dump(report, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
