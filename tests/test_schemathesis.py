"""Schemathesis, an API fuzzer independent of this project, against the live server: it
reads the OpenAPI description (scorekeeper/api/openapi.py, whose answers admit no field
they do not name), sends examples, edge values ("coverage"), random bodies valid and
invalid, and chains of calls along the description's links (a game created, then read,
its deals recorded, corrected and undone with the version each answer gives), and
checks every answer; the test asserts it reached accepted questions and successful
changes. Bounded: a fixed seed, 30 examples per operation and phase, two and a half minutes in all
(``pytest -m fuzz`` runs it alone).

Every check runs but one: ``positive_data_acceptance`` wants every body the schemas allow
to be accepted (2xx), and a valid-looking body is rightly refused for what JSON Schema
cannot say — a winner or a first dealer who is not one of the players, more copies of a
card than the packs hold, an indicator the rules do not turn. The reverse check,
``negative_data_rejection`` (whatever the schemas refuse, the server refuses), runs: the
request schemas say all the server checks that a schema can say, and no more."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from flask import request
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.api.openapi import SPEC
from scorekeeper.extensions import db
from scorekeeper.models import DealRecord, Game

pytestmark = pytest.mark.fuzz

# Each run's phases and time budget: two minutes and a half in all.
PHASES = (("examples,coverage,fuzzing", 90, ()),
          # The chains follow the games' links alone: the groups' own chains (read,
          # standings, head-to-head) would share the minute and leave deals uncorrected.
          ("stateful", 60, ("--exclude-path-regex", "/groups")))


def _schemathesis() -> str:
    beside = Path(sys.executable).with_name("schemathesis")
    found = str(beside) if beside.exists() else shutil.which("schemathesis")
    assert found, "schemathesis is not installed (pip install -e '.[test]')"
    return found


@pytest.fixture
def live(tmp_path):
    """The app served on a free port of 127.0.0.1, as in production (no TESTING: a fault
    is the app's own 500, not an exception in the test)."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'fuzz.sqlite'}",
                      "SECRET_KEY": "fuzz"})
    with app.app_context():
        db.create_all()
    answered = app.extensions["answered"] = []

    @app.after_request
    def note(response):  # what the fuzzer reached: (method, path, status)
        answered.append((request.method, request.path, response.status_code))
        return response

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="fuzzed-server", daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)
    server.server_close()


def test_schemathesis_finds_nothing_wrong(live, tmp_path):
    app, url = live
    description = tmp_path / "openapi.json"
    description.write_text(json.dumps(SPEC), encoding="utf-8")
    # The chains along the links get a budget of their own: sharing one, a loaded machine
    # spent it all on the first phases and corrected nothing.
    for phases, seconds, only in PHASES:
        command = [_schemathesis(), "run", str(description), "--url", url,
                   "--phases", phases, "--checks", "all",
                   "--exclude-checks", "positive_data_acceptance",
                   "--seed", "20261124", "--max-examples", "30", "--max-time", str(seconds),
                   "--workers", "1", "--request-timeout", "20", "--continue-on-failure",
                   "--generation-database", ":memory:", "--no-color", *only]
        run = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True,
                             timeout=seconds + 120, check=False)
        report = run.stdout + run.stderr
        assert run.returncode == 0, f"{phases}:\n{report[-12000:]}"
    # It reached the games: created them and recorded deals along the links.
    with app.app_context():
        assert db.session.query(Game).count() > 0
        assert db.session.query(DealRecord).count() > 0
    # And questions the description's examples let it ask with valid data (issue 23,
    # point 11).
    accepted = {path for method, path, status in app.extensions["answered"]
                if method == "POST" and status == 200}
    assert {"/api/v1/referee/hand", "/api/v1/referee/redeal",
            "/api/v1/score/round"} <= accepted
    # And, along the links with the version each answer gives, corrections and undos
    # that succeed.
    changed = {method for method, path, status in app.extensions["answered"]
               if method in ("PUT", "DELETE") and "/deals/" in path and status == 200}
    assert changed == {"PUT", "DELETE"}, sorted(set(app.extensions["answered"]))[:40]
