"""The Classical-style family for learning agents (``fourwinds.rl``; needs the ``rl`` extra).

Its 227 actions, in order: ``discard`` and ``standing`` of each of the 34 suit and honour tiles,
``chow`` by its lowest tile (21: 1 to 7 of each suit), ``pung``, ``kong``, ``concealed-kong`` and
``added-kong`` of each of the 34, then ``win`` and ``pass``. Its own fields: which seats declared
a Standing Hand, and the replacement tiles left.

>>> from fourwinds.rules import get_rules
>>> encoding = ClassicalEncoding(get_rules("hongkong"))
>>> len(encoding.actions), encoding.names[34 * 2], encoding.names[-2:]
(227, 'chow 123m', ('win', 'pass'))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fourwinds.engine.actions import (
    ADDED_KONGS,
    CHOWS,
    CONCEALED_KONGS,
    DISCARDS,
    KONGS,
    PASS_ACTION,
    PUNGS,
    STANDINGS,
    WIN_ACTION,
    Action,
)
from fourwinds.engine.deal import ROB
from fourwinds.engine.view import View
from fourwinds.rl.encoding import CONCEALED, EXPOSED, FACE_DOWN, Encoding, Field
from fourwinds.tiles import Tile
from fourwinds.turns import CLAIM, ENDED, SEATS, TURN

_SIZES = {"pung": 3, "kong": 4}


class ClassicalEncoding(Encoding[View, Action]):
    """Views and actions of the Classical-style rule sets."""

    phases = (TURN, CLAIM, ROB, ENDED)

    def _actions(self) -> Sequence[Action]:
        chows = [chow for chow in CHOWS if chow.tile is not None and chow.tile % 9 <= 6]
        return [
            *DISCARDS,
            *STANDINGS,
            *chows,
            *PUNGS,
            *KONGS,
            *CONCEALED_KONGS,
            *ADDED_KONGS,
            WIN_ACTION,
            PASS_ACTION,
        ]

    def melds(self, view: View, seat: int) -> Iterable[tuple[Sequence[Tile], int]]:
        for meld in view.melds(seat):
            if meld.tile is None:
                yield (), FACE_DOWN
            elif meld.kind == "chow":
                yield (meld.tile, meld.tile + 1, meld.tile + 2), EXPOSED
            else:
                tiles = (meld.tile,) * _SIZES[meld.kind]
                yield tiles, EXPOSED if meld.exposed else CONCEALED

    def bonus(self, view: View, seat: int) -> Sequence[Tile]:
        return view.bonus(seat)

    def prevailing_wind(self, view: View) -> int:
        return view.prevailing_wind

    def _family_fields(self) -> list[Field]:
        return [
            Field("standing", (SEATS,), 1, "each seat has declared a Standing Hand"),
            Field("replacements_left", (1,), 255, "replacement tiles left"),
        ]

    def hand_counts(self, view: View) -> list[int]:
        return view.counts

    def _encode_family(self, view: View, out: bytearray) -> None:
        seat, standing = view.seat, self.at["standing"]
        for relative in range(SEATS):
            out[standing + relative] = view.standing((seat + relative) % SEATS)
        out[self.at["replacements_left"]] = min(view.replacements_left, 255)
