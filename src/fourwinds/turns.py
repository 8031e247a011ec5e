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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, Protocol, TypeVar

from fourwinds.engine.actions import IllegalAction
from fourwinds.engine.events import Event
from fourwinds.tiles import Tile

if TYPE_CHECKING:
    from fourwinds.rules import RuleSet
    from fourwinds.wall import Wall

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


class SeatState(Protocol):
    """What every family keeps of a seat that the table sees: its discards and their count."""

    @property
    def discards(self) -> list[Tile]: ...
    @property
    def claimed(self) -> list[bool]:
        """For each discard, whether another seat took it."""
        ...

    def tile_count(self) -> int: ...


class Kinded(Protocol):
    """An action of any family: it has a kind (``discard``, ``pass``, ``win``...)."""

    @property
    def kind(self) -> str: ...


A = TypeVar("A", bound=Kinded)


class Turns(ABC, Generic[A]):
    """What every family's hand shares: whose move it is, the claim window and its resolution,
    and the checked ``apply``. A family's deal sets the state below and fills in the hooks."""

    family: ClassVar[str]
    """The family whose rule sets this hand plays (``RuleSet.family``)."""
    claim_phases: ClassVar[frozenset[str]] = frozenset((CLAIM,))
    """The phases in which the seats to move answer a tile up for claim."""

    rules: RuleSet
    seed: int
    wall: Wall
    seats: Sequence[SeatState]
    phase: str
    current: int
    """The seat whose turn it is, or the discarder while a claim is decided."""
    drawn: Tile | None
    """The tile the current seat just drew, if it drew one."""
    discard: Tile | None
    """The tile up for claim."""
    history: list[tuple[int, A]]
    events: list[Event]
    _options: dict[int, list[A]]
    """In a claim window, what each seat asked may answer (empty outside one, as the answers:
    ``_chosen_claim`` closes it)."""
    _answers: dict[int, A]
    _turn_actions: list[A] | None
    """The current seat's choices, computed once per turn."""

    def _check_family(self, rules: RuleSet) -> None:
        """A hand of one family cannot be built for another's rule set."""
        if rules.family != self.family:
            raise ValueError(
                f"{rules.title} is played by the {rules.family} family; "
                f"{type(self).__name__} plays the {self.family} family"
            )

    # ---------------------------------------------------------------- who moves, and how

    def legal_actions(self, seat: int) -> Sequence[A]:
        """Exactly what ``seat`` may do now (empty when it has nothing to decide): a list, or a
        sequence made on demand where a seat has hundreds of choices (the Charleston)."""
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
        if not (0 <= seat < SEATS and action in self.legal_actions(seat)):  # as ``refusal``
            raise IllegalAction(self._why_illegal(seat, action))
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

    def _stage_actions(self, seat: int) -> Sequence[A]:
        """The choices of a phase of the family's own (none by default)."""
        return []

    def _stage_to_move(self) -> list[int]:
        return []

    def _apply_stage(self, seat: int, action: A) -> None:
        """Play a choice of ``_stage_actions`` (reached only through them)."""
        raise AssertionError(f"{action} belongs to no phase of this hand")


D = TypeVar("D", bound=Turns[Any])


class SeatWindow(Generic[D, A]):
    """What every family's view shares: a read-only window on a live deal for one seat that
    offers only what that seat may know (``to_json()`` for a snapshot). A family's view adds
    ``legal_actions`` (``SeatView``'s, or its own sequence)."""

    __slots__ = ("_deal", "seat")

    def __init__(self, deal: D, seat: int) -> None:
        self._deal = deal
        self.seat = seat

    @property
    def rule_set(self) -> RuleSet:
        """The rules in force (public to every seat); ``to_json()`` gives their name."""
        return self._deal.rules

    @property
    def phase(self) -> str:
        return self._deal.phase

    @property
    def current(self) -> int:
        """The seat whose turn it is, or the discarder while a claim is decided."""
        return self._deal.current

    @property
    def drawn(self) -> Tile | None:
        """The tile this seat just drew, while it is its turn."""
        deal = self._deal
        return deal.drawn if deal.phase == TURN and deal.current == self.seat else None

    @property
    def discard(self) -> Tile | None:
        """The tile up for claim (or, Classical-style, being added to a kong)."""
        return self._deal.discard

    def discards(self, seat: int) -> tuple[tuple[Tile, bool], ...]:
        """Each discard of ``seat`` and whether it was claimed."""
        state = self._deal.seats[seat]
        return tuple(zip(state.discards, state.claimed, strict=True))

    def discard_bytes(self, seat: int) -> tuple[bytes, bytes]:
        """``discards`` as two byte strings, the tiles and the claimed flags: an observation
        copies them without a loop."""
        state = self._deal.seats[seat]
        return bytes(state.discards), bytes(state.claimed)

    def concealed_count(self, seat: int) -> int:
        return self._deal.seats[seat].tile_count()

    @property
    def live_left(self) -> int:
        return self._deal.wall.live_left()

    @property
    def seed(self) -> int | None:
        """The deal's seed, once the hand is over."""
        return self._deal.seed if self._deal.phase == ENDED else None


class SeatView(SeatWindow[D, A]):
    """A window whose ``legal_actions`` is a list, as the engine's bots read it."""

    __slots__ = ()

    @property
    def legal_actions(self) -> list[A]:
        legal = self._deal.legal_actions(self.seat)
        return legal if isinstance(legal, list) else list(legal)
