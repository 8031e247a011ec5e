"""The matcher's counts by their plain definitions, one instance at a time (as the matcher did
before it packed them), and the Charleston's passes as a full list, for property tests that the
fast paths agree with them."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from fourwinds.american.actions import PASS_TILES, WIN_ACTION, AmericanAction
from fourwinds.american.card import HAND_SIZE
from fourwinds.american.matcher import Holding, Matcher

Filled = dict[int, int]


def exposed(sets: Sequence[tuple[int, int]], exposures: Sequence[tuple[int, int]]) -> Filled | None:
    """Tiles per kind the exposures fill, or None when they are not set groups of the instance."""
    left = list(sets)
    filled: Filled = {}
    for exposure in exposures:
        if exposure not in left:
            return None
        left.remove(exposure)
        filled[exposure[0]] = filled.get(exposure[0], 0) + exposure[1]
    return filled


def fits(matcher: Matcher, place: int, exposures: Sequence[tuple[int, int]]) -> Filled | None:
    entry = matcher.table[place]
    if exposures and entry.concealed:
        return None
    return exposed(entry.sets, exposures)


def away(matcher: Matcher, place: int, holding: Holding, filled: Filled) -> int:
    """Naturals first into natural places, then into set places; jokers into set places left."""
    left = HAND_SIZE - sum(size for _, size in holding.exposures)
    used = slots = 0
    for tile, need, natural in matcher.table[place].items:
        need -= filled.get(tile, 0)
        have = holding.counts[tile]
        used += min(have, need)
        if have < need:
            slots += need - max(have, natural)
    return left - used - min(holding.jokers, slots)


def distances(matcher: Matcher, holding: Holding) -> list[tuple[str, int, object]]:
    best: dict[int, tuple[str, int, object]] = {}
    for place, entry in enumerate(matcher.table):
        filled = fits(matcher, place, holding.exposures)
        if filled is not None:
            tiles = away(matcher, place, holding, filled)
            if entry.line not in best or tiles < best[entry.line][1]:
                best[entry.line] = (matcher.card.lines[entry.line].id, tiles, entry.instance)
    return [best[line] for line in sorted(best)]


def possible(
    matcher: Matcher, place: int, reach: Sequence[int], spare: int, filled: Filled
) -> bool:
    short = 0
    for tile, need, natural in matcher.table[place].items:
        if natural > reach[tile]:
            return False
        short += max(0, need - filled.get(tile, 0) - reach[tile])
    return short <= spare


def targets(
    matcher: Matcher,
    holding: Holding,
    unseen: Sequence[int] | None,
    jokers_unseen: int,
    limit: int,
) -> list[tuple[int, str, int]]:
    """(tiles away, line, place) of the nearest instances, the more valuable first among equals,
    then in card order."""
    reach = [
        n + (unseen[t] if unseen is not None else HAND_SIZE) for t, n in enumerate(holding.counts)
    ]
    spare = holding.jokers + jokers_unseen
    ranked = []
    for place in range(len(matcher.table)):
        filled = fits(matcher, place, holding.exposures)
        if filled is not None and possible(matcher, place, reach, spare, filled):
            line = matcher.card.lines[matcher.table[place].line]
            ranked.append((away(matcher, place, holding, filled), -line.value, place, line.id))
    ranked.sort()
    return [(tiles, line, place) for tiles, _, place, line in ranked[:limit]]


def viable(
    matcher: Matcher, exposures: tuple[tuple[int, int], ...], unseen: Sequence[int], jokers: int
) -> bool:
    for place in range(len(matcher.table)):
        filled = fits(matcher, place, exposures)
        if filled is not None and possible(matcher, place, unseen, jokers, filled):
            return True
    return False


def passes(naturals: list[int], count: int, blinds: range, win: bool) -> list[AmericanAction]:
    """The Charleston's passes as a full list (as the deal listed them before it made them
    on demand): Mah Jongg first, then by tiles passed blind, each distinct run of own tiles."""
    actions = [WIN_ACTION] if win else []
    for blind in blinds:
        for tiles in dict.fromkeys(itertools.combinations(sorted(naturals), count - blind)):
            actions.append(AmericanAction(PASS_TILES, tiles, blind))
    return actions
