"""`make serve` as a host runs it (issue 15): the Makefile's own target, with three gunicorn
worker processes, on a throwaway PostgreSQL server (tests/pgserver.py) on loopback. Games
are started, recorded and read through it as phones do — each request on a new connection,
so the workers share the work — and what each process keeps must hold across them: the
signed session and form tokens (one key, kept in the instance folder, read by every
worker), the cache of replayed sheets (keyed by the game's last change), and the PIN limit
(counted in the database).
"""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from game_actions import deal_form, new_game_form
from pgserver import LocalPostgres, free_port
from tables import API, game_body, random_deal

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(sys.executable).parent.parent
WORKERS = 3
CSRF_TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
pytestmark = pytest.mark.load


@pytest.fixture(scope="module")
def postgres():
    with LocalPostgres() as server:
        yield server


@pytest.fixture(scope="module")
def served(postgres, tmp_path_factory):
    """The base URL of `make serve` with three workers on *postgres*."""
    port = free_port()
    instance = tmp_path_factory.mktemp("instance")
    env = os.environ | {"DATABASE_URL": postgres.url, "SCOREKEEPER_INSTANCE": str(instance),
                        "NO_QR": "1"}
    # No SECRET_KEY: each worker reads the one kept in the instance folder.
    env.pop("SECRET_KEY", None)
    log = (instance / "serve.log").open("w")
    # -o: the virtualenv running these tests already holds what serve.txt installs.
    process = subprocess.Popen(
        ["make", "--no-print-directory", "-o", f"{VENV}/.serve-installed", "serve",
         f"VENV={VENV}", "HOST=127.0.0.1", f"PORT={port}", f"WORKERS={WORKERS}",
         "THREADS=2"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=2):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail("make serve did not start:\n"
                                + (instance / "serve.log").read_text()[-3000:])
                time.sleep(0.2)
        yield base, port
    finally:
        try:
            _stop(process)
        finally:
            log.close()


def _stop(process: subprocess.Popen) -> None:
    """Stop make, gunicorn's arbiter and its workers: the whole session started for them."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(20)
    except ProcessLookupError:
        process.wait(5)  # it had ended by itself
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(5)


def ask(base: str, method: str, path: str, body: dict | None = None,
        headers: dict | None = None) -> tuple[int, dict]:
    """One request on a connection of its own (so any worker may take it)."""
    request = urllib.request.Request(
        base + path, method=method, data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def new_game(base: str, **extra) -> str:
    status, game = ask(base, "POST", f"{API}/games", game_body(**extra))
    assert status == 201, game
    return game["id"]


def test_make_serve_runs_the_workers_asked_for(served):
    _, port = served
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(b"gunicorn" in part for part in command) and \
                f"127.0.0.1:{port}".encode() in command:
            found.append(entry.name)
    assert len(found) == 1 + WORKERS, found  # the arbiter and its workers


def test_phones_racing_on_one_game_record_each_deal_once(served):
    base, _ = served
    game = new_game(base)
    deals, phones = 8, 6
    acked: list[dict] = []
    problems: list[str] = []

    def phone(seed: int) -> None:
        rnd = random.Random(seed)
        number = 1
        while number is not None and number <= deals:  # null: the game is over
            body = random_deal(number, rnd)
            status, answer = ask(base, "POST", f"{API}/games/{game}/deals", body)
            if status == 201:
                acked.append(body)
                number = answer["next_deal"]
            elif status == 409:
                number = answer["game"]["next_deal"]
            else:
                problems.append(f"{status} {answer}")
                return

    threads = [threading.Thread(target=phone, args=(seed,)) for seed in range(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert problems == []
    assert sorted(body["deal"] for body in acked) == list(range(1, deals + 1))
    # Every worker serves the same sheet, from its own cache or a fresh replay.
    states = [ask(base, "GET", f"{API}/games/{game}")[1] for _ in range(4 * WORKERS)]
    assert all(state == states[0] for state in states)
    assert [d["number"] for d in states[0]["deals"]] == list(range(1, deals + 1))
    pages = [urllib.request.urlopen(f"{base}/games/{game}", timeout=20).read().decode()
             for _ in range(2 * WORKERS)]
    assert all(page.count('data-deal="') == deals for page in pages)


class Browser:
    """A phone's browser: its cookies (the session, the language), one connection per
    request."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path: str) -> tuple[str, str]:
        with self.opener.open(self.base + path, timeout=20) as response:
            return response.url, response.read().decode()

    def post(self, path: str, form: dict) -> tuple[str, str]:
        data = urllib.parse.urlencode(form).encode()
        with self.opener.open(self.base + path, data, timeout=20) as response:
            return response.url, response.read().decode()


def test_a_game_started_and_recorded_through_the_pages(served):
    base, _ = served
    phone = Browser(base)
    _, page = phone.get("/new")
    token = CSRF_TOKEN.search(page)[1]
    # The session made by one worker is read by the others: the form's token holds.
    url, page = phone.post("/new", new_game_form(pin="2468", csrf_token=token))
    game = re.search(r"/games/([^/]+)$", url)[1]
    for number in (1, 2):
        token = CSRF_TOKEN.search(page)[1]
        url, page = phone.post(f"/games/{game}/deals",
                               deal_form(number, winner=1, csrf_token=token))
    _, page = phone.get(f"/games/{game}")
    assert page.count('data-deal="') == 2
    assert "Record deal 3" in page  # unlocked by its PIN on every worker
    # A phone that never entered the PIN sees the sheet, and no deal form.
    _, stranger = Browser(base).get(f"/games/{game}")
    assert stranger.count('data-deal="') == 2 and "Record deal 3" not in stranger


def test_the_pin_limit_holds_across_workers(served):
    base, _ = served
    game = new_game(base, pin="1357")
    body = random_deal(1, random.Random(1))
    for _ in range(5):
        status, _answer = ask(base, "POST", f"{API}/games/{game}/deals", body,
                              {"X-Table-PIN": "0000"})
        assert status == 403
    # Whichever worker takes the sixth try, it knows of the five: even the right PIN waits.
    status, _answer = ask(base, "POST", f"{API}/games/{game}/deals", body,
                          {"X-Table-PIN": "1357"})
    assert status == 429


def test_static_files_and_the_service_worker_through_gunicorn(served):
    base, _ = served
    connection = http.client.HTTPConnection(urllib.parse.urlsplit(base).netloc, timeout=20)
    connection.request("GET", "/sw.js", headers={"Accept-Encoding": "gzip"})
    response = connection.getresponse()
    response.read()
    assert response.status == 200
    assert response.getheader("Service-Worker-Allowed") == "/"
    assert response.getheader("Cache-Control") == "no-cache"
    connection.close()
