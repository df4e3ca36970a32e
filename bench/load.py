"""Load test: many phones recording deals at once, through the real server, on loopback.

Serves the app as ``make run`` does (``flask db upgrade``, then ``waitress-serve --call
scorekeeper:serving_app``) on 127.0.0.1, a free port and a fresh SQLite file. Then clients
(20 by default, two per game on 10 games) record deals through the JSON API as phones do:
each sends the next deal it knows of, learns the next number from every answer (201, or
409 when the other phone got there first), and now and then sends the same deal twice on
purpose, which must be answered "already recorded". With ``--kill`` the server is killed
with SIGKILL mid-run and started again; clients whose request got no answer send the same
deal again, as a phone retries.

Afterwards, with the server stopped, the SQLite file is read directly: ``PRAGMA
integrity_check`` is ok; each game's deals are numbered 1, 2, 3… with none missing or twice;
every deal acknowledged (201) is stored as sent; and each game's totals as the server last
served them equal a replay of the stored deals by the rules engine.

With ``--serve --workers N`` the app is served as ``make serve`` serves it instead: the
Makefile's own target (migrations, then gunicorn with N worker processes), on a throwaway
PostgreSQL server on loopback (``--postgres``, implied; tests/pgserver.py starts it, with
PostgreSQL's own defaults: every commit synced). After the deals, every client asks for its
game's page again and again for ``--page-seconds``: pages/s is how many whole game pages
(HTML, each a replay of the sheet from the worker's cache) the server sent in that time.
The checks afterwards read PostgreSQL instead of the SQLite file (no integrity_check).

Run from the repository root: ``.venv/bin/python bench/load.py [--kill] [--clients 20]
[--games 10] [--deals 25] [--seconds 60] [--serve --workers 4] [--port 8765]
[--tree /tmp/wt-before]``; the server listens on 127.0.0.1 only, on ``--port`` or any
free port. ``--tree`` serves another checkout of the app (a git worktree of an older
commit) with this virtualenv, to compare two versions under the same load (waitress only).
tests/test_load.py runs it in the test suite, tests/test_serve.py runs ``make serve`` the
same way.

With ``--night`` it plays a night instead (issue 40; bench/night.py): 40 phones at 10
tables following their games and saving deals as the page does, two TV boards and the
organiser, for ``--seconds`` (300 unless told), on either server; it prints each kind of
answer's times and the load average, and checks the issue's targets. ``.venv/bin/python
bench/load.py --night [--serve --workers 2] [--seconds 300]``.
"""

from __future__ import annotations

import http.client
import json
import random
import sqlite3
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

# bench/ itself, for common.py and night.py when this file is loaded from elsewhere (tests/).
sys.path.insert(0, str(Path(__file__).resolve().parent))

import night  # noqa: E402
from common import ROOT, MakeServe, Server, options  # noqa: E402
from pgserver import LocalPostgres  # noqa: E402
from tables import API, deal_entry, game_body, random_deal  # noqa: E402

from scorekeeper.games.hand.rules import Rules, Table, replay  # noqa: E402
from scorekeeper.games.hand.store import deal_from_report  # noqa: E402

REQUEST_TIMEOUT = 10
RESEND = 0.25  # how often a client sends a deal a second time on purpose


@dataclass
class Results:
    acked: list[tuple[str, dict]] = field(default_factory=list)  # (game, body) per 201
    latencies: list[float] = field(default_factory=list)  # seconds per answered POST
    answers: dict[int, int] = field(default_factory=dict)  # status → count
    resent: int = 0  # deals sent twice on purpose, answered "already recorded"
    unanswered: int = 0  # requests the kill cut off
    in_flight: int = 0  # requests sent and not yet answered
    problems: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, status: int, seconds: float) -> None:
        with self.lock:
            self.answers[status] = self.answers.get(status, 0) + 1
            self.latencies.append(seconds)


class Phone(threading.Thread):
    """One client recording deals on one game until it has *deals* of them."""

    def __init__(self, server: Server, results: Results, game: str, deals: int, seed: int,
                 deadline: float) -> None:
        super().__init__(daemon=True)
        self.server, self.results, self.game = server, results, game
        self.deals, self.deadline = deals, deadline
        self.rnd = random.Random(seed)
        self.connection: http.client.HTTPConnection | None = None
        self.generation = 0

    def post(self, body: dict) -> tuple[int, dict] | None:
        """The answer to *body*, or None when the server went away before answering."""
        if self.generation != self.server.generation or self.connection is None:
            if self.connection is not None:
                self.connection.close()  # to the server that was killed
            self.connection = http.client.HTTPConnection("127.0.0.1", self.server.port,
                                                         timeout=REQUEST_TIMEOUT)
            self.generation = self.server.generation
        started = time.perf_counter()
        with self.results.lock:
            self.results.in_flight += 1
        try:
            self.connection.request("POST", f"{API}/games/{self.game}/deals",
                                    json.dumps(body), {"Content-Type": "application/json"})
            response = self.connection.getresponse()
            answer = json.loads(response.read())
        except (OSError, http.client.HTTPException, ValueError):
            self.connection.close()
            self.connection = None
            return None
        finally:
            with self.results.lock:
                self.results.in_flight -= 1
        self.results.note(response.status, time.perf_counter() - started)
        return response.status, answer

    def run(self) -> None:
        try:
            self.record()
        finally:
            if self.connection is not None:
                self.connection.close()

    def record(self) -> None:
        number = 1
        # next_deal is null once the game is over: this phone is done.
        while number is not None and number <= self.deals and time.monotonic() < self.deadline:
            body = random_deal(number, self.rnd)
            answer = self.send(body)
            if answer is None:
                return
            status, data = answer
            if status == 201:
                with self.results.lock:
                    self.results.acked.append((self.game, body))
                number = data["next_deal"]
                if self.rnd.random() < RESEND:
                    self.resend(body)
            elif status == 409:
                number = data["game"]["next_deal"]
            else:
                self.problem(f"deal {number}: {status} {data}")
                return

    def send(self, body: dict) -> tuple[int, dict] | None:
        """Send *body* until it is answered, as a phone retries after a lost answer."""
        while time.monotonic() < self.deadline:
            if not self.server.ready.wait(0.2):
                continue
            answer = self.post(body)
            if answer is not None:
                return answer
            with self.results.lock:
                self.results.unanswered += 1
            time.sleep(0.05)
        return None

    def resend(self, body: dict) -> None:
        answer = self.send(body)
        if answer is None:
            return
        status, data = answer
        if status != 409 or data.get("already_recorded") is not True:
            self.problem(f"deal {body['deal']} sent again: {status} {data}")
        else:
            with self.results.lock:
                self.results.resent += 1

    def problem(self, text: str) -> None:
        with self.results.lock:
            self.results.problems.append(f"game {self.game}: {text}")


def request(server: Server, method: str, path: str, body: dict | None = None) -> dict:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=REQUEST_TIMEOUT)
    try:
        connection.request(method, path, None if body is None else json.dumps(body),
                           {"Content-Type": "application/json"})
        response = connection.getresponse()
        data = json.loads(response.read())
        assert response.status in (200, 201), (response.status, data)
        return data
    finally:
        connection.close()


def run(database: Path, clients: int = 20, games: int = 10, deals: int = 25,
        seconds: float = 60, kill: bool = False, seed: int = 2026,
        postgres: str | None = None, workers: int | None = None,
        page_seconds: float = 0, port: int = 0, tree: Path = ROOT) -> dict:
    """Run the load; a report (figures and problems, empty when all is well). *postgres*
    (a database URL) serves from PostgreSQL; *workers* serves through ``make serve`` with
    that many processes; *page_seconds* then measures game pages a second. The server
    listens on loopback only, on *port* (0: any free port); *tree* is the checkout served
    (waitress only; the default: this one)."""
    server = (MakeServe(database, postgres or "", workers, port) if workers
              else Server(database, postgres, port, tree))
    server.upgrade()
    server.start()
    pages_per_second = page_p50 = memory = None
    cpu: list[float] = []
    try:
        ids = [request(server, "POST", f"{API}/games", game_body())["id"]
               for _ in range(games)]
        results = Results()
        deadline = time.monotonic() + seconds
        phones = [Phone(server, results, ids[i % games], deals, seed + i, deadline)
                  for i in range(clients)]
        serving = isinstance(server, MakeServe)
        # The server's CPU time per request (not across a kill: the process starts afresh).
        timed = not kill
        cpu = [server.cpu_seconds()] if timed else []
        started = time.perf_counter()
        for phone in phones:
            phone.start()
        if kill:
            # Mid-run: once about a third of all deals are in, and with requests on their
            # way (on a loaded machine every phone can be between two for a moment).
            while ((len(results.acked) < games * deals // 3 or results.in_flight < 2)
                   and time.monotonic() < deadline):
                time.sleep(0.001)
            server.kill()
            server.start()
        for phone in phones:
            phone.join(max(0.0, deadline - time.monotonic()) + REQUEST_TIMEOUT)
        elapsed = time.perf_counter() - started
        if any(phone.is_alive() for phone in phones):
            results.problems.append("some clients did not finish in time")
        if timed:
            cpu.append(server.cpu_seconds())
        pages = 0
        if page_seconds:
            pages_per_second, pages, page_p50 = read_pages(server, ids, clients, page_seconds,
                                                           results)
        if timed:
            cpu.append(server.cpu_seconds())
        if serving:
            memory = server.rss_mb()
        served = {game: request(server, "GET", f"{API}/games/{game}") for game in ids}
    finally:
        server.stop()
    results.problems += check(postgres or database, served, results.acked)
    latencies = sorted(results.latencies)
    # The server's CPU time per request: what a request costs whatever else runs.
    cpu_per_post = round(1000 * (cpu[1] - cpu[0]) / len(latencies), 1) if len(cpu) > 1 \
        and latencies else None
    cpu_per_page = round(1000 * (cpu[2] - cpu[1]) / pages, 1) if len(cpu) > 2 and pages \
        else None
    return {
        "clients": clients, "games": games, "killed": kill,
        "server": f"make serve, {workers} workers" if workers else "waitress",
        "database": "postgresql" if postgres else "sqlite", "seconds": round(elapsed, 2),
        "deals": len(results.acked),  # acknowledged with a 201
        "stored": sum(len(state["deals"]) for state in served.values()),
        "deals_per_second": round(len(results.acked) / elapsed, 1),
        "pages_per_second": pages_per_second, "page_p50_ms": page_p50, "rss_mb": memory,
        "cpu_ms_per_post": cpu_per_post, "cpu_ms_per_page": cpu_per_page,
        "posts": len(latencies), "answers": dict(sorted(results.answers.items())),
        "resent_already_recorded": results.resent, "unanswered": results.unanswered,
        "p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "p95_ms": round(1000 * latencies[int(0.95 * (len(latencies) - 1))], 1)
        if latencies else None,
        "max_ms": round(1000 * latencies[-1], 1) if latencies else None,
        "problems": results.problems,
    }


def read_pages(server: Server, ids: list[str], clients: int, seconds: float,
               results: Results) -> tuple[float, int, float | None]:
    """Game pages a second, how many were read and the median time one took (ms):
    *clients* phones each opening its game's page (the whole HTML page, as a phone opening
    the link) again and again for *seconds*."""
    counts = [0] * clients
    took: list[float] = []
    stop = time.monotonic() + seconds

    def reader(i: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", server.port,
                                                timeout=REQUEST_TIMEOUT)
        try:
            while time.monotonic() < stop:
                start = time.perf_counter()
                connection.request("GET", f"/games/{ids[i % len(ids)]}")
                response = connection.getresponse()
                body = response.read()
                took.append(time.perf_counter() - start)
                if response.status != 200 or b'class="sheet"' not in body:
                    with results.lock:
                        results.problems.append(f"page: {response.status}")
                    return
                counts[i] += 1
        finally:
            connection.close()

    threads = [threading.Thread(target=reader, args=(i,), daemon=True) for i in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + REQUEST_TIMEOUT)
    median = round(1000 * statistics.median(took), 1) if took else None
    return round(sum(counts) / (time.perf_counter() - started), 1), sum(counts), median


def check(database: Path | str, served: dict[str, dict],
          acked: list[tuple[str, dict]]) -> list[str]:
    """What is wrong with the stored games, read straight from the SQLite file (or from
    PostgreSQL, when *database* is its URL)."""
    problems = []
    if isinstance(database, str):
        import psycopg

        connection = psycopg.connect(database)
        placeholder = "%s"
    else:
        connection = sqlite3.connect(database)
        placeholder = "?"
        verdict = connection.execute("PRAGMA integrity_check").fetchall()
        if verdict != [("ok",)]:
            problems.append(f"integrity_check: {verdict}")
    try:
        stored = {}
        for game, state in served.items():
            log = _stored_log(connection, placeholder, game, state["players"])
            numbers = [deal.number for deal in log]
            if numbers != list(range(1, len(numbers) + 1)):
                problems.append(f"game {game}: deals numbered {numbers}")
            table = Table(Rules.from_spec(state["rules"]), tuple(state["players"]),
                          state["first_dealer"], state["teams"] is not None)
            replayed = replay(table, log)
            if dict(replayed.totals) != state["totals"]:
                problems.append(f"game {game}: served totals {state['totals']}, replayed "
                                f"{dict(replayed.totals)}")
            stored[game] = {d["number"]: deal_entry(d) for d in state["deals"]}
            if len(state["deals"]) != len(log):
                problems.append(f"game {game}: served {len(state['deals'])} deals, "
                                f"stored {len(log)}")
        for game, body in acked:
            if stored[game].get(body["deal"]) != deal_entry(body):
                problems.append(f"game {game}: acknowledged deal {body['deal']} is "
                                f"{stored[game].get(body['deal'])}, not {deal_entry(body)}")
    finally:
        connection.close()
    return problems


def _json(value):
    """A JSON column's value: SQLite hands back its text, PostgreSQL the value."""
    return json.loads(value) if isinstance(value, str) else value


def _stored_log(connection, placeholder: str, game: str, players: list[str]) -> list:
    rows = connection.execute(
        f"SELECT number, report FROM deals WHERE game_id = {placeholder} ORDER BY number",
        (game,)).fetchall()
    return [deal_from_report(number, _json(report), tuple(players))
            for number, report in rows]


def main(argv: list[str] | None = None) -> int:
    args = options(__doc__.split("\n\n")[0]).parse_args(argv)
    if args.night:
        return night.run_night(args)
    import contextlib
    import tempfile

    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        url = None
        if args.postgres or args.serve:
            url = stack.enter_context(LocalPostgres(durable=True)).url
        report = run(Path(folder) / "load.sqlite", args.clients, args.games, args.deals,
                     args.seconds or 60, args.kill, args.seed, postgres=url,
                     workers=args.workers if args.serve else None,
                     page_seconds=args.page_seconds, port=args.port,
                     tree=args.tree.resolve())
    report["tree"] = str(args.tree.resolve())
    print(json.dumps(report, indent=1, ensure_ascii=False))
    return 1 if report["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
