"""A bot at a table over the WebSocket protocol, as any external program would sit there.

``RemoteView`` and ``RemoteAmericanView`` read a ``state`` message's view (JSON) into what the
built-in bots read, so the same bots that play inside the server can play from outside it
(``fourwinds bot``). An American bot also needs the table's card: it is public, read once from
``GET /api/tables/{id}/card``.
"""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from collections.abc import Sequence
from typing import Any

import websockets

from fourwinds.american import is_american
from fourwinds.american.actions import AmericanAction
from fourwinds.american.bots import AmericanBot, make_american_bot
from fourwinds.american.card import Card
from fourwinds.american.deal import matcher_for
from fourwinds.american.hand import AmericanHand, Exposure
from fourwinds.american.matcher import Holding, Matcher
from fourwinds.american.view import unseen_tiles
from fourwinds.bots import Bot, make_bot
from fourwinds.engine.actions import Action
from fourwinds.rules import RuleSet, get_rules
from fourwinds.tiles import PLAIN_KINDS, Tile, counts, parse_tile, parse_tiles


class RemoteView:
    """A seat's view as received in a ``state`` message (``View.to_json()``)."""

    def __init__(self, view: dict[str, Any], rule_set: RuleSet) -> None:
        self.seat: int = view["seat"]
        self.phase: str = view["phase"]
        self.legal_actions = [Action.parse(text) for text in view["legal_actions"]]
        self.rule_set = rule_set
        self.discard: Tile | None = None if view["discard"] is None else parse_tile(view["discard"])
        self._counts = counts(parse_tiles(view["hand"]), PLAIN_KINDS)
        self._melds: list[list[dict[str, Any]]] = [seat["melds"] for seat in view["seats"]]

    @property
    def counts(self) -> list[int]:
        return list(self._counts)

    def melds(self, seat: int) -> Sequence[object]:
        return self._melds[seat]


class RemoteAmericanView:
    """An American seat's view as received in a ``state`` message (``AmericanView.to_json()``),
    with the table's card."""

    def __init__(self, view: dict[str, Any], matcher: Matcher) -> None:
        self.phase: str = view["phase"]
        self.legal_actions = [AmericanAction.parse(text) for text in view["legal_actions"]]
        self.hand = tuple(parse_tiles(view["hand"]))
        self.discard: Tile | None = None if view["discard"] is None else parse_tile(view["discard"])
        self.live_left: int = view["live_left"]
        self.matcher = matcher
        self._exposures = [
            tuple(Exposure.parse(e["text"]) for e in seat["exposures"]) for seat in view["seats"]
        ]
        self._discards = [
            tuple((parse_tile(d["tile"]), bool(d["claimed"])) for d in seat["discards"])
            for seat in view["seats"]
        ]
        self.holding = Holding.of(AmericanHand(self.hand, self._exposures[view["seat"]]))

    def exposures(self, seat: int) -> tuple[Exposure, ...]:
        return self._exposures[seat]

    def discards(self, seat: int) -> tuple[tuple[Tile, bool], ...]:
        return self._discards[seat]

    def unseen(self) -> list[int]:
        return unseen_tiles(
            self.hand,
            [e for seat in self._exposures for e in seat],
            [d for seat in self._discards for d in seat],
        )


def table_card(socket_url: str) -> Card:
    """The card of the table behind a socket address (``ws://HOST/ws/ID``)."""
    parts = urllib.parse.urlsplit(socket_url)
    scheme = "https" if parts.scheme == "wss" else "http"
    table_id = parts.path.rstrip("/").rsplit("/", 1)[-1]
    address = urllib.parse.urlunsplit(
        (scheme, parts.netloc, f"/api/tables/{table_id}/card", "", "")
    )
    with urllib.request.urlopen(address) as answer:
        return Card.parse(json.load(answer)["text"])


def resolve(url: str, table: str | None, name: str) -> tuple[str, int, str]:
    """The socket address, position and token: from a table link with its fragment
    (``http://HOST/table/ID#position=P&token=T``), or by joining ``table`` on the server at
    ``url`` under ``name``."""
    parts = urllib.parse.urlsplit(url)
    scheme = "wss" if parts.scheme in ("https", "wss") else "ws"
    fragment = urllib.parse.parse_qs(parts.fragment)
    if "position" in fragment and "token" in fragment:
        table_id = parts.path.rstrip("/").rsplit("/", 1)[-1]
        position, token = int(fragment["position"][0]), fragment["token"][0]
    elif table is not None:
        base = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "", "", ""))
        request = urllib.request.Request(
            f"{base}/api/tables/{table}/join",
            data=json.dumps({"name": name}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request) as answer:
            seat = json.load(answer)
        table_id, position, token = table, seat["position"], seat["token"]
    else:
        raise ValueError("give a table link with #position=P&token=T, or a table id to join")
    return f"{scheme}://{parts.netloc}/ws/{table_id}", position, token


async def play_remote(socket_url: str, position: int, token: str, bot_name: str, seed: int) -> Any:
    """Play a seat until the game is over; returns the final standings."""
    engine_bot: Bot | None = None
    american_bot: AmericanBot | None = None
    matcher: Matcher | None = None
    async with websockets.connect(socket_url) as socket:
        await socket.send(json.dumps({"type": "hello", "position": position, "token": token}))
        answered: list[str] | None = None
        """The legal actions last answered: a state repeating them predates the answer."""
        ready_for = None
        async for text in socket:
            message = json.loads(text)
            if message["type"] == "error":
                if message["error"] == "bad token":
                    raise PermissionError("the server refused the token")
                answered = None  # refused (a stale answer): decide again on the next state
                continue
            if message["type"] != "state":
                continue
            if message["standings"] is not None:
                return message["standings"]
            view, table = message["view"], message["table"]
            if view is None:
                continue  # the table is still filling
            if view["phase"] == "ended":
                if ready_for != table["hand_number"]:
                    ready_for = table["hand_number"]
                    await socket.send(json.dumps({"type": "next"}))
                continue
            legal = view["legal_actions"]
            if not legal or legal == answered:
                answered = answered if legal else None
                continue
            rule_set = get_rules(table["rules"], **table["options"])
            action: Action | AmericanAction
            if is_american(rule_set):
                if american_bot is None or matcher is None:
                    american_bot = make_american_bot(bot_name, seed)
                    matcher = matcher_for(table_card(socket_url))
                action = american_bot.choose(RemoteAmericanView(view, matcher))
            else:
                engine_bot = engine_bot or make_bot(bot_name, seed)
                action = engine_bot.choose(RemoteView(view, rule_set))
            answered = legal
            await socket.send(json.dumps({"type": "action", "action": str(action)}))
    raise ConnectionError("the server closed the connection before the game ended")
