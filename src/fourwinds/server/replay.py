"""Every step of a finished game with every hand visible, for the replay viewer.

The steps are computed from the game's record by playing it again through the engine, so the
viewer shows exactly what the record holds and needs no engine of its own. A step is a decision
that changed the table: a pass in a claim window is no step of its own; what it settled (the
claim it let through, the next draw, the end of the hand) shows at the step before it. Each
step's view carries no legal actions (nobody acts in a replay), which keeps a game's replay
small.

The same steps serve a game played at the server's tables and a record file a user opens
(``POST /api/replay``): a match record replays through its match, a record of lone hands
(``simulate --records``, the RL environment) deals each hand afresh. The answer is streamed a hand
at a time (``replay_document``): a game of many hands never stands whole in the server's memory.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from fourwinds.family import Family, GameDeal, family_of
from fourwinds.rules import RuleSet, get_rules
from fourwinds.scoring.settlement import WINDS, Settlement
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


def _played(family: Family, deal: GameDeal, actions: Sequence[str]) -> list[dict[str, Any]]:
    """Play a hand's actions ("SEAT ACTION") on its deal, collecting a step at each decision."""
    passing = str(family.pass_action)
    steps = [_step(family, deal, None, None)]
    for text in actions:
        seat, _, action = text.partition(" ")
        deal.apply(int(seat), family.parse_action(action))
        if action == passing:
            last = steps[-1]
            steps[-1] = _step(family, deal, last["seat"], last["action"])
        else:
            steps.append(_step(family, deal, int(seat), action))
    return steps


def _hand(
    number: int,
    east: int,
    steps: list[dict[str, Any]],
    settlement: Settlement | None,
    explained: dict[str, Any],
) -> dict[str, Any]:
    """A hand of the replay: its steps, and the end of the hand as the table shows it (the
    family's ``outcome_json``: score sheets with their arithmetic, what a loser's sheet does,
    the winning line; each payment with its reason, and each seat's change)."""
    seats = len(steps[-1]["hands"])
    return {
        "hand_number": number,
        "east": east,
        "steps": steps,
        "sheets": [],
        **explained,
        "payments": [] if settlement is None else [list(p) for p in settlement.payments],
        "payment_reasons": [] if settlement is None else settlement.reason_list(),
        "net": [0] * seats if settlement is None else settlement.net,
    }


def record_rules(record: dict[str, Any]) -> RuleSet:
    """The rules a record was played by (with its card, where hands are won by one)."""
    rules = get_rules(record["rules"], **record.get("options", {}))
    return family_of(rules).with_record_fields(rules, record)


def replay_hands(record: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The ``hands`` of ``GET /api/games/{id}/replay`` and ``POST /api/replay``
    (docs/protocol.md), one by one, for a record that ``fourwinds.record.replay`` has accepted."""
    rules = record_rules(record)
    family = family_of(rules)
    if record.get("kind") != "match":
        # Lone hands: seat 0 is East; a hand played on its own has payments but no match to
        # keep its score sheets.
        for number, entry in enumerate(record["hands"]):
            deal = family.deal(rules, entry["seed"], entry["prevailing_wind"])
            steps = _played(family, deal, entry["actions"])
            yield _hand(number, 0, steps, family.settlement(deal), {})
        return
    match = family.match(rules, record["seed"])
    for entry in record["hands"]:
        steps = _played(family, match.deal, entry["actions"])
        outcome = match.next_hand()
        yield _hand(
            outcome.number, outcome.east, steps, outcome.settlement, family.outcome_json(outcome)
        )


def replay_document(table: dict[str, Any] | None, record: dict[str, Any]) -> Iterator[bytes]:
    """``{"table": ..., "hands": [...]}`` as JSON, in pieces of one hand each.

    >>> from fourwinds.record import deal_record
    >>> from fourwinds.rules import get_rules
    >>> from fourwinds.simulate import play
    >>> rules = get_rules("beginner")
    >>> deal = family_of(rules).deal(rules, 7)
    >>> _ = play(deal, [family_of(rules).bot("random", seat) for seat in range(4)])
    >>> document = json.loads(b"".join(replay_document(None, deal_record(deal))))
    >>> len(document["hands"]), document["hands"][0]["steps"][0]["action"]
    (1, None)
    """
    yield b'{"table": ' + json.dumps(table).encode() + b', "hands": ['
    for number, hand in enumerate(replay_hands(record)):
        yield (b", " if number else b"") + json.dumps(hand).encode()
    yield b"]}"


def file_table(record: dict[str, Any]) -> dict[str, Any]:
    """What the viewer reads of a table for a record file: its rules, and each player named by
    the wind they sat at in the record's first hand (a file names nobody)."""
    rules = record_rules(record)
    first = record["hands"][0].get("east", 0) if record["hands"] else 0
    positions = rules.players
    return {
        "rules": rules.name,
        "title": rules.title,
        "options": rules.options(),
        "positions": positions,
        "players": [
            {"position": p, "name": WINDS[(p - first) % positions], "bot": None}
            for p in range(positions)
        ],
    }
