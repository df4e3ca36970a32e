"""`make run` as a table runs it: a few phones holding idle or half-sent connections do not
stop it answering the others (issue 23, point 7; the Makefile's WAITRESS_LIMITS)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from pgserver import free_port

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(sys.executable).parent.parent
IDLE = 150   # more than waitress's default limit of 100 connections


@pytest.fixture
def running(tmp_path):
    port = free_port()
    env = os.environ | {"SCOREKEEPER_INSTANCE": str(tmp_path), "NO_QR": "1",
                        "DATABASE_URL": f"sqlite:///{tmp_path / 'run.sqlite'}"}
    log = (tmp_path / "run.log").open("w")
    # -o: the virtualenv running these tests already holds what run.txt installs.
    process = subprocess.Popen(
        ["make", "--no-print-directory", "-o", f"{VENV}/.run-installed", "run",
         f"VENV={VENV}", "HOST=127.0.0.1", f"PORT={port}"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while not _answers(base):
            if process.poll() is not None or time.monotonic() > deadline:
                log.flush()
                pytest.fail("make run did not start:\n" + (tmp_path / "run.log").read_text())
            time.sleep(0.2)
        yield port, base
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(20)
        log.close()


def _answers(base: str, timeout: float = 2) -> bool:
    try:
        with urllib.request.urlopen(f"{base}/healthz", timeout=timeout) as response:
            return response.status == 200
    except OSError:
        return False


def test_idle_half_sent_connections_do_not_stop_the_others(running):
    port, base = running
    idle = []
    try:
        for _ in range(IDLE):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(b"GET / HTTP/1.1\r\nHost: phone\r\n")   # and never the end
            idle.append(sock)
        assert _answers(base, timeout=5), "a phone waited behind idle connections"
    finally:
        for sock in idle:
            sock.close()
    # Issue 40: a first load counts its headers; "Server: waitress" went with every answer.
    with urllib.request.urlopen(f"{base}/", timeout=5) as response:
        assert response.headers["Server"] is None and response.headers["Date"]


@pytest.mark.parametrize(("database", "workers"), [
    ("postgresql://hand@127.0.0.1/hand", os.cpu_count()), ("", 1)])
def test_make_serve_runs_one_worker_per_core_on_postgresql(database, workers):
    # Issue 24: "`make serve` defaults its workers to the machine's cores (4 workers on 2
    # cores was slower than 2)"; SQLite takes one server process at a time.
    shown = subprocess.run(
        ["make", "-n", "--no-print-directory", "-o", ".venv/.serve-installed",
         "-o", "translations", "serve", f"DATABASE_URL={database}"],
        cwd=ROOT, capture_output=True, text=True, check=True,
        env={k: v for k, v in os.environ.items() if k != "WORKERS"}).stdout
    assert f"--workers {workers} " in shown


def test_the_served_app_keeps_what_start_up_made_out_of_the_collectors_walks(tmp_path,
                                                                            monkeypatch):
    # Issue 40: full collections walking start-up's 100,000 objects paused requests for
    # 70 ms and more. `make run` and `make serve` serve `serving_app`, which freezes them.
    import gc

    from scorekeeper import serving_app

    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'frozen.sqlite'}")
    monkeypatch.setenv("SECRET_KEY", "frozen")
    assert gc.get_freeze_count() == 0
    try:
        app = serving_app()
        assert gc.get_freeze_count() > 50_000
        # The templates were compiled before, not by the first phones to ask.
        assert len(app.jinja_env.cache) == len(app.jinja_env.list_templates())
        assert app.test_client().get("/healthz").status_code == 200
    finally:
        gc.unfreeze()  # this test process's other apps come and go: nothing stays frozen
    makefile = (ROOT / "Makefile").read_text()
    assert "--call scorekeeper:serving_app" in makefile
    assert "'scorekeeper:serving_app()'" in makefile
