"""The web app (Starlette): the pages, the lobby's JSON API, one WebSocket per seat or spectator
and the rules pages. Responses are gzipped (a replay's steps shrink to a tenth).

Handlers are ``async`` so that every change to a table happens on the event loop that runs its
timers; nothing at a table is shared between threads. ``docs/protocol.md`` is the contract.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from fourwinds.family import family_of
from fourwinds.record import ReplayError, replay
from fourwinds.rules import RuleSet, get_rules, listed
from fourwinds.server import heap
from fourwinds.server.acknowledge import StoredFirst
from fourwinds.server.limits import ClientLimits, Limits
from fourwinds.server.lobby import Lobby
from fourwinds.server.outbox import SocketConnection
from fourwinds.server.protocol import (
    ActionMessage,
    AutoPass,
    BadMessage,
    HintRequest,
    Ready,
    Watch,
    error,
    parse_hello,
    parse_message,
)
from fourwinds.server.replay import file_table, replay_document
from fourwinds.server.rulebook import rules_page
from fourwinds.server.scoring_api import ROUTES as SCORING_ROUTES
from fourwinds.server.stats import STATS
from fourwinds.server.storable import storable
from fourwinds.server.storage import Storage
from fourwinds.server.table import Table, TableError, Timing, table_rules

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 4096
MAX_CARD_BODY = 65536
"""A new table's body may carry a whole card."""
MAX_RECORD_BODY = 4 * 1024 * 1024
"""A record file opened in the replay viewer: a long game's record is a few hundred KiB."""
HELLO_SECONDS = 10.0
"""How long a new socket may take to say hello."""
DEFAULT_CLAIM_SECONDS = 8.0
MAX_CLAIM_SECONDS = 120.0
NAME_LENGTH = 40
TABLE_DEFAULTS = {"rounds": 1}
"""What a new table starts from where the body does not say: one round (at least four hands),
a game that fits a sitting; a table may still choose every round of the rule set."""


def _failure(status: int, text: str) -> JSONResponse:
    return JSONResponse({"error": text}, status_code=status)


class TooLarge(BadMessage):
    """A request body over its route's limit (read no further than the limit)."""


async def _body(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise TooLarge(f"request body over {limit} bytes")
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):  # RecursionError: nested too deeply
        raise BadMessage("the body must be a JSON object") from None
    if not isinstance(data, dict):
        raise BadMessage("the body must be a JSON object")
    storable(data, "the body")  # issue 14: what no database can store is refused here
    return data


def _limits(request: Request | WebSocket) -> Limits:
    limits: Limits = request.app.state.limits
    return limits


def _lobby(request: Request | WebSocket) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def _page(name: str) -> Response:
    path = WEB / name
    if not path.is_file():
        return PlainTextResponse(f"the front end is not installed ({name})", status_code=404)
    return FileResponse(path)


async def lobby_page(request: Request) -> Response:
    return _page("lobby.html")


async def table_page(request: Request) -> Response:
    return _page("table.html")


async def replay_page(request: Request) -> Response:
    return _page("replay.html")


async def watch_page(request: Request) -> Response:
    return _page("watch.html")


async def favicon(request: Request) -> Response:
    """The tile of the East wind, drawn by fourwinds (SVG: every current browser shows it)."""
    path = WEB / "favicon.svg"
    if not path.is_file():
        return PlainTextResponse("the front end is not installed (favicon.svg)", status_code=404)
    return FileResponse(path, media_type="image/svg+xml")


async def rules_text(request: Request) -> Response:
    """A rules page of ``docs/rules`` as HTML (server/rulebook.py)."""
    page = rules_page(request.path_params["name"])
    if page is None:
        return PlainTextResponse("no such rules page", status_code=404)
    return HTMLResponse(page)


def table_options(rule_set: RuleSet) -> dict[str, Any]:
    """The options a new table of the rule set starts from (``TABLE_DEFAULTS`` over its own)."""
    options = rule_set.options()
    options.update({key: value for key, value in TABLE_DEFAULTS.items() if key in options})
    return options


async def list_rules(request: Request) -> Response:
    """Every rule set with a line on what it is and its rules page, its options' defaults for a
    new table, and for the lobby's form their choices (and their words), labels and one line of
    help, all from the options' declaration (rules/options.py)."""
    rules = []
    for rule_set in listed():
        rules.append(
            {
                "name": rule_set.name,
                "title": rule_set.title,
                "summary": rule_set.summary,
                "rules_page": f"/rules/{rule_set.rules_page}",
                "options": table_options(rule_set),
                **rule_set.option_form(),
                "by_card": family_of(rule_set).by_card,
                "bots": list(family_of(rule_set).bot_names),
            }
        )
    return JSONResponse({"rules": rules})


async def list_tables(request: Request) -> Response:
    return JSONResponse({"tables": _lobby(request).open_tables()})


async def create_table(request: Request) -> Response:
    try:
        body = await _body(request, MAX_CARD_BODY)
        rules = body.get("rules")
        options = body.get("options", {})
        claim_seconds = body.get("claim_seconds", DEFAULT_CLAIM_SECONDS)
        card = body.get("card")
        if not isinstance(rules, str) or not isinstance(options, dict):
            raise BadMessage('expected {"rules": name, "options": {...}}')
        options = {**table_options(get_rules(rules)), **options}
        if card is not None and not isinstance(card, str):
            raise BadMessage("card must be the text of a card file")
        if (
            not isinstance(claim_seconds, int | float)
            or isinstance(claim_seconds, bool)
            or not 0 <= claim_seconds <= MAX_CLAIM_SECONDS
        ):
            raise BadMessage(f"claim_seconds must be 0 (no limit) to {MAX_CLAIM_SECONDS:g}")
        if card is not None:  # issue 14: a card is expanded off the event loop (then cached)
            await asyncio.to_thread(table_rules, rules, options, card)
        table = _lobby(request).create(rules, options, float(claim_seconds), card)
    except (ValueError, TypeError) as problem:
        return _failure(400, str(problem))
    return JSONResponse({"table": table.summary()}, status_code=201)


def _table(request: Request) -> Table | None:
    return _lobby(request).table(request.path_params["table_id"])


async def join_table(request: Request) -> Response:
    table = _table(request)
    if table is None:
        return _failure(404, "no such table")
    try:
        body = await _body(request)
        name, position = body.get("name"), body.get("position")
        if not isinstance(name, str) or not 0 < len(name.strip()) <= NAME_LENGTH:
            raise BadMessage(f"a name of 1 to {NAME_LENGTH} characters is needed")
        if position is not None and (not isinstance(position, int) or isinstance(position, bool)):
            raise BadMessage("position must be 0 to 3")
        position, token = table.join(name.strip(), position)
    except TableError as problem:
        return _failure(409, str(problem))
    except ValueError as problem:
        return _failure(400, str(problem))
    url = f"/table/{table.id}#position={position}&token={token}"
    return JSONResponse({"position": position, "token": token, "url": url})


async def _seat_holder(request: Request, table: Table) -> int:
    """The position whose token the body carries (``{"position", "token"}``)."""
    body = await _body(request)
    position, token = body.get("position"), body.get("token")
    if not isinstance(position, int) or isinstance(position, bool) or not isinstance(token, str):
        raise BadMessage('expected {"position": P, "token": "T"}: your seat and its token')
    if not table.check_token(position, token):
        raise PermissionError("bad token")
    return position


async def _as_seat_holder(request: Request, act: Callable[[Table, int], None]) -> Response:
    """Do ``act`` for the seat whose token the body carries; the table after it, or why not
    (403 a bad token or a seat that may not, 409 what the table refuses, 400 a bad body)."""
    table = _table(request)
    if table is None:
        return _failure(404, "no such table")
    try:
        act(table, await _seat_holder(request, table))
    except PermissionError as problem:
        return _failure(403, str(problem))
    except TableError as problem:
        return _failure(409, str(problem))
    except ValueError as problem:
        return _failure(400, str(problem))
    return JSONResponse({"table": table.summary()})


async def leave_table(request: Request) -> Response:
    """A person leaves: a free seat before the game, a bot's seat during it."""
    return await _as_seat_holder(request, lambda table, position: table.leave(position))


def _end(table: Table, position: int) -> None:
    if position != table.host:
        raise PermissionError("only the host (the first person seated) may end the table")
    if table.status == "finished":
        raise TableError("the table is finished")
    table.end()


async def end_table(request: Request) -> Response:
    """The host ends the table: finished now, its finished hands saved for the replay."""
    return await _as_seat_holder(request, _end)


async def table_card(request: Request) -> Response:
    """The card a table plays by (public: every player holds one)."""
    table = _table(request)
    if table is None:
        return _failure(404, "no such table")
    card = table.family.card(table.rules)
    if card is None:
        return _failure(404, f"{table.rules.title} is not played by a card")
    lines = [
        {
            "id": line.id,
            "section": line.section,
            "text": str(variant),
            "value": line.value,
            "concealed": line.concealed,
            "caption": line.caption,
        }
        for line in card.lines
        for variant in line.variants
    ]
    return JSONResponse({"title": card.title, "year": card.year, "lines": lines, "text": str(card)})


async def add_bots(request: Request) -> Response:
    table = _table(request)
    if table is None:
        return _failure(404, "no such table")
    try:
        body = await _body(request)
        bot = body.get("bot")
        if bot is not None and not isinstance(bot, str):
            raise BadMessage("bot must be a bot's name")
        position = body.get("position")
        if position is not None and (not isinstance(position, int) or isinstance(position, bool)):
            raise BadMessage("position must be a number")
        table.add_bots(bot, position)
    except TableError as problem:
        return _failure(409, str(problem))
    except ValueError as problem:
        return _failure(400, str(problem))
    return JSONResponse({"table": table.summary()})


async def server_stats(request: Request) -> Response:
    """Where this process's time went (server/stats.py), and what it holds."""
    lobby = _lobby(request)
    report = STATS.report(lobby.storage.journal.cpu_seconds)
    report["tables"] = len(lobby.tables)
    report["sockets"] = sum(len(c) for t in lobby.tables.values() for c in t.connections)
    report["writes"] = lobby.storage.journal.written
    report["commits"] = lobby.storage.journal.commits
    return JSONResponse(report)


async def list_games(request: Request) -> Response:
    games = await asyncio.to_thread(_lobby(request).games)  # issue 14: reads off the loop
    return JSONResponse({"games": games})


def _finished_record(request: Request) -> dict[str, Any] | JSONResponse:
    lobby = _lobby(request)
    table_id = request.path_params["table_id"]
    record = lobby.record(table_id)
    if record is not None:
        return record
    table = lobby.table(table_id)
    if table is None:
        return _failure(404, "no such game")
    if table.status == "finished":
        return _failure(404, "the table ended before any hand was over: nothing to replay")
    return _failure(409, "the game is not over yet")


async def game_record(request: Request) -> Response:
    """The record; with ``?download`` as a file to keep (``fourwinds-ID.json``)."""
    record = _finished_record(request)
    if isinstance(record, JSONResponse):
        return record
    headers = {}
    if "download" in request.query_params:
        name = f"fourwinds-{request.path_params['table_id']}.json"
        headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return JSONResponse(record, headers=headers)


async def game_replay(request: Request) -> Response:
    record = _finished_record(request)
    if isinstance(record, JSONResponse):
        return record
    # issue 14: built a hand at a time off the event loop and streamed (a game has at most
    # HANDS_AT_MOST hands), its summary read from storage rather than by replaying the table
    summary = _lobby(request).finished_summary(request.path_params["table_id"])
    return StreamingResponse(replay_document(summary, record), media_type="application/json")


def _file_table(record: dict[str, Any]) -> dict[str, Any]:
    """A record file's table, once ``replay`` has found that the record reproduces its game."""
    try:
        replay(record)
        return file_table(record)
    except ReplayError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as problem:
        raise ReplayError(f"not a fourwinds record: {type(problem).__name__} {problem}") from None


async def file_replay(request: Request) -> Response:
    """A record file (the body) in the shape of ``GET /api/games/{id}/replay``: a file of any
    size up to ``MAX_RECORD_BODY``, played again off the event loop."""
    try:
        record = await _body(request, MAX_RECORD_BODY)
        table = await asyncio.to_thread(_file_table, record)
        return StreamingResponse(replay_document(table, record), media_type="application/json")
    except TooLarge:
        return _failure(413, f"a record file may be at most {MAX_RECORD_BODY // 2**20} MiB")
    except BadMessage as problem:
        return _failure(400, str(problem))
    except ReplayError as problem:
        return _failure(422, str(problem))


async def _receive(websocket: WebSocket) -> str | bytes | None:
    """The next message's text or bytes; None once the socket has closed."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    data: str | bytes | None = message.get("text")
    return data if data is not None else message.get("bytes", b"")


def _answer(table: Table, position: int, raw: str | bytes) -> str | None:
    """Handle one client message; the reply for this socket alone (an error or a hint)."""
    try:
        message = parse_message(raw)
    except BadMessage as problem:
        return error(str(problem))
    refusal: str | None = None
    if isinstance(message, ActionMessage):
        refusal = table.act(position, message.action)
    elif isinstance(message, HintRequest):
        hint = table.hint(position)
        if not isinstance(hint, str):
            return json.dumps(hint)
        refusal = hint
    elif isinstance(message, AutoPass):
        table.set_auto_pass(position, message.on)
    elif isinstance(message, Ready):
        refusal = table.ready(position)
    return None if refusal is None else error(refusal)


async def play(websocket: WebSocket) -> None:
    """One seat's socket: hello with the seat's token, then messages both ways."""
    await websocket.accept()
    try:
        first = await asyncio.wait_for(_receive(websocket), HELLO_SECONDS)
        if first is None:
            return
        hello = parse_hello(first)
    except TimeoutError:
        await websocket.close(4408)
        return
    except BadMessage as problem:
        await websocket.send_text(error(str(problem)))
        await websocket.close(4400)
        return
    table = _lobby(websocket).table(websocket.path_params["table_id"])
    if table is None:
        await websocket.send_text(error("no such table"))
        await websocket.close(4404)
        return
    connection = SocketConnection()
    if isinstance(hello, Watch):
        await _watch(websocket, table, connection)
        return
    if not table.check_token(hello.position, hello.token):
        await websocket.send_text(error("bad token"))
        await websocket.close(4401)
        return
    sender = asyncio.create_task(connection.pump(websocket))
    table.connect(hello.position, connection)
    rate = _limits(websocket).rate()
    try:
        while (raw := await connection.unless_behind(_receive(websocket))) is not None:
            # issue 14: a message over the socket's rate is not read; every message read gets
            # exactly one answer: an error, a hint, or a state (the broadcast of a change, or
            # the seat's state when nothing changed)
            if not rate.allow():
                connection.send(error(rate.refusal()))
                continue
            before = connection.queued
            reply = _answer(table, hello.position, raw)
            if reply is not None:
                connection.send(reply)
            elif connection.queued == before and not table.pending:
                connection.send(json.dumps(table.state(hello.position)))
    except WebSocketDisconnect:
        pass
    finally:
        table.disconnect(hello.position, connection)
        sender.cancel()


async def _watch(websocket: WebSocket, table: Table, connection: SocketConnection) -> None:
    """A spectator's socket: public states out; anything it sends is answered with an error."""
    sender = asyncio.create_task(connection.pump(websocket))
    table.watch(connection)
    try:
        # as a seat's: a spectator that falls behind is closed (its outbox freed)
        while await connection.unless_behind(_receive(websocket)) is not None:
            connection.send(error("a spectator watches: take a seat to play"))
    except WebSocketDisconnect:
        pass
    finally:
        table.unwatch(connection)
        sender.cancel()


def create_app(
    database_url: str | None = None,
    timing: Timing | None = None,
    limits: Limits | None = None,
    settle_heap: bool = False,
    worker: int | None = None,
) -> Starlette:
    """The app over the given database (default: SQLite in the user's data directory).
    ``settle_heap``: tune the process's garbage collector once started (``serve`` does; an app
    inside a test process does not). ``worker``: this process is that worker of several
    (``server/owner.py``)."""
    limits = limits or Limits()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        storage = Storage(database_url)
        lobby = Lobby(storage, timing or Timing(), None if worker is None else str(worker))
        app.state.lobby = lobby
        app.state.limits = limits
        storage.journal.attach(asyncio.get_running_loop(), lobby.database)
        lobby.start()
        freezer = None
        if settle_heap:  # issue 14: no long collector pauses (server/heap.py)
            heap.settle()
            freezer = asyncio.create_task(heap.keep_frozen())
        try:
            yield
        finally:
            if freezer is not None:
                freezer.cancel()
            lobby.close()
            storage.close()

    routes = [
        Route("/", lobby_page),
        Route("/table/{table_id}", table_page),
        Route("/replay/file", replay_page),
        Route("/replay/{table_id}", replay_page),
        Route("/watch/{table_id}", watch_page),
        Route("/rules/{name}", rules_text),
        Route("/favicon.ico", favicon),
        Route("/api/rules", list_rules),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}/join", join_table, methods=["POST"]),
        Route("/api/tables/{table_id}/bots", add_bots, methods=["POST"]),
        Route("/api/tables/{table_id}/leave", leave_table, methods=["POST"]),
        Route("/api/tables/{table_id}/end", end_table, methods=["POST"]),
        Route("/api/tables/{table_id}/card", table_card),
        Route("/api/games", list_games),
        Route("/api/stats", server_stats),
        Route("/api/games/{table_id}/record", game_record),
        Route("/api/games/{table_id}/replay", game_replay),
        Route("/api/replay", file_replay, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", play),
        *SCORING_ROUTES,
        # issue 14: each static directory is mounted alone, so no path leads out of it
        Mount("/static/js", StaticFiles(directory=WEB / "js", check_dir=False), name="js"),
        Mount("/static/css", StaticFiles(directory=WEB / "css", check_dir=False), name="css"),
    ]
    middleware = [
        Middleware(GZipMiddleware, minimum_size=1024),
        Middleware(StoredFirst),
        Middleware(ClientLimits, limits=limits),
    ]
    return Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
