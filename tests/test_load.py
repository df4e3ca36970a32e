"""The load test of issue 6, run by bench/load.py against the real server (waitress, as
``make run`` serves it) on loopback: 20 phones recording deals on 10 games at once, some
sending the same deal twice on purpose; then the same with the server killed (SIGKILL)
mid-run and started again. Afterwards no deal is missing or twice, every deal acknowledged
(201) is stored as sent, every total the server serves equals a replay of the stored deals,
and SQLite's integrity check passes. Each run is bounded: at most 25 deals per game, and a
minute at most (about 15 s here). The night profile of issue 40 (bench/night.py, run by
``bench/load.py --night``) plays a short night without an error. ``pytest -m load`` runs
these alone."""

from __future__ import annotations

import http.client
import importlib
import importlib.util
import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "load.py"
spec = importlib.util.spec_from_file_location("bench_load", BENCH)
bench = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = bench  # its dataclasses look their module up there
spec.loader.exec_module(bench)
# What load.py and night.py share (the servers): load.py put bench/ on the path.
common = importlib.import_module("common")

pytestmark = pytest.mark.load


@pytest.mark.parametrize("kill", [False, True], ids=["steady", "killed-and-restarted"])
def test_twenty_phones_on_ten_games_lose_nothing_and_record_nothing_twice(tmp_path, kill):
    database = tmp_path / "load.sqlite"
    report = bench.run(database, clients=20, games=10, deals=25, seconds=60, kill=kill)
    assert report["problems"] == [], database.with_suffix(".log").read_text()[-4000:]
    # The load really ran: every game reached its 25 deals, phones raced for deal numbers
    # (409s) and deals sent twice were answered "already recorded".
    assert report["stored"] == 10 * 25
    assert report["answers"].get(409, 0) > 0
    assert report["resent_already_recorded"] > 0
    if kill:
        assert report["unanswered"] > 0  # the kill did cut requests off


def test_the_server_refuses_a_body_over_a_mebibyte_before_reading_it(tmp_path):
    """Issue 12: "One 200 MB JSON body pushed the server to 962 MB." Waitress, as `make run`
    starts it, answers 413 to a body over 1 MiB from its Content-Length alone; the app
    answers 413 to one over 64 KiB (tests/test_limits.py)."""
    makefile = (Path(__file__).resolve().parent.parent / "Makefile").read_text()
    assert f"WAITRESS_LIMITS = {' '.join(common.WAITRESS_LIMITS)}" in makefile
    server = bench.Server(tmp_path / "limits.sqlite")
    server.upgrade()
    server.start()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        connection.putrequest("POST", "/api/v1/games")
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Content-Length", str(200 * 2**20))
        connection.endheaders()
        connection.send(b"{" * 65536)  # a start; the rest is never sent
        assert connection.getresponse().status == 413
    finally:
        server.stop()


def test_a_body_too_large_for_waitress_is_answered_by_the_app(tmp_path):
    """Issue 48, point 12: waitress's own refusal was plain text, where the API promises
    a JSON error (docs/api.md, "Limits"). A body declared over waitress's 1 MiB, or sent
    in chunks past it, is answered by the app: JSON under /api/v1, in the reader's
    language, a page elsewhere; and the connection closes, the body unread."""
    server = bench.Server(tmp_path / "too-large.sqlite")
    server.upgrade()
    server.start()

    def sent(path: str, chunked: bool, language: str = "en") -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        connection.putrequest("POST", path)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Accept-Language", language)
        if chunked:
            connection.putheader("Transfer-Encoding", "chunked")
            connection.endheaders()
            chunk = b"x" * (2**20 + 1)  # just past waitress's limit
            connection.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        else:
            connection.putheader("Content-Length", str(200 * 2**20))
            connection.endheaders()
            connection.send(b"{" * 65536)  # a start; the rest is never sent
        return connection.getresponse()

    try:
        for chunked in (False, True):
            answer = sent("/api/v1/games", chunked)
            assert answer.status == 413
            assert answer.getheader("Content-Type") == "application/json"
            assert answer.getheader("Connection") == "close"
            assert json.loads(answer.read()) == {"error": "What was sent is too large."}
        arabic = json.loads(sent("/api/v1/games", False, "ar").read())["error"]
        assert arabic and arabic != "What was sent is too large."
        page = sent("/new", False)
        assert page.status == 413 and page.getheader("Content-Type").startswith("text/html")
        assert "What was sent is too large." in page.read().decode()
    finally:
        server.stop()


def _listening(port: int) -> set[str]:
    """The IPv4 addresses on which something listens on *port* (from /proc/net/tcp)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, _, hex_port = local.partition(":")
        if state == "0A" and int(hex_port, 16) == port:
            found.add(".".join(str(int(address[i:i + 2], 16)) for i in (6, 4, 2, 0)))
    return found


def test_the_load_test_serves_on_the_port_asked_and_on_loopback_only(tmp_path):
    # Issue 24: "bench/load.py takes a --port and binds only loopback".
    port = common.free_port()
    server = bench.Server(tmp_path / "port.sqlite", port=port)
    server.upgrade()
    server.start()
    try:
        assert server.port == port
        assert _listening(port) == {"127.0.0.1"}
    finally:
        server.stop()


night_spec = importlib.util.spec_from_file_location("bench_night", BENCH.parent / "night.py")
night = importlib.util.module_from_spec(night_spec)
sys.modules[night_spec.name] = night
night_spec.loader.exec_module(night)


def test_the_night_profile_plays_a_night_without_an_error(tmp_path, monkeypatch):
    # Issue 40: bench/load.py --night, shortened: games of 3 rounds saved a deal every 1 to
    # 2 seconds, so that every table ends its game within the run. The phones follow the
    # game through the live part (304 until a change, then the new part and the game part
    # again) and save through the HTMX deal form, holding the table's empty form as
    # static/record.js does (answers with a stand-in for it, filled in); each game holds
    # what its table saved (checked by the profile). No timing is asserted.
    monkeypatch.setattr(night, "SAVE_EVERY", (1, 2))
    monkeypatch.setattr(night, "rounds_for", lambda seconds: 3)
    report = night.run(bench.Server(tmp_path / "night.sqlite"), seconds=15, seed=1)
    assert report["errors"] == [], report.get("server_log")
    assert report["save"]["count"] == 10 * 3  # every table saved its game to the end
    for kind in (*night.PAGES, "TV board", "TV page, opened", "night page (organiser)",
                 "night (API)"):
        assert report["kinds"][kind]["count"] > 0, kind
    assert [t["target"] for t in report["targets"]] == [
        "page p99 < 100 ms", "save p99 < 150 ms", "no error"]
    assert "PASS  no error: 0" in night.text(report)
