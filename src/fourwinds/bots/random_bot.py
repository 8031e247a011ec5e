"""The random bot: a uniformly random legal action, for property tests and benchmarks."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from fourwinds.engine.actions import Action

if TYPE_CHECKING:
    from fourwinds.bots import SeatView


class RandomBot:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        return self._rng.choice(view.legal_actions)
