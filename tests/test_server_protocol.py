"""The client messages of docs/protocol.md: what is accepted, and why the rest is refused."""

from __future__ import annotations

import json

import pytest

from fourwinds.bots import make_bot
from fourwinds.engine.deal import Deal
from fourwinds.engine.view import View
from fourwinds.family import family_of
from fourwinds.rules import get_rules
from fourwinds.server.protocol import (
    MAX_MESSAGE,
    ActionMessage,
    AutoPass,
    BadMessage,
    Hello,
    HintRequest,
    Ready,
    parse_hello,
    parse_message,
)


def test_every_message_type_is_read() -> None:
    assert parse_message('{"type": "action", "action": "chow 345p"}') == ActionMessage("chow 345p")
    assert parse_message('{"type": "hint"}') == HintRequest()
    assert parse_message('{"type": "auto_pass", "on": true}') == AutoPass(True)
    assert parse_message(b'{"type": "next"}') == Ready()
    assert parse_hello('{"type": "hello", "position": 3, "token": "x"}') == Hello(3, "x")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        ("[" * 4000, "malformed"),
        (b"\xff\xfe", "malformed"),
        ('{"type": "shout"}', "unknown message type"),
        ("{}", "unknown message type"),
        ('{"type": "action"}', "needs"),
        ('{"type": "action", "action": 5}', "needs"),
        ('{"type": "auto_pass", "on": "yes"}', "true or false"),
        ('{"type": "hint", "pad": "' + "x" * MAX_MESSAGE + '"}', "too large"),
        ('{"type": "hint", "pad": "' + "\u00e9" * (MAX_MESSAGE // 2) + '"}', "too large"),
    ],
)
def test_bad_messages_are_refused_with_a_reason(text: str | bytes, reason: str) -> None:
    with pytest.raises(BadMessage, match=reason):
        parse_message(text)


@pytest.mark.parametrize(
    "hello",
    [
        {"type": "action", "position": 0, "token": "x"},
        {"type": "hello", "position": 4, "token": "x"},
        {"type": "hello", "position": True, "token": "x"},
        {"type": "hello", "position": 0},
    ],
)
def test_a_bad_hello_is_refused(hello: dict[str, object]) -> None:
    with pytest.raises(BadMessage):
        parse_hello(json.dumps(hello))


def test_hint_suggests_the_strong_choice_and_reports_waits() -> None:
    deal = Deal(get_rules("beginner"), seed=11)
    family = family_of(deal.rules)
    answer = family.hint(deal, 0)
    assert answer["suggestion"] == str(make_bot("strong", 0).choose(View(deal, 0)))
    assert answer["tiles_to_win"] >= 0
    assert answer["waits"] == [] or answer["tiles_to_win"] == 0
    assert family.hint(deal, 1)["suggestion"] is None  # not South's turn


@pytest.mark.parametrize(
    ("name", "seeds", "bot"),
    [
        ("classical", (3,), "greedy"),
        ("hongkong", (3,), "greedy"),
        ("beginner", (3,), "greedy"),
        ("american", (3, 4), "greedy"),
        ("classical", (3, 4), "strong"),
        ("hongkong", (3,), "strong"),
    ],
)
def test_the_bots_choose_the_same_from_a_view_received_as_json(
    name: str, seeds: tuple[int, ...], bot: str
) -> None:
    """The family's remote view (with the table's card, where hands are won by one) stands in
    for its view; each seat has a bot for each view, as the card bot carries its count of the card
    between decisions."""
    rules = get_rules(name)
    family = family_of(rules)
    for seed in seeds:
        deal = family.deal(rules, seed)
        local = [family.bot(bot, seat) for seat in range(4)]
        remote = [family.bot(bot, seat) for seat in range(4)]
        while deal.result is None:
            seat = deal.to_move()[0]
            view = family.view(deal, seat)
            received = family.remote_view(json.loads(json.dumps(view.to_json())), rules)
            action = local[seat].choose(view)
            assert remote[seat].choose(received) == action
            deal.apply(seat, action)
