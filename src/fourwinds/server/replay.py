"""Every step of a finished game with every hand visible, for the replay viewer.

The steps are computed from the game's record by playing it again through the engine, so the
viewer shows exactly what the record holds and needs no engine of its own.
"""

from __future__ import annotations

from typing import Any

from fourwinds.american.deal import AmericanDeal
from fourwinds.engine.match import HandOutcome
from fourwinds.rules import get_rules
from fourwinds.server.game import AnyDeal, Game, game_for
from fourwinds.tiles import PLAIN_KINDS, format_tiles


def _concealed(deal: AnyDeal) -> list[str]:
    """Every seat's concealed tiles, East first."""
    if isinstance(deal, AmericanDeal):
        return [format_tiles(state.tiles()) for state in deal.seats]
    return [
        format_tiles(t for t in range(PLAIN_KINDS) for _ in range(state.concealed[t]))
        for state in deal.seats
    ]


def _step(game: Game, deal: AnyDeal, seat: int | None, action: str | None) -> dict[str, Any]:
    return {"seat": seat, "action": action, "view": game.view(deal, 0), "hands": _concealed(deal)}


def replay_steps(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``hands`` of ``GET /api/games/{id}/replay`` (docs/protocol.md)."""
    rules = get_rules(record["rules"], **record["options"])
    card = record.get("card")
    game = game_for(rules, None if card in (None, "sample") else card)
    match = game.new_match(record["seed"])
    hands = []
    for entry in record["hands"]:
        deal = match.deal
        steps = [_step(game, deal, None, None)]
        for text in entry["actions"]:
            seat, _, action = text.partition(" ")
            game.apply(match, int(seat), game.parse(action))
            steps.append(_step(game, deal, int(seat), action))
        outcome = match.next_hand()
        settlement = outcome.settlement
        hands.append(
            {
                "hand_number": outcome.number,
                "east": outcome.east,
                "steps": steps,
                "sheets": [s.to_json() for s in outcome.sheets]
                if isinstance(outcome, HandOutcome)
                else [],
                "payments": [] if settlement is None else [list(p) for p in settlement.payments],
            }
        )
    return hands
