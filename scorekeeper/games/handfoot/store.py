"""A game of Hand and Foot as the database keeps it: its sides as seat positions on the
game's row, each deal's report (who went out, each side's report) in the deal row's
``report``. Storage (scorekeeper.storage) calls these through the registry."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypedDict

from scorekeeper.codec import seat_named, sides_of
from scorekeeper.models import Game, Seat
from scorekeeper.rulekit import new_names, normal_name

from ..kind import Unfit
from ..snapshot import Snapshot
from .codec import HandFootBody, deal_from_json, deal_to_json, side_to_json
from .rules import HandFootDeal, HandFootLine, HandFootRules, HandFootTable, partnership_sides

#: A deal as the audit trail keeps it: its body and each side's score, by the side's name.
SNAPSHOT_FIELDS = frozenset({"deal", "outcome", "went_out", "sides", "scores"})


def new_game(spec: object, players: list[str], first_dealer: str, *, partnerships: bool,
             teams: object) -> Game:
    """A validated, not yet saved game: sides as *teams* name them, or partners opposite
    when *partnerships* (seed 003, "Introduction"), or everyone alone."""
    rules = HandFootRules.from_spec(spec)
    names = new_names(tuple(players))
    teams = sides_of(teams)
    if teams is None and partnerships:
        teams = [list(side) for side in partnership_sides(list(players))]
    sides = None if teams is None else tuple(tuple(normal_name(n) for n in t) for t in teams)
    table = HandFootTable(rules, names, normal_name(first_dealer), sides)
    return Game(rules=rules.to_dict(), partnerships=False,
                teams=None if sides is None else [[names.index(n) for n in s] for s in sides],
                first_dealer=names.index(table.first_dealer),
                seats=[Seat(position=i, name=n) for i, n in enumerate(names)])


def table_of(game: Game) -> HandFootTable:
    players = tuple(seat.name for seat in game.seats)
    sides = None if game.teams is None else tuple(
        tuple(players[i] for i in side) for side in game.teams)
    return HandFootTable(HandFootRules.from_spec(game.rules), players, players[game.first_dealer],
                     sides)


class HandFootReport(TypedDict):
    """A deal of Hand and Foot as its row keeps it (``DealRecord.report``): the seat of the
    player who went out (``None`` when the stock ran out), and each side's report as the
    API takes it, in the game's order of sides."""

    went_out: int | None
    sides: list[dict[str, Any]]


#: Where each field stood in backups of format 4 and earlier: who went out as the deal
#: row's winner, the sides' reports in its own column.
REPORT_COLUMNS = {"went_out": "winner", "sides": "sides"}


def deal_from_report(number: int, report: Mapping[str, Any], players: tuple[str, ...]
                     ) -> HandFootDeal:
    went_out = report["went_out"]
    return deal_from_json({"went_out": None if went_out is None
                           else seat_named(went_out, players), "sides": report["sides"]},
                          number)


def report_of(deal: HandFootDeal, players: tuple[str, ...]) -> HandFootReport:
    return HandFootReport(
        went_out=None if deal.went_out is None else players.index(deal.went_out),
        sides=[side_to_json(side) for side in deal.sides])


class HandFootSnapshot(Snapshot, HandFootBody):
    """A deal of Hand and Foot as the audit trail keeps it."""


def snapshot(deal: HandFootDeal, line: HandFootLine) -> HandFootSnapshot:
    return {"deal": deal.number, "outcome": "scored", **deal_to_json(deal),
            "scores": {name: s.total for name, s in zip(line.names, line.scores,
                                                        strict=True)}}


def check_stored(game: Game, table: HandFootTable) -> None:
    """Its sides are written as the app writes them, and it keeps no rulings (its referee
    answers without keeping any)."""
    expected = None if table.sides is None else [
        [table.players.index(p) for p in side] for side in table.sides]
    if json.dumps(game.teams) != json.dumps(expected):
        raise Unfit("'teams'", f"must be {json.dumps(expected)} for its sides")
    if game.rulings:
        raise Unfit("'rulings'", "must be empty for a game of Hand and Foot")
