"""The migrations build the schema the models describe: a fresh SQLite database upgraded
through every script in migrations/ (Flask-Migrate, as ``flask db upgrade`` and ``make
run`` do) has every table, column, type, nullability, index, unique constraint and foreign
key of the models (scorekeeper/models.py, ``db.metadata``), and nothing more. Alembic's
own autogenerate comparison finds the differences, so a model changed without a
migration (or a migration the models do not follow) fails here, naming the difference.

The other tests build their databases from the models (``db.create_all``); this one is
what keeps the two in step. One thing it cannot see on SQLite, which keeps no time zone on
a DATETIME column: whether a ``DateTime`` has ``timezone=True``.
"""

from __future__ import annotations

import logging
from contextlib import contextmanager

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import upgrade
from sqlalchemy import Column, MetaData, String

from scorekeeper import create_app
from scorekeeper.extensions import db

#: Compare column types and server defaults too, not only names and nullability.
COMPARE = {"compare_type": True, "compare_server_default": True}

@contextmanager
def logging_kept():
    """Put logging back as it was: Alembic's env.py loads migrations/alembic.ini's logging
    setup, which would otherwise disable the loggers made before it and leave a handler
    on this test's captured stderr for the rest of the run."""
    root = logging.getLogger()
    loggers = [root] + [logger for logger in logging.root.manager.loggerDict.values()
                        if isinstance(logger, logging.Logger)]
    kept = {logger: (logger.disabled, logger.level, list(logger.handlers), logger.propagate)
            for logger in loggers}
    try:
        yield
    finally:
        for logger, (disabled, level, handlers, propagate) in kept.items():
            logger.disabled, logger.propagate = disabled, propagate
            logger.setLevel(level)
            logger.handlers[:] = handlers
        for logger in list(logging.root.manager.loggerDict.values()):
            if isinstance(logger, logging.Logger) and logger not in kept:
                logger.handlers.clear()


@pytest.fixture
def migrated(tmp_path):
    """An app on a new SQLite file upgraded to the newest migration (no create_all)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "migrations",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'migrated.sqlite'}"})
    with app.app_context(), logging_kept():
        upgrade()
    yield app
    with app.app_context():
        db.engine.dispose()


def differences(app, metadata: MetaData) -> list:
    """What Alembic's autogenerate would change in *app*'s database to match *metadata*."""
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts=COMPARE)
        return compare_metadata(context, metadata)


def test_the_migrations_build_exactly_the_models_schema(migrated):
    assert differences(migrated, db.metadata) == []


def test_the_migrated_database_has_every_models_table(migrated):
    with migrated.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection)
        assert context.get_current_revision() is not None
        tables = set(db.inspect(connection).get_table_names())
    assert set(db.metadata.tables) <= tables
    assert tables - set(db.metadata.tables) == {"alembic_version"}


def models_changed() -> MetaData:
    """A copy of the models' metadata with a column added, one made optional, one
    retyped, and an index, a unique constraint and a foreign key gone, as a model edit
    without a migration would leave it."""
    metadata = MetaData()
    for table in db.metadata.sorted_tables:
        table.to_metadata(metadata)
    metadata.tables["games"].append_column(Column("nickname", String(40), nullable=False))
    metadata.tables["seats"].c.name.nullable = True
    metadata.tables["deals"].c.number.type = String(10)
    audit = metadata.tables["audit"]
    audit.indexes.discard(next(iter(audit.indexes)))
    deals = metadata.tables["deals"]
    deals.constraints.discard(next(c for c in deals.constraints
                                   if c.name == "uq_deals_game_number"))
    rulings = metadata.tables["rulings"]
    rulings.constraints.discard(next(iter(rulings.foreign_key_constraints)))
    return metadata


def test_the_comparison_names_what_a_model_change_without_a_migration_leaves_out(migrated):
    """The check above can fail: each kind of drift is found, and named."""
    found = differences(migrated, models_changed())
    flat = [d for diff in found for d in (diff if isinstance(diff, list) else [diff])]
    kinds = {(d[0], d[2]) if d[0].startswith("modify_") else (d[0],) for d in flat}
    assert ("add_column",) in kinds
    assert ("modify_nullable", "seats") in kinds
    assert ("modify_type", "deals") in kinds
    assert ("remove_index",) in kinds
    assert ("remove_constraint",) in kinds
    assert ("remove_fk",) in kinds
