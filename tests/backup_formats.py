"""Backups as earlier versions of the app wrote them, made from this app's export, for the
tests that check such files still import (scorekeeper/backup/legacy.py)."""

from __future__ import annotations

import json

#: A deal row's columns in format 4, as a deal that keeps nothing in them left them.
FORMAT_4_BLANK = {"outcome": "scored", "winner": None, "finish": None, "bonuses": [],
                  "indicator": None, "first_melds": [], "winner_hand": None, "sides": None,
                  "hands": []}
FORMAT_4_COLUMNS = {"hand": {f: f for f in ("outcome", "winner", "finish", "bonuses",
                                            "indicator", "first_melds", "winner_hand",
                                            "hands")},
                    "handfoot": {"went_out": "winner", "sides": "sides"},
                    "points": {"points": "sides"}}


def as_format_4(data: dict) -> dict:
    """An export of this app written as format 4 wrote it: no game's ``kind``, and each
    deal's report in the columns every deal then had."""
    data = json.loads(json.dumps(data))
    data["version"] = 4
    for game in data["games"]:
        kind = game.pop("kind")
        for deal in game["deals"]:
            report = deal.pop("report")
            deal.update(FORMAT_4_BLANK)
            for field, column in FORMAT_4_COLUMNS[kind].items():
                deal[column] = report[field]
    return data
