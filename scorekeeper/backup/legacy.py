"""Deals as files of format 4 and earlier hold them: before a deal kept its game's own
report, every deal row had the same columns (what Hand reports: outcome, winner, finish,
bonuses, indicator, first melds, the winner's cards, and the other games' ``sides``) and
each player's hand of a scored deal came in a list of its own. Such a deal is read into
its game's report through the game's ``report_columns`` (which column held each field); a
column the game never wrote must be as the app left it, blank."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sqlalchemy import JSON, Boolean, Column, Integer, String

from ..games.kind import AnyKind
from .columns import BadFile, checked

_LATER = {"added_later": True}
#: The deal row's columns of those files, as the models then declared them.
# Any: SQLAlchemy's Column is generic over each column's Python type
COLUMNS: dict[str, Column[Any]] = {
    "outcome": Column("outcome", String(20), nullable=False),
    "winner": Column("winner", Integer),
    "finish": Column("finish", String(10)),
    "bonuses": Column("bonuses", JSON, nullable=False),
    "indicator": Column("indicator", String(3)),
    "first_melds": Column("first_melds", JSON, nullable=False),
    "winner_hand": Column("winner_hand", JSON, info=_LATER),
    "sides": Column("sides", JSON, info=_LATER)}
HANDS = "hands"
#: A player's hand, in the deal's list of hands.
# Any: as above
HAND_COLUMNS: dict[str, Column[Any]] = {
    "position": Column("position", Integer, nullable=False),
    "melded": Column("melded", Boolean, nullable=False),
    "points": Column("points", Integer),
    "cards": Column("cards", JSON),
    "mistake": Column("mistake", Boolean, nullable=False)}
#: What a game that kept nothing in a column left there.
BLANK: dict[str, object] = {"outcome": "scored", "winner": None, "finish": None,
                            "bonuses": [], "indicator": None, "first_melds": [],
                            "winner_hand": None, "sides": None, HANDS: []}
#: A column whose content the app has since written anew (a points sheet's points by
#: name, now by seat): it reads as the same deal, and is kept as the app writes it now.
RESTATED = "sides"


# Any: an old file's deal row, each column's value read by its column
def old_columns(item: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The old columns of a deal row of such a file, each checked against its type, the
    hands sorted by seat."""
    values = checked(dict(item), COLUMNS, where, [HANDS])
    hands = item.get(HANDS)
    if not isinstance(hands, list):
        raise BadFile(where, "\"hands\" must be a list")
    values[HANDS] = sorted((checked(hand, HAND_COLUMNS, f"{where}, hands[{j}]", [])
                            for j, hand in enumerate(hands)),
                           key=lambda hand: hand["position"])
    return values


# Any: as above, the columns as old_columns read them
def old_report(columns: Mapping[str, Any], kind: AnyKind) -> dict[str, Any]:
    """The game's report those columns held (to be read, then checked against what the
    app writes for it)."""
    return {field: columns[column] for field, column in kind.report_columns.items()}


# Any: as above
def check_old(columns: Mapping[str, Any], kind: AnyKind, expected: Mapping[str, object],
              where: str) -> None:
    """The old columns hold exactly what the app wrote for the deal: the game's report as
    the app writes it (a restated column aside), and every other column blank."""
    held = set(kind.report_columns.values())
    for column, blank in BLANK.items():
        if column not in held and _json(columns.get(column, blank)) != _json(blank):
            raise BadFile(f"{where}, {column!r}",
                          f"must be {json.dumps(blank)} for the deal it describes")
    for field, column in kind.report_columns.items():
        if column != RESTATED and _json(columns[column]) != _json(expected[field]):
            raise BadFile(f"{where}, {column!r}",
                          f"must be {json.dumps(expected[field])} for the deal it describes")


def _json(value: object) -> str:
    # JSON's view: true is not 1, nor [0, 1] the same as [false, true].
    return json.dumps(value, sort_keys=True)
