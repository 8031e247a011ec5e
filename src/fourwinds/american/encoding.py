"""The American family for learning agents (``fourwinds.rl``; needs the ``rl`` extra).

Its 16,029 actions, in order: ``win``, ``pass``, ``vote yes``, ``vote no``, ``courtesy`` 0 to 3,
``discard`` of each of the 43 tiles (the joker last); ``call`` by the kind called (34 suit and
honour tiles, then the flowers as one kind), the exposure's size (3 to 6) and its jokers (0 to
size - 1), 18 for each kind; ``exchange`` by the natural tile given (42) and the seat whose
exposure gives the joker, relative to the player (0 to 3); then every ``pass-tiles`` of the
Charleston and the courtesy pass: for 0 to 3 tiles of one's own and 0 to 3 - that many passed
on blind, every sorted choice of tiles (jokers are never passed). A call of flowers takes
whichever flowers the player holds (all flowers are alike to the card).

Its own fields: for each line of the card, in card order, the tiles the hand is away from it
(255: its exposures rule it out); the Charleston's stage (0 when not passing, then 1 first-right
to 9 courtesy); the tiles received in the last pass; which seats' hands are dead.

>>> from fourwinds.rules import get_rules
>>> encoding = AmericanEncoding(get_rules("american"))
>>> len(encoding.actions), encoding.names[8], encoding.names[-1]
(16029, 'discard 1m', 'pass-tiles 888f')
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from fourwinds.american import charleston
from fourwinds.american.actions import (
    CALL,
    COURTESIES,
    DISCARDS,
    EXCHANGE,
    PASS_ACTION,
    PASS_TILES,
    VOTES,
    WIN_ACTION,
    AmericanAction,
    call,
    pass_tiles,
)
from fourwinds.american.card import FLOWER, card_of
from fourwinds.american.deal import CHARLESTON, PassChoices
from fourwinds.american.hand import MAX_EXPOSURE, kind
from fourwinds.american.view import AmericanView
from fourwinds.rl.encoding import COLUMNS, EXPOSED, Encoding, Field, Mask
from fourwinds.rules import RuleSet
from fourwinds.tiles import JOKER, Tile, tile_name
from fourwinds.turns import CLAIM, ENDED, SEATS, TURN

STAGES = (
    *charleston.FIRST,
    charleston.VOTE,
    *charleston.SECOND,
    charleston.COURTESY_OFFER,
    charleston.COURTESY,
)
_STAGE_NAMES = [stage.name for stage in STAGES]
_SHAPES = [(size, jokers) for size in range(3, MAX_EXPOSURE + 1) for jokers in range(size)]
"""An exposure's size and its jokers, in the order of the call actions of each kind."""
_CALL_KINDS = FLOWER + 1
_NATURALS = JOKER
"""Tiles that may be given in an exchange or passed: every tile but the joker."""
_CALLS = 8 + len(DISCARDS)
"""The index of the first call: after win, pass, the votes, the courtesy offers, the discards."""
_EXCHANGES = _CALLS + _CALL_KINDS * len(_SHAPES)


class AmericanEncoding(Encoding[AmericanView, AmericanAction]):
    """Views and actions of the American rule sets, by the rule set's card."""

    phases = (CHARLESTON, TURN, CLAIM, ENDED)

    def __init__(self, rules: RuleSet) -> None:
        self.card = card_of(rules)
        self._lines = {line.id: index for index, line in enumerate(self.card.lines)}
        super().__init__(rules)
        self._pass_starts: dict[tuple[int, int], int] = {}
        """The index of the first pass of so many own tiles and so many blind."""
        for index, action in enumerate(self.actions):
            if action.kind == PASS_TILES:
                self._pass_starts.setdefault((len(action.tiles), action.number), index)
        self._alike = {a: i for a, i in self.indices.items() if a.kind != EXCHANGE}
        """The actions whose index is the same at every seat (an exchange names a seat)."""

    def _actions(self) -> Sequence[AmericanAction]:
        calls = [
            _call_of(tile, size, jokers) for tile in range(_CALL_KINDS) for size, jokers in _SHAPES
        ]
        exchanges = [
            AmericanAction(EXCHANGE, (tile,), relative)
            for tile in range(_NATURALS)
            for relative in range(SEATS)
        ]
        passes = [
            pass_tiles(tiles, blind)
            for own in range(charleston.TILES + 1)
            for blind in range(charleston.TILES - own + 1)
            for tiles in combinations_with_replacement(range(_NATURALS), own)
        ]
        return [
            WIN_ACTION,
            PASS_ACTION,
            *VOTES,
            *COURTESIES,
            *DISCARDS,
            *calls,
            *exchanges,
            *passes,
        ]

    def _name(self, action: AmericanAction) -> str:
        if action.kind == EXCHANGE:
            return f"exchange {tile_name(action.tiles[0])} with seat +{action.number}"
        if action.kind == CALL and kind(action.tiles[0]) == FLOWER:
            naturals = sum(tile != JOKER for tile in action.tiles)
            return f"call {naturals} flowers and {len(action.tiles) - naturals} jokers"
        return str(action)

    def index(self, action: AmericanAction, seat: int) -> int:
        if action.kind == CALL:
            size, jokers = len(action.tiles), action.tiles.count(JOKER)
            shape = _SHAPES.index((size, jokers))
            return _CALLS + kind(action.tiles[0]) * len(_SHAPES) + shape
        if action.kind == EXCHANGE:
            return _EXCHANGES + action.tiles[0] * SEATS + (action.number - seat) % SEATS
        return self.indices[action]

    def mask(self, legal: Iterable[AmericanAction], seat: int) -> Mask:
        """``Encoding.mask``; most actions found by a look-up, and a stage's hundreds of passes
        by their tiles, without making their actions."""
        mask = np.zeros(len(self.actions), np.int8)
        if not isinstance(legal, PassChoices):
            try:
                indices = list(map(self._alike.__getitem__, legal))
            except KeyError:  # an exchange, or a call of other flowers than the first
                indices = [self.index(action, seat) for action in legal]
            mask[indices] = 1
            return mask
        mask[self.indices[WIN_ACTION]] = legal.win
        naturals = np.array(legal.naturals, np.intp)
        for blind, own in legal.splits():
            runs = naturals[_picks(len(naturals), own)] @ _PLACES[own]
            mask[self._pass_starts[own, blind] + _RANKS[own][runs]] = 1
        return mask

    def canonical(self, index: int, seat: int) -> AmericanAction:
        action = self.actions[index]
        if action.kind == EXCHANGE:
            return AmericanAction(EXCHANGE, action.tiles, (seat + action.number) % SEATS)
        return action

    def hand_counts(self, view: AmericanView) -> Sequence[int]:
        return view.tile_counts()

    def melds(self, view: AmericanView, seat: int) -> Iterable[tuple[Sequence[Tile], int]]:
        return ((exposure.tiles(), EXPOSED) for exposure in view.exposures(seat))

    def _family_fields(self) -> list[Field]:
        return [
            Field("targets", (len(self._lines),), 255, "tiles away from each line of the card"),
            Field("stage", (1,), len(STAGES), "the Charleston's stage (0: not passing)"),
            Field("received", (COLUMNS,), 4, "the tiles received in the last pass"),
            Field("dead", (SEATS,), 1, "each seat's hand is dead"),
        ]

    def _encode_family(self, view: AmericanView, out: bytearray) -> None:
        at, lines = self.at, self._lines
        targets = at["targets"]
        out[targets : targets + len(lines)] = view.matcher.tiles_away(view.holding)
        stage = view.stage
        if stage is not None:
            out[at["stage"]] = 1 + _STAGE_NAMES.index(stage)
        received = at["received"]
        for tile in view.received:
            out[received + tile] += 1
        seat, dead = view.seat, at["dead"]
        for relative in range(SEATS):
            out[dead + relative] = bool(view.dead((seat + relative) % SEATS))


_PLACES = [_NATURALS ** np.arange(own - 1, -1, -1) for own in range(charleston.TILES + 1)]
"""A run of own tiles as one number, its tiles the digits in base 42."""


def _ranks(own: int) -> npt.NDArray[np.int32]:
    """For each run of ``own`` tiles as a number (``_PLACES``), its place among the passes of
    that many own tiles (every sorted choice in order, as ``_actions`` lists them)."""
    runs = np.array(list(combinations_with_replacement(range(_NATURALS), own)), np.intp)
    ranks = np.zeros(_NATURALS**own, np.int32)
    ranks[runs.reshape(len(runs), own) @ _PLACES[own]] = np.arange(len(runs))
    return ranks


_RANKS = [_ranks(own) for own in range(charleston.TILES + 1)]
"""``_ranks`` of each number of own tiles (300 KB for three)."""


@functools.cache
def _picks(held: int, own: int) -> npt.NDArray[np.intp]:
    """Every choice of ``own`` of ``held`` sorted tiles, by their places (one row each)."""
    return np.array(list(combinations(range(held), own)), np.intp).reshape(comb(held, own), own)


def _call_of(tile: Tile, size: int, jokers: int) -> AmericanAction:
    """The call of ``size`` tiles of a kind, ``jokers`` of them jokers (flowers: the first)."""
    naturals = size - jokers
    if tile == FLOWER:
        return call(list(range(FLOWER, FLOWER + naturals)), jokers)
    return call([tile] * naturals, jokers)
