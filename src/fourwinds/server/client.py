"""A bot at a table over the WebSocket protocol, as any external program would sit there.

The family's ``remote_view`` reads a ``state`` message's view (JSON) into what the built-in bots
read, so the same bots that play inside the server can play from outside it (``fourwinds bot``).
Where hands are won by a card, the bot also needs the table's card: it is public, read once from
``GET /api/tables/{id}/card``.
"""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from typing import Any

import websockets

from fourwinds.family import Bot, family_of
from fourwinds.rules import RuleSet, get_rules


def table_card(socket_url: str) -> str:
    """The card (its text) of the table behind a socket address (``ws://HOST/ws/ID``)."""
    parts = urllib.parse.urlsplit(socket_url)
    scheme = "https" if parts.scheme == "wss" else "http"
    table_id = parts.path.rstrip("/").rsplit("/", 1)[-1]
    address = urllib.parse.urlunsplit(
        (scheme, parts.netloc, f"/api/tables/{table_id}/card", "", "")
    )
    with urllib.request.urlopen(address) as answer:
        text: str = json.load(answer)["text"]
        return text


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
    bot: Bot | None = None
    rules: RuleSet | None = None
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
            if rules is None:
                rules = get_rules(table["rules"], **table["options"])
                family = family_of(rules)
                if family.by_card:
                    rules = family.with_record_fields(rules, {"card": table_card(socket_url)})
            family = family_of(rules)
            bot = bot or family.bot(bot_name, seed)
            action = bot.choose(family.remote_view(view, rules))
            answered = legal
            await socket.send(json.dumps({"type": "action", "action": str(action)}))
    raise ConnectionError("the server closed the connection before the game ended")
