"""Bots: programs that choose an action from a seat's view, like any other client.

>>> sorted(BOTS)
['greedy', 'random']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from fourwinds.engine.actions import Action
from fourwinds.engine.view import View


class Bot(Protocol):
    """A player that sees only its own view."""

    def choose(self, view: View) -> Action:
        """One of ``view.legal_actions``."""
        ...


from fourwinds.bots.greedy import GreedyBot  # noqa: E402
from fourwinds.bots.random_bot import RandomBot  # noqa: E402

BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}
"""Bot factories by name; each takes a seed for its own choices."""


def make_bot(name: str, seed: int) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None
