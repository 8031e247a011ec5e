"""What every scoring family (Classical, Hong Kong) provides, and the part they share.

A :class:`Scorer` scores a hand, says whether it is a legal win, and settles the payments. What
the families share is written here once: a scoring table made ready once (its :class:`Plan`,
kept while the table lives) and one :class:`~fourwinds.scoring.sheet.Scale` per value of the
options it reads, so scoring a hand builds neither again. A family supplies only what differs.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from operator import attrgetter
from typing import ClassVar, Generic, TypeVar

from fourwinds.hand import Context, Hand
from fourwinds.rules import RuleSet
from fourwinds.rules.values import Value
from fourwinds.scoring.settlement import Settlement
from fourwinds.scoring.sheet import Scale, ScoreSheet

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

PLANS = 16
"""Plans kept per scorer: one per scoring table in use (a table a user builds adds one)."""
SCALES = 64
"""Scales kept per scorer: one per combination of the options a scale reads."""
ITEMS = 4096
"""Entries kept in a plan's caches keyed by tiles held (bonus tiles come in any order)."""


def remember(cache: dict[K, V], key: K, value: V, size: int) -> V:
    """Store ``value`` under ``key``, first forgetting the oldest entry when the cache holds
    ``size``: bounded memory, with nothing to update on a hit (a dict keeps insertion order)."""
    if len(cache) >= size:
        del cache[next(iter(cache))]
    cache[key] = value
    return value


class Plan:
    """One scoring table made ready: every item it gives is built once, then shared by every
    sheet (items are immutable), so scoring a hand looks items up instead of building them."""

    __slots__ = ("table",)

    def __init__(self, table: Mapping[str, Value]) -> None:
        self.table = table


P = TypeVar("P", bound=Plan)


class Scorer(ABC, Generic[P]):
    """A scoring family: its plans by table, its scales by options, and what it computes."""

    scale_options: ClassVar[tuple[str, ...]]
    """The rule set options its scale reads (other options leave the scale as it is)."""
    losing_sheets: ClassVar[str]
    """What a loser's score sheet does in the settlement, as the end of a hand says it."""

    def __init__(self) -> None:
        self._plans: dict[int, P] = {}
        self._scales: dict[Hashable, Scale] = {}
        self._scale_key = attrgetter(*self.scale_options)

    def plan(self, rules: RuleSet) -> P:
        """The plan of a rule set's table. Options only change the scale, so the table itself
        is the key; the plan keeps it alive, so its id is never reused meanwhile."""
        table = rules.score_table
        plan = self._plans.get(id(table))
        if plan is None or plan.table is not table:
            plan = remember(self._plans, id(table), self.new_plan(table), PLANS)
        return plan

    def scale(self, rules: RuleSet) -> Scale:
        key = self._scale_key(rules)
        found = self._scales.get(key)
        if found is None:
            found = remember(self._scales, key, self.new_scale(rules), SCALES)
        return found

    def clear(self) -> None:
        """Forget every plan and scale (a cold start, for benchmarks and tests)."""
        self._plans.clear()
        self._scales.clear()

    def is_legal_win(self, hand: Hand, context: Context, rules: RuleSet) -> bool:
        """Whether a hand with a winning tile is a legal win under the rule set."""
        return self.score(hand, context, rules).won

    @abstractmethod
    def new_plan(self, table: Mapping[str, Value]) -> P: ...

    @abstractmethod
    def new_scale(self, rules: RuleSet) -> Scale: ...

    @abstractmethod
    def score(self, hand: Hand, context: Context, rules: RuleSet) -> ScoreSheet:
        """The score sheet of a finished hand (a losing hand when it has no winning tile)."""

    @abstractmethod
    def settle(
        self,
        rules: RuleSet,
        winner: int,
        discarder: int | None,
        self_drawn: bool,
        values: list[int],
    ) -> Settlement:
        """The payments after a win, the values already checked to be four and none negative;
        ValueError for a winner's value no hand of the family has."""
