"""Families: the ways of playing, each the one place that knows how to play its rule sets.

A rule set names its family (``RuleSet.family``). The family builds a hand (``deal``) and a
whole game (``match``) from a rule set and a seed, reads its actions, shows a seat its view, makes
its bots, hints, and summarises a finished hand. Everything else (the server, records and replay,
``simulate``, the command line, the RL environment) reaches a game through :func:`family_of` and
the protocols below, and never asks which family it holds.

>>> from fourwinds.rules import get_rules
>>> family = family_of(get_rules("hongkong"))
>>> family.name
'classical-style'
>>> deal = family.deal(get_rules("hongkong"), seed=3)
>>> deal.phase, family.view(deal, 0).seat
('turn', 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from fourwinds.engine.events import Event
from fourwinds.rules import RuleSet
from fourwinds.scoring.settlement import Settlement
from fourwinds.tiles import Tile
from fourwinds.wall import Wall

if TYPE_CHECKING:
    from fourwinds.rl.encoding import Encoding


class GameResult(Protocol):
    """How a hand ended: the winner (None for a wall game) and who gave the winning tile."""

    @property
    def winner(self) -> int | None: ...
    @property
    def discarder(self) -> int | None: ...
    @property
    def self_drawn(self) -> bool: ...
    @property
    def hands(self) -> Sequence[object]:
        """Every seat's final hand, printed in the notation."""
        ...

    def to_json(self) -> dict[str, object]: ...


class GameDeal(Protocol):
    """One hand of any family: a state machine moved by ``apply``."""

    rules: RuleSet
    seed: int
    history: list[tuple[int, Any]]
    wall: Wall

    @property
    def seats(self) -> Sequence[object]:
        """Every seat of the table, an empty one included."""
        ...

    @property
    def prevailing_wind(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def result(self) -> GameResult | None: ...
    @property
    def is_over(self) -> bool: ...
    def legal_actions(self, seat: int) -> Sequence[Any]: ...
    def apply(self, seat: int, action: Any) -> list[Event]: ...
    def refusal(self, seat: int, action: Any) -> str | None: ...
    def to_move(self) -> list[int]: ...


class GameView(Protocol):
    """What one seat may see of a deal."""

    @property
    def seat(self) -> int: ...
    @property
    def legal_actions(self) -> Sequence[Any]: ...
    @property
    def hand(self) -> tuple[Tile, ...]:
        """The seat's own concealed tiles."""
        ...

    def to_json(self) -> dict[str, Any]: ...


class GameOutcome(Protocol):
    """A finished hand of a match."""

    @property
    def number(self) -> int: ...
    @property
    def east(self) -> int: ...
    @property
    def result(self) -> GameResult: ...
    @property
    def deal(self) -> GameDeal: ...
    @property
    def settlement(self) -> Settlement | None:
        """The payments (None when nobody pays: a wall game, or no scoring)."""
        ...


class GameMatch(Protocol):
    """A whole game: hands in sequence, the deal passing on, the running scores."""

    rules: RuleSet
    seed: int
    east: int
    hand_number: int
    scores: list[int]

    @property
    def deal(self) -> GameDeal: ...
    @property
    def prevailing_wind(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def outcomes(self) -> Sequence[GameOutcome]: ...
    def apply(self, seat: int, action: Any) -> list[Event]: ...
    def next_hand(self) -> GameOutcome: ...
    def position_of(self, seat: int) -> int: ...
    def seat_of(self, position: int) -> int: ...
    def wins_by_position(self) -> list[int]:
        """Hands won so far by each table position (the ranking without scoring)."""
        ...

    def record_fields(self) -> dict[str, Any]:
        """What a record of the game holds beyond the rules, the seed and the hands."""
        ...


class CalculatorError(ValueError):
    """Input the calculator refuses, saying why; ``status`` is the command's exit status: 2 for
    malformed or impossible input, 1 for a hand that is no win."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class HowWon:
    """How a hand entered by hand was won, and the winds: the calculator's flags."""

    seat_wind: int = 0
    prevailing_wind: int = 0
    self_drawn: bool = False
    last_tile: bool = False
    last_discard: bool = False
    loose_tile: bool = False
    robbed_kong: bool = False
    first_turn: bool = False
    original_call: bool = False
    twofold_fortune: bool = False
    calling: bool = False

    def winning_flags(self) -> list[str]:
        """The flags given that describe the winning tile, as the command writes them."""
        names = (
            "self_drawn",
            "last_tile",
            "last_discard",
            "loose_tile",
            "robbed_kong",
            "first_turn",
            "twofold_fortune",
        )
        return ["--" + name.replace("_", "-") for name in names if getattr(self, name)]


@dataclass(frozen=True)
class HandReport:
    """What the players of a finished hand report to be settled: who won (None: a wall game),
    whose discard it was, and each seat's value or hand (seat -> notation)."""

    winner: int | None
    discarder: int | None
    self_drawn: bool
    values: dict[int, int] | None
    hands: dict[int, str]
    prevailing_wind: int = 0
    jokerless: bool = False
    """American, with values: the win was jokerless."""


@dataclass(frozen=True)
class Scored:
    """A scored hand: the explanation for a person, its JSON form, and whether it stands (a
    hand with a winning tile that is no win does not)."""

    text: str
    data: dict[str, Any]
    stands: bool


@dataclass(frozen=True)
class Settled:
    """A settlement, with notes on the hands that gave the values."""

    settlement: Settlement
    notes: list[str]


class Calculator(Protocol):
    """A family's score calculator, for hands played with real tiles."""

    def score(self, rules: RuleSet, text: str, how: HowWon) -> Scored: ...
    def settle(self, rules: RuleSet, report: HandReport) -> Settled:
        """The payments of a hand reported by the players."""
        ...


class Bot(Protocol):
    """A player of a family's game that sees only its own view."""

    def choose(self, view: Any) -> Any: ...


class Family(Protocol):
    """What a family provides; see docs/families.md for writing one."""

    name: str
    """The family's name, in rule sets and in every view (``family``)."""
    by_card: bool
    """Hands are won by a line of a card (``RuleSet.card``)."""
    bot_names: tuple[str, ...]
    """The family's bots, strongest first: the first is the lobby's default and plays for a
    player away from the table."""
    claim_phases: frozenset[str]
    """The phases in which the seats to move answer a discard (a claim window)."""
    pass_action: Any
    win_action: Any

    @property
    def calculator(self) -> Calculator: ...

    def deal(self, rules: RuleSet, seed: int, prevailing_wind: int = 0) -> GameDeal: ...
    def match(self, rules: RuleSet, seed: int) -> GameMatch: ...
    def settlement(self, deal: Any) -> Settlement | None:
        """The payments of a finished deal played on its own (None: nothing is paid)."""
        ...

    def parse_action(self, text: str) -> Any:
        """Read an action from its text; raises ValueError saying what is wrong."""
        ...

    def view(self, deal: Any, seat: int) -> GameView: ...
    def bot(self, name: str, seed: int) -> Bot: ...
    def hint(self, deal: Any, seat: int) -> dict[str, Any]: ...
    def outcome_json(self, outcome: Any) -> dict[str, Any]:
        """What a finished hand adds to its summary: score sheets, or the winning line."""
        ...

    def remote_view(self, view: dict[str, Any], rules: RuleSet) -> Any:
        """A seat's view read back from its JSON, for a bot playing over the protocol."""
        ...

    def record_fields(self, rules: RuleSet) -> dict[str, Any]:
        """What a record holds of the rules beyond their name and options (American: the
        card)."""
        ...

    def with_record_fields(self, rules: RuleSet, fields: dict[str, Any]) -> RuleSet:
        """The rules with what ``record_fields`` wrote (in a record, or a table's storage); a
        bad field raises ValueError."""
        ...

    def card(self, rules: RuleSet) -> Any | None:
        """The card the rules play by (None when hands are not won by a card)."""
        ...

    def no_position(self, rules: RuleSet, position: int) -> str:
        """Why a table of these rules has no such position."""
        ...

    def encoding(self, rules: RuleSet) -> Encoding[Any, Any]:
        """The observations and actions of learning agents (``fourwinds.rl``; the ``rl``
        extra): how the family's views and actions are written as arrays."""
        ...


FAMILIES: dict[str, Family] = {}


def register(family: Family) -> Family:
    FAMILIES[family.name] = family
    return family


def family_of(rules: RuleSet) -> Family:
    """The family that plays ``rules``."""
    return FAMILIES[rules.family]
