"""A throwaway PostgreSQL server on loopback, for the tests and benches that serve the app
with PostgreSQL (tests/test_serve.py, bench/load.py --postgres): a fresh cluster in a
temporary folder (initdb), listening on 127.0.0.1 and a free port, trusting local
connections, with one empty database; stopped and deleted afterwards.

It uses the PostgreSQL server programs on the machine (Debian's ``postgresql`` package:
/usr/lib/postgresql/<version>/bin). PostgreSQL refuses to run as root, so as root the
cluster belongs to, and runs as, the ``postgres`` user the package creates.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

DATABASE = "hand"


def programs() -> Path | None:
    """The folder of initdb and pg_ctl, or None when PostgreSQL is not installed."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(os.path.realpath(found)).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(versions[-1]).parent if versions else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LocalPostgres:
    """``with LocalPostgres() as server: server.url`` — a SQLAlchemy URL of an empty
    database. *durable* keeps PostgreSQL's defaults (fsync on, as a real host); without it
    nothing is synced, which is faster and enough for a test."""

    def __init__(self, durable: bool = False) -> None:
        self.bin = programs()
        if self.bin is None:
            raise RuntimeError("PostgreSQL's server programs are missing: apt-get install "
                               "postgresql (Debian's package; nothing is started by it here)")
        self.durable = durable
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="hand-pg-"))
        self.data = self.folder / "data"
        self.as_root = os.geteuid() == 0

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{DATABASE}"

    def _run(self, *args: str) -> subprocess.CompletedProcess:
        command = list(args)
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(command, check=True, capture_output=True, text=True,
                              timeout=120, cwd=self.folder)

    def __enter__(self) -> LocalPostgres:
        if self.as_root:
            shutil.chown(self.folder, "postgres")
        try:
            self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                      "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8")
            settings = [f"-p {self.port}", "-c listen_addresses=127.0.0.1",
                        f"-k {self.folder}", "-c max_connections=200"]
            if not self.durable:
                settings += ["-c fsync=off", "-c synchronous_commit=off",
                             "-c full_page_writes=off"]
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", "-t", "60",
                      "-l", str(self.folder / "server.log"), "-o", " ".join(settings),
                      "start")
            self._run(str(self.bin / "psql"), "-h", "127.0.0.1", "-p", str(self.port),
                      "-U", "postgres", "-d", "postgres", "-c", f"CREATE DATABASE {DATABASE}")
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def restart(self) -> None:
        """Stop the server and start it again, as a host's restart does: every connection
        open to it is cut (a fast stop, so nothing committed is lost without fsync)."""
        # The log file, as at start: a server writing to this pipe would keep it open.
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w",
                  "-t", "60", "-l", str(self.folder / "server.log"), "restart")

    def log(self) -> str:
        path = self.folder / "server.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def __exit__(self, *exc) -> None:
        if (self.data / "postmaster.pid").exists():
            try:
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                          "-w", "stop")
            except subprocess.CalledProcessError:
                time.sleep(0.5)
        shutil.rmtree(self.folder, ignore_errors=True)
