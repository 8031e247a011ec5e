"""The score calculator over HTTP: the page for the phone beside the tiles (``/calculator/``)
and the JSON API it calls, ``POST /api/score`` and ``POST /api/settle``.

One code path: a request is read into exactly what ``fourwinds score`` and ``fourwinds settle``
build from their options (a rule set with its options and card, :class:`HowWon`,
:class:`HandReport`) and handed to the same family calculator, so the page gets the command's
answers and its refusals word for word. Everything is checked here, at the edge, before it
reaches the calculator: sizes, types, seats, and characters that cannot be stored (a NUL, other
control characters, unpaired surrogates). docs/calculator.md describes the API.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import BaseRoute, Route

from fourwinds.calculator import SCORED, scored_rules
from fourwinds.family import CalculatorError, HandReport, HowWon, family_of
from fourwinds.rules import RULES, RuleSet
from fourwinds.scoring.settlement import check_seats
from fourwinds.tiles import NotationError, format_tiles

WEB = Path(__file__).resolve().parent.parent / "web"
SEATS = "ESWN"
MAX_BODY = 80 * 1024
"""A request may carry a whole card (64 KiB) beside the hand."""
MAX_CARD = 64 * 1024
MAX_HAND = 200
"""Characters of a hand in the notation: a full hand with melds and bonus tiles needs ~60."""
MAX_NAME = 40
MAX_OPTIONS = 20
MAX_VALUE = 10_000_000
"""A hand's value given by the players: far above any limit, below any overflow."""
FLAGS = (
    "self_drawn",
    "last_tile",
    "last_discard",
    "loose_tile",
    "robbed_kong",
    "first_turn",
    "original_call",
    "twofold_fortune",
    "calling",
)


class Refused(ValueError):
    """A request the calculator refuses: the message, the command's exit status (2 malformed or
    impossible, 1 no win) and, for a hand that does not parse, the column (1-based)."""

    def __init__(self, message: str, status: int = 2, column: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.column = column


def _refused(error: CalculatorError) -> Refused:
    """The calculator's refusal, with the column when bad notation caused it (the calculator
    raises from the NotationError, which keeps its position)."""
    cause = error.__context__
    column = cause.position + 1 if isinstance(cause, NotationError) else None
    return Refused(str(error), error.status, column)


def checked_text(value: Any, what: str, limit: int, lines: bool = False) -> str:
    """A string of at most ``limit`` characters holding nothing that cannot be stored: no NUL or
    other control character (a card may have line breaks and tabs), no unpaired surrogate."""
    if not isinstance(value, str):
        raise Refused(f"{what} must be a string")
    if len(value) > limit:
        raise Refused(f"{what} is over {limit} characters")
    allowed = "\n\r\t" if lines else ""
    for index, char in enumerate(value):
        code = ord(char)
        bad = (code < 32 and char not in allowed) or code == 127 or 0xD800 <= code <= 0xDFFF
        if bad:
            raise Refused(
                f"{what} has the character U+{code:04X} at column {index + 1}, which is not "
                "allowed",
                column=index + 1,
            )
    return value


def _seat(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise Refused(f"{what} must be a seat: 0 East, 1 South, 2 West, 3 North")
    return value


def _flag(body: dict[str, Any], name: str) -> bool:
    value = body.get(name, False)
    if not isinstance(value, bool):
        raise Refused(f"{name} must be true or false")
    return value


def _rules(body: dict[str, Any]) -> RuleSet:
    """The rule set with its options and, where hands are won by a card, the card (its text;
    none for the sample card)."""
    name = checked_text(body.get("rules"), "rules", MAX_NAME)
    options = body.get("options", {})
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
        raise Refused(f"options must be an object of at most {MAX_OPTIONS} options")
    for key, value in options.items():
        checked_text(key, "an option's name", MAX_NAME)
        if isinstance(value, str):
            checked_text(value, f"option {key}", MAX_NAME)
        elif not isinstance(value, bool | int):
            raise Refused(f"option {key} must be true, false, a number or a word")
    try:
        rules = scored_rules(name, options)
    except CalculatorError as error:
        raise _refused(error) from None
    card = body.get("card")
    family = family_of(rules)
    if card is None:
        return rules
    text = checked_text(card, "card", MAX_CARD, lines=True)
    if not family.by_card:
        raise Refused(f"a card is for a game won by a card; {rules.title} has no card")
    try:
        return family.with_record_fields(rules, {"card": text})
    except ValueError as error:
        raise Refused(str(error)) from None


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise Refused(f"request body over {MAX_BODY} bytes")
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise Refused("the body must be a JSON object") from None
    if not isinstance(data, dict):
        raise Refused("the body must be a JSON object")
    return data


def _failure(error: Refused) -> JSONResponse:
    body = {"error": str(error), "status": error.status, "column": error.column}
    return JSONResponse(body, status_code=422 if error.status == 1 else 400)


def score_hand(body: dict[str, Any]) -> dict[str, Any]:
    """``fourwinds score``: the explanation, the sheet as JSON, and whether the hand stands."""
    rules = _rules(body)
    hand = checked_text(body.get("hand"), "hand", MAX_HAND)
    how = body.get("how", {})
    if not isinstance(how, dict):
        raise Refused("how must be an object")
    unknown = sorted(set(how) - {"seat_wind", "prevailing_wind", *FLAGS})
    if unknown:
        raise Refused(f"how has no field {unknown[0]!r}")
    won = HowWon(
        _seat(how.get("seat_wind", 0), "seat_wind"),
        _seat(how.get("prevailing_wind", 0), "prevailing_wind"),
        *(_flag(how, name) for name in FLAGS),
    )
    try:
        scored = family_of(rules).calculator.score(rules, hand, won)
    except CalculatorError as error:
        raise _refused(error) from None
    return {"text": scored.text, "data": scored.data, "stands": scored.stands}


def _by_seat(value: Any, what: str) -> dict[int, Any]:
    """``{"E": ..., "S": ...}``: each key a seat letter."""
    if not isinstance(value, dict):
        raise Refused(f"{what} must be an object by seat: E, S, W, N")
    seats: dict[int, Any] = {}
    for key, item in value.items():
        if not isinstance(key, str) or key.upper() not in SEATS or len(key) != 1:
            raise Refused(f"{what}: {key!r} is no seat: use E, S, W or N")
        seats[SEATS.index(key.upper())] = item
    return seats


def settle_hand(body: dict[str, Any]) -> dict[str, Any]:
    """``fourwinds settle``: every payment and each seat's net change, with the notes on the
    hands scored for it."""
    rules = _rules(body)
    winner = None if body.get("winner") is None else _seat(body["winner"], "winner")
    discarder = None if body.get("discarder") is None else _seat(body["discarder"], "discarder")
    scores, hands = body.get("scores"), body.get("hands")
    if (scores is None) == (hands is None):
        raise Refused("give either scores {E, S, W, N} or hands {SEAT: HAND}")
    values: dict[int, int] | None = None
    if scores is not None:
        values = _by_seat(scores, "scores")
        for seat, value in values.items():
            if isinstance(value, bool) or not isinstance(value, int):
                raise Refused(f"{SEATS[seat]}: a value must be a whole number")
            if not 0 <= value <= MAX_VALUE:
                raise Refused(f"{SEATS[seat]}: a value is 0 to {MAX_VALUE}")
    given = {
        seat: checked_text(text, f"the hand of {SEATS[seat]}", MAX_HAND)
        for seat, text in _by_seat(hands or {}, "hands").items()
    }
    self_drawn = _flag(body, "self_drawn")
    try:
        check_seats(winner, discarder, self_drawn)
        report = HandReport(
            winner,
            discarder,
            self_drawn,
            values,
            given,
            _seat(body.get("prevailing_wind", 0), "prevailing_wind"),
            _flag(body, "jokerless"),
        )
        settled = family_of(rules).calculator.settle(rules, report)
    except CalculatorError as error:
        raise _refused(error) from None
    except ValueError as error:
        raise Refused(str(error)) from None
    settlement = settled.settlement
    return {
        "payments": settlement.to_json()["payments"],  # each with its rule's reason
        "net": settlement.net[: rules.seats],
        "notes": settled.notes,
    }


def scored_rule_sets() -> list[dict[str, Any]]:
    """The rule sets with scoring: their options (as the lobby offers them) and the facts of
    the table the page needs for the evening's sheet and the palette."""
    listing = []
    for name in SCORED:
        rules = RULES[name]
        listing.append(
            {
                "name": name,
                "title": rules.title,
                "family": rules.family,
                "by_card": family_of(rules).by_card,
                "options": rules.options(),
                **rules.option_form(),  # as the lobby offers them
                "tiles": [
                    format_tiles([tile]) for tile, count in enumerate(rules.tile_counts) if count
                ],
                "losers_settle": rules.losers_settle,
                "discarder_pays": rules.discarder_pays,
                "starting_points": rules.starting_points,
                "rotate_on_dealer_win": rules.rotate_on_dealer_win,
                "rotate_on_draw": rules.rotate_on_draw,
            }
        )
    return listing


async def calculator_page(request: Request) -> Response:
    path = WEB / "calculator.html"
    if not path.is_file():
        return PlainTextResponse("the front end is not installed (calculator.html)", 404)
    return FileResponse(path)


async def calculator_redirect(request: Request) -> Response:
    return RedirectResponse("/calculator/", status_code=308)


async def service_worker(request: Request) -> Response:
    """Served under /calculator/ so that its scope is the calculator alone."""
    return FileResponse(WEB / "js" / "calculator-sw.js", media_type="text/javascript")


async def list_scored_rules(request: Request) -> Response:
    return JSONResponse({"rules": scored_rule_sets()})


async def score_endpoint(request: Request) -> Response:
    try:
        return JSONResponse(score_hand(await _body(request)))
    except Refused as error:
        return _failure(error)


async def settle_endpoint(request: Request) -> Response:
    try:
        return JSONResponse(settle_hand(await _body(request)))
    except Refused as error:
        return _failure(error)


ROUTES: list[BaseRoute] = [
    Route("/calculator", calculator_redirect),
    Route("/calculator/", calculator_page),
    Route("/calculator/sw.js", service_worker),
    Route("/api/score/rules", list_scored_rules),
    Route("/api/score", score_endpoint, methods=["POST"]),
    Route("/api/settle", settle_endpoint, methods=["POST"]),
]
"""The calculator's routes, for ``create_app``."""
