"""What a save, a preview and a page cost beside each other, in one run against one app.

The targets are ratios, measured side by side so that the machine's load (shared, noisy)
weighs on both sides alike:

- an HTMX save costs at most twice a page read of the same game, the page kept (issue 40
  restated issue 24's 1.2, which no save could meet: see the floor below);
- a save at 1,000 deals at most 1.3 times one at 7;
- a preview of the next deal at 1,000 deals at most 1.5 times one at 7.

Seeds a fresh SQLite database (as ``make run`` keeps one: WAL, every commit synced) with
two running Levant games of four players and 31 rounds: one of 7 scored deals, and one of
1,000 deals of which 25 are scored (the rest redeals). Then, round after round, for each
game in turn: the game's page is read twice (``GET``, as phones opening the link: the
first read after a change renders the sheet again, the next ones find it kept — the page
read the targets compare with), the next deal is previewed and saved (``POST``, as HTMX
sends them, from a phone holding the table's empty form: static/record.js), and the deal is
taken back (directly in the database, not timed), then saved again as a phone holding no
form (no script, or not fetched yet) and taken back, so every round measures the same game
at the same length. Every request is sent as a phone's
browser sends it (brotli and gzip accepted; ``HX-Request`` for the save and preview),
through Flask's test client: no network, no other process. Each figure is the median of
the rounds, in wall-clock time (what the phone waits for, the commit's sync to disk
included) and in CPU time of this process.

Beside them, two requests that are no save, to show how far a save can go down: a POST
that does nothing (the app's own handling of a phone's form post: its session, language,
guard and answer) and the least any save must do — read the game, check the deal form as
sent, and write to the game and commit, synced — answering with nothing (``204``). The
bench's app alone has these two routes. Their cost against the page read is the floor
under the first target: a save cannot cost less than the least a save does.

Run from the repository root: ``.venv/bin/python bench/ratios.py [--rounds 40]``;
``--profile save`` (or ``page``, ``preview``) then prints where that request's time goes,
by cProfile, over as many rounds again at 7 deals (not in the figures).
tests/test_bench.py runs it (no timing asserted).
"""

from __future__ import annotations

import argparse
import cProfile
import gzip
import io
import pstats
import random
import re
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flask import abort, request  # noqa: E402
from sqlalchemy import CursorResult, Table, bindparam, update  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.games import kind_of  # noqa: E402
from scorekeeper.games.hand.rules import Deal, Finish, Outcome, PlayerHand, RoundResult  # noqa: E402
from scorekeeper.models import Game  # noqa: E402
from scorekeeper.storage import (  # noqa: E402
    add_deal,
    kept_table,
    new_game,
    remove_last_deal,
    version_of,
)

PLAYERS = ["Sami", "Rana", "Omar", "Lina"]
RULES = {"preset": "levant", "rounds": 31, "last_round_deals": None}
BROWSER = {"Accept-Encoding": "br, gzip"}
BLANK = re.compile(rb'data-blank="([^"]+)"')
HTMX = BROWSER | {"HX-Request": "true"}
TARGETS = {  # (numerator, denominator): at most
    ("save @7", "page @7"): 2.0,
    ("save @1000", "save @7"): 1.3,
    ("preview @1000", "preview @7"): 1.5,
}
# What no save can go below, against the page read (no target: the floor under the first).
FLOORS = [("post, nothing @7", "page @7"), ("post, the least a save does @7", "page @7"),
          ("save @7", "post, the least a save does @7"),
          ("save, the form sent whole @7", "page @7")]


def scored(number: int, rnd: random.Random) -> Deal:
    winner = rnd.choice(PLAYERS)
    hands = {p: PlayerHand(True, rnd.randint(0, 90)) if rnd.random() < 0.8
             else PlayerHand(False) for p in PLAYERS if p != winner}
    return Deal(number, Outcome.SCORED, RoundResult(winner, Finish.PARTIAL, hands))


def seed(app, long: int = 1000) -> dict[int, str]:
    """The two running games, by their number of deals: 7 (all scored) and *long* (one
    deal in forty scored)."""
    rnd = random.Random(2026)
    games = {}
    with app.app_context():
        for deals, every in ((7, 1), (long, 40)):
            game = new_game(RULES, PLAYERS, "Sami")
            db.session.add(game)
            db.session.commit()
            for number in range(1, deals + 1):
                add_deal(game, scored(number, rnd) if number % every == 0
                         else Deal(number, Outcome.REDEAL))
            games[deals] = game.id
    return games


# The write every save starts with: the game's time stamp moved to now (a new version),
# synced like a save's; built once, as the app builds its own. Setting the column to its
# own value would not do: SQLite then writes and syncs nothing, and the floor came out low.
TOUCH = (update(cast(Table, Game.__table__)).where(Game.id == bindparam("game"))
         .values(updated_at=bindparam("stamp")))


def no_saves(app) -> None:
    """The two POSTs that are no save (the module's docstring says why): routes of this
    bench's app alone, registered before its first request."""

    @app.post("/bench/<game_id>/nothing")
    def nothing(game_id: str):
        return "", 204

    @app.post("/bench/<game_id>/least")
    def least(game_id: str):
        game = db.session.get(Game, game_id)
        if game is None:
            abort(404)
        kind = kind_of(game.rules)
        form = kind.pages.deal_form(kept_table(game), request.form)
        if not form.validate():
            abort(422)
        written = db.session.execute(TOUCH, {"game": game_id, "stamp": datetime.now(UTC)})
        assert cast(CursorResult, written).rowcount == 1
        db.session.commit()
        return "", 204


def deal_form(number: int) -> dict[str, str]:
    """The deal form as a phone sends it: Omar went out with a partial hand."""
    return {"deal": str(number), "outcome": "scored", "winner": "2", "finish": "partial",
            "melded_0": "yes", "points_0": "20", "melded_1": "no", "melded_3": "yes",
            "points_3": "35"}


def body(response) -> bytes:
    """The answer's body as the browser reads it (decompressed)."""
    encoding = response.headers.get("Content-Encoding")
    if encoding == "br":
        import brotli

        return bytes(brotli.decompress(response.data))
    if encoding == "gzip":
        return gzip.decompress(response.data)
    return response.data


class Clock:
    """Wall-clock and CPU time of the calls it times, by name."""

    def __init__(self) -> None:
        self.wall: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}

    def time(self, name: str, call, profile: cProfile.Profile | None = None):
        wall, cpu = time.perf_counter(), time.process_time()
        if profile is not None:
            profile.enable()
        answer = call()
        if profile is not None:
            profile.disable()
        self.cpu.setdefault(name, []).append(time.process_time() - cpu)
        self.wall.setdefault(name, []).append(time.perf_counter() - wall)
        return answer


def measure(rounds: int = 40, long: int = 1000, profile: str | None = None,
            folder: Path | None = None) -> dict:
    """Median wall and CPU milliseconds of each request, and the ratios against their
    targets; *profile* ("save", "page" or "preview") adds cProfile's report of that request
    at 7 deals."""
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(folder or tmp) / "ratios.sqlite"
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
                          "WTF_CSRF_ENABLED": False})
        no_saves(app)
        with app.app_context():
            db.create_all()
        games = seed(app, long)
        client = app.test_client()
        for number, game_id in games.items():  # warm: templates compiled, states kept
            for _ in range(2):
                one_round(client, app, Clock(), number, game_id, None, None)
        clock = Clock()
        for _ in range(rounds):
            for number, game_id in games.items():
                one_round(client, app, clock, number, game_id, None, None)
        profiler = None
        if profile:  # rounds of their own: the profiler slows what it watches
            profiler = cProfile.Profile()
            for _ in range(rounds):
                one_round(client, app, Clock(), 7, games[7], profile, profiler)
    size = {7: "@7", long: f"@{long}"}
    result: dict = {"rounds": rounds, "wall_ms": {}, "cpu_ms": {}, "ratios": {}}
    for name in clock.wall:
        result["wall_ms"][name] = 1000 * statistics.median(clock.wall[name])
        result["cpu_ms"][name] = 1000 * statistics.median(clock.cpu[name])
    for (top, bottom), most in TARGETS.items():
        top, bottom = (part.replace("@1000", size[long]) for part in (top, bottom))
        result["ratios"][f"{top} / {bottom}"] = {
            "wall": result["wall_ms"][top] / result["wall_ms"][bottom],
            "cpu": result["cpu_ms"][top] / result["cpu_ms"][bottom], "target": most}
    result["floors"] = {f"{top} / {bottom}": {
        clock: result[f"{clock}_ms"][top] / result[f"{clock}_ms"][bottom]
        for clock in ("wall", "cpu")} for top, bottom in FLOORS}
    if profiler is not None:
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("cumulative").print_stats(50)
        stats.sort_stats("tottime").print_stats(30)
        result["profile"] = out.getvalue()
    return result


def one_round(client, app, clock: Clock, number: int, game_id: str, profile: str | None,
              profiler: cProfile.Profile | None) -> None:
    def timed(name: str, call):
        return clock.time(f"{name} @{number}", call,
                          profiler if profile == name else None)

    # The first read after a change renders the sheet again (scorekeeper/web/game/live.py keeps
    # it by version); the phones' reads after it are the page read the targets compare.
    fresh = timed("page, first after a change",
                  lambda: client.get(f"/games/{game_id}", headers=BROWSER))
    page = timed("page", lambda: client.get(f"/games/{game_id}", headers=BROWSER))
    for answer in (fresh, page):
        assert answer.status_code == 200 and b'class="sheet"' in body(answer), answer.status_code
    form = deal_form(number + 1)
    preview = timed("preview", lambda: client.post(f"/games/{game_id}/preview", data=form,
                                                   headers=HTMX))
    assert preview.status_code == 200 and b"35" in body(preview), preview.status_code
    # A phone holds its table's empty form (static/record.js fetched it once) and says so:
    # the answer leaves it out.
    held = HTMX | {"HX-Empty-Form": BLANK.search(body(page)).group(1).decode()}
    saved = timed("save", lambda: client.post(f"/games/{game_id}/deals", data=form,
                                              headers=held))
    assert saved.status_code == 200 and b"data-empty-form" in body(saved), saved.status_code
    for name, route in (("post, nothing", "nothing"), ("post, the least a save does", "least")):
        answer = timed(name, lambda route=route: client.post(f"/bench/{game_id}/{route}",
                                                             data=form, headers=HTMX))
        assert answer.status_code == 204, answer.status_code
    take_back(app, game_id)
    # The same save from a phone holding no form (no script, or not fetched yet).
    whole = timed("save, the form sent whole",
                  lambda: client.post(f"/games/{game_id}/deals", data=form, headers=HTMX))
    assert whole.status_code == 200 and b'class="deal-form' in body(whole), whole.status_code
    take_back(app, game_id)


def take_back(app, game_id: str) -> None:
    """The last deal taken back, so the next save records the same deal again."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        remove_last_deal(game, version_of(game))


def report(result: dict) -> str:
    lines = [f"median of {result['rounds']} rounds, ms{'':17}wall     cpu"]
    for name, wall in result["wall_ms"].items():
        lines.append(f"  {name:34} {wall:8.2f} {result['cpu_ms'][name]:7.2f}")
    lines.append(f"ratios (target: at most){'':14}wall     cpu  target")
    for name, ratio in result["ratios"].items():
        met = ["met" if ratio[clock] <= ratio["target"] else "MISSED"
               for clock in ("wall", "cpu")]
        lines.append(f"  {name:34} {ratio['wall']:7.2f} {ratio['cpu']:7.2f}  "
                     f"{ratio['target']:.1f}  wall {met[0]}, cpu {met[1]}")
    lines.append(f"floors (no target){'':20}wall     cpu")
    for name, ratio in result["floors"].items():
        lines.append(f"  {name:34} {ratio['wall']:7.2f} {ratio['cpu']:7.2f}")
    save, least = "save @7", "post, the least a save does @7"
    lines.append(f"a save beside its floor, ms{'':11}wall     cpu")
    for name, figure in ((save, lambda c: result[f"{c}_ms"][save]),
                         (least, lambda c: result[f"{c}_ms"][least]),
                         ("what the save adds to it", lambda c: result[f"{c}_ms"][save]
                          - result[f"{c}_ms"][least])):
        lines.append(f"  {name:34} {figure('wall'):8.2f} {figure('cpu'):7.2f}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--long", type=int, default=1000, help="deals of the long game")
    parser.add_argument("--profile", choices=["save", "page", "preview"])
    args = parser.parse_args()
    result = measure(args.rounds, args.long, args.profile)
    print(report(result))
    if "profile" in result:
        print(result["profile"])


if __name__ == "__main__":
    main()
