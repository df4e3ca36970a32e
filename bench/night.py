"""A night's load (issue 36): ten tables of four phones and a TV board, against the app as
``make run`` serves it (waitress, a fresh SQLite file, on loopback).

A night of 40 players is planned and its first round started through the JSON API: ten
games. Then, for ``--seconds``: each of the 40 phones asks for its table's game page every
3 to 6 seconds (as a phone showing the sheet refreshes it), one phone at each table saves
a deal every 20 to 40 seconds, the organiser's phone asks for the night's page every 10
seconds, and one TV asks for its board every 3 seconds (the board alone, as its page
asks). Every answer's time is kept; the report gives the median and the 99th percentile
of each kind, the errors (none expected), and the load average.

Run from the repository root: ``.venv/bin/python bench/night.py [--seconds 60]``.
Figures: docs/performance.md, "A night's pages".
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import Server  # noqa: E402

PLAYERS = [f"Player {i + 1:02}" for i in range(40)]
HAND = {"melded": True, "points": 20}


class Timings:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kinds: dict[str, list[float]] = {}
        self.errors: list[str] = []

    def keep(self, kind: str, seconds: float, status: int, expected: tuple[int, ...]) -> None:
        with self.lock:
            self.kinds.setdefault(kind, []).append(seconds * 1000)
            if status not in expected:
                self.errors.append(f"{kind}: {status}")

    def report(self) -> dict[str, dict[str, float]]:
        out = {}
        for kind, times in sorted(self.kinds.items()):
            times.sort()
            out[kind] = {"count": len(times), "p50": times[len(times) // 2],
                         "p99": times[min(len(times) - 1, int(len(times) * 0.99))]}
        return out


def ask(port: int, method: str, path: str, body: dict | None = None,
        headers: dict | None = None) -> tuple[int, bytes, float]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    start = time.perf_counter()
    connection.request(method, path, None if body is None else json.dumps(body),
                       {"Content-Type": "application/json"} | (headers or {}))
    response = connection.getresponse()
    data = response.read()
    took = time.perf_counter() - start
    connection.close()
    return response.status, data, took


def phone(port: int, game_id: str, until: float, timings: Timings) -> None:
    time.sleep(random.uniform(0, 3))  # the phones open their tables over a few seconds
    while time.monotonic() < until:
        status, _, took = ask(port, "GET", f"/games/{game_id}")
        timings.keep("game page", took, status, (200,))
        time.sleep(random.uniform(3, 6))


def scorer(port: int, game_id: str, until: float, timings: Timings) -> None:
    number = 1
    while time.monotonic() < until:
        time.sleep(random.uniform(20, 40))
        status, data, _ = ask(port, "GET", f"/api/v1/games/{game_id}")
        state = json.loads(data)
        if state["finished"]:
            return
        winner = state["players"][number % len(state["players"])]
        body = {"deal": state["next_deal"], "outcome": "scored", "winner": winner,
                "finish": "partial",
                "hands": {p: HAND for p in state["players"] if p != winner}}
        status, _, took = ask(port, "POST", f"/api/v1/games/{game_id}/deals", body)
        timings.keep("save", took, status, (201,))
        number += 1


def board(port: int, path: str, kind: str, every: float, until: float,
          timings: Timings, headers: dict | None = None) -> None:
    while time.monotonic() < until:
        status, _, took = ask(port, "GET", path, headers=headers)
        timings.keep(kind, took, status, (200,))
        time.sleep(every)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "night.db")
        server.upgrade()
        server.start()
        try:
            port = server.port
            status, data, _ = ask(port, "POST", "/api/v1/nights", {
                "name": "Bench night", "rules": {"preset": "levant", "rounds": 5},
                "players": PLAYERS, "format": "rotating"})
            assert status == 201, data
            night = json.loads(data)
            status, data, _ = ask(port, "POST", f"/api/v1/nights/{night['id']}/rounds", {})
            assert status == 201, data
            night = json.loads(data)
            games = [t["game"]["id"] for t in night["rounds"][0]["tables"]]
            view = night["tv_url"].rsplit("/", 1)[1]
            timings = Timings()
            until = time.monotonic() + args.seconds
            threads = [threading.Thread(target=phone, args=(port, g, until, timings))
                       for g in games for _ in range(4)]
            threads += [threading.Thread(target=scorer, args=(port, g, until, timings))
                        for g in games]
            threads.append(threading.Thread(target=board, args=(
                port, f"/nights/tv/{view}", "TV board", 3, until, timings,
                {"HX-Request": "true"})))
            threads.append(threading.Thread(target=board, args=(
                port, f"/nights/{night['id']}", "night page", 10, until, timings)))
            threads.append(threading.Thread(target=board, args=(
                port, f"/api/v1/nights/{night['id']}", "night (API)", 10, until, timings)))
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            print(json.dumps({"seconds": args.seconds, "tables": len(games),
                              "load_average": os.getloadavg()[0],
                              "errors": timings.errors, "ms": timings.report()}, indent=1))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
