"""What one seat may see of a deal: the only thing a client, a bot or a message ever gets.

A view holds the seat's own concealed tiles, everything exposed on the table, the dice and the
shape of the wall (stack heights, never which tile is where), and what the seat may do now. Other
seats' concealed tiles appear only as a count, a face-down concealed kong (Beginner) as ``None``,
and the seed only once the hand is over, when every hand is revealed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fourwinds.engine.actions import Action
from fourwinds.engine.deal import Deal, Result
from fourwinds.hand import Meld, MeldKind
from fourwinds.scoring.settlement import WINDS
from fourwinds.tile_art import view_html
from fourwinds.tiles import PLAIN_KINDS, Tile, format_tiles, tile_name
from fourwinds.turns import SeatView


@dataclass(frozen=True, slots=True)
class MeldView:
    """A declared meld as the table sees it; ``tile`` is None for a kong laid face down."""

    kind: str
    tile: Tile | None
    exposed: bool

    @classmethod
    def of(cls, meld: Meld, shown: bool) -> MeldView:
        hidden = meld.kind is MeldKind.KONG and not meld.exposed and not shown
        return cls(meld.kind.value, None if hidden else meld.tile, meld.exposed)

    @property
    def tiles(self) -> tuple[Tile | None, ...]:
        """The meld's tiles; four None for a kong laid face down."""
        if self.tile is None:
            return (None,) * 4
        if self.kind == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == "kong" else 3)

    def to_json(self) -> dict[str, Any]:
        tiles = None if self.tile is None else format_tiles(t for t in self.tiles if t is not None)
        return {"kind": self.kind, "tiles": tiles, "exposed": self.exposed}


class View(SeatView[Deal, Action]):
    """A read-only window on a deal for one seat. It reads the deal as it is now (use
    ``to_json()`` for a snapshot) and offers only what that seat may know. Its repr names the
    seat, the rules, the phase and the seat's own tiles; it does not read back, as a view is
    nothing without its live deal.

    >>> from fourwinds.rules import get_rules
    >>> View(Deal(get_rules("classical"), seed=285), 0)
    <View of seat 0 (East), classical, turn: 5579m1222p11144s6z>
    """

    __slots__ = ()

    def __repr__(self) -> str:
        where = f"seat {self.seat} ({WINDS[self.seat]}), {self.rule_set.name}, {self.phase}"
        return f"<View of {where}: {format_tiles(self.hand)}>"

    def _repr_html_(self) -> str:
        """The table as this seat sees it, tiles drawn, for notebooks."""
        seats = range(len(self._deal.seats))
        return view_html(
            self,
            f"{self.rule_set.title}, seat {self.seat} ({WINDS[self.seat]})",
            {seat: [meld.tiles for meld in self.melds(seat)] for seat in seats},
            {seat: self.bonus(seat) for seat in seats},
        )

    @property
    def prevailing_wind(self) -> int:
        return self._deal.prevailing_wind

    @property
    def counts(self) -> list[int]:
        """This seat's concealed tiles as a count array (a copy)."""
        return list(self._deal.seats[self.seat].concealed)

    @property
    def hand(self) -> tuple[Tile, ...]:
        """This seat's concealed tiles, sorted."""
        concealed = self._deal.seats[self.seat].concealed
        return tuple(t for t in range(PLAIN_KINDS) for _ in range(concealed[t]))

    def melds(self, seat: int) -> tuple[MeldView, ...]:
        shown = self._deal.rules.concealed_kong_shown or seat == self.seat
        return tuple(MeldView.of(meld, shown) for meld in self._deal.seats[seat].melds)

    def bonus(self, seat: int) -> tuple[Tile, ...]:
        return tuple(self._deal.seats[seat].bonus)

    def standing(self, seat: int) -> bool:
        """Whether ``seat`` declared a Standing Hand (announced to the table)."""
        return self._deal.seats[seat].standing

    @property
    def replacements_left(self) -> int:
        return self._deal.wall.replacements_left()

    @property
    def result(self) -> Result | None:
        """How the hand ended, every hand revealed; None while it is played."""
        return self._deal.result

    def to_json(self) -> dict[str, Any]:
        deal = self._deal
        brk = deal.wall.break_
        return {
            "seat": self.seat,
            "family": deal.rules.family,
            "rules": deal.rules.name,
            "prevailing_wind": self.prevailing_wind,
            "phase": self.phase,
            "current": self.current,
            "dice": [list(roll) for roll in brk.dice],
            "break": {"side": brk.side, "stack": brk.stack, "dealer": brk.dealer},
            "wall": deal.wall.heights(),
            "live_left": self.live_left,
            "replacements_left": self.replacements_left,
            "kept_back": deal.wall.kept_back(),
            "kept_back_name": deal.wall.kept_back_name,
            "hand": format_tiles(self.hand),
            "drawn": None if self.drawn is None else tile_name(self.drawn),
            "seats": [
                {
                    "melds": [meld.to_json() for meld in self.melds(seat)],
                    "bonus": format_tiles(self.bonus(seat)),
                    "discards": [
                        {"tile": tile_name(tile), "claimed": claimed}
                        for tile, claimed in self.discards(seat)
                    ],
                    "concealed": self.concealed_count(seat),
                    "standing": self.standing(seat),
                }
                for seat in range(len(deal.seats))
            ],
            "discard": None if self.discard is None else tile_name(self.discard),
            "legal_actions": [str(action) for action in self.legal_actions],
            "result": None if self.result is None else self.result.to_json(),
            "seed": self.seed,
        }
