"""A seat's view as lines of text in the notation: ``render()`` of the environments."""

from __future__ import annotations

from typing import Any

from fourwinds.rl.encoding import EXPOSED, FACE_DOWN, Encoding
from fourwinds.scoring.settlement import WINDS
from fourwinds.tiles import format_tiles, tile_name
from fourwinds.turns import SEATS


def table_text(encoding: Encoding[Any, Any], view: Any) -> str:
    """Every seat's melds, bonus tiles and discards (a claimed one in parentheses), the seat's
    own hand, the wall and what the seat may do: only what the view shows."""
    seat = view.seat
    lines = [
        f"{encoding.rules.title}, {view.phase}; {view.live_left} tiles left in the wall; "
        f"{WINDS[view.current]} to play"
    ]
    for other in range(SEATS):
        if not encoding.present(view, other):
            continue
        melds = []
        for tiles, state in encoding.melds(view, other):
            text = "[face down]" if state == FACE_DOWN else format_tiles(tiles)
            melds.append(f"[{text}]" if state == EXPOSED else text)
        discards = " ".join(
            f"({tile_name(tile)})" if claimed else tile_name(tile)
            for tile, claimed in view.discards(other)
        )
        bonus = format_tiles(encoding.bonus(view, other))
        held = (
            format_tiles(view.hand) if other == seat else f"{view.concealed_count(other)} concealed"
        )
        lines.append(
            f"{'*' if other == seat else ' '} {WINDS[other]:5}  {held}  "
            f"{' '.join(melds)}  {bonus}  | {discards}".rstrip()
        )
    if view.discard is not None:
        lines.append(f"up for claim: {tile_name(view.discard)}")
    legal = view.legal_actions
    if legal:
        shown = ", ".join(str(action) for action in legal[:12])
        more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
        lines.append(f"{WINDS[seat]} may: {shown}{more}")
    return "\n".join(lines)
