"""Issue 49, point 1: a deal is stored as its game's own record. The deals table keeps only
what every game's deal has, and each game's report in one JSON column; Hand's columns and
its table of hands moved into Hand's report by one migration, on SQLite and PostgreSQL,
with nothing lost. tests/data/database_at_4e1f0c9a7b21.json is a database made by the app
as it stood at that migration (every table, row by row: Hand with cards, first melds given
as cards, the winner's hand, a mistake, a redeal, a correction and an undo; Hand and Foot
in sides; a group's points sheet, rated games and a rename; a night whose deals the other
side confirmed or disputed), with every game's state as that app answered it, and its
backup (format 4)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from backup_formats import as_format_4
from flask_migrate import downgrade, upgrade
from sqlalchemy import DateTime, MetaData, create_engine, inspect, select, text
from sqlalchemy.engine import make_url
from test_backup import fresh_app
from test_migrations import logging_kept

from scorekeeper import create_app
from scorekeeper.backup import export_games, import_games
from scorekeeper.extensions import db

AT = json.loads((Path(__file__).parent / "data" / "database_at_4e1f0c9a7b21.json")
                .read_text(encoding="utf-8"))
BEFORE = AT["revision"]
API = "/api/v1"


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database(request, tmp_path) -> str:
    """A database with no table at all: a SQLite file, or a PostgreSQL database of its own
    on the session's server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'old.sqlite'}"
    url = make_url(request.getfixturevalue("postgres_url"))
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text("DROP DATABASE IF EXISTS deal_reports"))
        connection.execute(text("CREATE DATABASE deal_reports"))
    admin.dispose()
    return url.set(database="deal_reports").render_as_string(hide_password=False)


def _app(url: str):
    return create_app({"TESTING": True, "SECRET_KEY": "reports", "WTF_CSRF_ENABLED": False,
                       "SQLALCHEMY_DATABASE_URI": url})


def _fill_as_it_was(app) -> None:
    """The database at the migration before, holding the rows that app wrote."""
    with app.app_context(), logging_kept():
        upgrade(revision=BEFORE)
        meta = MetaData()
        meta.reflect(bind=db.engine)
        with db.engine.begin() as connection:
            for table in meta.sorted_tables:
                rows = [{key: _value(table.c[key], value) for key, value in row.items()}
                        for row in AT["tables"].get(table.name, [])]
                if rows and table.name != "alembic_version":
                    connection.execute(table.insert(), rows)
            if connection.dialect.name == "postgresql":
                for table in meta.sorted_tables:
                    if "id" in table.c and table.c.id.autoincrement is True:
                        connection.execute(text(
                            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                            f"(SELECT max(id) FROM {table.name}))"))


def _value(column, value):
    if isinstance(column.type, DateTime) and isinstance(value, str):
        return datetime.fromisoformat(value).replace(tzinfo=UTC)
    return value


def _same_state(app) -> None:
    """Every game answers as it did before: each field the old answer had, the same."""
    client = app.test_client()
    for game_id, before in AT["states"].items():
        answer = client.get(f"{API}/games/{game_id}")
        assert answer.status_code == 200, answer.get_data(as_text=True)
        assert _holds(answer.get_json(), before), game_id
        assert client.get(f"/games/{game_id}").status_code == 200


def _holds(after, before) -> bool:
    """*after* answers everything *before* did, the same (a field added since aside)."""
    if isinstance(before, dict):
        return isinstance(after, dict) and all(
            key in after and _holds(after[key], value) for key, value in before.items())
    if isinstance(before, list):
        return isinstance(after, list) and len(after) == len(before) and all(
            _holds(a, b) for a, b in zip(after, before, strict=True))
    return after == before


def test_the_migration_moves_every_deal_into_its_games_report(empty_database):
    app = _app(empty_database)
    _fill_as_it_was(app)
    with app.app_context(), logging_kept():
        upgrade()
        columns = {c["name"] for c in inspect(db.engine).get_columns("deals")}
        assert columns == {"id", "game_id", "number", "report", "created_at", "recorded_by",
                           "confirmed_by", "confirmed_at", "disputed_by", "dispute_reason",
                           "note"}
        assert "deal_hands" not in inspect(db.engine).get_table_names()
        kinds = dict(db.session.execute(text("SELECT id, kind FROM games")).all())
        reports = db.session.execute(text("SELECT report FROM deals")).scalars().all()
    assert sorted(set(kinds.values())) == ["hand", "handfoot", "points"]
    assert len(reports) == len(AT["tables"]["deals"])
    _same_state(app)
    with app.app_context():
        db.engine.dispose()


def test_the_migration_taken_back_gives_every_row_back(empty_database):
    """Downgraded, the deals and their hands are the rows that app wrote."""
    app = _app(empty_database)
    _fill_as_it_was(app)
    with app.app_context(), logging_kept():
        upgrade()
        downgrade(revision=BEFORE)
        meta = MetaData()
        meta.reflect(bind=db.engine)
        for name in ("deals", "deal_hands", "games"):
            table = meta.tables[name]
            rows = db.session.execute(select(table)).mappings().all()
            got = sorted(json.dumps({k: _plain(v) for k, v in row.items()}, sort_keys=True)
                         for row in rows)
            want = sorted(json.dumps({k: _plain(_value(table.c[k], v))
                                      for k, v in row.items()}, sort_keys=True)
                          for row in AT["tables"][name])
            assert got == want, name
        db.session.remove()
        db.engine.dispose()


def _plain(value):
    if isinstance(value, datetime):
        return (value if value.tzinfo else value.replace(tzinfo=UTC)).astimezone(UTC)\
            .isoformat()
    return value


def test_a_backup_of_format_4_imports_and_reads_the_same(import_database, tmp_path):
    """A file written before deals kept their game's report imports, every game reading as
    it did; exported again (format 5), imported and exported once more, it is the same
    file byte for byte."""
    app = fresh_app(import_database)
    with app.app_context():
        added, skipped = import_games(AT["backup"])
        assert len(added) == len(AT["states"]) and not skipped
    _same_state(app)
    with app.app_context():
        first = export_games()
        db.session.rollback()
    assert first["version"] == 5
    assert all(set(deal) >= {"report"} and "outcome" not in deal
               for game in first["games"] for deal in game["deals"])
    again = fresh_app(import_database)
    with again.app_context():
        import_games(json.loads(json.dumps(first)))
        second = export_games()
        db.session.rollback()
    assert json.dumps(second, ensure_ascii=False) == json.dumps(first, ensure_ascii=False)


def test_an_export_written_back_as_format_4_imports_as_the_same_file(app, client, tmp_path):
    """The reading of format 4 is the exact reverse of what this test calls format 4 (so
    the helper the other backup tests use is sound)."""
    AT_BACKUP = AT["backup"]
    with app.app_context():
        import_games(AT_BACKUP)
        first = export_games()
        db.session.rollback()
    four = as_format_4(first)
    assert four["games"] and all("kind" not in g for g in four["games"])
    other = fresh_app()
    with other.app_context():
        added, skipped = import_games(four)
        assert len(added) == len(first["games"]) and not skipped
        assert export_games() == first
        db.session.rollback()
