"""Arranging an American deal for a test: play the Charleston through quickly, set a seat's
concealed tiles or the next draws by swapping tiles with the wall and other hands, so that the
tile set stays whole. Test-only: it reaches into the wall."""

from __future__ import annotations

from fourwinds.american.actions import COURTESY, PASS_TILES, VOTE, AmericanAction
from fourwinds.american.deal import AmericanDeal
from fourwinds.tiles import KINDS, counts, parse_tiles


def action(text: str) -> AmericanAction:
    return AmericanAction.parse(text)


def through_charleston(deal: AmericanDeal) -> None:
    """Every pass the first legal one, no second Charleston, no courtesy pass."""
    while deal.phase == "charleston":
        for seat in deal.to_move():
            legal = deal.legal_actions(seat)
            choice = next(
                a
                for a in legal
                if (a.kind == VOTE and a.number == 0)
                or (a.kind == COURTESY and a.number == 0)
                or (a.kind == PASS_TILES and not a.number)
            )
            deal.apply(seat, choice)


def _wall_positions(deal: AmericanDeal) -> list[tuple[int, int]]:
    """(stack, level) of every tile left in the wall, in drawing order."""
    wall = deal.wall
    heights = [len(stack) for stack in wall.stacks]
    slots = []
    for position in wall._front[wall._front_at :]:
        if heights[position]:
            heights[position] -= 1
            slots.append((position, heights[position]))
    return slots


def arrange(deal: AmericanDeal, hands: dict[int, str]) -> None:
    """Give several seats their tiles, never taking back from a seat already arranged."""
    done: set[int] = set()
    for seat, text in hands.items():
        give(deal, seat, text, keep=frozenset(done))
        done.add(seat)


def give(deal: AmericanDeal, seat: int, text: str, keep: frozenset[int] = frozenset()) -> None:
    """Make ``seat``'s concealed tiles exactly ``text`` (as many tiles as it holds now),
    taking tiles from the wall first and then from other seats (never from ``keep``). When the
    seat has just drawn, the last tile written is the tile it drew."""
    state = deal.seats[seat]
    target = counts(parse_tiles(text), KINDS)
    assert sum(target) == sum(state.concealed), "give the seat as many tiles as it holds"
    surplus = [t for t in range(KINDS) for _ in range(state.concealed[t] - target[t])]
    for tile in range(KINDS):
        for _ in range(target[tile] - state.concealed[tile]):
            spare = surplus.pop()
            for position, level in reversed(_wall_positions(deal)):
                if deal.wall.stacks[position][level] == tile:
                    deal.wall.stacks[position][level] = spare
                    break
            else:
                other = next(
                    o
                    for i, o in enumerate(deal.seats)
                    if o is not state and i not in keep and o.concealed[tile]
                )
                other.concealed[tile] -= 1
                other.concealed[spare] += 1
            state.concealed[tile] += 1
            state.concealed[spare] -= 1
    if deal.current == seat and deal.drawn is not None:
        deal.drawn = parse_tiles(text)[-1]
    deal.recount()


def next_draws(deal: AmericanDeal, text: str) -> None:
    """Make the next tiles drawn from the wall these, in order (swapping within the wall or
    with other hands' tiles of the kind)."""
    slots = _wall_positions(deal)
    for (position, level), tile in zip(slots, parse_tiles(text), strict=False):
        stack = deal.wall.stacks
        here = stack[position][level]
        if here == tile:
            continue
        for other_position, other_level in slots[len(parse_tiles(text)) :]:
            if stack[other_position][other_level] == tile:
                stack[other_position][other_level] = here
                break
        else:
            owner = next(o for o in deal.seats if o.concealed[tile])
            owner.concealed[tile] -= 1
            owner.concealed[here] += 1
        stack[position][level] = tile
    deal.recount()
