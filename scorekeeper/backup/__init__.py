"""Every game to a JSON file and back: ``flask export-games FILE`` and ``flask import-games
FILE`` (docs/durability.md says when to use them).

The file holds each game whole, column by column: the table (its game, rules, seats,
first dealer, PIN hash, view-only link, time stamps, its group and the game it is a
rematch of), its deals each with its game's own report, its kept rulings and its audit
trail; and each group (the table's league) with its members
(:mod:`scorekeeper.backup.groups`). Row ids are left out (a deal is known by its number,
an entry by its place in the list, a member by their place in their group, which a seat
names as its ``member``), so a file imports into any database, and export → import into
an empty database → export gives the same file. A group game's result, which the
standings add up, is not in the file: it is worked out again from the deals on import,
and only the day it counts for (``played_at``) travels with the game. Each night of
several tables comes whole too, with its rounds and history
(:mod:`scorekeeper.backup.nights`), and each game names its night. Each group carries
its ratings as they stood (:mod:`scorekeeper.backup.ratings`), derived like the results:
an import works them out again from the games. Files of version 1 (before groups), 2
(before nights), 3 (before ratings) and 4 (before deals kept their game's report,
:mod:`scorekeeper.backup.legacy`) import as they did.

Writing the file is in :mod:`scorekeeper.backup.writing`, reading it back in
:mod:`scorekeeper.backup.reading` (one game: :mod:`scorekeeper.backup.game`). The whole
file is checked — each value against its column, each game replayed by the rules engine,
each night's rounds against its games — and saved in one transaction, parents first, on
SQLite as on PostgreSQL. What fails is named and left out whole with what leans on it (a
night with its games); a file that is not a sound export imports nothing. A game already
in the database is skipped, and said so; it is never duplicated nor merged.
"""

from __future__ import annotations

from flask import Flask

from .reading import import_command, import_games
from .writing import export_command, export_games

__all__ = ["export_games", "import_games"]


def init_app(app: Flask) -> None:
    app.cli.add_command(export_command)
    app.cli.add_command(import_command)
