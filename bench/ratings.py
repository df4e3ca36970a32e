"""How long a group's ratings take with 1,000 finished games (issue 38: rerated in under
1 s, the ratings page read in under 50 ms, on this machine).

Seeds a fresh SQLite database (as ``make run`` keeps one: WAL, every commit synced) with
one group of twelve members and ``--games`` finished Hand games of theirs (1,000 by
default), half of three players and half of four in partnerships, written as the app
writes them: each result kept by ``scorekeeper.league.results.keep_result``, which rates the
game as it finishes (the seeding time is the first figure: every game rated as it
ended, one after another).

Then, ``--runs`` times each:

- **rerate all**: the group's 1,000 games rated again from scratch, in one transaction
  (``scorekeeper.league.ratings.rerate``) — what a correction to the group's first game costs;
- **a correction to the first game**: the first game's result changed (another winner)
  through ``keep_result``, which rates every game after it again — and changed back;
- **a new game ending**: one more finished game kept (its own rating only), then taken
  out again;
- the **ratings page** (``GET /groups/<id>/ratings?game=hand``), the ratings in the JSON
  API (``GET /api/v1/groups/<id>/ratings?game=hand``, with the pairs) and the group's page,
  through Flask's test client.

Each figure is the median, in wall-clock milliseconds, with the slowest run. Run from the
repository root: ``.venv/bin/python bench/ratings.py [--games 1000] [--runs 10]``.
tests/test_bench.py runs it small (no timing asserted); the figures are in
docs/performance.md, "Ratings".
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import func, select  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.games import kind_of  # noqa: E402
from scorekeeper.league import groups  # noqa: E402
from scorekeeper.league.ratings import rerate  # noqa: E402
from scorekeeper.league.results import keep_result  # noqa: E402
from scorekeeper.models import DealRecord, Game, GameResult, Group, RatingMove  # noqa: E402
from scorekeeper.storage import new_game, table_of  # noqa: E402

MEMBERS = ["Sami", "Rana", "Omar", "Lina", "Ali", "Badr", "Caro", "Dina", "Emad", "Farah",
           "Ghada", "Hadi"]


def _deal(number: int, players: list[str], rnd: random.Random) -> dict[str, Any]:
    winner = rnd.choice(players)
    return {"deal": number, "outcome": "scored", "winner": winner, "finish": "partial",
            "hands": {p: {"melded": True, "points": rnd.randint(0, 90)}
                      for p in players if p != winner}}


def _game(group: Any, n: int, start: datetime, rnd: random.Random) -> Game:
    """A finished Hand game of *group*'s, the *n*-th, written and its result kept."""
    partners = n % 2 == 1
    players = rnd.sample(MEMBERS, 4 if partners else 3)
    rules = {"preset": "gulf" if partners else "levant", "rounds": 2}
    game = new_game(rules, players, players[0], partnerships=partners)
    game.created_at = game.updated_at = start + timedelta(minutes=500 * n)
    db.session.add(game)
    groups.seat_members(group, game)
    kind, table = kind_of(game.rules), table_of(game)
    log: list[Any] = []
    state = kind.replay(table, [])
    number = 1
    while not state.finished:
        deal = kind.deal_from_json(_deal(number, players, rnd), number, game.rules)
        try:
            state = kind.extend(state, deal)
        except Exception:  # a deal these rules refuse: deal it again
            continue
        log.append(deal)
        db.session.add(DealRecord(game_id=game.id, number=deal.number,
                                  report=dict(kind.report_of(deal, table.players))))
        number += 1
    keep_result(game, state, log)
    return game


def seed(app: Any, games: int, rnd: random.Random) -> tuple[str, str]:
    """A group of twelve with *games* finished Hand games over the year before: its id
    and the first game's."""
    start = datetime.now(UTC) - timedelta(days=365)
    with app.app_context():
        group = groups.new_group("Thursday night", MEMBERS)
        db.session.add(group)
        db.session.flush()
        first = _game(group, 0, start, rnd).id
        for n in range(1, games):
            _game(group, n, start, rnd)
        db.session.commit()
        return group.id, first


def _timed(action: Callable[[], None], runs: int) -> dict[str, float]:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        action()
        times.append((time.perf_counter() - began) * 1000)
    return {"median_ms": statistics.median(times), "max_ms": max(times)}


def measure(games: int = 1000, runs: int = 10, folder: Path | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as spare:
        path = Path(folder or spare) / "ratings.sqlite"
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                          "SECRET_KEY": "bench"})
        with app.app_context():
            db.create_all()
        rnd = random.Random(38)
        began = time.perf_counter()
        group_id, first_id = seed(app, games, rnd)
        seeded = time.perf_counter() - began
        client = app.test_client()

        def rerate_all() -> None:
            with app.app_context():
                rerate(group_id, "hand")
                db.session.commit()

        def correct_first() -> None:
            # Another winner for the first game, and back: each change rates every game
            # after it again (two reratings a run, the figure halved below).
            with app.app_context():
                row = db.session.get(GameResult, first_id)
                kept = [dict(p) for p in row.places]
                for turn in (kept[::-1], kept):
                    row.places = [{**p, "rank": q["rank"], "won": q["won"]}
                                  for p, q in zip(kept, turn, strict=True)]
                    db.session.flush()
                    rerate(group_id, "hand", (row.played_at.replace(tzinfo=UTC), first_id))
                    db.session.commit()

        def new_game_ends() -> None:
            with app.app_context():
                group = db.session.get(Group, group_id)
                game = _game(group, games + 1, datetime.now(UTC), rnd)
                db.session.commit()
                db.session.delete(db.session.get(GameResult, game.id))
                db.session.flush()
                rerate(group_id, "hand", (game.updated_at.replace(tzinfo=UTC), game.id))
                db.session.delete(game)
                db.session.commit()

        base = f"/groups/{group_id}"
        figures = {"rerate all": _timed(rerate_all, runs)}
        halves = _timed(correct_first, runs)
        figures["a correction to the first game"] = {k: v / 2 for k, v in halves.items()}
        figures["a new game ending (kept and rated)"] = _timed(new_game_ends, runs)
        for name, address in (("the ratings page", f"{base}/ratings?game=hand"),
                              ("the ratings, JSON", f"/api/v1{base}/ratings?game=hand"),
                              ("the group's page", f"{base}?game=hand")):
            figures[name] = _timed(lambda address=address: _get(client, address), runs)
        with app.app_context():
            moves = db.session.scalar(select(func.count()).select_from(RatingMove))
            db.engine.dispose()
    return {"games": games, "moves": moves, "seed_s": seeded, "runs": runs,
            "figures": figures}


def _get(client: Any, address: str) -> None:
    response = client.get(address)
    assert response.status_code == 200, response.get_data(as_text=True)


def report(result: dict[str, Any]) -> str:
    lines = [f"{result['games']} finished Hand games ({result['moves']} moves), seeded and "
             f"rated one by one in {result['seed_s']:.1f} s; median and slowest of "
             f"{result['runs']} runs:"]
    for name, figure in result["figures"].items():
        lines.append(f"  {name:38} {figure['median_ms']:7.1f} ms  "
                     f"(slowest {figure['max_ms']:.1f} ms)")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    print(report(measure(args.games, args.runs)))


if __name__ == "__main__":
    main()
