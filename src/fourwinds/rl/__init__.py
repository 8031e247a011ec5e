"""Mah Jongg for learning agents: every rule set as a PettingZoo environment (docs/rl.md).

Needs the ``rl`` extra (``pip install 'fourwinds[rl]'``). ``raw_env`` is the bare AEC
environment; ``env`` the same wrapped as PettingZoo's own environments are (an illegal action
ends the hand with ``illegal_reward`` for the seat that took it, actions out of bounds are
refused, and the order of calls is checked).

>>> from fourwinds import rl
>>> table = rl.env(rules="hongkong")
>>> table.reset(seed=1)
>>> table.agent_selection, int(table.action_space("seat_0").n)
('seat_0', 227)
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from fourwinds.rl.encoding import Encoding, Field
from fourwinds.rl.env import AGENTS, MahjongEnv


def raw_env(**kwargs: Any) -> MahjongEnv:
    """The bare AEC environment (``MahjongEnv``'s arguments)."""
    return MahjongEnv(**kwargs)


def env(illegal_reward: float = -1.0, **kwargs: Any) -> Any:
    """The AEC environment with PettingZoo's standard wrappers."""
    wrapped: Any = wrappers.TerminateIllegalWrapper(MahjongEnv(**kwargs), illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


__all__ = ["AGENTS", "Encoding", "Field", "MahjongEnv", "env", "raw_env"]
