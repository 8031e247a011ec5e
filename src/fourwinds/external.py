"""A bot in another program, in any language: it reads the protocol's ``state`` messages on its
standard input, one JSON object a line, and answers each with an ``action`` message on its
standard output (docs/protocol.md, "Bots over standard input and output").

The arena seats such a bot by ``exec:COMMAND``; ``fourwinds bot --stdio`` makes a built-in bot
that program, which is how the exchange is tested. Each message is the ``state`` message of the
seat's view with two fields more: ``seed``, the seed the arena gives the seat for this deal, and
``new``, true on the first message to a newly seated bot (a new deal or rotation), so that a bot
drawing random numbers starts again from the seed and duplicate play replays exactly.
"""

from __future__ import annotations

import atexit
import json
import shlex
import shutil
import subprocess
from typing import IO, Any

from fourwinds.family import Bot, family_of
from fourwinds.rules import get_rules
from fourwinds.server.protocol import ActionMessage, BadMessage, parse_message

PREFIX = "exec:"
"""An arena entrant named ``exec:COMMAND`` is the program COMMAND (no commas in it)."""

_running: dict[str, subprocess.Popen[str]] = {}
"""One process per command in this process, answering for every bot seated with it."""


class ExternalBotError(ValueError):
    """The program failed: it could not start, closed, or answered what cannot be played."""


def command_of(name: str) -> str | None:
    """The command of an entrant named ``exec:COMMAND``; None for any other name."""
    return name[len(PREFIX) :].strip() if name.startswith(PREFIX) else None


def check_command(command: str) -> None:
    """Refuse, before anything is played, a command whose program cannot be found."""
    words = shlex.split(command)
    if not words or shutil.which(words[0]) is None:
        raise ExternalBotError(f"bot {PREFIX}{command}: no program {words[:1]} to run")


def _process(command: str) -> subprocess.Popen[str]:
    process = _running.get(command)
    if process is None or process.poll() is not None:
        check_command(command)
        process = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,  # a line at a time: each message is one line
        )
        _running[command] = process
    return process


@atexit.register
def _stop_all() -> None:
    """Close every program's input (its signal to end) and wait a little for it."""
    for process in _running.values():
        if process.stdin is not None:
            process.stdin.close()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
    _running.clear()


def state_message(view: Any, seed: int, new: bool) -> dict[str, Any]:
    """What the program reads for one decision: the seat's view and the table's rules, as the
    server's ``state`` message gives them, with the seat's ``seed`` and whether it is ``new``."""
    rules = view.rule_set
    table = {
        "rules": rules.name,
        "options": rules.options(),
        **family_of(rules).record_fields(rules),  # the card, where hands are won by one
    }
    return {"type": "state", "seed": seed, "new": new, "table": table, "view": view.to_json()}


class ExternalBot:
    """A seat played by the program ``command``; refuses, naming the program, an answer that is
    not a legal action."""

    def __init__(self, command: str, seed: int) -> None:
        self.command = command
        self.seed = seed
        self._new = True

    def choose(self, view: Any) -> Any:
        process = _process(self.command)
        assert process.stdin is not None and process.stdout is not None
        message = json.dumps(state_message(view, self.seed, self._new))
        self._new = False
        try:
            process.stdin.write(message + "\n")
            process.stdin.flush()
            answer = process.stdout.readline()
        except OSError as error:
            raise ExternalBotError(f"bot {PREFIX}{self.command} stopped: {error}") from None
        if not answer:
            raise ExternalBotError(f"bot {PREFIX}{self.command} closed its output")
        try:
            parsed = parse_message(answer)
            if not isinstance(parsed, ActionMessage):
                raise BadMessage('expected {"type": "action", "action": ...}')
            action = family_of(view.rule_set).parse_action(parsed.action)
        except ValueError as error:  # BadMessage, or an action that does not parse
            text = f"bot {PREFIX}{self.command} answered {answer.strip()!r}: {error}"
            raise ExternalBotError(text) from None
        if action not in view.legal_actions:
            raise ExternalBotError(
                f"bot {PREFIX}{self.command} chose {parsed.action!r}, which is not legal now"
            )
        return action


def serve(bot_name: str, lines: IO[str], out: IO[str]) -> None:
    """Be the program: answer each ``state`` line with the built-in bot ``bot_name``, a new one
    from the message's seed whenever it is ``new`` (``fourwinds bot --stdio``)."""
    table_text = None
    bot: Bot | None = None
    for line in lines:
        message = json.loads(line)
        table = message["table"]
        if json.dumps(table, sort_keys=True) != table_text:
            table_text = json.dumps(table, sort_keys=True)
            rules = get_rules(table["rules"], **table["options"])
            family = family_of(rules)
            rules = family.with_record_fields(rules, table)
        if bot is None or message["new"]:
            bot = family.bot(bot_name, message["seed"])
        action = bot.choose(family.remote_view(message["view"], rules))
        out.write(json.dumps({"type": "action", "action": str(action)}) + "\n")
        out.flush()
