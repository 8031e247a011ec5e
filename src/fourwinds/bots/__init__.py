"""Bots: programs that choose an action from a seat's view, like any other client.

>>> sorted(BOTS)
['greedy', 'random', 'strong']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from fourwinds.engine.actions import Action
from fourwinds.rules import RuleSet
from fourwinds.tiles import Tile


class ShownMeld(Protocol):
    """A declared meld as a seat sees it: ``tile`` (the lowest) is None for a kong laid face
    down."""

    @property
    def kind(self) -> str: ...
    @property
    def tile(self) -> Tile | None: ...
    @property
    def exposed(self) -> bool: ...


class SeatView(Protocol):
    """What a bot reads of its seat: the engine's ``View``, or a remote client's copy of a
    view received as JSON (the family's ``remote_view``)."""

    @property
    def seat(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def legal_actions(self) -> list[Action]: ...
    @property
    def counts(self) -> list[int]:
        """The seat's concealed tiles as a count array (a copy the bot may change)."""
        ...

    @property
    def discard(self) -> Tile | None: ...
    @property
    def rule_set(self) -> RuleSet: ...
    @property
    def prevailing_wind(self) -> int: ...
    @property
    def live_left(self) -> int:
        """Tiles that may still be drawn from the live wall (public: every seat counts them)."""
        ...

    def melds(self, seat: int) -> Sequence[ShownMeld]: ...
    def discards(self, seat: int) -> Sequence[tuple[Tile, bool]]:
        """Each discard of ``seat`` and whether it was claimed."""
        ...

    def bonus(self, seat: int) -> Sequence[Tile]: ...
    def standing(self, seat: int) -> bool: ...


class Bot(Protocol):
    """A player that sees only its own view."""

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal_actions``."""
        ...


from fourwinds.bots.greedy import GreedyBot  # noqa: E402
from fourwinds.bots.random_bot import RandomBot  # noqa: E402
from fourwinds.bots.strong import StrongBot  # noqa: E402

BOTS: dict[str, Callable[[int], Bot]] = {
    "strong": StrongBot,
    "greedy": GreedyBot,
    "random": RandomBot,
}
"""Bot factories by name, strongest first; each takes a seed for its own choices."""


def make_bot(name: str, seed: int) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None
