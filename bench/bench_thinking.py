"""How fast fourwinds thinks: tiles-to-win calls and greedy play, beside the peers; prints JSON.

- Tiles-to-win: ``analysis.tiles_to_win`` on fresh random 13- and 14-tile hands (drawn from a
  136-tile wall), every cache emptied just before the timed batch ("cold") and the same batch
  again ("warm"): the standard shape is read from the suit tables shipped with the package, so
  the two should agree. The tables' load time and size are printed too. Beside it, in the
  same run and on the same hands, ``mahjong``'s ``Shanten().calculate_shanten_for_regular_hand``
  with its 34-array, and the agreement of the two on every hand (both say 0 for ready, -1 for
  complete; fourwinds never counts on a fifth copy of a tile, so a mismatch is reported, not
  hidden).
- Greedy play: ``simulate(rules, hands, seed, "greedy")`` complete hands per second, each rule
  set in a fresh process (no warm caches). Beside it a greedy bot on RiichiEnv (its Rust core,
  one hand per ``reset()``): it discards to the lowest ``riichienv.calculate_shanten``, calls (chi,
  pon, kan) when that lowers its shanten, wins whenever offered, never declares riichi.

A peer that is not installed is reported as null with the reason. Usage::

    python bench/bench_thinking.py                 # 20,000 hands for tiles-to-win, 300 played
    python bench/bench_thinking.py --quick
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from importlib import metadata, resources
from typing import Any

from fourwinds import suit_tables
from fourwinds.analysis import tiles_to_win
from fourwinds.scoring import clear_caches
from fourwinds.tiles import PLAIN_KINDS

RULE_SETS = ("classical", "hongkong", "beginner")
WALL = [t for t in range(PLAIN_KINDS) for _ in range(4)]

Report = dict[str, Any]


def random_hands(count: int, seed: int) -> list[list[int]]:
    """Half 13-tile and half 14-tile hands, as 34 counts."""
    rng = random.Random(seed)
    hands = []
    for i in range(count):
        held = [0] * PLAIN_KINDS
        for tile in rng.sample(WALL, 13 + i % 2):
            held[tile] += 1
        hands.append(held)
    return hands


def rate(function: Any, hands: list[list[int]]) -> float:
    start = time.perf_counter()
    for held in hands:
        function(held)
    return len(hands) / (time.perf_counter() - start)


def bench_suit_tables() -> Report:
    """What the shipped tables cost: reading them (as the package does at import) and memory."""
    start = time.perf_counter()
    tables = suit_tables.load()
    seconds = time.perf_counter() - start
    lookups = sum(len(lookup) for lookup in tables[:5])
    return {
        "load_seconds": round(seconds, 4),
        "lookup_bytes": lookups,
        "file_bytes": len(resources.files("fourwinds").joinpath(suit_tables.PATH).read_bytes()),
    }


def bench_tiles_to_win(count: int, seed: int) -> Report:
    hands = random_hands(count, seed)
    clear_caches()
    cold = rate(lambda held: tiles_to_win(held, 0), hands)
    warm = rate(lambda held: tiles_to_win(held, 0), hands)
    report: Report = {
        "hands": count,
        "fourwinds_cold_per_second": round(cold),
        "fourwinds_warm_per_second": round(warm),
        "suit_tables": bench_suit_tables(),
    }
    try:
        from mahjong.shanten import Shanten
    except ImportError as error:
        report["mahjong"] = None
        report["mahjong_skipped"] = f"not installed ({error}); pip install 'fourwinds[bench]'"
        return report
    shanten = Shanten()
    regular = shanten.calculate_shanten_for_regular_hand
    theirs = rate(regular, hands)
    mismatches = [
        {"hand": held, "fourwinds": ours, "mahjong": other}
        for held in hands
        if (ours := tiles_to_win(held, 0)) != (other := regular(held))
    ]
    report.update(
        {
            "mahjong": {"version": metadata.version("mahjong"), "per_second": round(theirs)},
            "cold_vs_mahjong": round(cold / theirs, 2),
            "warm_vs_mahjong": round(warm / theirs, 2),
            "agreement": {"hands": count, "mismatches": len(mismatches), "first": mismatches[:5]},
        }
    )
    return report


def greedy_in_fresh_process(rules: str, hands: int, seed: int) -> Report:
    """Greedy play of one rule set timed in a new interpreter, so no cache is warm."""
    code = (
        "import json, sys, time\n"
        "from fourwinds.rules import get_rules\n"
        "from fourwinds.simulate import simulate\n"
        "start = time.perf_counter()\n"
        f"simulate(get_rules({rules!r}), {hands}, {seed}, 'greedy')\n"
        "seconds = time.perf_counter() - start\n"
        f"print(json.dumps({{'hands': {hands}, 'seconds': round(seconds, 3),"
        f" 'hands_per_second': round({hands} / seconds, 1)}}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    result: Report = json.loads(out.stdout)
    return result


def bench_riichienv_greedy(hands: int, seed: int, budget: float) -> Report:
    from riichienv import ActionType, RiichiEnv, calculate_shanten

    calls = (ActionType.CHI, ActionType.PON, ActionType.DAIMINKAN)
    wins = (ActionType.TSUMO, ActionType.RON)

    def choose(obs: Any) -> Any:
        legal = obs.legal_actions()
        hand = list(obs.hand)
        for action in legal:
            if action.action_type in wins:
                return action
        discards = [a for a in legal if a.action_type == ActionType.DISCARD]
        if discards:
            return min(
                discards,
                key=lambda a: (calculate_shanten([t for t in hand if t != a.tile]), a.tile),
            )
        now = calculate_shanten(hand)
        best, choice = now, None
        for action in legal:
            if action.action_type in calls:
                used = set(action.consume_tiles)
                after = calculate_shanten([t for t in hand if t not in used])
                if after < best:
                    best, choice = after, action
        if choice is not None:
            return choice
        passing = [a for a in legal if a.action_type == ActionType.PASS]
        return passing[0] if passing else legal[0]

    env = RiichiEnv(seed=seed, skip_mjai_logging=True)
    played = 0
    start = time.perf_counter()
    while played < hands and time.perf_counter() - start < budget:
        observations = env.reset()
        while not env.done():
            observations = env.step({s: choose(o) for s, o in observations.items()})
        played += 1
    seconds = time.perf_counter() - start
    return {
        "version": metadata.version("riichienv"),
        "hands": played,
        "seconds": round(seconds, 3),
        "hands_per_second": round(played / seconds, 1),
    }


def main(argv: list[str] | None = None) -> Report:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="tiles-to-win sample")
    parser.add_argument("--games", type=int, default=300, help="greedy hands per rule set")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--peer-seconds", type=float, default=20.0)
    parser.add_argument("--quick", action="store_true", help="a smoke test")
    args = parser.parse_args(argv)
    hands, games = (2000, 20) if args.quick else (args.hands, args.games)

    greedy = {name: greedy_in_fresh_process(name, games, args.seed) for name in RULE_SETS}
    try:
        peer: Report | None = bench_riichienv_greedy(games, args.seed, args.peer_seconds)
        skipped = None
    except ImportError as error:
        peer, skipped = None, f"not installed ({error}); pip install 'fourwinds[bench]'"
    ratios = {
        f"{name}_vs_riichienv_greedy": None
        if peer is None
        else round(figures["hands_per_second"] / peer["hands_per_second"], 2)
        for name, figures in greedy.items()
    }
    report: Report = {
        "machine": {
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "cpu_count": os.cpu_count(),
        },
        "seed": args.seed,
        "tiles_to_win": bench_tiles_to_win(hands, args.seed),
        "greedy_play": {
            "fourwinds": greedy,
            "riichienv_greedy": peer,
            "riichienv_skipped": skipped,
            "ratios": ratios,
        },
    }
    print(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    main()
