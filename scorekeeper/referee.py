"""A referee question — a check's name and its inputs in the JSON API's body shape — turned
into the engine's ruling and the API's answer. The JSON API and the referee pages both go
through :func:`decide`, so a verdict on a phone is the API's verdict, word for word; a kept
ruling stores the same inputs and is decided again whenever it is shown."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .codec import PayloadError, cards_of, cards_out, choice_of, flag_of, wilds_of
from .i18n import say
from .rules import (
    HandRuling,
    InitialMeldRuling,
    MeldRuling,
    Message,
    RedealRuling,
    Rules,
    TableRuling,
    Wilds,
    check_hand,
    parse_cards,
    rule_initial_meld,
    rule_lay_off,
    rule_meld,
    rule_redeal,
    rule_swap,
)
from .rules.messages import N_, msg

#: The checks, named as in the API's paths (``/api/v1/referee/<check>``).
CHECKS = ("meld", "initial-meld", "lay-off", "swap", "hand", "redeal")

Ruling = MeldRuling | InitialMeldRuling | TableRuling | HandRuling | RedealRuling


@dataclass(frozen=True)
class Verdict:
    """The engine's ruling on one question, with the deal's wilds it was made under."""

    check: str
    wilds: Wilds
    ruling: Ruling

    @property
    def upheld(self) -> bool:
        """Yes to the question: a valid meld, a full hand, a redeal allowed."""
        ruling = self.ruling
        if isinstance(ruling, HandRuling):
            return ruling.hand
        if isinstance(ruling, RedealRuling):
            return ruling.allowed
        return ruling.valid

    @property
    def reason(self) -> Message:
        return self.ruling.reason

    def json(self) -> dict[str, Any]:
        """The answer as the JSON API gives it (shared/API.md, "Referee")."""
        r = self.ruling
        if isinstance(r, MeldRuling):
            return meld_json(r)
        if isinstance(r, InitialMeldRuling):
            return dict(valid=r.valid, total=r.total, minimum=r.minimum,
                        melds=[meld_json(m) for m in r.melds], reason=say(r.reason))
        if isinstance(r, TableRuling):
            takes = str(r.takes) if r.takes else None
            if self.check == "swap":
                return dict(valid=r.valid, takes=takes, meld=cards_out(r.meld),
                            reason=say(r.reason))
            return dict(valid=r.valid, meld=cards_out(r.meld), takes=takes,
                        reason=say(r.reason))
        if isinstance(r, HandRuling):
            return dict(hand=r.hand, melds=[cards_out(m) for m in r.melds],
                        discard=cards_out(r.discard), bonuses=[b.value for b in r.bonuses],
                        reason=say(r.reason))
        return dict(allowed=r.allowed, pairs=cards_out(r.pairs), wilds=r.wilds,
                    reason=say(r.reason))


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


def _read(data: Mapping[str, Any], rules: Rules, *fields: str):
    """The deal's wilds and the named card lists, checked together against the copies the
    packs hold."""
    wilds = wilds_of(data, rules)
    lists = [cards_of(data, field) for field in fields]
    wilds.check(c for cards in lists for c in cards)
    return wilds, lists


def decide(check: str, rules: Rules, data: Mapping[str, Any]) -> Verdict:
    """The ruling on *check* with the inputs in *data* under *rules*; raises
    :class:`PayloadError` or :class:`~scorekeeper.rules.RulesError` with one sentence for
    anything malformed."""
    data = dict(data)
    if check == "initial-meld":
        wilds, _ = _read(data, rules)
        melds = data.get("melds")
        if not isinstance(melds, list) or not all(isinstance(m, list) for m in melds):
            raise PayloadError(msg(N_("The field “melds” must be a list of melds, each a "
                                      "list of cards, like [[\"9C\", \"10C\", \"JC\"]].")))
        parsed = [parse_cards(m) for m in melds]
        wilds.check(c for m in parsed for c in m)
        return Verdict(check, wilds, rule_initial_meld(parsed, wilds, data.get("minimum")))
    if check == "lay-off":
        wilds, (meld, add) = _read(data, rules, "meld", "add")
        return Verdict(check, wilds, rule_lay_off(
            meld, add, wilds, end=choice_of(data, "end", ("low", "high")),
            going_out=flag_of(data, "going_out"), one_card=flag_of(data, "one_card")))
    if check == "swap":
        wilds, (meld, give) = _read(data, rules, "meld", "give")
        return Verdict(check, wilds, rule_swap(meld, give, wilds))
    if check not in CHECKS:
        raise PayloadError(msg(N_("Unknown check “%(name)s”; the checks are %(names)s."),
                               name=str(check), names=", ".join(CHECKS)))
    wilds, (cards,) = _read(data, rules, "cards")
    rule = {"meld": rule_meld, "hand": check_hand, "redeal": rule_redeal}[check]
    return Verdict(check, wilds, rule(cards, wilds))
