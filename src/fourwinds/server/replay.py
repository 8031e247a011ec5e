"""Every step of a finished game with every hand visible, for the replay viewer.

The steps are computed from the game's record by playing it again through the engine, so the
viewer shows exactly what the record holds and needs no engine of its own.
"""

from __future__ import annotations

from typing import Any

from fourwinds.engine.actions import Action
from fourwinds.engine.deal import Deal
from fourwinds.engine.match import Match
from fourwinds.engine.view import View
from fourwinds.rules import get_rules
from fourwinds.tiles import PLAIN_KINDS, format_tiles


def _step(deal: Deal, seat: int | None, action: str | None) -> dict[str, Any]:
    return {
        "seat": seat,
        "action": action,
        "view": View(deal, 0).to_json(),
        "hands": [
            format_tiles(t for t in range(PLAIN_KINDS) for _ in range(state.concealed[t]))
            for state in deal.seats
        ],
    }


def replay_steps(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``hands`` of ``GET /api/games/{id}/replay`` (docs/protocol.md)."""
    match = Match(get_rules(record["rules"], **record["options"]), record["seed"])
    hands = []
    for entry in record["hands"]:
        deal = match.deal
        steps = [_step(deal, None, None)]
        for text in entry["actions"]:
            seat, _, action = text.partition(" ")
            deal.apply(int(seat), Action.parse(action))
            steps.append(_step(deal, int(seat), action))
        outcome = match.next_hand()
        settlement = outcome.settlement
        hands.append(
            {
                "hand_number": outcome.number,
                "east": outcome.east,
                "steps": steps,
                "sheets": [sheet.to_json() for sheet in outcome.sheets],
                "payments": [] if settlement is None else [list(p) for p in settlement.payments],
            }
        )
    return hands
