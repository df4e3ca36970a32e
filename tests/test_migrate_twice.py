"""`make run` applies the migrations before it serves; started twice on a fresh database —
in a row, or two servers at once — it must migrate once and then find nothing left to do
(issue 12: "running make run twice on a fresh database crashes the second migration").
Each start is a real `flask db upgrade` in its own process, as `make run` runs it.

In a row it always worked; two at once, the second often crashed: SQLite runs Alembic's
DDL outside a transaction, so both found no tables and both created them. The upgrade now
holds a lock (migrations/env.py) that the second waits for. Servers started at once show
the race only when their starts overlap, which a busy machine makes rare; the tests that
hold the lock themselves show the waiting every time."""

from __future__ import annotations

import fcntl
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _upgrade(instance: Path, database_url: str | None = None) -> subprocess.Popen:
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(instance)}
    env.pop("DATABASE_URL", None)
    if database_url:
        env["DATABASE_URL"] = database_url
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


def _finishes(run: subprocess.Popen) -> None:
    out, _err = run.communicate(timeout=120)
    assert run.returncode == 0, out


@pytest.mark.parametrize("attempt", range(3))
def test_servers_started_at_once_on_a_fresh_database_migrate_it_once(tmp_path, attempt):
    runs = [_upgrade(tmp_path) for _ in range(4)]
    outs = [run.communicate(timeout=120)[0] for run in runs]
    assert [run.returncode for run in runs] == [0] * 4, "\n".join(outs)
    assert set(_head(tmp_path)) == _heads()
    _finishes(_upgrade(tmp_path))  # and the next start finds nothing to do
    assert set(_head(tmp_path)) == _heads()


def _holds_open(run: subprocess.Popen, path: Path) -> bool:
    fds = Path(f"/proc/{run.pid}/fd")
    try:
        return any(os.readlink(fd) == str(path) for fd in fds.iterdir())
    except OSError:  # the process is gone, or a descriptor closed while looking
        return False


def _wait_until(condition, run: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while not condition():
        assert run.poll() is None, run.communicate()[0]
        assert time.monotonic() < deadline, "never came to the lock"
        time.sleep(0.1)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads /proc")
def test_a_second_start_waits_while_a_migration_holds_the_database(tmp_path):
    """The test holds the lock a migrating server holds: another start comes to it, waits
    there without touching the database, and migrates once it is let go; then a third
    start finds nothing to do."""
    lock_path = tmp_path / "scorekeeper.sqlite.migrating"
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        run = _upgrade(tmp_path)
        _wait_until(lambda: _holds_open(run, lock_path), run)
        time.sleep(1)
        assert run.poll() is None  # still waiting
        with sqlite3.connect(tmp_path / "scorekeeper.sqlite") as db:
            assert db.execute("SELECT name FROM sqlite_master").fetchall() == []
        fcntl.flock(lock, fcntl.LOCK_UN)
    _finishes(run)
    _finishes(_upgrade(tmp_path))
    assert set(_head(tmp_path)) == _heads()


# PostgreSQL (conftest's postgres_url): an empty database is made for the test beside
# it, and dropped after.
# migrations/env.py's MIGRATION_LOCK.
MIGRATION_LOCK = 0x48414E44


@pytest.fixture
def postgres(postgres_url):
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from scorekeeper import normalise_database_url

    url = make_url(normalise_database_url(postgres_url))
    name = f"migrate_twice_{os.getpid()}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {name}"))
        connection.execute(text(f"CREATE DATABASE {name}"))
    engine = create_engine(url.set(database=name), isolation_level="AUTOCOMMIT")
    yield engine, url.set(database=name).render_as_string(hide_password=False)
    engine.dispose()
    with admin.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {name}"))
    admin.dispose()


def test_on_postgresql_a_second_start_waits_for_the_first_migration(postgres, tmp_path):
    from sqlalchemy import inspect, text

    engine, url = postgres
    with engine.connect() as holder:
        holder.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
        run = _upgrade(tmp_path, url)
        _wait_until(lambda: holder.execute(text(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"))
            .scalar() == 1, run)
        assert inspect(engine).get_table_names() == []
        holder.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
    _finishes(run)
    runs = [_upgrade(tmp_path, url) for _ in range(3)]
    for again in runs:
        _finishes(again)
    with engine.connect() as connection:
        assert {connection.execute(text("SELECT version_num FROM alembic_version"))
                .scalar()} == _heads()
