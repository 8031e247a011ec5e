"""Game records as JSON, and replay that checks a record reproduces its game exactly.

A record holds the rule set, its options, the seed and every action; with those the engine
rebuilds the same walls, the same dice and the same play. The dice, the break and each hand's
result are stored too, so that replay can say where a game differs from its record.

>>> from fourwinds.rules import get_rules
>>> from fourwinds.engine.deal import Deal
>>> deal = Deal(get_rules("beginner"), seed=5)
>>> while not deal.is_over:
...     seat = deal.to_move()[0]
...     _ = deal.apply(seat, deal.legal_actions(seat)[-1])
>>> record = deal_record(deal)
>>> [d.result == deal.result for d in replay(record)]
[True]
"""

from __future__ import annotations

from typing import Any

from fourwinds.engine.match import hand_seed
from fourwinds.family import GameDeal, GameMatch, family_of
from fourwinds.rules import get_rules

FORMAT = "fourwinds-record"
VERSION = 1


class ReplayError(ValueError):
    """A record that does not reproduce its own game, or is not a record at all."""


def _hand_entry(deal: GameDeal, **extra: Any) -> dict[str, Any]:
    brk = deal.wall.break_
    assert deal.result is not None
    return {
        **extra,
        "seed": deal.seed,
        "prevailing_wind": deal.prevailing_wind,
        "dice": [list(roll) for roll in brk.dice],
        "break": {"side": brk.side, "stack": brk.stack, "dealer": brk.dealer},
        "actions": [f"{seat} {action}" for seat, action in deal.history],
        "result": deal.result.to_json(),
    }


def deal_record(deal: GameDeal) -> dict[str, Any]:
    """The record of one finished hand (an American one also holds its card)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": "hand",
        "rules": deal.rules.name,
        "options": deal.rules.options(),
        **family_of(deal.rules).record_fields(deal.rules),
        "hands": [_hand_entry(deal)],
    }


def match_record(match: GameMatch) -> dict[str, Any]:
    """The record of a whole game: its finished hands (Classical also holds the seating dice,
    American its card)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": "match",
        "rules": match.rules.name,
        "options": match.rules.options(),
        "seed": match.seed,
        **family_of(match.rules).record_fields(match.rules),
        **match.record_fields(),
        "hands": [
            _hand_entry(outcome.deal, number=outcome.number, east=outcome.east)
            for outcome in match.outcomes
        ],
    }


def replay(record: dict[str, Any]) -> list[GameDeal]:
    """Replay every hand of a record and check it against what the record says happened."""
    if record.get("format") != FORMAT or record.get("version") != VERSION:
        raise ReplayError(f"not a {FORMAT} record of version {VERSION}")
    try:
        rules = get_rules(record["rules"], **record.get("options", {}))
        family = family_of(rules)
        rules = family.with_record_fields(rules, record)
    except (KeyError, ValueError) as error:
        raise ReplayError(f"bad rule set: {error}") from None
    match: GameMatch | None = None
    if record.get("kind") == "match":
        match = family.match(rules, record["seed"])
        for key, value in match.record_fields().items():
            if record.get(key) != value:
                raise ReplayError(f"the {key.replace('_', ' ')} differ from the record")
    deals: list[GameDeal] = []
    for index, entry in enumerate(record["hands"]):
        where = f"hand {index}"
        if match is not None:
            expected = (hand_seed(match.seed, index), match.east, match.prevailing_wind)
            found = (entry["seed"], entry["east"], entry["prevailing_wind"])
            if expected != found:
                raise ReplayError(f"{where}: seed, East or prevailing wind differ: {found}")
            deal = match.deal
        else:
            deal = family.deal(rules, entry["seed"], entry["prevailing_wind"])
        brk = deal.wall.break_
        if [list(roll) for roll in brk.dice] != entry["dice"]:
            raise ReplayError(f"{where}: the dice differ: {brk.dice} against {entry['dice']}")
        for number, text in enumerate(entry["actions"]):
            where_action = f"{where}, action {number}"
            seat_text, _, action_text = text.partition(" ")
            if not seat_text.isdigit() or int(seat_text) > 3:
                raise ReplayError(f"{where_action}: expected 'SEAT ACTION', got {text!r}")
            try:
                deal.apply(int(seat_text), family.parse_action(action_text))
            except ValueError as error:
                raise ReplayError(f"{where_action} ({text}): {error}") from None
        if deal.result is None:
            raise ReplayError(f"{where}: the actions end before the hand does")
        if deal.result.to_json() != entry["result"]:
            raise ReplayError(
                f"{where}: the result differs: {deal.result.to_json()} against {entry['result']}"
            )
        if match is not None:
            match.next_hand()
        deals.append(deal)
    return deals
