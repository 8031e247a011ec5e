"""Complete hands per second with random bots, for each rule set, beside the peers; prints JSON.

Each fourwinds hand is exactly what a library user gets: ``Deal(rules, hand_seed(seed, i))``,
four ``make_bot("random", ...)`` bots and ``play(deal, bots)``, timed with ``perf_counter`` after
a short warm-up, in this one process (one core). The peers are measured in the same run, so the
ratios compare like with like on this machine:

- rlcard: ``rlcard.make("mahjong")`` with its ``RandomAgent``s; one ``env.run()`` is one hand.
- RiichiEnv: one ``RiichiEnv`` (a single-hand game, its default mode, MJAI logging off, its
  fastest setting), ``reset()`` per hand, a Python ``random.Random`` choosing uniformly among
  each observation's ``legal_actions()``.

A peer that is not installed is reported as null with the reason.

Two more figures, each from fresh processes running the command a user runs:

- ``workers``: greedy Classical hands per second of ``fourwinds simulate --workers 1`` and with
  every core, one after the other in this run, their ratio, and whether the results agree.
- ``memory``: the peak resident memory of ``fourwinds simulate --hands 10000 --workers 1``
  (greedy, Classical), and, in one process playing the same hands, the resident memory after
  the first 2,000 and after all 10,000: caches are bounded, so it stops growing after warm-up.

Usage::

    python bench/bench_play.py                 # 2000 hands per rule set, peers included
    python bench/bench_play.py --quick --no-peers
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
from collections.abc import Callable
from importlib import metadata
from typing import Any

from fourwinds.bots import make_bot
from fourwinds.engine.deal import Deal
from fourwinds.engine.match import hand_seed
from fourwinds.rules import get_rules
from fourwinds.simulate import every_core, play

RULE_SETS = ("classical", "hongkong", "beginner")
WARM_UP = 20
"""Hands played before the clock starts; numbered below zero so they never repeat a timed hand."""

Report = dict[str, Any]


def bench_fourwinds(rules_name: str, hands: int, seed: int) -> Report:
    rules = get_rules(rules_name)

    def one_hand(number: int) -> tuple[int, bool]:
        deal_seed = hand_seed(seed, number)
        deal = Deal(rules, deal_seed)
        result = play(deal, [make_bot("random", deal_seed + seat) for seat in range(4)])
        return len(deal.history), result.winner is not None

    for number in range(-WARM_UP, 0):
        one_hand(number)
    actions = wins = 0
    start = time.perf_counter()
    for number in range(hands):
        taken, won = one_hand(number)
        actions += taken
        wins += won
    seconds = time.perf_counter() - start
    return {
        "hands": hands,
        "seconds": round(seconds, 3),
        "hands_per_second": round(hands / seconds, 1),
        "actions_per_hand": round(actions / hands, 1),
        "wins": wins,
        "draws": hands - wins,
    }


def timed_hands(one_hand: Callable[[], int], hands: int, budget: float) -> Report:
    """Play up to ``hands`` hands or until ``budget`` seconds have passed, after a warm-up."""
    for _ in range(min(WARM_UP, hands)):
        one_hand()
    played = actions = 0
    start = time.perf_counter()
    while played < hands and time.perf_counter() - start < budget:
        actions += one_hand()
        played += 1
    seconds = time.perf_counter() - start
    return {
        "hands": played,
        "seconds": round(seconds, 3),
        "hands_per_second": round(played / seconds, 1),
        "actions_per_hand": round(actions / played, 1),
    }


def bench_rlcard(hands: int, seed: int, budget: float) -> Report:
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    np.random.seed(seed)  # RandomAgent draws from numpy's global generator
    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def one_hand() -> int:
        before = env.timestep  # counts every env.step, across hands
        env.run(is_training=False)
        return int(env.timestep - before)

    return {
        "game": "mahjong",
        "version": metadata.version("rlcard"),
        **timed_hands(one_hand, hands, budget),
    }


def bench_riichienv(hands: int, seed: int, budget: float) -> Report:
    from riichienv import RiichiEnv

    env = RiichiEnv(seed=seed, skip_mjai_logging=True)
    rng = random.Random(seed)

    def one_hand() -> int:
        actions = 0
        observations = env.reset()
        while not env.done():
            chosen = {seat: rng.choice(obs.legal_actions()) for seat, obs in observations.items()}
            actions += len(chosen)
            observations = env.step(chosen)
        return actions

    return {
        "game": "riichi, one hand (kyoku)",
        "version": metadata.version("riichienv"),
        **timed_hands(one_hand, hands, budget),
    }


def simulate_command(*args: str) -> tuple[Report, float]:
    """Run ``fourwinds simulate ... --json`` in a fresh process: its summary and its peak
    resident memory in MB (the largest of it and its workers, from ``os.wait4``)."""
    command = [sys.executable, "-m", "fourwinds", "simulate", "--json", *args]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise RuntimeError(f"{' '.join(command)} failed with status {process.returncode}")
    return json.loads(output), megabytes(usage.ru_maxrss)


def megabytes(maxrss: int) -> float:
    """``ru_maxrss`` in MB: bytes on macOS, KiB elsewhere."""
    return round(maxrss / (2**20 if sys.platform == "darwin" else 2**10), 1)


def bench_workers(hands: int, seed: int) -> Report:
    """Hands per second with one process and with every core, measured back to back."""
    cores = every_core()
    runs = {
        workers: simulate_command(
            "--hands", str(hands), "--seed", str(seed), "--workers", str(workers)
        )[0]
        for workers in (1, cores)
    }
    one, every = runs[1], runs[cores]
    same = all(one[key] == every[key] for key in ("hands", "wins", "draws", "self_drawn"))
    return {
        "bots": "greedy",
        "rules": "classical",
        "hands": hands,
        "cores": cores,
        "hands_per_second_1": one["hands_per_second"],
        "hands_per_second_every_core": every["hands_per_second"],
        "ratio": round(every["hands_per_second"] / one["hands_per_second"], 2),
        "results_identical": same,
    }


GROWTH = """
import gc, json, resource, sys
from fourwinds.rules import get_rules
from fourwinds.simulate import play_hands

def resident():  # the current resident set, in MB (Linux); the peak elsewhere
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * resource.getpagesize() / 2**20
    except OSError:
        return None

warm, hands, seed = map(int, sys.argv[1:])
rules, figures = get_rules("classical"), {}
for first, last in ((0, warm), (warm, hands)):
    play_hands(rules, seed, "greedy", range(first, last))
    gc.collect()
    figures[last] = (resident(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
print(json.dumps(figures))
"""


def bench_memory(hands: int, seed: int) -> Report:
    """Peak memory of the command, and the memory of one process after warm-up and at the end."""
    _, peak = simulate_command("--hands", str(hands), "--seed", str(seed), "--workers", "1")
    warm = hands // 5
    completed = subprocess.run(
        [sys.executable, "-c", GROWTH, str(warm), str(hands), str(seed)],
        capture_output=True,
        text=True,
        check=True,
    )
    figures = {int(n): value for n, value in json.loads(completed.stdout).items()}
    resident = {n: None if rss is None else round(rss, 1) for n, (rss, _) in figures.items()}
    peaks = {n: megabytes(maxrss) for n, (_, maxrss) in figures.items()}
    return {
        "command": f"fourwinds simulate --hands {hands} --seed {seed} --workers 1 --json",
        "peak_mb": peak,
        "one_process": {
            f"after_{n}_hands": {"resident_mb": resident[n], "peak_mb": peaks[n]} for n in figures
        },
        "growth_mb_per_1000_hands_after_warm_up": None
        if resident[warm] is None or resident[hands] is None
        else round((resident[hands] - resident[warm]) * 1000 / (hands - warm), 2),
    }


PEERS: dict[str, Callable[[int, int, float], Report]] = {
    "rlcard": bench_rlcard,
    "riichienv": bench_riichienv,
}


def main(argv: list[str] | None = None) -> Report:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per rule set and peer")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--rules",
        action="append",
        choices=RULE_SETS,
        help="a rule set to measure (repeatable; default all)",
    )
    parser.add_argument(
        "--peers",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also measure rlcard and RiichiEnv (default: yes)",
    )
    parser.add_argument(
        "--peer-seconds",
        type=float,
        default=20.0,
        help="time budget per peer: it stops at --hands or this, if sooner",
    )
    parser.add_argument(
        "--memory-hands",
        type=int,
        default=10000,
        help="greedy hands for the memory figures (the first fifth is the warm-up)",
    )
    parser.add_argument("--quick", action="store_true", help="20 hands each: a smoke test")
    args = parser.parse_args(argv)
    hands = 20 if args.quick else args.hands
    memory_hands = 50 if args.quick else args.memory_hands

    ours = {name: bench_fourwinds(name, hands, args.seed) for name in args.rules or RULE_SETS}
    peers: dict[str, Report | None] = {}
    skipped: dict[str, str] = {}
    ratios: dict[str, float | None] = {}
    for peer, bench in PEERS.items():
        measured = None
        if not args.peers:
            skipped[peer] = "not measured (--no-peers)"
        else:
            try:
                measured = bench(hands, args.seed, args.peer_seconds)
            except ImportError as error:
                skipped[peer] = f"not installed ({error}); pip install 'fourwinds[bench]'"
        peers[peer] = measured
        for name, figures in ours.items():
            ratios[f"{name}_vs_{peer}"] = (
                None
                if measured is None
                else round(figures["hands_per_second"] / measured["hands_per_second"], 2)
            )

    report: Report = {
        "machine": {
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "platform": platform.platform(),
            "cpu_count": os.cpu_count(),
        },
        "seed": args.seed,
        "bots": "random",
        "fourwinds": ours,
        "peers": peers,
        "peers_skipped": skipped,
        "ratios": ratios,
        "workers": bench_workers(hands, args.seed),
        "memory": bench_memory(memory_hands, args.seed),
    }
    print(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    main()
