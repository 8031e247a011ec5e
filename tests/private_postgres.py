"""A PostgreSQL server of a test's own, which the test may stop and start again.

The shared server of ``FOURWINDS_TEST_POSTGRES_URL`` serves tests running in parallel, so a test
that takes the database away under a live table starts its own cluster in a temporary directory
with Debian's PostgreSQL programs (``.ci/postgres`` installs them), as the ``postgres`` user when
run as root (PostgreSQL refuses to run as root). ``unavailable()`` says why none can be started.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(found[-1]).parent if found else None


def unavailable() -> str | None:
    """Why no private server can be started here, or None."""
    if _bin() is None:
        return "no PostgreSQL programs under /usr/lib/postgresql (.ci/postgres installs them)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root without a postgres user to run PostgreSQL as"
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PrivatePostgres:
    def __init__(self, folder: Path) -> None:
        bin_dir = _bin()
        assert bin_dir is not None
        self.bin = bin_dir
        self.folder = folder
        self.data = folder / "data"
        self.port = _free_port()
        self.url = f"postgresql://fourwinds@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=60)

    def init(self) -> None:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "fourwinds", "--auth=trust")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = str(self.folder / "log")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-l", log,
                  "-w", "start")  # fmt: skip

    def stop(self) -> None:
        """Fast shutdown: every open connection is cut, as when the server goes away."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")


@contextmanager
def private_postgres() -> Iterator[PrivatePostgres]:
    folder = Path(tempfile.mkdtemp(prefix="fourwinds-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    server = PrivatePostgres(folder)
    try:
        server.init()
        server.start()
        yield server
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):  # already stopped
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
