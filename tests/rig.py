"""Arranging a deal for a test: set a seat's concealed tiles or the next draws by swapping tiles
with the wall and other hands, so the tile set stays whole. Test-only: it reaches into the wall."""

from __future__ import annotations

from fourwinds.engine.actions import PASS_ACTION
from fourwinds.engine.deal import Deal
from fourwinds.tiles import PLAIN_KINDS, counts, parse_tiles


def _wall_slots(deal: Deal, order: list[int], at: int, n: int) -> list[tuple[int, int]]:
    """(stack, level) of the next ``n`` tiles taken from an end of the wall."""
    heights = [len(stack) for stack in deal.wall.stacks]
    slots = []
    while len(slots) < n:
        position = order[at]
        at += 1
        if heights[position]:
            heights[position] -= 1
            slots.append((position, heights[position]))
    return slots


def _find_in_wall(deal: Deal, tile: int, avoid: set[tuple[int, int]]) -> tuple[int, int]:
    for position, stack in enumerate(deal.wall.stacks):
        for level, found in enumerate(stack):
            if found == tile and (position, level) not in avoid:
                return position, level
    raise LookupError(f"tile {tile} is not in the wall")


def give(deal: Deal, seat: int, text: str, keep: frozenset[int] = frozenset()) -> None:
    """Make ``seat``'s concealed tiles exactly ``text`` (same number of tiles as now). When the
    seat has just drawn, the last tile written is the tile it drew. Seats in ``keep`` are never
    taken from."""
    state = deal.seats[seat]
    target = counts(parse_tiles(text), PLAIN_KINDS)
    assert sum(target) == sum(state.concealed), "give the seat as many tiles as it holds"
    surplus = [t for t in range(PLAIN_KINDS) for _ in range(state.concealed[t] - target[t])]
    for tile in range(PLAIN_KINDS):
        for _ in range(target[tile] - state.concealed[tile]):
            spare = surplus.pop()
            try:  # from the wall first, so that seats arranged earlier keep their tiles
                position, level = _find_in_wall(deal, tile, set())
                deal.wall.stacks[position][level] = spare
            except LookupError:
                other = next(
                    o
                    for i, o in enumerate(deal.seats)
                    if o is not state and i not in keep and o.concealed[tile]
                )
                other.concealed[tile] -= 1
                other.concealed[spare] += 1
                other.waits = None
            state.concealed[tile] += 1
            state.concealed[spare] -= 1
    state.waits = None
    if deal.current == seat and deal.drawn is not None:
        deal.drawn = parse_tiles(text)[-1]
    deal._turn_actions = None


def next_draws(deal: Deal, text: str, replacement: bool = False) -> None:
    """Arrange the wall so that the next draws (or replacement tiles) are ``text``, in order."""
    wall = deal.wall
    wanted = parse_tiles(text)
    order, at = (wall._back, wall._back_at) if replacement else (wall._front, wall._front_at)
    slots = _wall_slots(deal, order, at, len(wanted))
    fixed: set[tuple[int, int]] = set()
    for (position, level), tile in zip(slots, wanted, strict=True):
        stack = wall.stacks[position]
        if stack[level] != tile:
            source = _find_in_wall(deal, tile, fixed | {(position, level)})
            other = wall.stacks[source[0]]
            other[source[1]], stack[level] = stack[level], other[source[1]]
        fixed.add((position, level))


def pass_claims(deal: Deal) -> None:
    """Every seat still deciding on a discard passes."""
    while deal.phase in ("claim", "rob"):
        deal.apply(deal.to_move()[0], PASS_ACTION)
