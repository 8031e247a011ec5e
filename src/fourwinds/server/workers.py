"""``fourwinds serve --workers N``: N server processes over one database, each restarted if it
dies, behind a load balancer that routes each table to its owner (``docs/deploy.md``).

Why: one process plays every table on one core. Worker K listens on ``port + K - 1`` and owns
the tables whose ids start with ``K.`` (``server/owner.py``); a worker that dies is started again
with the same number, rebuilds its unfinished tables from the database and plays on, losing
nothing that was acknowledged (``docs/server.md``). This supervisor only starts, restarts and
stops them; it serves nothing itself.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from typing import Any

import click

RESTART_PAUSE = 1.0
"""Seconds before a worker that died is started again."""


def command(worker: int, port: int, params: dict[str, Any]) -> list[str]:
    """The command line of one worker: ``fourwinds serve`` with the same options."""
    line = [sys.executable, "-m", "fourwinds", "serve", "--worker", str(worker)]
    line += ["--port", str(port)]
    for name, value in params.items():
        if value is not None:
            line += [f"--{name.replace('_', '-')}", str(value)]
    return line


def supervise(count: int, port: int, params: dict[str, Any]) -> None:
    """Run workers 1..count until SIGTERM or SIGINT, restarting any that exits."""
    commands = {k: command(k, port + k - 1, params) for k in range(1, count + 1)}
    running = {k: subprocess.Popen(line) for k, line in commands.items()}
    stopping = False

    def stop(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    click.echo(f"fourwinds: {count} workers on ports {port} to {port + count - 1}")
    while not stopping:
        time.sleep(0.2)
        for k, process in list(running.items()):
            status = process.poll()
            if status is not None and not stopping:
                click.echo(f"fourwinds: worker {k} exited ({status}); starting it again")
                time.sleep(RESTART_PAUSE)
                running[k] = subprocess.Popen(commands[k])
    for process in running.values():
        process.terminate()
    for process in running.values():
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
