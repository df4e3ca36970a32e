"""`make run` applies the migrations before it serves; started twice on a fresh database —
in a row, or two servers at once — it must migrate once and then find nothing left to do
(issue 12: "running make run twice on a fresh database crashes the second migration").
Each start is a real `flask db upgrade` in its own process, as `make run` runs it."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _upgrade(instance: Path) -> subprocess.Popen:
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(instance)}
    env.pop("DATABASE_URL", None)
    return subprocess.Popen([sys.executable, "-m", "flask", "--app", "scorekeeper", "db",
                             "upgrade"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def _head(instance: Path) -> list[str]:
    with sqlite3.connect(instance / "scorekeeper.sqlite") as db:
        return [row[0] for row in db.execute("SELECT version_num FROM alembic_version")]


def _heads() -> set[str]:
    versions = (ROOT / "migrations" / "versions").glob("*.py")
    revised = {p.name.split("_")[0] for p in versions}
    down = set()
    for path in (ROOT / "migrations" / "versions").glob("*.py"):
        for line in path.read_text().splitlines():
            if line.startswith("down_revision"):
                down.add(line.split("=")[1].strip().strip("'\""))
    return revised - down


def test_migrating_twice_in_a_row_does_nothing_the_second_time(tmp_path):
    for _ in range(2):
        run = _upgrade(tmp_path)
        out, _err = run.communicate(timeout=120)
        assert run.returncode == 0, out
    assert set(_head(tmp_path)) == _heads()


@pytest.mark.parametrize("attempt", range(3))
def test_servers_started_at_once_on_a_fresh_database_migrate_it_once(tmp_path, attempt):
    runs = [_upgrade(tmp_path) for _ in range(4)]
    outs = [run.communicate(timeout=120)[0] for run in runs]
    assert [run.returncode for run in runs] == [0] * 4, "\n".join(outs)
    assert set(_head(tmp_path)) == _heads()
