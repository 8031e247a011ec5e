"""The turn and the claim window, written once for every family's hand.

A hand is a state machine in phases: a seat's ``turn`` (draw, declare, discard or win), then a
``claim`` window in which the seats that could use the discard answer claim or pass, the answers
being resolved by the family's ranks of claims and then by the seat nearest after the discarder;
``ended`` when someone won or the wall ran out. A family adds phases of its own (the Charleston)
through the ``_stage_*`` hooks. ``legal_actions``, ``to_move``, ``apply`` and ``refusal`` are the
same for all: an action not in ``legal_actions`` is refused with the rule it breaks, and the
hand is left exactly as it was.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Final, Generic, Protocol, TypeVar

from fourwinds.engine.actions import IllegalAction
from fourwinds.engine.events import Event
from fourwinds.tiles import Tile

TURN: Final = "turn"
"""The current seat holds a drawn or claimed tile and must discard, declare or win."""
CLAIM: Final = "claim"
"""A discard is on the table; the seats that could use it answer claim or pass."""
ENDED: Final = "ended"
SEATS: Final = 4
PASS: Final = "pass"


@dataclass(frozen=True, slots=True)
class HandEnd:
    """How a hand ended, in every family: the winner (None for a wall game), the seat whose
    discard (or robbed kong) gave the win (None for a self-drawn one), the winning tile, and
    every seat's final hand in notation, the winner's with its winning tile."""

    winner: int | None
    discarder: int | None = None
    tile: Tile | None = None
    hands: tuple[object, ...] = ()

    @property
    def self_drawn(self) -> bool:
        return self.winner is not None and self.discarder is None

    def to_json(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "discarder": self.discarder,
            "self_drawn": self.self_drawn,
            "hands": [str(hand) for hand in self.hands],
        }


class Kinded(Protocol):
    """An action of any family: it has a kind (``discard``, ``pass``, ``win``...)."""

    @property
    def kind(self) -> str: ...


A = TypeVar("A", bound=Kinded)


class Turns(ABC, Generic[A]):
    """What every family's hand shares: whose move it is, the claim window and its resolution,
    and the checked ``apply``. A family's deal sets the state below and fills in the hooks."""

    claim_phases: ClassVar[frozenset[str]] = frozenset((CLAIM,))
    """The phases in which the seats to move answer a tile up for claim."""

    phase: str
    current: int
    """The seat whose turn it is, or the discarder while a claim is decided."""
    history: list[tuple[int, A]]
    events: list[Event]
    _options: dict[int, list[A]]
    """In a claim window, what each seat asked may answer."""
    _answers: dict[int, A]
    _turn_actions: list[A] | None
    """The current seat's choices, computed once per turn."""

    # ---------------------------------------------------------------- who moves, and how

    def legal_actions(self, seat: int) -> list[A]:
        """Exactly what ``seat`` may do now (empty when it has nothing to decide)."""
        if self.phase == TURN:
            if seat != self.current:
                return []
            if self._turn_actions is None:
                self._turn_actions = self._compute_turn_actions()
            return self._turn_actions
        if self.phase in self.claim_phases:
            if seat in self._options and seat not in self._answers:
                return self._options[seat]
            return []
        return self._stage_actions(seat)

    def to_move(self) -> list[int]:
        """The seats that must act before the hand moves on."""
        if self.phase == TURN:
            return [self.current]
        if self.phase in self.claim_phases:
            return [seat for seat in self._options if seat not in self._answers]
        return self._stage_to_move()

    def refusal(self, seat: int, action: A) -> str | None:
        """Why ``apply`` would refuse ``action`` for ``seat``, naming the rule it breaks, so that
        a player learns the rule rather than a list of moves; None when it is legal. Nothing
        changes."""
        if 0 <= seat < SEATS and action in self.legal_actions(seat):
            return None
        return self._why_illegal(seat, action)

    def apply(self, seat: int, action: A) -> list[Event]:
        """Take ``action`` for ``seat`` and return what happened. An action that is not in
        ``legal_actions(seat)`` raises IllegalAction and changes nothing."""
        why = self.refusal(seat, action)
        if why is not None:
            raise IllegalAction(why)
        self.events = []
        self.history.append((seat, action))
        if self.phase == TURN:
            self._apply_turn(seat, action)
        elif self.phase in self.claim_phases:
            self._answers[seat] = action
            if len(self._answers) == len(self._options):
                self._resolve_claims()
        else:
            self._apply_stage(seat, action)
        return self.events

    @property
    def is_over(self) -> bool:
        return self.phase == ENDED

    def _chosen_claim(self, rank: Callable[[int, A], tuple[int, ...]]) -> tuple[int, A] | None:
        """The answer that takes the tile: the highest ``rank``, then the seat nearest after the
        discarder ("regardless of if they asked for it first or not", seed 000 step 4e); None
        when every seat passed. The window is closed."""
        source = self.current
        best: tuple[tuple[int, ...], int] | None = None
        chosen: tuple[int, A] | None = None
        for seat, action in self._answers.items():
            if action.kind == PASS:
                continue
            key = (rank(seat, action), -((seat - source) % SEATS))
            if best is None or key > best:
                best, chosen = key, (seat, action)
        self._options, self._answers = {}, {}
        return chosen

    # ---------------------------------------------------------------- what each family fills in

    @abstractmethod
    def _compute_turn_actions(self) -> list[A]: ...

    @abstractmethod
    def _apply_turn(self, seat: int, action: A) -> None: ...

    @abstractmethod
    def _resolve_claims(self) -> None:
        """Every seat asked has answered: give the tile (``_chosen_claim``) or move on."""

    @abstractmethod
    def _why_illegal(self, seat: int, action: A) -> str: ...

    def _stage_actions(self, seat: int) -> list[A]:
        """The choices of a phase of the family's own (none by default)."""
        return []

    def _stage_to_move(self) -> list[int]:
        return []

    def _apply_stage(self, seat: int, action: A) -> None:
        """Play a choice of ``_stage_actions`` (reached only through them)."""
        raise AssertionError(f"{action} belongs to no phase of this hand")
