"""One learning seat against bots, as a Gymnasium environment (``SingleSeatEnv``).

The other seats are played by bots: a built-in one by name (``greedy``, ``random``, ...), a
user's by import path (``module:Factory``, as the arena takes them) or any callable that makes a
bot from a seed; each sees only its own view. An episode is one hand: the learning seat observes
what the AEC environment gives it (``fourwinds.rl.env``), and is rewarded at the end with its
points under the settlement (or 1 for a win without scoring). An action the mask does not allow
ends the hand with ``illegal_reward`` and says why in the info (``illegal``), as PettingZoo's
wrapped environments do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np

from fourwinds.arena import make_entrant
from fourwinds.engine.actions import IllegalAction
from fourwinds.family import Bot
from fourwinds.rl.env import AGENTS, MahjongEnv, Observation
from fourwinds.rules import RuleSet

Opponent = str | Callable[[int], Bot]
"""A bot's name, an import path ``module:Factory``, or a factory from a seed."""


class SingleSeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a hand under ``rules`` learns; ``opponents`` (one for all, or one per other
    seat in playing order) play the rest. ``seat``: the learning seat (0 East); None draws it
    for each hand from the environment's seeded generator."""

    def __init__(
        self,
        rules: str | RuleSet = "hongkong",
        options: dict[str, Any] | None = None,
        opponents: Opponent | Sequence[Opponent] = "greedy",
        seat: int | None = 0,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.table = MahjongEnv(rules, options, render_mode=render_mode)
        players = self.table.rules.players
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, or None")
        if isinstance(opponents, str) or callable(opponents):
            opponents = [opponents] * (players - 1)
        if len(opponents) != players - 1:
            raise ValueError(f"{players - 1} opponents are needed, not {len(opponents)}")
        self.opponents = list(opponents)
        self.seat = seat
        self.illegal_reward = illegal_reward
        self.metadata = {"render_modes": MahjongEnv.metadata["render_modes"]}
        self.render_mode = render_mode
        self.observation_space = self.table.encoding.observation_space
        self.action_space = self.table.encoding.action_space
        self._learner = 0
        self._bots: dict[int, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        table = self.table
        table.reset(seed=seed)
        while True:
            self._seat_players()
            self._play_others()
            if table.deal is not None and table.deal.result is None:
                break
            table.reset()  # the bots finished the hand before the learner had a move
        return table.observe(AGENTS[self._learner]), {}

    def _seat_players(self) -> None:
        """The learning seat and a bot for every other seat, seeded from the hand's seed as
        ``simulate`` seeds its bots."""
        table = self.table
        assert table.deal is not None
        players = table.rules.players
        self._learner = (
            self.seat if self.seat is not None else int(self.np_random.integers(players))
        )
        others = [(self._learner + step) % players for step in range(1, players)]
        self._bots = {
            seat: self._make(opponent, table.deal.seed + seat)
            for seat, opponent in zip(others, self.opponents, strict=True)
        }

    def _make(self, opponent: Opponent, seed: int) -> Bot:
        if isinstance(opponent, str):
            return make_entrant(self.table.family, opponent, seed)
        return opponent(seed)

    def _play_others(self) -> None:
        """Let the bots move until the learning seat must, or the hand is over."""
        table = self.table
        deal = table.deal
        assert deal is not None
        while deal.result is None:
            seat = table.seat_of[table.agent_selection]
            if seat == self._learner:
                return
            table.play(self._bots[seat].choose(table.views[table.agent_selection]))

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        table = self.table
        deal = table.deal
        assert deal is not None
        if deal.result is not None:
            raise gymnasium.error.ResetNeeded("the hand is over: call reset()")
        agent = AGENTS[self._learner]
        try:
            chosen = table.move(int(action), self._learner)
        except IllegalAction as error:
            observation = table.observe(agent)
            return observation, self.illegal_reward, True, False, {"illegal": str(error)}
        table.play(chosen)
        self._play_others()
        over = deal.result is not None
        reward = table.payments()[self._learner] if over else 0.0
        return table.observe(agent), reward, over, False, {}

    def render(self) -> str | None:
        return self.table.render()

    def record(self) -> dict[str, Any]:
        """The record of the hand just finished."""
        return self.table.record()
