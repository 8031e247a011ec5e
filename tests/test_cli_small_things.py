"""The command's small things: ``serve`` on a busy port says so in one line and exits non-zero;
``simulate`` shows its progress while it plays, in a terminal (rich's bar) and without one (a
line at every tenth); and the package carries every file the web app serves."""

from __future__ import annotations

import fnmatch
import os
import pty
import select
import socket
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOURWINDS = [sys.executable, "-m", "fourwinds"]


def test_serve_on_a_busy_port_says_so_in_one_line_and_exits_non_zero() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [*FOURWINDS, "serve", "--port", str(port), "--database-url", "sqlite://"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 1
    assert result.stdout == ""  # no address printed for a server that never listened
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"fourwinds serve: cannot listen on 127.0.0.1:{port}: ")
    assert "in use" in lines[0]


def test_simulate_without_a_terminal_prints_its_progress_by_tenths() -> None:
    # Greedy bots, so that the hands after the first tenth take about a second to play.
    command = [*FOURWINDS, "simulate", "--hands", "1000", "--workers", "1", "--bots", "greedy"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    first = process.stderr.readline()
    assert process.poll() is None  # the first tenth is told while the rest is played
    assert first == "Classical, greedy bots: 100/1000 hands (10%)\n"
    output, rest = process.communicate(timeout=120)
    lines = [first, *rest.splitlines(keepends=True)]
    assert len(lines) == 10 and lines[-1] == "Classical, greedy bots: 1000/1000 hands (100%)\n"
    assert "1000 hands of Classical" in output and "%" not in output


def test_simulate_in_a_terminal_draws_a_progress_bar() -> None:
    main, secondary = pty.openpty()
    command = [*FOURWINDS, "simulate", "--hands", "300", "--workers", "1", "--bots", "random"]
    env = {**os.environ, "COLUMNS": "100", "TERM": "xterm"}
    process = subprocess.Popen(command, stdout=secondary, stderr=secondary, env=env)
    os.close(secondary)
    seen = b""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([main], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the command ended and closed the terminal
                break
            if not chunk:
                break
            seen += chunk
        elif process.poll() is not None:
            break
    process.wait(timeout=60)
    os.close(main)
    text = seen.decode(errors="replace")
    assert process.returncode == 0
    assert "Classical, random bots" in text and "%" in text  # the bar, before the result
    assert text.index("%") < text.index("hands per second")


def test_the_package_carries_every_file_the_web_app_serves() -> None:
    """Each file under src/fourwinds/web (the rules pages too) matches a package-data pattern,
    so a non-editable install serves the same pages."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"
    ]["fourwinds"]
    package = ROOT / "src" / "fourwinds"
    served = [
        Path(folder) / name
        for folder, _, names in os.walk(package / "web", followlinks=True)
        for name in names
    ]
    assert any(path.suffix == ".md" for path in served)  # the rules pages, through the link
    for path in served:
        relative = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), relative
