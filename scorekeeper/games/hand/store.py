"""A game of Hand as the database keeps it: its row made from a new table, each deal's
report (the deal row's ``report``) written from the engine's deal and read back into it.
Storage (scorekeeper.storage) calls these through the registry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from scorekeeper.codec import PayloadError, seat_named
from scorekeeper.models import Game, Seat
from scorekeeper.rulekit.messages import N_, msg

from ..snapshot import Snapshot
from .codec import HandBody, deal_to_json
from .rules import (
    Bonus,
    Card,
    Deal,
    DealLine,
    Finish,
    FirstMeld,
    Outcome,
    PlayerHand,
    RoundResult,
    Rules,
    Table,
    new_names,
    normal_name,
)


def new_game(spec: object, players: list[str], first_dealer: str, *, partnerships: bool,
             teams: object) -> Game:
    """A validated, not yet saved game; the names are kept in normal form. Hand's
    partners always sit opposite, so it takes no other sides."""
    if teams is not None:
        raise PayloadError(msg(N_("The field “teams” is for Hand and Foot; in Hand, partners "
                                  "sit opposite: send \"partnerships\": true.")))
    rules = Rules.for_table(spec, len(players))
    table = Table(rules, new_names(tuple(players)), normal_name(first_dealer), partnerships)
    return Game(rules=rules.to_dict(), partnerships=partnerships,
                first_dealer=table.players.index(table.first_dealer),
                seats=[Seat(position=i, name=n) for i, n in enumerate(table.players)])


def table_of(game: Game) -> Table:
    players = tuple(seat.name for seat in game.seats)
    return Table(Rules.from_spec(game.rules), players, players[game.first_dealer],
                 game.partnerships)


class HandRow(TypedDict):
    """How one player who did not go out finished a scored deal."""

    position: int
    melded: bool
    points: int | None
    cards: list[str] | None
    mistake: bool


class WinnerHand(TypedDict):
    """How the winner went out, when the cards were given (issue 13), as laid or as the
    referee arranged them."""

    melds: list[list[str]]
    discard: list[str]


class HandReport(TypedDict):
    """A deal of Hand as its row keeps it (``DealRecord.report``): a redeal or a burnt deal
    keeps its outcome and its first melds, the rest empty."""

    outcome: str
    winner: int | None
    finish: str | None
    bonuses: list[str]
    indicator: str | None
    # First melds (announcements) in the order laid: [seat, worth] or, given as cards,
    # [seat, worth, [[card, ...], ...]].
    first_melds: list[list[Any]]
    winner_hand: WinnerHand | None
    hands: list[HandRow]


#: Where each field stood in backups of format 4 and earlier: a column of its own each,
#: the hands in rows of their own (``hands``).
REPORT_COLUMNS = {field: field for field in HandReport.__annotations__}


def deal_from_report(number: int, report: Mapping[str, Any], players: tuple[str, ...]
                     ) -> Deal:
    """The deal a stored report describes (the reverse of :func:`report_of`)."""
    result = None
    if report["outcome"] == Outcome.SCORED.value:
        if report["winner"] is None or report["finish"] is None:
            raise ValueError(f"deal {number} is scored but names no winner or finish")
        result = RoundResult(
            winner=seat_named(report["winner"], players),
            finish=Finish(report["finish"]),
            hands={seat_named(h["position"], players): PlayerHand(
                h["melded"], h["points"],
                None if h["cards"] is None else tuple(Card.parse(c) for c in h["cards"]),
                h["mistake"]) for h in report["hands"]},
            bonuses=tuple(Bonus(b) for b in report["bonuses"]),
            indicator=None if report["indicator"] is None else Card.parse(
                report["indicator"]),
            **_evidence(report["winner_hand"]),
        )
    melds = tuple(FirstMeld(seat_named(m[0], players), m[1], *(
        (tuple(tuple(Card.parse(c) for c in laid) for laid in m[2]),) if len(m) > 2 else ()))
        for m in report["first_melds"])
    return Deal(number, Outcome(report["outcome"]), result, melds)


def _evidence(stored: Mapping[str, Any] | None) -> dict[str, Any]:
    if stored is None:
        return {}
    return {"winner_melds": tuple(tuple(Card.parse(c) for c in m) for m in stored["melds"]),
            "winner_discard": tuple(Card.parse(c) for c in stored["discard"])}


def report_of(deal: Deal, players: tuple[str, ...]) -> HandReport:
    result = deal.result
    return HandReport(
        outcome=deal.outcome.value,
        winner=None if result is None else players.index(result.winner),
        finish=None if result is None else result.finish.value,
        bonuses=[] if result is None else [b.value for b in result.bonuses],
        indicator=None if result is None or result.indicator is None else str(
            result.indicator),
        first_melds=[[players.index(m.player), m.value, *(
            ([[str(c) for c in laid] for laid in m.melds],) if m.melds else ())]
            for m in deal.first_melds],
        winner_hand=None if result is None or not result.winner_melds else WinnerHand(
            melds=[[str(c) for c in m] for m in result.winner_melds],
            discard=[str(c) for c in result.winner_discard]),
        # In seat order, whichever order the table gave them.
        hands=[] if result is None else sorted((
            HandRow(position=players.index(name), melded=hand.melded, points=hand.points,
                    cards=None if hand.cards is None else [str(c) for c in hand.cards],
                    mistake=hand.mistake)
            for name, hand in result.hands.items()), key=lambda row: row["position"]))


class HandSnapshot(Snapshot, HandBody):
    """A deal of Hand as the audit trail keeps it."""


def snapshot(deal: Deal, line: DealLine) -> HandSnapshot:
    """A deal for the audit trail: the body that would record it again through the API
    (``deal``, ``outcome`` and what the table reported), with the scores it gave."""
    out = {"deal": deal.number, "outcome": deal.outcome.value, **deal_to_json(deal)}
    if line.scores is not None:
        out["scores"] = dict(line.scores)
    # A redeal scored nothing and its body is empty: mypy cannot follow the body's fields,
    # which may be left out, through the ``**``.
    return cast(HandSnapshot, out)


#: The fields of a deal as the audit trail keeps it (:func:`snapshot`).
SNAPSHOT_FIELDS = frozenset({"deal", "outcome", "winner", "finish", "bonuses", "hands",
                             "indicator", "first_melds", "scores"})
