"""What bench/load.py and bench/night.py share: the app served as ``make run`` serves it
(waitress, :class:`Server`) or as ``make serve`` does (gunicorn on PostgreSQL,
:class:`MakeServe`), and their command line (:func:`options`). Neither bench imports the
other: load.py runs a night through night.py, which needs only this."""

from __future__ import annotations

import argparse
import http.client
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from pgserver import free_port  # noqa: E402

# As the Makefile's WAITRESS_LIMITS: waitress refuses a body over 1 MiB before reading it.
WAITRESS_LIMITS = ["--max-request-body-size=1048576"]
WAITRESS_IDENT = ["--ident="]  # the Makefile's: no Server header


class Server:
    """The app served by waitress in a process of its own, as ``make run`` serves it."""

    def __init__(self, database: Path, url: str | None = None, port: int = 0,
                 tree: Path = ROOT) -> None:
        self.env = os.environ | {"DATABASE_URL": url or f"sqlite:///{database}",
                                 "SECRET_KEY": "load-test", "NO_QR": "1",
                                 "SCOREKEEPER_INSTANCE": str(database.parent)}
        # Another checkout of the app (an older commit, to compare with) is served from its
        # own folder with this virtualenv: its package comes first on the path.
        self.tree = tree
        if tree != ROOT:
            self.env["PYTHONPATH"] = str(tree)
        self.process: subprocess.Popen | None = None
        self.output = database.with_suffix(".log")
        self.asked_port = port  # 0: any free port
        self.port = 0
        self.generation = 0  # moves at every start, so clients know to reconnect
        self.ready = threading.Event()

    def upgrade(self) -> None:
        subprocess.run([str(BIN / "flask"), "--app", "scorekeeper", "db", "upgrade"],
                       cwd=self.tree, env=self.env, check=True, capture_output=True)

    def start(self) -> None:
        self.process = subprocess.Popen(
            [str(BIN / "waitress-serve"), "--host=127.0.0.1", f"--port={self.asked_port}",
             *WAITRESS_LIMITS, *WAITRESS_IDENT, "--call", self.factory()],
            cwd=self.tree, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True)
        deadline = time.monotonic() + 30
        for line in self.process.stdout:
            if "Serving on http://127.0.0.1:" in line:
                self.port = int(line.rsplit(":", 1)[1])
                break
            if time.monotonic() > deadline:
                break
        else:
            raise RuntimeError("the server did not start")
        # Keep reading its output, or a full pipe would stall it; keep it beside the
        # database, where a failed run's tracebacks can be read.
        self.reader = threading.Thread(target=self._keep_output, daemon=True)
        self.reader.start()
        self.generation += 1
        self.ready.set()

    def factory(self) -> str:
        """What ``make run`` serves: the serving app (start-up frozen out of the garbage
        collector's reach), or plain ``create_app`` in an older tree, which has no other."""
        package = (self.tree / "scorekeeper" / "__init__.py").read_text()
        return ("scorekeeper:serving_app" if "def serving_app" in package
                else "scorekeeper:create_app")

    def _keep_output(self) -> None:
        with self.output.open("a") as out:
            for line in self.process.stdout:
                out.write(line)

    def cpu_seconds(self) -> float:
        """CPU time (user and system) the server's process has used so far."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def kill(self) -> None:
        self.ready.clear()
        self.process.send_signal(signal.SIGKILL)
        self._ended()

    def stop(self) -> None:
        self.ready.clear()
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self._ended()

    def _ended(self) -> None:
        self.process.wait(10)
        self.reader.join(5)  # the output ends with the process
        self.process.stdout.close()


class MakeServe(Server):
    """The app as ``make serve`` serves it: the Makefile's target itself (migrations, then
    gunicorn with *workers* processes), in a process group of its own."""

    def __init__(self, database: Path, url: str, workers: int, port: int = 0) -> None:
        super().__init__(database, url, port)
        self.workers = workers
        self.venv = BIN.parent

    def upgrade(self) -> None:
        pass  # the target migrates first

    def start(self) -> None:
        self.port = self.asked_port or free_port()
        self.process = subprocess.Popen(
            ["make", "--no-print-directory", "-o", f"{self.venv}/.serve-installed", "serve",
             f"VENV={self.venv}", "HOST=127.0.0.1", f"PORT={self.port}",
             f"WORKERS={self.workers}"],
            cwd=ROOT, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, start_new_session=True)
        self.reader = threading.Thread(target=self._keep_output, daemon=True)
        self.reader.start()
        deadline = time.monotonic() + 60
        while True:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                connection.request("GET", "/healthz")
                connection.getresponse().read()
                connection.close()
                break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"make serve did not start; see {self.output}") from None
                time.sleep(0.2)
        self.generation += 1
        self.ready.set()

    def _processes(self) -> list[Path]:
        found = []
        for entry in Path("/proc").iterdir():
            try:
                if (entry.name.isdigit() and os.getpgid(int(entry.name)) == self.process.pid
                        and b"gunicorn" in (entry / "cmdline").read_bytes()):
                    found.append(entry)
            except (OSError, ProcessLookupError):
                continue
        return found

    def cpu_seconds(self) -> float:
        """CPU time (user and system) the gunicorn processes have used so far."""
        ticks = 0
        for entry in self._processes():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
        return ticks / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> list[float]:
        """The resident memory of each gunicorn process serving (the arbiter's first)."""
        found = []
        for entry in Path("/proc").iterdir():
            try:
                if not entry.name.isdigit() or os.getpgid(int(entry.name)) != self.process.pid:
                    continue
                if b"gunicorn" not in (entry / "cmdline").read_bytes():
                    continue
                status = (entry / "status").read_text()
            except (OSError, ProcessLookupError):
                continue
            kb = int(status.split("VmRSS:")[1].split()[0])
            found.append((int(entry.name), round(kb / 1024, 1)))
        return [mb for _, mb in sorted(found)]

    def kill(self) -> None:
        self.ready.clear()
        os.killpg(self.process.pid, signal.SIGKILL)
        self._ended()

    def stop(self) -> None:
        self.ready.clear()
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self._ended()


def options(description: str) -> argparse.ArgumentParser:
    """The command line of bench/load.py, which bench/night.py takes too."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--deals", type=int, default=25, help="deals per game")
    parser.add_argument("--seconds", type=float,
                        help="time limit (default 60); with --night, how long (default 300)")
    parser.add_argument("--night", action="store_true",
                        help="play a night: 40 phones at 10 tables, 2 TVs (bench/night.py)")
    parser.add_argument("--kill", action="store_true", help="SIGKILL the server mid-run")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--postgres", action="store_true",
                        help="serve from a throwaway PostgreSQL server on loopback")
    parser.add_argument("--serve", action="store_true",
                        help="serve with `make serve` (gunicorn; implies --postgres)")
    parser.add_argument("--workers", type=int, default=2, help="with --serve")
    parser.add_argument("--page-seconds", type=float, default=0,
                        help="then read game pages for this long: pages/s")
    parser.add_argument("--port", type=int, default=0,
                        help="the server's port on 127.0.0.1 (default: any free port)")
    parser.add_argument("--tree", type=Path, default=ROOT,
                        help="serve this checkout of the app instead (e.g. a git worktree "
                             "of an older commit, to compare; waitress only)")
    return parser
