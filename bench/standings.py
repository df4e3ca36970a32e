"""How long a group's standings take to answer with 1,000 finished games (issue 25: under
50 ms on this machine).

Seeds a fresh SQLite database (as ``make run`` keeps one: WAL, every commit synced) with
one group of twelve members and ``--games`` finished games of theirs (1,000 by default):
Hand games of three players, Hand games of four in partnerships, and Hand and Foot games
of four in partnerships — about a third each — of two or three deals, redeals among them,
played over the year before. The games are written as the app writes them (their deals
through the game's own rows, each result kept by ``scorekeeper.league.results.keep_result`` as
every change keeps it), in one transaction: seeding is not what is measured.

Then, ``--runs`` times each, through Flask's test client (no network, no other process),
as an API client asks: the Hand standings of all time (``GET /api/v1/groups/<id>/standings
?game=hand``, with the partners table and the season's chart) as the first answer of a
server process (every result read and decoded: the cache of decoded results emptied
before each run), after one game changed (another phone's deal: one result decoded
again), and as the next answer; the Hand and Foot standings, this year's Hand standings,
two members head to head over both games, and the group itself (its games listed, newest
first). Each figure is the median, in wall-clock milliseconds, with the slowest run.

Run from the repository root: ``.venv/bin/python bench/standings.py [--games 1000]
[--runs 30]``. tests/test_bench.py runs it small (no timing asserted); the figures are in
docs/performance.md, "Standings".
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

from sqlalchemy import select, update  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.games import kind_of  # noqa: E402
from scorekeeper.league import groups, results  # noqa: E402
from scorekeeper.league.results import keep_result  # noqa: E402
from scorekeeper.models import DealRecord, Game, GameResult  # noqa: E402
from scorekeeper.storage import new_game, table_of  # noqa: E402

MEMBERS = ["Sami", "Rana", "Omar", "Lina", "Ali", "Badr", "Caro", "Dina", "Emad", "Farah",
           "Ghada", "Hadi"]
CONTRACT = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1}
API = "/api/v1"


def _hand_deal(number: int, players: list[str], rnd: random.Random) -> dict[str, Any]:
    if rnd.random() < 0.15:
        return {"deal": number, "outcome": "redeal"}
    winner = rnd.choice(players)
    hands = {p: ({"melded": False} if rnd.random() < 0.2 else
                 {"melded": True, "points": rnd.randint(0, 90)})
             for p in players if p != winner}
    return {"deal": number, "outcome": "scored", "winner": winner,
            "finish": "full" if rnd.random() < 0.1 else "partial", "hands": hands}


def _foot_deal(number: int, players: list[str], rnd: random.Random) -> dict[str, Any]:
    out = rnd.randrange(2)
    sides = [{**CONTRACT, "red_threes": rnd.randint(0, 2), "melded": 5 * rnd.randint(480, 700),
              "left": 0} if side == out else
             {"clean_piles": rnd.randint(0, 2), "dirty_piles": rnd.randint(0, 2),
              "red_threes_caught": rnd.randint(0, 1), "melded": 5 * rnd.randint(120, 400),
              "left": 5 * rnd.randint(0, 40)} for side in range(2)]
    # Partners opposite: the side of seats 1 and 3, or of 2 and 4.
    return {"deal": number, "outcome": "scored", "went_out": players[out], "sides": sides}


def seed(app: Any, games: int, rnd: random.Random) -> str:
    """A group of twelve with *games* finished games, over the year before; its id."""
    start = datetime.now(UTC) - timedelta(days=365)
    with app.app_context():
        group = groups.new_group("Thursday night", MEMBERS)
        db.session.add(group)
        db.session.flush()
        for n in range(games):
            kind_pick = n % 3
            if kind_pick == 0:
                players, rules = rnd.sample(MEMBERS, 3), {"preset": "levant", "rounds": 2}
                game = new_game(rules, players, players[0])
                maker = _hand_deal
            elif kind_pick == 1:
                players, rules = rnd.sample(MEMBERS, 4), {"preset": "gulf", "rounds": 3}
                game = new_game(rules, players, players[0], partnerships=True)
                maker = _hand_deal
            else:
                players = rnd.sample(MEMBERS, 4)
                rules = {"preset": "hand_and_foot", "rounds": 2}
                game = new_game(rules, players, players[0], partnerships=True)
                maker = _foot_deal
            game.created_at = game.updated_at = start + timedelta(minutes=500 * n)
            db.session.add(game)
            groups.seat_members(group, game)
            kind = kind_of(game.rules)
            table = table_of(game)
            log: list[Any] = []
            state = kind.replay(table, [])
            number = 1
            while not state.finished:
                deal = kind.deal_from_json(maker(number, players, rnd), number, game.rules)
                try:
                    state = kind.extend(state, deal)
                except Exception:  # a deal these rules refuse: deal it again
                    continue
                log.append(deal)
                db.session.add(DealRecord(
                    game_id=game.id, number=deal.number,
                    report=dict(kind.report_of(deal, table.players))))
                number += 1
            keep_result(game, state, log)
        db.session.commit()
        return group.id


def _timed(client: Any, path: str, runs: int,
           before: Callable[[], None] | None = None) -> dict[str, float]:
    times = []
    for _ in range(runs):
        if before is not None:
            before()  # not timed
        began = time.perf_counter()
        response = client.get(path)
        times.append((time.perf_counter() - began) * 1000)
        assert response.status_code == 200, response.get_data(as_text=True)
    return {"median_ms": statistics.median(times), "max_ms": max(times)}


def measure(games: int = 1000, runs: int = 30, folder: Path | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as spare:
        path = Path(folder or spare) / "standings.sqlite"
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                          "SECRET_KEY": "bench"})
        with app.app_context():
            db.create_all()
        began = time.perf_counter()
        group_id = seed(app, games, random.Random(2026))
        seeded = time.perf_counter() - began
        with app.app_context():
            finished = db.session.query(GameResult).filter_by(finished=True).count()
        client = app.test_client()
        year = datetime.now(UTC).date().replace(month=1, day=1).isoformat()
        base = f"{API}/groups/{group_id}"
        paths = {
            "standings, Hand, all time": f"{base}/standings?game=hand",
            "standings, Hand and Foot, all time": f"{base}/standings?game=hand_and_foot",
            "standings, Hand, this year": f"{base}/standings?game=hand&since={year}",
            "head-to-head, both games": f"{base}/head-to-head?a=Sami&b=Rana",
            "the group and its games": base,
        }
        hand = paths["standings, Hand, all time"]
        # A server process just started: every result read and decoded.
        figures = {"standings, Hand, first answer of a process": _timed(
            client, hand, runs, results._PLAYED.clear)}

        def change() -> None:
            # Another phone's deal in one of the games: its version moves.
            with app.app_context():
                db.session.execute(update(Game).where(Game.id == rnd.choice(ids))
                                   .values(updated_at=datetime.now(UTC)))
                db.session.commit()

        rnd = random.Random(25)
        with app.app_context():
            ids = list(db.session.scalars(select(GameResult.game_id).where(
                GameResult.kind == "hand")))
        figures["standings, Hand, after a game changed"] = _timed(client, hand, runs, change)
        figures |= {name: _timed(client, path, runs) for name, path in paths.items()}
        answer = client.get(paths["standings, Hand, all time"]).get_json()
        with app.app_context():
            db.engine.dispose()
    return {"games": games, "finished": finished, "seed_s": seeded, "runs": runs,
            "figures": figures, "hand_games": answer["games"],
            "rows": len(answer["rows"])}


def report(result: dict[str, Any]) -> str:
    lines = [f"{result['finished']} finished games ({result['hand_games']} of Hand), "
             f"seeded in {result['seed_s']:.1f} s; median and slowest of "
             f"{result['runs']} runs:"]
    for name, figure in result["figures"].items():
        lines.append(f"  {name:40} {figure['median_ms']:7.1f} ms  "
                     f"(slowest {figure['max_ms']:.1f} ms)")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    print(report(measure(args.games, args.runs)))


if __name__ == "__main__":
    main()
