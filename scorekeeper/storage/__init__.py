"""The storage layer: a game row becomes its game's table and its deal rows a log of that
game's deals; replaying the log gives the state. Which game a row holds, and how its
deals fill and read a row, its game's kind says (:func:`scorekeeper.games.kind_of`).
Every change (record, correct, undo) is one transaction with its audit entry. Used by the
JSON API and the pages alike, so neither decides a rule.

Three modules, by what they do: :mod:`.versions` (what a phone saw, and the conflicts a
change meets), :mod:`.reading` (a game read and replayed, its states kept) and
:mod:`.changes` (a deal recorded, corrected or undone). The names the rest of the app
uses are gathered here."""

from __future__ import annotations

from .changes import (
    NO_MARKS,
    Marks,
    add_deal,
    claim,
    correct_deal,
    remove_last_deal,
)
from .claims import claimed
from .reading import (
    PageName,
    changes_since,
    kept_table,
    load,
    load_page,
    log_of,
    new_game,
    newest_rematch,
    page_name,
    state_and_log,
    state_of,
    states_of,
    table_of,
    typed_of,
)
from .versions import (
    DealConflict,
    GameChanged,
    Stale,
    check_version,
    time_of,
    version_of,
)

__all__ = [
    "NO_MARKS", "DealConflict", "GameChanged", "Marks", "PageName", "Stale", "add_deal",
    "changes_since", "claimed", "check_version", "claim", "correct_deal", "kept_table", "load",
    "load_page", "log_of", "new_game", "newest_rematch", "page_name", "remove_last_deal",
    "state_and_log", "state_of", "states_of", "table_of", "typed_of", "time_of", "version_of",
]
