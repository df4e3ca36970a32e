"""A night's load (issues 36 and 40): ten tables of four phones, two TV boards and the
organiser, against the app as ``make run`` serves it (waitress, a fresh SQLite file) or,
with ``--serve``, as ``make serve`` serves it (gunicorn on a throwaway PostgreSQL server),
on loopback. bench/load.py runs it (``--night``); the servers are bench/common.py's; this
module is the night itself.

A night of 40 players is planned and its first round started through the JSON API: ten
games (Levant rules, partners), each of enough rounds to outlast the run, so that every
table saves deals to the end. Then, for ``--seconds`` (five minutes unless told), each
client does what its page does (static/app.js, templates/games/_live.html,
templates/nights/tv.html), keeping its cookies as a browser does:

- Each of the 40 phones opens its table's game page once (the whole page; the phones open
  theirs over the first 3 seconds). Every 5 seconds its live part asks whether the game
  changed, naming the version it shows (``If-None-Match``, with HTMX's headers): a 304
  until it did, then the new live part. A phone whose deal form is untouched then asks for
  the whole game part again (HTMX), as app.js does to bring its form up to date.
- One phone at each table also saves a deal every 20 to 40 seconds as the page does: the
  deal form's HTMX post, with every field of the form as the page holds it (the CSRF token
  among them; the session cookie carries its pair), filled in with who went out and the
  points left. The answer (the new row, the totals and the next deal's form; the whole
  game part for the first deal) names the version the live part now shows, so that phone
  does not fetch the sheet again.
- Two TVs open the night's board, then ask for the board alone every 3 seconds (HTMX).
- The organiser's phone asks for the night's page, and a program for the night through
  the API, every 10 seconds.

No preview is asked for while a deal is filled in (the page asks for one at each change
of the form): the saves are timed alone.

Each request goes on a new connection; its time runs from sending it to the last byte of
the answer. The report gives for each kind of answer its count, median, 99th percentile
(nearest rank), maximum and errors (an unexpected status, no answer, or an answer without
what the page goes on with), the load average before and after, and checks the issue's
targets: pages (the game page, its live part and the game part fetched after a change,
together) p99 under 100 ms, saves p99 under 150 ms, no error. Afterwards each game must
hold exactly the deals its table saved.

Run from the repository root: ``.venv/bin/python bench/load.py --night [--seconds 300]
[--serve --workers 2] [--seed N] [--port N]``; ``bench/night.py`` takes the same options,
``--night`` implied. tests/test_load.py plays a short night (no timing asserted).
Figures: docs/performance.md, "A night's pages".
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import math
import os
import random
import re
import statistics
import sys
import threading
import time
from dataclasses import dataclass, replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

try:  # the compact extra: the server sends brotli to a browser that takes it
    import brotli
except ImportError:  # pragma: no cover - an install without the extra
    brotli = None

# bench/ itself, for common.py when this file is loaded from elsewhere (tests/).
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import MakeServe, Server, options  # noqa: E402
from pgserver import LocalPostgres  # noqa: E402

SECONDS = 300  # the five minutes
PLAYERS = [f"Player {i + 1:02}" for i in range(40)]
PHONES_AT_A_TABLE = 4
TVS = 2
LIVE_EVERY = 5  # templates/games/_live.html: hx-trigger="every 5s"
TV_EVERY = 3  # templates/nights/tv.html: hx-trigger="every 3s"
ORGANISER_EVERY = 10
SAVE_EVERY = (20, 40)
OPENING = 3  # the phones and TVs open their pages over the first seconds
REQUEST_TIMEOUT = 10
ACCEPT_ENCODING = "gzip, deflate, br" if brotli else "gzip, deflate"

# A save's answer to a phone holding the empty form (static/record.js): where the form
# goes, and the stand-in number the held form has (scorekeeper/web/game/routes.py).
STAND_IN = re.compile(r'<template data-empty-form="(\d+)"></template>')
NUMBER_SLOT = "987654321"
ALERT = re.compile(r'role="alert"[^>]*>([^<]+)<')
#: What a phone at a table reads, together the "page" of the targets.
PAGES = ("game page", "live part, unchanged (304)", "live part, changed",
         "game part, after a change", "empty form fetched")
SAVES = ("deal saved",)
#: The issue's targets: the 99th percentile of pages and of saves, in ms.
PAGE_P99_MS = 100
SAVE_P99_MS = 150


class Timings:
    """Every answer's time by kind, and every error, from all the clients' threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kinds: dict[str, list[float]] = {}
        self.errors: dict[str, list[str]] = {}

    def keep(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.kinds.setdefault(kind, []).append(seconds * 1000)

    def error(self, kind: str, text: str) -> None:
        with self.lock:
            self.kinds.setdefault(kind, [])
            self.errors.setdefault(kind, []).append(text)

    def figures(self, kinds: tuple[str, ...]) -> dict[str, Any]:
        """Count, median, 99th percentile and maximum (ms) of the answers of *kinds* (one
        kind's, or several together), and their errors."""
        with self.lock:
            times = sorted(t for k in kinds for t in self.kinds.get(k, []))
            errors = sum(len(self.errors.get(k, [])) for k in kinds)
        if not times:
            return {"count": 0, "p50": None, "p99": None, "max": None, "errors": errors}
        return {"count": len(times), "p50": round(statistics.median(times), 1),
                "p99": round(times[math.ceil(0.99 * len(times)) - 1], 1),
                "max": round(times[-1], 1), "errors": errors}


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    text: str


class Browser:
    """One phone's (or TV's) browser: its cookies, and the headers it sends."""

    def __init__(self, port: int, timings: Timings) -> None:
        self.port = port
        self.timings = timings
        self.cookies: dict[str, str] = {}

    def ask(self, kind: str | dict[int, str], method: str, path: str, *,
            form: list[tuple[str, str]] | None = None, body: dict | None = None,
            headers: dict[str, str] | None = None) -> Answer | None:
        """The answer to one request, timed as *kind*; or a dict of the statuses expected,
        each to the kind it is timed as (by default 200 alone). Any other status, or no
        answer, is an error of that kind (the first kind, if several): None then."""
        kinds = kind if isinstance(kind, dict) else {200: kind}
        first = next(iter(kinds.values()))
        sent = {"Accept-Encoding": ACCEPT_ENCODING, "Accept-Language": "en"}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if form is not None:
            data = urlencode(form)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body)
            sent["Content-Type"] = "application/json"
        connection = http.client.HTTPConnection("127.0.0.1", self.port,
                                                timeout=REQUEST_TIMEOUT)
        started = time.perf_counter()
        try:
            connection.request(method, path, data, sent | (headers or {}))
            response = connection.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as failure:
            self.timings.error(first, f"{method} {path}: no answer ({failure!r})")
            return None
        finally:
            connection.close()
        self.timings.keep(kinds.get(response.status, first), time.perf_counter() - started)
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = cookie.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        text = unpacked(raw, response.headers.get("Content-Encoding")).decode()
        if response.status not in kinds:
            said = ALERT.search(text)  # what the page says went wrong, if it says
            self.timings.error(first, f"{method} {path}: {response.status} "
                               f"{said.group(1).strip() if said else text[:200]!r}")
            return None
        return Answer(response.status, response.headers, text)

    def htmx(self, target: str, current: str, trigger: str | None = None) -> dict[str, str]:
        """The headers HTMX adds to a request of an element (id *target*; *trigger*, the
        element that asks, when it has an id) on the page at *current*."""
        headers = {"HX-Request": "true", "HX-Target": target,
                   "HX-Current-URL": f"http://127.0.0.1:{self.port}{current}"}
        if trigger:
            headers["HX-Trigger"] = trigger
        return headers


def unpacked(raw: bytes, encoding: str | None) -> bytes:
    if encoding == "gzip":
        return gzip.decompress(raw)
    if encoding == "br":
        return brotli.decompress(raw)
    return raw


class GamePart(HTMLParser):
    """What a phone goes on with from a game page, or a part of one: the live part's
    version and where it asks (templates/games/_live.html), and the deal form's fields as
    a browser would send them untouched (hidden and text inputs with their values, the
    radio buttons and boxes checked; the Hand form has no other fields)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.live: dict[str, str] | None = None
        self.action: str | None = None
        self.blank: str | None = None  # where the table's empty form is fetched (record.js)
        self.fields: list[tuple[str, str]] = []
        self._in_form = False
        self._form_id: str | None = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        # An input belongs to the form it names (a kept page gathers the forms' tokens at
        # its end, each naming its form), else to the form it stands in.
        owner = found.get("form") or (self._form_id if self._in_form else None)
        if tag == "div" and "data-live" in found and self.live is None:
            self.live = found
        elif (tag == "form" and "deal-form" in found.get("class", "").split()
              and self.action is None):
            self._in_form = True
            self._form_id = found.get("id", "")
            self.action = found.get("hx-post") or found.get("action")
            self.blank = found.get("data-blank")
        elif (tag == "input" and owner is not None and owner == self._form_id
              and found.get("name") and "disabled" not in found):
            kind = found.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in found:
                    self.fields.append((found["name"], found.get("value") or "on"))
            elif kind not in ("submit", "button", "reset", "file", "image"):
                self.fields.append((found["name"], found.get("value", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._in_form = False

    def field(self, name: str) -> str | None:
        return next((value for key, value in self.fields if key == name), None)


def filled(fields: list[tuple[str, str]], rnd: random.Random) -> list[tuple[str, str]]:
    """The deal form *fields* as a player fills them in: someone went out over several
    turns; each other player melded and kept some points, or (now and then) never
    melded."""
    seats = sorted({int(name.split("_")[1]) for name, _ in fields
                    if name.startswith("points_")})
    winner = rnd.choice(seats)
    chosen = {"outcome": "scored", "winner": str(winner), "finish": "partial"}
    for seat in seats:
        if seat != winner:
            melded = rnd.random() < 0.9
            chosen[f"melded_{seat}"] = "yes" if melded else "no"
            chosen[f"points_{seat}"] = str(rnd.randrange(0, 125, 5)) if melded else ""
    out = [(name, value) for name, value in fields if name not in chosen]
    return out + list(chosen.items())


class Phone(threading.Thread):
    """One phone at a table: it opens the game page, follows the game through the live
    part, and (the table's *scorer*) saves a deal every 20 to 40 seconds."""

    def __init__(self, port: int, game: str, scorer: bool, until: float,
                 timings: Timings, seed: int) -> None:
        super().__init__(daemon=True)
        self.browser = Browser(port, timings)
        self.timings = timings
        self.game, self.scorer, self.until = game, scorer, until
        self.rnd = random.Random(seed)
        self.page = f"/games/{game}"
        self.live: dict[str, str] = {}  # the live part's attributes as the phone shows it
        self.form: GamePart | None = None  # the deal form shown, None once the game ends
        self.saved = 0  # deals this phone saved (201 from the server's side: a 200 here)
        self.held = ("", "")  # the empty form this phone holds: its address and HTML

    def run(self) -> None:
        try:
            self.play()
        except Exception as failure:  # a fault of the bench shows as an error, not a hang
            self.timings.error("phone", f"{self.page}: {failure!r}")

    def play(self) -> None:
        time.sleep(self.rnd.uniform(0, OPENING))
        if not self.open():
            return
        now = time.monotonic()
        next_live = now + LIVE_EVERY
        next_save = now + self.rnd.uniform(*SAVE_EVERY) if self.scorer else math.inf
        while min(next_live, next_save) < self.until:
            time.sleep(max(0.0, min(next_live, next_save) - time.monotonic()))
            if next_save <= next_live:
                swapped = self.save()
                next_save = (time.monotonic() + self.rnd.uniform(*SAVE_EVERY)
                             if self.form else math.inf)
            else:
                # HTMX's "every 5s" sets its next timer as it asks, whatever the answer;
                # a live part swapped in starts its own.
                next_live += LIVE_EVERY
                swapped = self.follow()
            if swapped:
                next_live = time.monotonic() + LIVE_EVERY

    def open(self) -> bool:
        answer = self.browser.ask("game page", "GET", self.page)
        return answer is not None and self.shown(answer, "game page")

    def shown(self, answer: Answer, kind: str) -> bool:
        """Take the live part and the deal form from a page or game part."""
        part = GamePart(answer.text)
        if part.live is None or "data-etag" not in part.live:
            self.timings.error(kind, f"{self.page}: no live part in the answer")
            return False
        self.live = part.live
        self.form = part if part.action else None
        if self.form is None and part.live.get("data-finished") != "yes":
            self.timings.error(kind, f"{self.page}: no deal form in the answer")
            return False
        return True

    def follow(self) -> bool:
        """Ask the live part whether the game changed (app.js: ``If-None-Match``, the
        version shown); on a change, swap it in and, the deal form being untouched and now
        behind, fetch the game part. Whether the live part was swapped."""
        answer = self.browser.ask(
            {304: "live part, unchanged (304)", 200: "live part, changed"}, "GET",
            self.live["hx-get"],
            headers=self.browser.htmx("live", self.page, trigger="live")
            | {"If-None-Match": f'"{self.live["data-etag"]}"'})
        if answer is None or answer.status == 304:
            return False
        part = GamePart(answer.text)
        if part.live is None:
            self.timings.error("live part, changed", f"{self.page}: no live part")
            return False
        self.live = part.live
        if self.form is not None and (part.live.get("data-finished") == "yes"
                                      or part.live.get("data-next") != self.form.field("deal")):
            again = self.browser.ask("game part, after a change", "GET", self.page,
                                     headers=self.browser.htmx("game", self.page))
            if again is not None:
                self.shown(again, "game part, after a change")
        return True

    def save(self) -> bool:
        """Save the next deal through the form, as HTMX posts it. Whether the live part
        was swapped (the first deal and the last answer with the whole game part)."""
        assert self.form is not None and self.form.action is not None
        headers = self.browser.htmx("game", self.page)
        if self.form.blank and self.form.blank != self.held[0]:
            # static/record.js: the table's empty form, fetched at the first entry.
            fetched = self.browser.ask("empty form fetched", "GET", self.form.blank)
            self.held = (self.form.blank, fetched.text if fetched else "")
        if self.held[1]:
            headers["HX-Empty-Form"] = self.held[0]
        answer = self.browser.ask("deal saved", "POST", self.form.action,
                                  form=filled(self.form.fields, self.rnd), headers=headers)
        if answer is None:
            return False
        # ... and the answer's stand-in becomes that form, numbered, before it is read.
        answer = replace(answer, text=STAND_IN.sub(
            lambda found: self.held[1].replace(NUMBER_SLOT, found.group(1)), answer.text))
        self.saved += 1
        told = answer.headers.get("HX-Trigger-After-Swap")
        if told is None:  # the whole game part: the first deal, or the last
            self.shown(answer, "deal saved")
            return True
        saved = json.loads(told)["sheet-saved"]
        self.live = self.live | {"data-etag": saved["etag"], "data-next": str(saved["next"]),
                                 "data-version": saved["version"]}
        part = GamePart(answer.text)  # the next deal's form
        if part.action is None or part.field("deal") != str(saved["next"]):
            self.timings.error("deal saved", f"{self.page}: no form for deal {saved['next']}")
            self.form = None
        else:
            self.form = part
        return False


def every(browser: Browser, rnd: random.Random, kind: str, path: str, seconds: float,
          until: float, must_hold: str, *, element: str | None = None,
          opening: str | None = None) -> None:
    """Ask for *path* every *seconds* until *until*: an answer without *must_hold* is an
    error. With *element* (its id), as that element's ``hx-get`` asks, once the whole page
    was opened (timed as *opening*)."""
    try:
        time.sleep(rnd.uniform(0, OPENING))
        headers = None
        due = time.monotonic()
        if element:
            headers = browser.htmx(element, path, trigger=element)
            answer = browser.ask(opening or kind, "GET", path)
            if answer is not None and must_hold not in answer.text:
                browser.timings.error(opening or kind, f"{path}: no {must_hold!r}")
            due += seconds
        while due < until:
            time.sleep(max(0.0, due - time.monotonic()))
            due += seconds
            answer = browser.ask(kind, "GET", path, headers=headers)
            if answer is not None and must_hold not in answer.text:
                browser.timings.error(kind, f"{path}: no {must_hold!r}")
    except Exception as failure:  # a fault of the bench shows as an error, not a hang
        browser.timings.error(kind, f"{path}: {failure!r}")


def rounds_for(seconds: float) -> int:
    """Scored rounds enough for a game to outlast *seconds* at the quickest pace (a deal
    every 20 s), so that every table saves until the end (at most 31, the rules' bound): a
    game ended early would leave its table only reading."""
    return min(31, max(5, math.ceil(seconds / SAVE_EVERY[0]) + 1))


def plan(port: int, timings: Timings, seconds: float) -> dict:
    """The night, planned through the API, its first round started: as the API gives it."""
    organiser = Browser(port, timings)
    answer = organiser.ask({201: "setup"}, "POST", "/api/v1/nights", body={
        "name": "Bench night", "rules": {"preset": "levant", "rounds": rounds_for(seconds)},
        "players": PLAYERS, "format": "rotating"})
    assert answer is not None, timings.errors
    night = json.loads(answer.text)
    answer = organiser.ask({201: "setup"}, "POST", f"/api/v1/nights/{night['id']}/rounds",
                           body={"round": 1})
    assert answer is not None, timings.errors
    return json.loads(answer.text)


def play(port: int, seconds: float, seed: int) -> dict[str, Any]:
    """The night's clients against the server at *port* for *seconds*: the figures."""
    timings = Timings()
    night = plan(port, timings, seconds)
    games = [table["game"]["id"] for table in night["rounds"][0]["tables"]]
    board = "/nights/tv/" + night["tv_url"].rsplit("/", 1)[1]
    until = time.monotonic() + seconds
    phones = [Phone(port, game, scorer=seat == 0, until=until, timings=timings,
                    seed=seed * 1000 + 10 * table + seat)
              for table, game in enumerate(games) for seat in range(PHONES_AT_A_TABLE)]
    rnd = random.Random(seed)

    def asking(*args: Any, **kwargs: Any) -> threading.Thread:
        return threading.Thread(target=every, daemon=True, kwargs=kwargs, args=(
            Browser(port, timings), random.Random(rnd.random()), *args))

    others = [asking("TV board", board, TV_EVERY, until, 'id="board"', element="board",
                     opening="TV page, opened") for _ in range(TVS)]
    others.append(asking("night page (organiser)", f"/nights/{night['id']}",
                         ORGANISER_EVERY, until, night["name"]))
    others.append(asking("night (API)", f"/api/v1/nights/{night['id']}", ORGANISER_EVERY,
                         until, night["id"]))
    for thread in [*phones, *others]:
        thread.start()
    late = until + 2 * REQUEST_TIMEOUT  # the last requests sent have their time to end
    for thread in [*phones, *others]:
        thread.join(max(0.0, late - time.monotonic()))
        if thread.is_alive():
            timings.error("bench", f"{thread.name} still running after the night")
    # Each game holds exactly the deals its table's phone was told were saved.
    reader = Browser(port, timings)
    for table, game in enumerate(games):
        answer = reader.ask("check", "GET", f"/api/v1/games/{game}")
        saved = sum(p.saved for p in phones if p.game == game)
        if answer is not None and len(json.loads(answer.text)["deals"]) != saved:
            timings.error("check", f"table {table + 1}: {saved} deals saved, "
                          f"{len(json.loads(answer.text)['deals'])} stored")
    mine = PAGES + SAVES  # first, in this order; the others after them
    kinds = sorted(timings.kinds, key=lambda k: (mine.index(k) if k in mine else len(mine), k))
    return {
        "seconds": seconds, "tables": len(games), "phones": len(phones), "tvs": TVS,
        "rounds": night["rules"]["rounds"],
        "kinds": {kind: timings.figures((kind,)) for kind in kinds
                  if kind not in ("setup", "check") or timings.errors.get(kind)},
        "page": timings.figures(PAGES), "save": timings.figures(SAVES),
        "errors": [text for texts in timings.errors.values() for text in texts],
    }


def run(server: Any, seconds: float = SECONDS, seed: int = 2026) -> dict[str, Any]:
    """Serve with *server* (bench/load.py's Server or MakeServe, not started yet), play the
    night against it, stop it: the report, with the load average before and after, the
    targets checked, and the server's last words when something went wrong."""
    before = os.getloadavg()
    server.upgrade()
    server.start()
    try:
        report = play(server.port, seconds, seed)
        after = os.getloadavg()
    finally:
        server.stop()
    report["load_average"] = {"before": [round(x, 2) for x in before],
                              "after": [round(x, 2) for x in after]}
    report["targets"] = targets(report)
    if report["errors"]:
        report["server_log"] = tail(server.output)
    return report


def targets(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The issue's targets, each with its figure and whether it is met."""
    page, save = report["page"]["p99"], report["save"]["p99"]
    return [
        {"target": f"page p99 < {PAGE_P99_MS} ms", "figure": page,
         "met": page is not None and page < PAGE_P99_MS},
        {"target": f"save p99 < {SAVE_P99_MS} ms", "figure": save,
         "met": save is not None and save < SAVE_P99_MS},
        {"target": "no error", "figure": len(report["errors"]),
         "met": not report["errors"]},
    ]


def tail(log: Any, lines: int = 40) -> list[str]:
    """The server's output but its access log (gunicorn's): its tracebacks."""
    try:
        text = log.read_text().splitlines()
    except OSError:
        return []
    return [line for line in text if '"GET ' not in line and '"POST ' not in line][-lines:]


def text(report: dict[str, Any]) -> str:
    """The report as a table, the targets under it."""
    before = " ".join(f"{x:.2f}" for x in report["load_average"]["before"])
    after = " ".join(f"{x:.2f}" for x in report["load_average"]["after"])
    out = [f"A night: {report['tables']} tables, {report['phones']} phones, "
           f"{report['tvs']} TV boards, the organiser; games of {report['rounds']} rounds; "
           f"{report['seconds']:g} s; "
           f"{report.get('server', '')}",
           f"load average (1, 5, 15 min): before {before}; after {after}", "",
           f"{'answer':34} {'count':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} "
           f"{'errors':>6}"]

    def row(name: str, figures: dict[str, Any]) -> str:
        shown = [f"{figures[k]:8.1f}" if figures[k] is not None else f"{'-':>8}"
                 for k in ("p50", "p99", "max")]
        return f"{name:34} {figures['count']:6} {' '.join(shown)} {figures['errors']:6}"

    out += [row(kind, figures) for kind, figures in report["kinds"].items()]
    out += [row("page (the first four together)", report["page"]),
            row("save", report["save"]), ""]
    for target in report["targets"]:
        figure = target["figure"]
        shown = f"{figure} ms" if isinstance(figure, float) else str(figure)
        out.append(f"{'PASS' if target['met'] else 'FAIL'}  {target['target']}: {shown}")
    if report["errors"]:
        out += ["", f"errors ({len(report['errors'])}; the first 20):",
                *(f"  {e}" for e in report["errors"][:20])]
    if report.get("server_log"):
        out += ["", "the server's output (its last lines but the access log):",
                *(f"  {line}" for line in report["server_log"])]
    return "\n".join(out)


def run_night(args: argparse.Namespace) -> int:
    """Play the night against the server *args* ask for: 1 on any error."""
    import contextlib
    import tempfile

    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        url = None
        if args.postgres or args.serve:
            url = stack.enter_context(LocalPostgres(durable=True)).url
        database = Path(folder) / "night.sqlite"
        server = (MakeServe(database, url, args.workers, args.port) if args.serve
                  else Server(database, url, args.port, args.tree.resolve()))
        report = run(server, args.seconds or SECONDS, args.seed)
    report["server"] = (f"make serve ({args.workers} gunicorn workers, PostgreSQL)"
                        if args.serve else
                        f"make run (waitress, {'PostgreSQL' if url else 'SQLite'})")
    print(text(report))
    return 1 if report["errors"] else 0


if __name__ == "__main__":  # the same as bench/load.py --night
    sys.exit(run_night(options(__doc__.split("\n\n")[0]).parse_args(
        ["--night", *sys.argv[1:]])))
