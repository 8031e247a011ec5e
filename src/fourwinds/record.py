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

from fourwinds.american import is_american
from fourwinds.american.actions import AmericanAction
from fourwinds.american.card import Card, CardError, sample_card
from fourwinds.american.deal import AmericanDeal
from fourwinds.american.match import AmericanMatch
from fourwinds.engine.actions import Action
from fourwinds.engine.deal import Deal
from fourwinds.engine.match import Match, hand_seed
from fourwinds.rules import get_rules

FORMAT = "fourwinds-record"
VERSION = 1


class ReplayError(ValueError):
    """A record that does not reproduce its own game, or is not a record at all."""


def _hand_entry(deal: Deal | AmericanDeal, **extra: Any) -> dict[str, Any]:
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


def _card_text(card: Card) -> str:
    return "sample" if card == sample_card() else str(card)


def deal_record(deal: Deal | AmericanDeal) -> dict[str, Any]:
    """The record of one finished hand; an American one also holds its card."""
    record = {
        "format": FORMAT,
        "version": VERSION,
        "kind": "hand",
        "rules": deal.rules.name,
        "options": deal.rules.options(),
        "hands": [_hand_entry(deal)],
    }
    if isinstance(deal, AmericanDeal):
        record["card"] = _card_text(deal.card)
    return record


def _card(record: dict[str, Any]) -> Card:
    """The card of an American record: ``"sample"`` or the text of the card itself."""
    text = record.get("card", "sample")
    try:
        return sample_card() if text == "sample" else Card.parse(text)
    except CardError as error:
        raise ReplayError(f"the record's card does not parse: {error}") from None


def match_record(match: Match | AmericanMatch) -> dict[str, Any]:
    """The record of a whole game: its finished hands (an American one also holds its card)."""
    hands = [
        _hand_entry(outcome.deal, number=outcome.number, east=outcome.east)
        for outcome in match.outcomes
    ]
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "kind": "match",
        "rules": match.rules.name,
        "options": match.rules.options(),
        "seed": match.seed,
    }
    if isinstance(match, AmericanMatch):
        record["card"] = _card_text(match.deal.card)
    else:
        record["seating_rolls"] = [list(rolls) for rolls in match.seating_rolls]
    record["hands"] = hands
    return record


def _parse_action(text: str, where: str, american: bool) -> tuple[int, Action | AmericanAction]:
    seat_text, _, action_text = text.partition(" ")
    if not seat_text.isdigit() or int(seat_text) > 3:
        raise ReplayError(f"{where}: expected 'SEAT ACTION', got {text!r}")
    try:
        if american:
            return int(seat_text), AmericanAction.parse(action_text)
        return int(seat_text), Action.parse(action_text)
    except ValueError as error:
        raise ReplayError(f"{where}: {error}") from None


def replay(record: dict[str, Any]) -> list[Deal | AmericanDeal]:
    """Replay every hand of a record and check it against what the record says happened."""
    if record.get("format") != FORMAT or record.get("version") != VERSION:
        raise ReplayError(f"not a {FORMAT} record of version {VERSION}")
    try:
        rules = get_rules(record["rules"], **record.get("options", {}))
    except (KeyError, ValueError) as error:
        raise ReplayError(f"bad rule set: {error}") from None
    american = is_american(rules)
    card = _card(record) if american else None
    match: Match | AmericanMatch | None = None
    if record.get("kind") == "match":
        seed = record["seed"]
        match = AmericanMatch(rules, seed, card) if american else Match(rules, seed)
    if isinstance(match, Match) and [list(r) for r in match.seating_rolls] != record.get(
        "seating_rolls"
    ):
        raise ReplayError("the seating dice differ from the record")
    deals: list[Deal | AmericanDeal] = []
    for index, entry in enumerate(record["hands"]):
        where = f"hand {index}"
        if match is not None:
            expected = (hand_seed(match.seed, index), match.east, match.prevailing_wind)
            found = (entry["seed"], entry["east"], entry["prevailing_wind"])
            if expected != found:
                raise ReplayError(f"{where}: seed, East or prevailing wind differ: {found}")
        deal: Deal | AmericanDeal
        if american:
            deal = AmericanDeal(rules, entry["seed"], card)
        else:
            deal = Deal(rules, entry["seed"], entry["prevailing_wind"])
        brk = deal.wall.break_
        if [list(roll) for roll in brk.dice] != entry["dice"]:
            raise ReplayError(f"{where}: the dice differ: {brk.dice} against {entry['dice']}")
        for number, text in enumerate(entry["actions"]):
            seat, action = _parse_action(text, f"{where}, action {number}", american)
            try:
                if isinstance(deal, AmericanDeal):
                    assert isinstance(action, AmericanAction)
                    deal.apply(seat, action)
                else:
                    assert isinstance(action, Action)
                    deal.apply(seat, action)
            except ValueError as error:
                raise ReplayError(f"{where}, action {number} ({text}): {error}") from None
        if deal.result is None:
            raise ReplayError(f"{where}: the actions end before the hand does")
        if deal.result.to_json() != entry["result"]:
            raise ReplayError(
                f"{where}: the result differs: {deal.result.to_json()} against {entry['result']}"
            )
        if isinstance(match, Match):
            assert isinstance(deal, Deal)
            match.deal = deal
            match.next_hand()
        elif isinstance(match, AmericanMatch):
            assert isinstance(deal, AmericanDeal)
            match.deal = deal
            match.next_hand()
        deals.append(deal)
    return deals
