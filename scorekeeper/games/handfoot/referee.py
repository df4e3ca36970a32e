"""Hand and Foot's referee questions in the JSON API's body shape (docs/api.md, "Hand
and Foot"): a meld, an opening meld, taking the discard pile, going out. Each is read into
the engine's values and its ruling written back; the engine decides."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.codec import PayloadError, cards_of, cards_out, flag_of
from scorekeeper.i18n import say
from scorekeeper.rulekit import Card, parse_cards
from scorekeeper.rulekit.cards import check_copies
from scorekeeper.rulekit.messages import N_, msg

from .rules import (
    MOST_PLAYERS,
    HandFootMeldRuling,
    HandFootRules,
    rule_go_out,
    rule_meld,
    rule_opening,
    rule_pickup,
)

#: The questions Hand and Foot's referee answers, as the API's paths name them, with the
#: fields each reads besides the rules (and the table's size and indicator every referee
#: question may carry, which Hand and Foot's rulings do not depend on).
FIELDS = {"meld": {"cards"}, "initial-meld": {"melds", "deal", "total"},
          "pickup": {"top", "hand", "table", "opened", "deal", "total"},
          "go-out": {"piles", "partner_in_foot", "alone", "deal"}}
CHECKS = tuple(FIELDS)
COMMON = {"rules", "players", "indicator"}


def meld_json(ruling: HandFootMeldRuling, cards: tuple[Card, ...]) -> dict[str, Any]:
    return {"valid": ruling.valid, "kind": ruling.kind, "complete": ruling.complete,
            "value": ruling.value, "cards": cards_out(cards), "reason": say(ruling.reason)}


def _melds(data: Mapping[str, Any], field: str, *, required: bool) -> list[tuple[Card, ...]]:
    melds = data.get(field)
    if melds is None and not required:
        return []
    if not isinstance(melds, list) or not all(isinstance(m, list) for m in melds):
        raise PayloadError(msg(N_("The field “%(field)s” must be a list of melds, each a "
                                  "list of cards, like [[\"9C\", \"9H\", \"9S\"]]."),
                               field=field))
    return [parse_cards(m) for m in melds]


def _deal(data: Mapping[str, Any], rules: HandFootRules) -> int:
    deal = data.get("deal")
    if deal is None and rules.by_score:
        return 1  # the side's running total decides the minimum, not the deal
    if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
        raise PayloadError(msg(N_("Say which deal of the game this is: “deal” is 1 for the "
                                  "first (each deal has its own opening minimum).")))
    return deal


def _total(data: Mapping[str, Any], rules: HandFootRules) -> int | None:
    """The side's running total, which sets its minimum where minimums go by score."""
    total = data.get("total")
    if total is None:
        if rules.by_score:
            raise PayloadError(msg(N_("This game's opening minimums go by the side's "
                                      "running total: give it as “total”.")))
        return None
    if isinstance(total, bool) or not isinstance(total, int) or abs(total) > 10**7:
        raise PayloadError(msg(N_("The field “total” is the side's running total, a whole "
                                  "number.")))
    return total


def decide(check: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """The API's answer to *check* asked with *data* under Hand and Foot's rules."""
    rules = HandFootRules.from_spec(data["rules"])
    if check not in FIELDS:
        raise PayloadError(msg(N_("Hand and Foot's referee answers %(checks)s; “%(check)s” "
                                  "is a question of Hand."), checks=", ".join(CHECKS),
                               check=check))
    _check_fields(check, data)
    if check == "meld":
        cards = cards_of(data, "cards")
        # No more copies of a card than the packs hold (issue 39), as the opening meld's
        # question and a deal's report refuse them.
        check_copies(cards, packs=rules.packs, jokers=2 * rules.packs)
        return meld_json(rule_meld(cards, rules), cards)
    if check == "initial-meld":
        melds = _melds(data, "melds", required=True)
        ruling = rule_opening(melds, rules, _deal(data, rules), _total(data, rules))
        return {"valid": ruling.valid, "total": ruling.total, "minimum": ruling.minimum,
                "melds": [meld_json(r, m) for r, m in zip(ruling.melds, melds,
                                                                strict=False)],
                "reason": say(ruling.reason)}
    if check == "pickup":
        top = _top(data)
        opened = flag_of(data, "opened")
        deal = _deal(data, rules) if not opened or data.get("deal") is not None else 1
        total = _total(data, rules) if not opened else None
        ruling = rule_pickup(top, cards_of(data, "hand"), _melds(data, "table",
                                                                 required=False),
                             opened, deal, rules, total)
        return {"valid": ruling.valid, "reason": say(ruling.reason)}
    if check == "go-out":
        piles = data.get("piles")
        if not isinstance(piles, dict):
            raise PayloadError(msg(N_("The field “piles” must count the side's complete "
                                      "piles by kind, like {\"clean\": 2, \"dirty\": 2, "
                                      "\"wild\": 1}.")))
        partner = data.get("partner_in_foot")
        if partner is not None and not isinstance(partner, bool):
            raise PayloadError(msg(N_("The field “partner_in_foot” must be true or false.")))
        alone = flag_of(data, "alone")
        asked = None if data.get("deal") is None else _deal(data, rules)
        ruling = rule_go_out(piles, partner, rules, asked,
                             partner_known=alone or partner is not None)
        return {"valid": ruling.valid, "reason": say(ruling.reason)}
    raise AssertionError(check)  # every check in FIELDS is answered above


def _check_fields(check: str, data: Mapping[str, Any]) -> None:
    """A field Hand's referee reads (a card taken from the discard, a minimum, timing)
    means nothing here: given with a value, it is refused by name rather than ignored."""
    for name, value in data.items():
        if value is not None and name not in FIELDS[check] | COMMON:
            raise PayloadError(msg(N_("Hand and Foot's “%(check)s” question takes %(fields)s; "
                                      "“%(field)s” belongs to Hand."), check=check,
                                   fields=", ".join(sorted(FIELDS[check])), field=name))
    players = data.get("players")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)
                                or not 2 <= players <= MOST_PLAYERS):
        raise PayloadError(msg(N_("The field “players” must be the number of players at the "
                                  "table, from 2 to %(most)d."), most=MOST_PLAYERS))
    if data.get("indicator") is not None:
        Card.parse(data["indicator"])  # Hand and Foot turns no indicator: read, unused


def _top(data: Mapping[str, Any]) -> Card:
    top = data.get("top")
    if not isinstance(top, str):
        raise PayloadError(msg(N_("The field “top” must be the card on top of the discard "
                                  "pile, like \"9H\".")))
    return Card.parse(top)
