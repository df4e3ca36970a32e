"""A game of Hand as the database keeps it: its row made from a new table, its deal rows
filled from the engine's deals and read back into them. Storage (scorekeeper.storage)
calls these through the registry; the columns are the ones every game shares."""

from __future__ import annotations

from typing import Any

from scorekeeper.codec import PayloadError
from scorekeeper.models import DealRecord, Game, HandRecord, Seat
from scorekeeper.rulekit.messages import N_, msg

from .codec import deal_to_json
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


def deal_from_record(record: DealRecord, players: tuple[str, ...]) -> Deal:
    """The deal a stored row describes (the reverse of :func:`fill`)."""
    result = None
    if record.outcome == Outcome.SCORED.value:
        if record.winner is None or record.finish is None:
            raise ValueError(f"deal {record.number} is scored but names no winner or finish")
        result = RoundResult(
            winner=players[record.winner],
            finish=Finish(record.finish),
            hands={players[h.position]: PlayerHand(
                h.melded, h.points,
                None if h.cards is None else tuple(Card.parse(c) for c in h.cards),
                h.mistake) for h in record.hands},
            bonuses=tuple(Bonus(b) for b in record.bonuses),
            indicator=None if record.indicator is None else Card.parse(record.indicator),
            **_evidence(record.winner_hand),
        )
    melds = tuple(FirstMeld(players[m[0]], m[1], *(
        (tuple(tuple(Card.parse(c) for c in laid) for laid in m[2]),) if len(m) > 2 else ()))
        for m in record.first_melds)
    return Deal(record.number, Outcome(record.outcome), result, melds)


def _evidence(stored: dict[str, Any] | None) -> dict[str, Any]:
    if stored is None:
        return {}
    return {"winner_melds": tuple(tuple(Card.parse(c) for c in m) for m in stored["melds"]),
            "winner_discard": tuple(Card.parse(c) for c in stored["discard"])}


def fill(record: DealRecord, deal: Deal, players: tuple[str, ...]) -> DealRecord:
    result = deal.result
    record.number = deal.number
    record.outcome = deal.outcome.value
    # A first meld given as cards keeps them: [seat, worth, [[card, ..], ..]].
    record.first_melds = [[players.index(m.player), m.value, *(
        ([[str(c) for c in laid] for laid in m.melds],) if m.melds else ())]
        for m in deal.first_melds]
    record.winner = None if result is None else players.index(result.winner)
    record.finish = None if result is None else result.finish.value
    record.bonuses = [] if result is None else [b.value for b in result.bonuses]
    record.indicator = None if result is None or result.indicator is None else str(
        result.indicator)
    record.winner_hand = None if result is None or not result.winner_melds else {
        "melds": [[str(c) for c in m] for m in result.winner_melds],
        "discard": [str(c) for c in result.winner_discard]}
    record.hands = [] if result is None else [
        HandRecord(position=players.index(name), melded=hand.melded, points=hand.points,
                   cards=None if hand.cards is None else [str(c) for c in hand.cards],
                   mistake=hand.mistake)
        for name, hand in result.hands.items()]
    record.sides = None
    return record


def snapshot(deal: Deal, line: DealLine) -> dict[str, Any]:
    """A deal for the audit trail: the body that would record it again through the API
    (``deal``, ``outcome`` and what the table reported), with the scores it gave."""
    out = {"deal": deal.number, "outcome": deal.outcome.value, **deal_to_json(deal)}
    if line.scores is not None:
        out["scores"] = dict(line.scores)
    return out


#: The fields of a deal as the audit trail keeps it (:func:`snapshot`).
SNAPSHOT_FIELDS = frozenset({"deal", "outcome", "winner", "finish", "bonuses", "hands",
                             "indicator", "first_melds", "scores"})
