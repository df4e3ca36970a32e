"""bench/ratings.py runs, small (issue 38's figures — 1,000 games rerated in under 1 s, the
ratings page read in under 50 ms — are in docs/performance.md; no timing is asserted on a
shared machine): it seeds a group of finished Hand games, rates them one by one as they
end, and times a full rerating, a correction to the first game, a game ending and the
pages."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench" / "ratings.py"


def _bench():
    spec = importlib.util.spec_from_file_location("bench_ratings", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_ratings_bench_rates_every_game_and_times_each_step(tmp_path):
    bench = _bench()
    result = bench.measure(games=12, runs=2, folder=tmp_path)
    # Six games of three, six of four: every seat a member's move.
    assert result["moves"] == 6 * 3 + 6 * 4
    for name, figure in result["figures"].items():
        assert figure["median_ms"] > 0 and figure["max_ms"] >= figure["median_ms"], name
    assert "rerate all" in bench.report(result)
