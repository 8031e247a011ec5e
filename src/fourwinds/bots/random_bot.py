"""The random bot: a uniformly random legal action, for property tests and benchmarks."""

from __future__ import annotations

import random

from fourwinds.engine.actions import Action
from fourwinds.engine.view import View


class RandomBot:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        return self._rng.choice(view.legal_actions)
