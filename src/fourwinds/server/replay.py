"""Every step of a finished game with every hand visible, for the replay viewer.

The steps are computed from the game's record by playing it again through the engine, so the
viewer shows exactly what the record holds and needs no engine of its own. A step is a decision
that changed the table: a pass in a claim window is no step of its own; what it settled (the
claim it let through, the next draw, the end of the hand) shows at the step before it. Each
step's view carries no legal actions (nobody acts in a replay), which keeps a game's replay
small.
"""

from __future__ import annotations

from typing import Any

from fourwinds.family import Family, GameDeal, family_of
from fourwinds.server.table import table_rules
from fourwinds.tiles import format_tiles


def _step(family: Family, deal: GameDeal, seat: int | None, action: str | None) -> dict[str, Any]:
    view = family.view(deal, 0).to_json()
    view["legal_actions"] = []
    return {
        "seat": seat,
        "action": action,
        "view": view,
        "hands": [format_tiles(family.view(deal, seat).hand) for seat in range(len(deal.seats))],
    }


def replay_steps(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``hands`` of ``GET /api/games/{id}/replay`` (docs/protocol.md)."""
    card = record.get("card")
    rules = table_rules(record["rules"], record["options"], None if card == "sample" else card)
    family = family_of(rules)
    passing = str(family.pass_action)
    match = family.match(rules, record["seed"])
    hands = []
    for entry in record["hands"]:
        deal = match.deal
        steps = [_step(family, deal, None, None)]
        for text in entry["actions"]:
            seat, _, action = text.partition(" ")
            match.apply(int(seat), family.parse_action(action))
            if action == passing:
                last = steps[-1]
                steps[-1] = _step(family, deal, last["seat"], last["action"])
            else:
                steps.append(_step(family, deal, int(seat), action))
        outcome = match.next_hand()
        settlement = outcome.settlement
        hands.append(
            {
                "hand_number": outcome.number,
                "east": outcome.east,
                "steps": steps,
                "sheets": family.outcome_json(outcome).get("sheets", []),
                "payments": [] if settlement is None else [list(p) for p in settlement.payments],
            }
        )
    return hands
