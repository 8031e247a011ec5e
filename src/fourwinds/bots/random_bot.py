"""The random bot: a uniformly random legal action, for property tests and benchmarks."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from fourwinds.chance import choice
from fourwinds.engine.actions import Action

if TYPE_CHECKING:
    from fourwinds.bots import SeatView


class RandomBot:
    def __init__(self, seed: int) -> None:
        self._bits = random.Random(seed).getrandbits

    def choose(self, view: SeatView) -> Action:
        return choice(self._bits, view.legal_actions)
