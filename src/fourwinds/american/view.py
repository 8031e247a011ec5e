"""What one seat may see of an American hand: the only thing a client, a bot or a message gets.

Like :class:`fourwinds.engine.view.View`: the seat's own tiles, everything exposed (exposures
with their jokers, discards, dead hands and why), the dice and the wall's stack heights, the
Charleston as this seat may know it (the stage, how many tiles to pass, whether a blind pass is
allowed, who has chosen, what it received, the votes once all are in, the courtesy offers agreed),
and what it may do now. Other seats' concealed tiles and choices are never shown; the seed only
once the hand is over. ``hints`` lists the lines nearest to the seat's hand, for the page.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Any

from fourwinds.american.actions import AmericanAction
from fourwinds.american.card import FLOWER, Card
from fourwinds.american.charleston import DIRECTIONS
from fourwinds.american.deal import CHARLESTON, AmericanDeal, AmericanResult
from fourwinds.american.hand import Exposure
from fourwinds.american.matcher import Distance, Holding, Matcher, unseen_supply
from fourwinds.american.printed import line_json
from fourwinds.american.settlement import WINDS
from fourwinds.tile_art import view_html
from fourwinds.tiles import JOKER, Tile, format_tiles, tile_name
from fourwinds.turns import SeatWindow

HINTS = 5
"""Lines shown as hints: the nearest ones, the more valuable first among equals."""


def unseen_tiles(
    hand: Iterable[Tile], exposures: Iterable[Exposure], discards: Iterable[tuple[Tile, bool]]
) -> list[int]:
    """Natural tiles per kind not in sight: the supply less one's own tiles, every exposure's
    naturals and every discard not called (a called one sits in an exposure)."""
    shown = [t for exposure in exposures for t in exposure.naturals]
    return unseen_supply(chain(hand, shown, (t for t, claimed in discards if not claimed)))


def hints_json(hints: list[Distance], holding: Holding) -> list[dict[str, Any]]:
    """Nearest lines as the page and the ``hint`` message show them: each with its nearest
    instance as printed, the tiles of ``holding`` (the seat's own) marked."""
    return [
        {
            "line": d.line.id,
            "section": d.line.section,
            "tiles_away": d.tiles,
            "value": d.line.value,
            "concealed": d.line.concealed,
            "groups": line_json(d, holding),
        }
        for d in hints
    ]


class AmericanView(SeatWindow[AmericanDeal, AmericanAction]):
    """A read-only window on an American deal for one seat (``to_json()`` for a snapshot). Its
    repr names the seat, the rules, the phase (and the Charleston's stage) and the seat's own
    tiles; it does not read back, as a view is nothing without its live deal.

    >>> from fourwinds.rules import get_rules
    >>> AmericanView(AmericanDeal(get_rules("american"), seed=1), 2)
    <AmericanView of seat 2 (West), american, charleston first-right: 119m9p79s11236z3fJ>
    """

    __slots__ = ()

    def __repr__(self) -> str:
        phase = self.phase if self.stage is None else f"{self.phase} {self.stage}"
        where = f"seat {self.seat} ({WINDS[self.seat]}), {self.rule_set.name}, {phase}"
        return f"<AmericanView of {where}: {format_tiles(self.hand)}>"

    def _repr_html_(self) -> str:
        """The table as this seat sees it, tiles drawn, for notebooks."""
        present = [s for s, state in enumerate(self._deal.seats) if state.present]
        return view_html(
            self,
            f"{self.rule_set.title}, seat {self.seat} ({WINDS[self.seat]})",
            {seat: [exposure.tiles() for exposure in self.exposures(seat)] for seat in present},
        )

    @property
    def legal_actions(self) -> Sequence[AmericanAction]:
        """What this seat may do now: in the Charleston, passes made only when asked for."""
        return self._deal.legal_actions(self.seat)

    @property
    def card(self) -> Card:
        """The card in play: public, as every player holds one."""
        return self._deal.card

    @property
    def matcher(self) -> Matcher:
        return self._deal.matcher

    @property
    def stage(self) -> str | None:
        """The Charleston stage while passing, else None."""
        return self._deal.stage.name if self._deal.phase == CHARLESTON else None

    @property
    def hand(self) -> tuple[Tile, ...]:
        """This seat's concealed tiles, jokers included, sorted."""
        return tuple(self._deal.seats[self.seat].tiles())

    def tile_counts(self) -> list[int]:
        """This seat's concealed tiles as counts by tile (jokers included): ``hand`` counted."""
        return self._deal.seats[self.seat].concealed[:]

    @property
    def holding(self) -> Holding:
        """This seat's tiles as the matcher counts them."""
        return self._deal.seats[self.seat].holding()

    @property
    def received(self) -> tuple[Tile, ...]:
        """The tiles this seat kept from the last pass it received."""
        return self._deal.received[self.seat]

    def exposures(self, seat: int) -> tuple[Exposure, ...]:
        return tuple(self._deal.seats[seat].exposures)

    def dead(self, seat: int) -> str:
        """Why the seat's hand is dead ("" while it plays): public, shown to the table."""
        return self._deal.seats[seat].dead

    def unseen(self) -> list[int]:
        """Natural tiles per kind this seat cannot see: in the wall or other hands."""
        out = self._deal.out_of_sight()
        concealed = self._deal.seats[self.seat].concealed
        left = list(map(operator.sub, out, concealed[:FLOWER]))
        left.append(out[FLOWER] - sum(concealed[FLOWER:JOKER]))
        return left

    def jokers_gone(self) -> int:
        """Jokers discarded."""
        return self._deal.jokers_gone()

    def jokers_shown(self) -> int:
        """Jokers in every seat's exposures."""
        return sum(state.shown_jokers for state in self._deal.seats)

    @property
    def result(self) -> AmericanResult | None:
        return self._deal.result

    def hints(self) -> list[Distance]:
        """The lines nearest to this seat's hand, the more valuable first among equals."""
        away = self.matcher.distances(self.holding)
        return sorted(away, key=lambda d: (d.tiles, -d.line.value))[:HINTS]

    def _charleston_json(self) -> dict[str, Any] | None:
        deal = self._deal
        if deal.phase != CHARLESTON:
            return None
        stage = deal.stage
        return {
            "stage": stage.name,
            "direction": DIRECTIONS.get(stage.direction),
            "count": deal.agreed[self.seat] if stage.name == "courtesy" else 3,
            "blind_allowed": stage.blind,
            "to_choose": deal.to_move(),
            "chosen": sorted(deal.choices),
            "received": format_tiles(self.received),
            "votes": deal.votes if any(v is not None for v in deal.votes) else None,
            "courtesy_agreed": deal.agreed[self.seat],
        }

    def to_json(self) -> dict[str, Any]:
        deal = self._deal
        brk = deal.wall.break_
        return {
            "seat": self.seat,
            "family": deal.rules.family,
            "rules": deal.rules.name,
            "card": deal.card.title,
            "players": deal.rules.players,
            "phase": self.phase,
            "charleston": self._charleston_json(),
            "current": self.current,
            "dice": [list(roll) for roll in brk.dice],
            "break": {"side": brk.side, "stack": brk.stack, "dealer": brk.dealer},
            "wall": deal.wall.heights(),
            "live_left": self.live_left,
            "hand": format_tiles(self.hand),
            "drawn": None if self.drawn is None else tile_name(self.drawn),
            "seats": [
                {
                    "present": deal.seats[seat].present,
                    "exposures": [
                        {
                            "text": str(exposure),
                            "tile": tile_name(exposure.naturals[0]),
                            "size": exposure.size,
                            "jokers": exposure.jokers,
                        }
                        for exposure in self.exposures(seat)
                    ],
                    "discards": [
                        {"tile": tile_name(tile), "claimed": claimed}
                        for tile, claimed in self.discards(seat)
                    ],
                    "concealed": self.concealed_count(seat),
                    "dead": self.dead(seat) or None,
                }
                for seat in range(len(deal.seats))
            ],
            "discard": None if self.discard is None else tile_name(self.discard),
            "legal_actions": [str(action) for action in self.legal_actions],
            "hints": hints_json(self.hints(), self.holding),
            "result": None if self.result is None else self.result.to_json(),
            "seed": self.seed,
        }
