"""Duplicate play between bots: which bot is stronger, with the luck of the tiles taken out.

Every deal is played once for each rotation of the entrants through the seats, with the same
wall and dice, so each entrant meets each deal from every seat. An entrant's points per hand are
averaged per deal first; deals are independent, so the 95% interval of the mean over deals is
honest, and the difference between the first entrant and the others (``edge``) is measured deal
by deal, which cancels most of the luck that remains. A rule set without scoring (Beginner) has
no points: there the measure is wins per hand.

An entrant is a bot's name (``greedy``, ``random``, ...) or an import path ``module:Factory``
of anything that makes a bot from a seed (its ``choose(view)`` gets the seat's view only).

>>> from fourwinds.rules import get_rules
>>> report = arena(get_rules("hongkong"), ["greedy", "random", "random", "random"], 4, seed=1)
>>> report.hands, [entrant.hands for entrant in report.entrants]
(16, [16, 16, 16, 16])
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from fourwinds.engine.match import hand_seed
from fourwinds.external import ExternalBot, check_command, command_of
from fourwinds.family import Bot, Family, family_of
from fourwinds.rules import RuleSet
from fourwinds.simulate import CHUNK, Recipe, rebuild, recipe_of
from fourwinds.simulate import play as play_deal

Z_95 = 1.959964
"""The normal quantile of a two-sided 95% interval (deals are many, so the normal holds)."""


def make_entrant(family: Family, name: str, seed: int) -> Bot:
    """A bot by its family's name for it, by the import path ``module:Factory``, or a program
    speaking the protocol over its standard input and output, ``exec:COMMAND``."""
    command = command_of(name)
    if command is not None:
        return ExternalBot(command, seed)
    if ":" not in name:
        return family.bot(name, seed)
    module_name, _, attribute = name.partition(":")
    try:
        factory: Callable[[int], Bot] = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise ValueError(f"bot {name!r}: {error}") from None
    return factory(seed)


@dataclass(frozen=True, slots=True)
class Seat:
    """One entrant's part in one hand played."""

    entrant: int
    points: int
    won: bool
    self_drawn: bool
    dealt_in: bool


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A deal played in every rotation: for each rotation, each seat's part (East first)."""

    number: int
    rotations: tuple[tuple[Seat, ...], ...]


def play_rotations(rules: RuleSet, names: Sequence[str], seed: int, number: int) -> PlayedDeal:
    """Deal ``number`` played once per rotation; in rotation ``r`` seat ``s`` holds entrant
    ``(s + r) % seats``, every rotation from the same seed, so the same wall and dice."""
    family = family_of(rules)
    seats = rules.seats
    deal_seed = hand_seed(seed, number)
    rotations = []
    for rotation in range(seats):
        order = [(seat + rotation) % seats for seat in range(seats)]
        deal = family.deal(rules, deal_seed)
        bots = [make_entrant(family, names[e], deal_seed + seat) for seat, e in enumerate(order)]
        result = play_deal(deal, bots)
        settlement = family.settlement(deal)
        net = settlement.net if settlement is not None else [0] * 4
        rotations.append(
            tuple(
                Seat(
                    entrant,
                    net[seat],
                    result.winner == seat,
                    result.winner == seat and result.self_drawn,
                    result.discarder == seat,
                )
                for seat, entrant in enumerate(order)
            )
        )
    return PlayedDeal(number, tuple(rotations))


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean over deals and its 95% confidence interval."""

    mean: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Interval:
        n = len(values)
        mean = sum(values) / n if n else 0.0
        spread = (
            math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) * Z_95 if n > 1 else 0.0
        )
        return cls(mean, mean - spread, mean + spread)

    def to_json(self) -> dict[str, float]:
        return {"mean": round(self.mean, 3), "low": round(self.low, 3), "high": round(self.high, 3)}


@dataclass
class Entrant:
    """What one entrant did over every hand it played."""

    name: str
    hands: int = 0
    wins: int = 0
    self_drawn: int = 0
    dealt_in: int = 0
    points: int = 0
    win_points: int = 0
    per_deal: list[float] = field(default_factory=list)
    """The entrant's measure per hand, averaged over each deal's rotations, in deal order."""

    def measure(self) -> Interval:
        return Interval.of(self.per_deal)

    def to_json(self, scored: bool) -> dict[str, Any]:
        hands = max(self.hands, 1)
        return {
            "bot": self.name,
            "hands": self.hands,
            ("points_per_hand" if scored else "wins_per_hand"): self.measure().to_json(),
            "win_rate": round(self.wins / hands, 4),
            "average_win": round(self.win_points / self.wins, 1) if self.wins and scored else None,
            "deal_in_rate": round(self.dealt_in / hands, 4),
            "self_drawn_share": round(self.self_drawn / self.wins, 4) if self.wins else None,
        }


@dataclass
class ArenaReport:
    """The entrants' figures, the first entrant's edge over the others, and the wall games."""

    rules: RuleSet
    names: list[str]
    seed: int
    deals: int = 0
    hands: int = 0
    wall_games: int = 0
    entrants: list[Entrant] = field(default_factory=list)
    edge: list[float] = field(default_factory=list)
    """Per deal: the first entrant's measure less the others' average."""

    @property
    def scored(self) -> bool:
        return bool(self.rules.scoring)

    def add(self, played: PlayedDeal) -> None:
        """Count one deal in (deals must come in order for the cumulative figures)."""
        per_entrant = [0.0] * len(self.entrants)
        for rotation in played.rotations:
            self.hands += 1
            self.wall_games += not any(seat.won for seat in rotation)
            for seat in rotation:
                entrant = self.entrants[seat.entrant]
                entrant.hands += 1
                entrant.wins += seat.won
                entrant.self_drawn += seat.self_drawn
                entrant.dealt_in += seat.dealt_in
                entrant.points += seat.points
                entrant.win_points += seat.points if seat.won else 0
                per_entrant[seat.entrant] += seat.points if self.scored else seat.won
        rotations = len(played.rotations)
        measures = [total / rotations for total in per_entrant]
        for entrant, measure in zip(self.entrants, measures, strict=True):
            entrant.per_deal.append(measure)
        others = measures[1:]
        self.edge.append(measures[0] - sum(others) / len(others))
        self.deals += 1

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules.name,
            "bots": self.names,
            "seed": self.seed,
            "deals": self.deals,
            "hands": self.hands,
            "measure": "points per hand" if self.scored else "wins per hand",
            "wall_game_rate": round(self.wall_games / max(self.hands, 1), 4),
            "entrants": [entrant.to_json(self.scored) for entrant in self.entrants],
            "edge": {
                "of": self.names[0],
                "over": "the others' average",
                **Interval.of(self.edge).to_json(),
            },
        }


def _play_chunk(
    recipe: Recipe, names: Sequence[str], seed: int, numbers: range
) -> list[PlayedDeal]:
    rules = rebuild(recipe)
    return [play_rotations(rules, names, seed, number) for number in numbers]


def arena(
    rules: RuleSet,
    names: Sequence[str],
    deals: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> ArenaReport:
    """Play ``deals`` deals in every rotation of ``names`` (one bot per seat) and report.

    With ``workers`` above 1 the deals are shared out to fresh processes; the report is the one
    ``workers=1`` gives. ``progress`` is told how many hands were played after each part.
    """
    if len(names) != rules.seats:
        raise ValueError(f"{rules.title} seats {rules.seats} bots, not {len(names)}")
    family = family_of(rules)
    for name in names:  # an unknown bot is refused before anything is played
        command = command_of(name)
        if command is not None:
            check_command(command)
        else:
            make_entrant(family, name, 0)
    report = ArenaReport(rules, list(names), seed, entrants=[Entrant(name) for name in names])
    if workers <= 1 or deals <= 1:
        for number in range(deals):
            report.add(play_rotations(rules, names, seed, number))
            if progress is not None:
                progress(rules.seats)
        return report
    size = max(1, min(CHUNK // rules.seats, deals // (4 * workers)))
    chunks = [range(first, min(first + size, deals)) for first in range(0, deals, size)]
    recipe = recipe_of(rules)
    played: dict[int, PlayedDeal] = {}
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(min(workers, len(chunks)), mp_context=context) as pool:
        futures = [pool.submit(_play_chunk, recipe, list(names), seed, c) for c in chunks]
        for future in as_completed(futures):
            part = future.result()
            played.update((deal.number, deal) for deal in part)
            if progress is not None:
                progress(len(part) * rules.seats)
    for number in range(deals):
        report.add(played[number])
    return report


def plot(report: ArenaReport, path: str) -> None:
    """Draw each entrant's measure with its 95% interval, and its running total over the deals,
    to a PNG file (needs matplotlib: ``pip install 'fourwinds[plot]'``)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError as error:
        raise ValueError(
            f"--plot needs matplotlib ({error}): pip install 'fourwinds[plot]'"
        ) from None
    measure = "points per hand" if report.scored else "wins per hand"
    labels = [f"{i + 1}. {entrant.name}" for i, entrant in enumerate(report.entrants)]
    figure, (bars, running) = pyplot.subplots(1, 2, figsize=(11, 4.5))
    for i, entrant in enumerate(report.entrants):
        interval = entrant.measure()
        bars.errorbar(
            [interval.mean],
            [i],
            xerr=[[interval.mean - interval.low], [interval.high - interval.mean]],
            fmt="o",
            capsize=5,
        )
        total, totals = 0.0, []
        for value in entrant.per_deal:
            total += value
            totals.append(total)
        running.plot(range(1, len(totals) + 1), totals, label=labels[i])
    bars.set_yticks(range(len(labels)), labels)
    bars.invert_yaxis()
    bars.axvline(0, color="grey", linewidth=0.8)
    bars.set_xlabel(f"{measure}, 95% interval")
    running.set_xlabel("deals (each played in every rotation)")
    running.set_ylabel(f"running total of {measure}")
    running.legend()
    figure.suptitle(
        f"{report.rules.title}: {report.deals} deals, {report.hands} hands, seed {report.seed}"
    )
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    pyplot.close(figure)
