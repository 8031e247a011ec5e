"""The WebSocket messages of ``docs/protocol.md``: reading what a client sends, refusing what is
malformed or too large with a reason, and the server's own messages.

Client messages become small typed values, so the table never handles raw JSON; an action stays
its text, which the table reads by the rules of its own game.

>>> parse_message('{"type": "action", "action": "discard 5m"}')
ActionMessage(action='discard 5m')
>>> parse_message('{"type": "dance"}')
Traceback (most recent call last):
...
fourwinds.server.protocol.BadMessage: unknown message type 'dance'; expected one of action, \
hint, auto_pass, next
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from fourwinds.family import Family, GameOutcome
from fourwinds.server.storable import storable

MAX_MESSAGE = 4096
"""Bytes; a longer message is refused unread."""


class BadMessage(ValueError):
    """A client message that is malformed, too large or of an unknown type."""


@dataclass(frozen=True, slots=True)
class Hello:
    position: int
    token: str


@dataclass(frozen=True, slots=True)
class Watch:
    """A spectator's first message: the public state, no seat."""


@dataclass(frozen=True, slots=True)
class ActionMessage:
    action: str


@dataclass(frozen=True, slots=True)
class HintRequest:
    pass


@dataclass(frozen=True, slots=True)
class AutoPass:
    on: bool


@dataclass(frozen=True, slots=True)
class Ready:
    """``next``: ready for the next hand."""


Message = ActionMessage | HintRequest | AutoPass | Ready

_TYPES = ("action", "hint", "auto_pass", "next")


def _decode(text: str | bytes) -> dict[str, Any]:
    if len(text) > MAX_MESSAGE or (
        isinstance(text, str) and len(text.encode("utf-8", "replace")) > MAX_MESSAGE
    ):
        raise BadMessage(f"message too large: the limit is {MAX_MESSAGE} bytes")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):  # Recursion: nested too deeply
        raise BadMessage("malformed message: expected a JSON object") from None
    if not isinstance(data, dict):
        raise BadMessage("malformed message: expected a JSON object")
    try:
        storable(data)
    except ValueError as problem:
        raise BadMessage(str(problem)) from None
    return data


def parse_hello(text: str | bytes) -> Hello | Watch:
    """The first message: a seat's hello with its token, or a spectator's watch."""
    data = _decode(text)
    position, token = data.get("position"), data.get("token")
    if data.get("type") == "watch":
        return Watch()
    if data.get("type") != "hello":
        raise BadMessage(
            'the first message must be {"type": "hello", "position", "token"} or {"type": "watch"}'
        )
    if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position <= 3:
        raise BadMessage("hello needs a position 0 to 3")
    if not isinstance(token, str):
        raise BadMessage("hello needs a token")
    return Hello(position, token)


def parse_message(text: str | bytes) -> Message:
    """One message after the hello; raises BadMessage saying what is wrong."""
    data = _decode(text)
    kind = data.get("type")
    if kind == "action":
        action = data.get("action")
        if not isinstance(action, str):
            raise BadMessage('an action message needs "action": a string such as "discard 5m"')
        return ActionMessage(action)
    if kind == "hint":
        return HintRequest()
    if kind == "auto_pass":
        on = data.get("on")
        if not isinstance(on, bool):
            raise BadMessage('auto_pass needs "on": true or false')
        return AutoPass(on)
    if kind == "next":
        return Ready()
    raise BadMessage(f"unknown message type {kind!r}; expected one of {', '.join(_TYPES)}")


def error(text: str) -> str:
    return json.dumps({"type": "error", "error": text})


def hand_summary(family: Family, outcome: GameOutcome, scores: list[int]) -> dict[str, Any]:
    """``last_hand``: every hand revealed, what the family shows of a finished hand (the score
    sheets; American: the winning line and its value), the payments and the running totals.
    Seats (winner, discarder, sheets, payments, net) are that hand's seat winds; ``east`` maps
    them to positions, as the next hand may already have a new East."""
    result = outcome.result
    settlement = outcome.settlement
    return {
        "hand_number": outcome.number,
        "east": outcome.east,
        "winner": result.winner,
        "discarder": result.discarder,
        "self_drawn": result.self_drawn,
        "hands": [str(hand) for hand in result.hands],
        "payments": [] if settlement is None else [list(p) for p in settlement.payments],
        "net": [0] * len(result.hands) if settlement is None else settlement.net,
        "scores": list(scores),
        **family.outcome_json(outcome),
    }
