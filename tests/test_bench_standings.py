"""bench/standings.py runs, small (issue 25's figure, 1,000 finished games answered in
under 50 ms, is in docs/performance.md; no timing is asserted on a shared machine): it
seeds a group of finished games of both games, partnerships among them, and every answer
it times is the API's."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench" / "standings.py"


def _bench():
    spec = importlib.util.spec_from_file_location("bench_standings", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_standings_bench_seeds_finished_games_and_times_every_answer(tmp_path):
    bench = _bench()
    result = bench.measure(games=30, runs=2, folder=tmp_path)
    assert result["finished"] == 30 and result["hand_games"] == 20
    assert result["rows"] == len(bench.MEMBERS)
    for name, figure in result["figures"].items():
        assert figure["median_ms"] > 0 and figure["max_ms"] >= figure["median_ms"], name
    assert "first answer of a process" in bench.report(result)
