"""The ``fourwinds`` command."""

from __future__ import annotations

import importlib.util
import json
import socket
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click
from rich import box
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from fourwinds import __version__
from fourwinds.american.commands import card_group, load_card
from fourwinds.arena import ArenaReport
from fourwinds.arena import arena as run_arena
from fourwinds.arena import plot as plot_arena
from fourwinds.bots import BOTS
from fourwinds.family import family_of
from fourwinds.record import ReplayError
from fourwinds.record import replay as replay_record
from fourwinds.rules import DEFAULT, RuleSet, get_rules, listed
from fourwinds.server.limits import Limits
from fourwinds.simulate import Summary, every_core, simulate_on_ray
from fourwinds.simulate import simulate as run_simulation

RULES_OPTION = click.option(
    "--rules",
    "rules_name",
    type=click.Choice([rules.name for rules in listed()]),
    default=DEFAULT,
    show_default=True,
    help="The rule set to play.",
)
CARD_OPTION = click.option(
    "--card",
    "card_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="American: the card file to play by [default: the sample card].",
)
WORKERS_OPTION = click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Processes to play in; the results are those of one.  [default: every core]",
)


PLAIN_STEPS = 10
"""Without a terminal, the progress is a line at every tenth of the run."""


@contextmanager
def hands_progress(title: str, total: int) -> Iterator[Callable[[int], None]]:
    """Progress on standard error while hands are played: rich's bar in a terminal, else a
    plain line at every tenth (a log or a pipe shows something before the end, and standard
    output keeps only the result)."""
    console = Console(stderr=True)
    if console.is_terminal:
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task(title, total=total)
            yield lambda hands: progress.advance(task, hands)
        return
    done = 0
    shown = 0

    def advance(hands: int) -> None:
        nonlocal done, shown
        done += hands
        step = done * PLAIN_STEPS // total
        if step > shown:
            shown = step
            click.echo(f"{title}: {done}/{total} hands ({done * 100 // total}%)", err=True)

    yield advance


def played_by(rules: RuleSet, card_file: Path | None) -> RuleSet:
    """The rule set with the card of ``--card``, refused for a rule set played by no card."""
    if card_file is None:
        return rules
    if not family_of(rules).by_card:
        raise click.UsageError(f"--card: {rules.title} is not played by a card")
    return rules.with_card(load_card(card_file))


@click.group()
@click.version_option(__version__, prog_name="fourwinds")
def main() -> None:
    """Play and score Mah Jongg under Classical, Hong Kong Old Style, American and Beginner
    rules."""


@main.command()
@RULES_OPTION
@click.option("--hands", type=click.IntRange(min=1), default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--bots",
    "bot",
    type=click.Choice(sorted(BOTS)),
    default="greedy",
    show_default=True,
    help="The bot in all four seats.",
)
@click.option(
    "--records",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Write each hand's record to this directory.",
)
@CARD_OPTION
@click.option(
    "--players",
    type=click.IntRange(3, 4),
    default=4,
    show_default=True,
    help="American: three players play without the Charleston.",
)
@WORKERS_OPTION
@click.option(
    "--ray",
    "ray_address",
    default=None,
    metavar="ADDRESS",
    help="Play on the Ray cluster at ADDRESS (auto, ray://HOST:10001, or local for a Ray "
    "started here); needs the ray extra.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def simulate(
    rules_name: str,
    hands: int,
    seed: int,
    bot: str,
    records: Path | None,
    card_file: Path | None,
    players: int,
    workers: int | None,
    ray_address: str | None,
    as_json: bool,
) -> None:
    """Play HANDS seeded hands with bots in every seat and report the results."""
    workers = workers or every_core()
    try:
        rules = get_rules(rules_name, **({} if players == 4 else {"players": players}))
    except ValueError as error:
        raise click.UsageError(f"--players: {error}") from None
    rules = played_by(rules, card_file)
    if ray_address is not None and importlib.util.find_spec("ray") is None:
        raise click.UsageError("--ray needs the ray extra: pip install 'fourwinds[ray]'")

    def run(progress: Callable[[], None] | None = None) -> Summary:
        if ray_address is not None:
            return simulate_on_ray(rules, hands, seed, bot, ray_address, records, progress)
        return run_simulation(rules, hands, seed, bot, records, progress, workers)

    if as_json:
        click.echo(json.dumps(run().to_json()))
        return
    with hands_progress(f"{rules.title}, {bot} bots", hands) as advance:
        summary = run(lambda: advance(1))
    table = Table(title=f"{summary.hands} hands of {rules.title}, {bot} bots, seed {seed}")
    table.add_column("")
    table.add_column("hands", justify="right")
    for wind, wins in zip(("East", "South", "West", "North"), summary.wins, strict=True):
        table.add_row(f"wins by {wind}", str(wins))
    table.add_row("self-drawn wins", str(summary.self_drawn))
    table.add_row("drawn hands", str(summary.draws))
    Console().print(table)
    click.echo(f"{summary.hands_per_second:.0f} hands per second")


@main.command()
@RULES_OPTION
@click.option(
    "--bots",
    "bots",
    default="greedy,random,random,random",
    show_default=True,
    help="One bot per seat, comma-separated: a name or an import path module:Factory.",
)
@click.option(
    "--hands",
    "deals",
    type=click.IntRange(min=1),
    default=200,
    show_default=True,
    help="Deals to play; each is played once per rotation of the bots through the seats.",
)
@click.option("--seed", type=int, default=0, show_default=True)
@CARD_OPTION
@WORKERS_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--plot",
    "plot_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Also draw the intervals and running totals to this PNG file.",
)
def arena(
    rules_name: str,
    bots: str,
    deals: int,
    seed: int,
    card_file: Path | None,
    workers: int | None,
    as_json: bool,
    plot_file: Path | None,
) -> None:
    """Duplicate play: which bot is stronger, each deal played from every seat."""
    rules = get_rules(rules_name)
    rules = played_by(rules, card_file)
    names = [name.strip() for name in bots.split(",")]
    workers = workers or every_core()
    try:
        if as_json:
            report = run_arena(rules, names, deals, seed, workers)
        else:
            with hands_progress(f"{rules.title}: {bots}", deals * rules.seats) as advance:
                report = run_arena(rules, names, deals, seed, workers, advance)
        if plot_file is not None:
            plot_arena(report, str(plot_file))
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    if as_json:
        click.echo(json.dumps(report.to_json()))
        return
    Console().print(arena_table(report))


def arena_table(report: ArenaReport) -> Table:
    """The report as a table: each entrant's measure and interval, then the rates."""
    data = report.to_json()
    measure = data["measure"]
    digits = 1 if report.scored else 3
    table = Table(
        box=box.SIMPLE_HEAD,
        title=f"{report.rules.title}, {measure}: {report.deals} deals x {report.rules.seats} "
        f"rotations, seed {report.seed}; wall games {data['wall_game_rate']:.1%}",
    )
    table.add_column("bot", no_wrap=True)
    for column in (
        "per\nhand",
        "95%\ninterval",
        "wins",
        "average\nwin",
        "deal-\nins",
        "self-\ndrawn",
    ):
        table.add_column(column, justify="right", no_wrap=True)
    for i, entrant in enumerate(data["entrants"]):
        figure = entrant["points_per_hand" if report.scored else "wins_per_hand"]
        table.add_row(
            f"{i + 1}. {entrant['bot']}",
            f"{figure['mean']:+.{digits}f}",
            f"{figure['low']:+.{digits}f}..{figure['high']:+.{digits}f}",
            f"{entrant['win_rate']:.1%}",
            "-" if entrant["average_win"] is None else f"{entrant['average_win']:.1f}",
            f"{entrant['deal_in_rate']:.1%}",
            "-" if entrant["self_drawn_share"] is None else f"{entrant['self_drawn_share']:.1%}",
        )
    edge = data["edge"]
    table.caption = (
        f"{edge['of']} over the others' average: {edge['mean']:+.{digits}f} {measure} "
        f"(95% interval {edge['low']:+.{digits}f}..{edge['high']:+.{digits}f})"
    )
    return table


@main.command()
@click.argument("record_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--verify", is_flag=True, help="Fail unless the replay matches the record.")
def replay(record_file: Path, verify: bool) -> None:
    """Replay a game record, hand by hand; with --verify, fail loudly on any difference."""
    try:
        record = json.loads(record_file.read_text())
        deals = replay_record(record)
    except (json.JSONDecodeError, ReplayError, KeyError, TypeError) as error:
        click.echo(f"replay failed: {error}", err=True)
        sys.exit(1)
    for index, deal in enumerate(deals):
        result = deal.result
        assert result is not None
        if result.winner is None:
            outcome = "wall game"
        else:
            how = "self-drawn" if result.self_drawn else f"on seat {result.discarder}'s discard"
            outcome = f"seat {result.winner} won {how}: {result.hands[result.winner]}"
        click.echo(f"hand {index}: {len(deal.history)} actions, {outcome}")
    if verify:
        click.echo(f"verified: {len(deals)} hand(s) replay exactly as recorded")


MAX_FRAME = 65536
"""Bytes: a larger WebSocket frame closes the socket; up to this, an over-long message (over
4 KiB) is answered with an error."""


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=int, default=8000, show_default=True)
@click.option(
    "--database-url",
    default=None,
    help="sqlite:///FILE or postgresql://... [default: SQLite in the user's data directory]",
)
@click.option("--bot-delay", type=float, default=0.5, show_default=True, help="Seconds bots wait.")
@click.option(
    "--away-wait",
    type=float,
    default=15.0,
    show_default=True,
    help="Seconds before a bot plays for a player who left.",
)
@click.option(
    "--hand-pause",
    type=float,
    default=30.0,
    show_default=True,
    help="Seconds between hands unless every player sends next.",
)
@click.option(
    "--grace",
    type=float,
    default=120.0,
    show_default=True,
    help="Seconds a table waits for its people to come back before it is finished and saved.",
)
@click.option(
    "--tables-per-client",
    type=click.IntRange(1),
    default=Limits().tables_per_client,
    show_default=True,
    help="Unfinished tables one client (address) may have created.",
)
@click.option(
    "--tables-per-minute",
    type=click.IntRange(1),
    default=Limits().tables_per_minute,
    show_default=True,
    help="Requests for a new table one client may make a minute.",
)
@click.option(
    "--sockets-per-client",
    type=click.IntRange(1),
    default=Limits().sockets_per_client,
    show_default=True,
    help="Open WebSockets one client may have.",
)
@click.option(
    "--messages-per-second",
    type=click.FloatRange(min=0, min_open=True),
    default=Limits().messages_per_second,
    show_default=True,
    help="Messages a socket may send a second (twice as many at once).",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Processes to run, on --port and the ports after it, over one shared database "
    "(PostgreSQL), behind a load balancer (docs/deploy.md); each restarted if it dies.",
)
@click.option(
    "--worker",
    type=click.IntRange(1, 64),
    default=None,
    help="Run as worker K of several (--workers starts them so): table ids start with 'K.', "
    "and only those tables are played here.",
)
def serve(
    host: str,
    port: int,
    database_url: str | None,
    bot_delay: float,
    away_wait: float,
    hand_pause: float,
    grace: float,
    tables_per_client: int,
    tables_per_minute: int,
    sockets_per_client: int,
    messages_per_second: float,
    workers: int,
    worker: int | None,
) -> None:
    """Serve the web app: the lobby, tables with bots and friends, history and replays."""
    import uvicorn

    from fourwinds.server.app import create_app
    from fourwinds.server.table import Timing

    if workers > 1:
        from fourwinds.server.workers import supervise

        params = dict(click.get_current_context().params)
        del params["workers"], params["port"], params["worker"]
        supervise(workers, port, params)
        return

    limits = Limits(
        tables_per_client,
        tables_per_minute,
        sockets_per_client,
        messages_per_second,
        max(1, round(2 * messages_per_second)),
    )
    try:
        listener = listening_socket(host, port)
    except OSError as error:
        click.echo(f"fourwinds serve: cannot listen on {host}:{port}: {error.strerror}", err=True)
        sys.exit(1)
    app = create_app(
        database_url,
        Timing(bot_delay, away_wait, hand_pause, grace),
        limits,
        settle_heap=True,
        worker=worker,
    )
    config = uvicorn.Config(app, ws_max_size=MAX_FRAME, log_level="warning")
    click.echo(f"fourwinds{f' worker {worker}' if worker else ''} at http://{host}:{port}/")
    uvicorn.Server(config).run(sockets=[listener])


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything is printed: a busy port is one line and a
    non-zero exit, not an address followed by a bind error."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError:
        listener.close()
        raise
    listener.set_inheritable(True)
    return listener


@main.command()
@click.option(
    "--url",
    default=None,
    help="The table link with #position=P&token=T, or the server's address with --table.",
)
@click.option("--table", "table_id", default=None, help="Join this table's first free seat.")
@click.option("--name", default="Bot", show_default=True, help="The name to join under.")
@click.option("--bot", "bot_name", type=click.Choice(sorted(BOTS)), default="greedy")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--stdio",
    is_flag=True,
    help="Answer state messages on standard input instead (an arena's exec: entrant).",
)
def bot(
    url: str | None, table_id: str | None, name: str, bot_name: str, seed: int, stdio: bool
) -> None:
    """Play a seat at a table with a built-in bot, over the WebSocket protocol, or answer an
    arena over standard input and output (``--stdio``)."""
    import asyncio

    from fourwinds.server.client import play_remote, resolve

    if stdio:
        from fourwinds.external import serve

        serve(bot_name, sys.stdin, sys.stdout)
        return
    if url is None:
        raise click.UsageError("give --url (a table link or a server's address), or --stdio")
    try:
        socket_url, position, token = resolve(url, table_id, name)
        standings = asyncio.run(play_remote(socket_url, position, token, bot_name, seed))
    except (OSError, ValueError, PermissionError) as error:
        click.echo(f"bot failed: {error}", err=True)
        sys.exit(1)
    click.echo(json.dumps({"standings": standings}))


from fourwinds.calculator import score_command, settle_command  # noqa: E402

main.add_command(score_command)
main.add_command(settle_command)
main.add_command(card_group)


@main.command()
@click.argument("records", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
def dataset(records: Path, out: Path) -> None:
    """Write the records in RECORDS (of one rule set; `simulate --records`) to OUT, a Parquet
    file of one row per decision: observation, mask, action, outcome (docs/rl.md; needs the rl
    extra)."""
    try:
        from fourwinds.rl.dataset import export, read_records
    except ImportError as error:
        raise click.UsageError(
            f"dataset needs the rl extra (pip install 'fourwinds[rl]'): {error}"
        ) from None

    try:
        rows = export(read_records(records), out)
    except ReplayError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"{rows} decisions written to {out}")
