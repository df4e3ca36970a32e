"""The referee endpoints: stateless rulings on melds, first melds, lay-offs, wild swaps,
full hands and redeal claims (shared/API.md, "Referee")."""

from __future__ import annotations

from typing import Any

from flask import jsonify

from ..i18n import say
from ..rules import (
    MeldRuling,
    check_hand,
    parse_cards,
    rule_initial_meld,
    rule_lay_off,
    rule_meld,
    rule_redeal,
    rule_swap,
)
from ..rules.messages import N_, msg
from . import bp
from .payload import (
    PayloadError,
    body,
    cards_of,
    cards_out,
    choice_of,
    flag_of,
    rules_of,
    wilds_of,
)


def meld_json(ruling: MeldRuling) -> dict[str, Any]:
    return {
        "valid": ruling.valid,
        "kind": ruling.kind.value if ruling.kind else None,
        "cards": cards_out(ruling.cards),
        "value": ruling.value,
        "wild": None if ruling.wild is None else {
            "card": str(ruling.wild.card),
            "represents": cards_out(ruling.wild.represents),
        },
        "card_values": list(ruling.card_values),
        "reason": say(ruling.reason),
    }


def _read(*fields: str):
    """The body, the deal's wilds and the named card lists, checked together against the
    copies the packs hold."""
    data = body()
    wilds = wilds_of(data, rules_of(data))
    lists = [cards_of(data, field) for field in fields]
    wilds.check(c for cards in lists for c in cards)
    return data, wilds, lists


@bp.post("/referee/meld")
def meld():
    _, wilds, (cards,) = _read("cards")
    return jsonify(meld_json(rule_meld(cards, wilds)))


@bp.post("/referee/initial-meld")
def initial_meld():
    data, wilds, _ = _read()
    melds = data.get("melds")
    if not isinstance(melds, list) or not all(isinstance(m, list) for m in melds):
        raise PayloadError(msg(N_("The field “melds” must be a list of melds, each a list "
                                  "of cards, like [[\"9C\", \"10C\", \"JC\"]].")))
    parsed = [parse_cards(m) for m in melds]
    wilds.check(c for m in parsed for c in m)
    ruling = rule_initial_meld(parsed, wilds, data.get("minimum"))
    return jsonify(valid=ruling.valid, total=ruling.total, minimum=ruling.minimum,
                   melds=[meld_json(m) for m in ruling.melds], reason=say(ruling.reason))


@bp.post("/referee/lay-off")
def lay_off():
    data, wilds, (meld, add) = _read("meld", "add")
    ruling = rule_lay_off(meld, add, wilds, end=choice_of(data, "end", ("low", "high")),
                          going_out=flag_of(data, "going_out"),
                          one_card=flag_of(data, "one_card"))
    return jsonify(valid=ruling.valid, meld=cards_out(ruling.meld),
                   takes=str(ruling.takes) if ruling.takes else None,
                   reason=say(ruling.reason))


@bp.post("/referee/swap")
def swap():
    _, wilds, (meld, give) = _read("meld", "give")
    ruling = rule_swap(meld, give, wilds)
    return jsonify(valid=ruling.valid, takes=str(ruling.takes) if ruling.takes else None,
                   meld=cards_out(ruling.meld), reason=say(ruling.reason))


@bp.post("/referee/hand")
def hand():
    _, wilds, (cards,) = _read("cards")
    ruling = check_hand(cards, wilds)
    return jsonify(hand=ruling.hand, melds=[cards_out(m) for m in ruling.melds],
                   discard=cards_out(ruling.discard),
                   bonuses=[b.value for b in ruling.bonuses], reason=say(ruling.reason))


@bp.post("/referee/redeal")
def redeal():
    _, wilds, (cards,) = _read("cards")
    ruling = rule_redeal(cards, wilds)
    return jsonify(allowed=ruling.allowed, pairs=cards_out(ruling.pairs), wilds=ruling.wilds,
                   reason=say(ruling.reason))
