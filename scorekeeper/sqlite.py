"""SQLite set up for several phones saving at once (PostgreSQL needs none of this).

- WAL (write-ahead log): readers never wait for the writer nor the writer for readers, and a
  commit appends to the log instead of rewriting pages; a process killed mid-write leaves
  the last committed state, which the next connection recovers from the log.
- A busy timeout: a second writer waits up to ``BUSY_TIMEOUT_MS`` for the first to commit
  instead of failing at once with "database is locked".
- ``synchronous=FULL``: a commit is on disk (the log synced) before the answer is sent, so a
  deal the server acknowledged survives a crash of the process or of the machine.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from sqlalchemy import event

if TYPE_CHECKING:
    from flask import Flask
    from flask_sqlalchemy import SQLAlchemy
    from sqlalchemy.pool import ConnectionPoolEntry

BUSY_TIMEOUT_MS = 10_000


def init_app(app: Flask, db: SQLAlchemy) -> None:
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        return
    with app.app_context():
        event.listen(db.engine, "connect", _configure)


def _configure(connection: sqlite3.Connection, _record: ConnectionPoolEntry) -> None:
    cursor = connection.cursor()
    # First, so that even switching to WAL waits for another process's write to end.
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    # An in-memory database (the tests') answers "memory" and stays so: nothing to share.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()
