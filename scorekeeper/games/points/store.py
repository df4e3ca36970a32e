"""A points sheet as the database keeps it: its sides as seat positions on the game's row
(with ``partnerships`` set when partners sit alternately), each deal's points by seat in
the deal row's ``report``, the game's own report of a deal (docs/architecture.md, "Where a
deal's data goes"). Storage calls these through the registry."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypedDict

from scorekeeper.codec import sides_of
from scorekeeper.models import Game, Seat
from scorekeeper.rulekit import new_names, normal_name
from scorekeeper.rulekit.messages import N_, fail

from ..kind import Unfit
from ..snapshot import Snapshot
from .codec import PointsBody, deal_from_json, deal_to_json
from .rules import PointsDeal, PointsLine, PointsRules, PointsTable, side_name

#: A deal as the audit trail keeps it: its body and each side's points, by the side's name.
SNAPSHOT_FIELDS = frozenset({"deal", "outcome", "points", "scores"})


def partners(players: list[str]) -> list[list[str]]:
    """Partners sitting alternately, as the partnership games seat them: two sides, every
    other seat (four, six or eight players)."""
    if len(players) not in (4, 6, 8):
        raise fail(N_("Partners sit alternately in two sides: four, six or eight players."))
    return [players[0::2], players[1::2]]


def new_game(spec: object, players: list[str], first_dealer: str, *, partnerships: bool,
             teams: object) -> Game:
    """A validated, not yet saved game: sides as *teams* name them, or partners
    alternately when *partnerships*, or everyone alone."""
    rules = PointsRules.from_spec(spec)
    names = new_names(tuple(players))
    sides = sides_of(teams)
    if sides is None and partnerships:
        sides = partners(list(names))
    table = PointsTable(rules, names, normal_name(first_dealer), None if sides is None else
                        tuple(tuple(normal_name(n) for n in side) for side in sides))
    return Game(rules=rules.to_dict(), partnerships=partnerships and teams is None,
                teams=None if table.sides is None else [
                    [names.index(n) for n in side] for side in table.sides],
                first_dealer=names.index(table.first_dealer),
                seats=[Seat(position=i, name=n) for i, n in enumerate(names)])


def table_of(game: Game) -> PointsTable:
    players = tuple(seat.name for seat in game.seats)
    sides = None if game.teams is None else tuple(
        tuple(players[i] for i in side) for side in game.teams)
    return PointsTable(PointsRules.from_spec(game.rules), players,
                       players[game.first_dealer], sides)


class PointsReport(TypedDict):
    """A deal of a points sheet as its row keeps it (``DealRecord.report``): each side's
    points, as [seat or seats, points] pairs in the order the table gave them."""

    points: list[list[Any]]


#: Where the field stood in backups of format 4 and earlier: the deal row's ``sides``.
REPORT_COLUMNS = {"points": "sides"}


def deal_from_report(number: int, report: Mapping[str, Any], players: tuple[str, ...]
                     ) -> PointsDeal:
    return deal_from_json({"points": {_named(key, players): points
                                      for key, points in report["points"]}}, number)


def report_of(deal: PointsDeal, players: tuple[str, ...]) -> PointsReport:
    return PointsReport(points=[[_seated(name, players), points]
                                for name, points in deal.points])


# Each side's points are kept by seat, not by the name the table gave: a player's seat
# (``0``), or a side given by its name, its seats (``[0, 2]``). A member renamed in the
# group, or merged into another, then reads under the new name. Rows written before
# this kept names (strings): they read as they are.
Seated = int | list[int] | str


def _seated(name: str, players: tuple[str, ...]) -> Seated:
    if name in players:
        return players.index(name)
    side = name.split(" & ")
    if all(p in players for p in side):
        return [players.index(p) for p in side]
    return name  # one the engine refuses: no row is written for it


def _named(key: Seated, players: tuple[str, ...]) -> str:
    seats = range(len(players))
    if isinstance(key, int) and not isinstance(key, bool) and key in seats:
        return players[key]
    if isinstance(key, list) and key and all(
            isinstance(i, int) and not isinstance(i, bool) and i in seats for i in key):
        return side_name([players[i] for i in key])
    return str(key)


class PointsSnapshot(Snapshot, PointsBody):
    """A deal of a points sheet as the audit trail keeps it."""


def snapshot(deal: PointsDeal, line: PointsLine) -> PointsSnapshot:
    return {"deal": deal.number, "outcome": "scored", **deal_to_json(deal),
            "scores": dict(zip(line.names, line.points, strict=True))}


def check_stored(game: Game, table: PointsTable) -> None:
    """Its sides are written as the app writes them, and it keeps no rulings (it has no
    referee)."""
    expected = None if table.sides is None else [
        [table.players.index(p) for p in side] for side in table.sides]
    if json.dumps(game.teams) != json.dumps(expected):
        raise Unfit("'teams'", f"must be {json.dumps(expected)} for its sides")
    if game.partnerships and (table.sides is None or [list(s) for s in table.sides] !=
                              partners(list(table.players))):
        raise Unfit("'partnerships'", "must be false unless partners sit alternately")
    if game.rulings:
        raise Unfit("'rulings'", "must be empty for a points sheet, which has no referee")
