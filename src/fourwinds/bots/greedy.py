"""The greedy bot: keeps its hand as close to winning as it can, by tiles-to-win.

It always wins when it can; it discards the tile that leaves the fewest tiles-to-win (ties go to
the most isolated tile), declaring a Standing Hand with it where the rules offer one; it claims or
declares a kong only when that brings it no further from winning, and claims a chow or pung only
when that brings it closer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fourwinds.analysis import distances_after, tiles_to_win
from fourwinds.engine.actions import (
    ADDED_KONG,
    CHOW,
    CONCEALED_KONG,
    DISCARD,
    KONG,
    PASS_ACTION,
    PUNG,
    STANDING,
    WIN_ACTION,
    Action,
)
from fourwinds.suit_tables import MOST_TILES
from fourwinds.tiles import SUITED_KINDS, Tile

if TYPE_CHECKING:
    from fourwinds.bots import SeatView


def isolation(counts: Sequence[int], tile: Tile) -> int:
    """How many held tiles could share a set with ``tile`` (fewer: a better discard)."""
    near = counts[tile] - 1
    if tile < SUITED_KINDS:
        value = tile % 9
        for step in (-2, -1, 1, 2):
            if 0 <= value + step <= 8:
                near += counts[tile + step]
    return near


class GreedyBot:
    def __init__(self, seed: int) -> None:
        """A deterministic bot: ``seed`` is taken as every bot's is, and not used."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if WIN_ACTION in legal:
            return WIN_ACTION
        shapes = view.rule_set.shapes
        counts = view.counts
        melds = (MOST_TILES - sum(counts)) // 3  # each declared set holds three tiles' place
        if view.phase == "turn":
            return self._turn(legal, counts, melds, shapes)
        return self._claim(legal, counts, melds, shapes, view.discard)

    def _best_discard(
        self, counts: list[int], melds: int, shapes: Sequence[str]
    ) -> tuple[int, Tile]:
        """The discard leaving the fewest tiles-to-win (ties: the most isolated, then the lowest
        kind), and that tiles-to-win; the suits a discard leaves alone are not weighed again."""
        after = distances_after(counts, melds, shapes, -1)  # INFINITY where no tile is held
        fewest = min(after)
        if after.count(fewest) == 1:
            return fewest - 1, after.index(fewest)
        tied = (tile for tile, left in enumerate(after) if left == fewest)
        return fewest - 1, min((isolation(counts, tile), tile) for tile in tied)[1]

    def _turn(
        self, legal: list[Action], counts: list[int], melds: int, shapes: Sequence[str]
    ) -> Action:
        score, tile = self._best_discard(counts, melds, shapes)
        for action in legal:
            if action.kind in (CONCEALED_KONG, ADDED_KONG):
                assert action.tile is not None
                used = 4 if action.kind == CONCEALED_KONG else 1
                counts[action.tile] -= used
                after = tiles_to_win(counts, melds + (used == 4), shapes)
                counts[action.tile] += used
                if after <= score:
                    return action
        discard = Action(DISCARD, tile)
        if discard not in legal:  # a declared Standing Hand lets only the drawn tile go
            return next(action for action in legal if action.kind == DISCARD)
        standing = Action(STANDING, tile)  # offered only when the discard leaves the hand ready
        return standing if standing in legal else discard

    def _claim(
        self,
        legal: list[Action],
        counts: list[int],
        melds: int,
        shapes: Sequence[str],
        discard: Tile | None,
    ) -> Action:
        assert discard is not None
        now = tiles_to_win(counts, melds, shapes)
        best, choice = now, PASS_ACTION
        for action in legal:
            if action.kind not in (CHOW, PUNG, KONG):
                continue
            work = list(counts)
            work[discard] += 1
            if action.kind == CHOW:
                assert action.tile is not None
                for t in (action.tile, action.tile + 1, action.tile + 2):
                    work[t] -= 1
            else:
                work[discard] -= 4 if action.kind == KONG else 3
            if action.kind == KONG:
                after = tiles_to_win(work, melds + 1, shapes)
                if after <= best:  # a kong also brings a replacement tile
                    best, choice = after - 1, action
                continue
            after, _ = self._best_discard(work, melds + 1, shapes)
            if after < best:
                best, choice = after, action
        return choice
