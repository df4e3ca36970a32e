"""A plain points sheet, for the other card games a table plays (Tarneeb, Baloot, Kout,
Trix…): each deal, each side's points as the table counted them; the game ends at a target
or after a number of deals, and the highest total wins, or the lowest where the game is
played so. Plain Python: the rules (``options``), the table, its deals and a game replayed
from them (``game``)."""

from .game import (
    MOST_PLAYERS,
    MOST_POINTS,
    PointsDeal,
    PointsLine,
    PointsState,
    PointsTable,
    extend,
    rematch_dealer,
    replay,
    side_name,
)
from .options import OPTIONS, PRESET, PointsRules

__all__ = [
    "MOST_PLAYERS", "MOST_POINTS", "OPTIONS", "PRESET", "PointsDeal", "PointsLine",
    "PointsRules", "PointsState", "PointsTable", "extend", "rematch_dealer", "replay",
    "side_name",
]
