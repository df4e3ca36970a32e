"""A referee question — a check's name and its inputs in the JSON API's body shape — turned
into the engine's ruling and the API's answer. The JSON API and the referee pages both go
through :func:`decide`, so a verdict on a phone is the API's verdict, word for word; a kept
ruling stores the same inputs and is decided again whenever it is shown."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.codec import PayloadError, cards_of, cards_out, choice_of, flag_of
from scorekeeper.i18n import say
from scorekeeper.rulekit.messages import N_, msg

from ..codec import rules_of, wilds_of
from ..rules import (
    Card,
    Check,
    HandRuling,
    InitialMeldRuling,
    MeldRuling,
    Message,
    Rules,
    Ruling,
    TableRuling,
    Wilds,
    WildUse,
    check_hand,
    parse_cards,
    rule_initial_meld,
    rule_lay_off,
    rule_meld,
    rule_redeal,
    rule_swap,
    rule_taken_meld,
)


@dataclass(frozen=True)
class Verdict:
    """The engine's ruling on one question, with the deal's wilds it was made under."""

    check: Check
    wilds: Wilds
    ruling: Ruling

    @property
    def upheld(self) -> bool:
        """Yes to the question: a valid meld, a full hand, a redeal allowed."""
        return self.ruling.upheld

    @property
    def reason(self) -> Message:
        return self.ruling.reason

    def json(self) -> dict[str, Any]:
        """The answer as the JSON API gives it (docs/api.md, "Referee"): each check has
        its own fields, always with ``reason``."""
        return {**ANSWERS[self.check](self.ruling), "reason": say(self.reason)}


def meld_json(ruling: MeldRuling) -> dict[str, Any]:
    return {
        "valid": ruling.valid,
        "kind": ruling.kind.value if ruling.kind else None,
        "cards": cards_out(ruling.cards),
        "value": ruling.value,
        "wild": None if ruling.wild is None else _wild_json(ruling.wild),
        "card_values": list(ruling.card_values),
        "reason": say(ruling.reason),
        # Every wild in the order they lie, with its place in "cards": two where
        # ``wilds_per_meld`` is 2 (issue 22).
        "wilds": [_wild_json(use) | {"at": use.at} for use in ruling.wilds],
    }


def _wild_json(use: WildUse) -> dict[str, Any]:
    return {"card": str(use.card), "represents": cards_out(use.represents)}


def _initial_json(r: InitialMeldRuling) -> dict[str, Any]:
    return dict(valid=r.valid, total=r.total, minimum=r.minimum,
                melds=[meld_json(m) for m in r.melds])


def _takes(r: TableRuling) -> str | None:
    return str(r.takes) if r.takes else None


def _hand_json(r: HandRuling) -> dict[str, Any]:
    return dict(hand=r.hand, melds=[cards_out(m) for m in r.melds],
                discard=cards_out(r.discard), bonuses=[b.value for b in r.bonuses])


# The fields of each check's answer, in the order the API has always written them. The
# check says which ruling it is: each writer takes the ruling of its own check.
ANSWERS: dict[Check, Callable[[Any], dict[str, Any]]] = {
    Check.MELD: meld_json,
    Check.INITIAL_MELD: _initial_json,
    Check.LAY_OFF: lambda r: dict(valid=r.valid, meld=cards_out(r.meld), takes=_takes(r)),
    Check.SWAP: lambda r: dict(valid=r.valid, takes=_takes(r), meld=cards_out(r.meld)),
    Check.HAND: _hand_json,
    Check.REDEAL: lambda r: dict(allowed=r.allowed, pairs=cards_out(r.pairs),
                                 wilds=r.wilds),
}


def check_of(name: object) -> Check:
    """The check called *name*; :class:`PayloadError` naming the checks otherwise."""
    try:
        return Check(name if isinstance(name, str) else "")
    except ValueError:
        raise PayloadError(msg(N_("Unknown check “%(name)s”; the checks are %(names)s."),
                               name=str(name), names=", ".join(Check))) from None


def rules_for(data: Mapping[str, Any]) -> Rules:
    """The rules a question is asked under: its ``rules``, at a table of ``players`` when
    it says how many (the Kuwaiti form then plays one pack for two or three players, so a
    second copy of a card is refused, and announces at 71 with five)."""
    rules = rules_of(data)
    count = data.get("players")
    if count is None:
        return rules
    if isinstance(count, bool) or not isinstance(count, int) or not 2 <= count <= 5:
        raise PayloadError(msg(N_("The field “players” must be the number of players at the "
                                  "table, from 2 to 5.")))
    rules = Rules.for_table(data["rules"], count)
    if not rules.min_players <= count <= rules.max_players:
        raise PayloadError(msg(N_("This form of Hand is played by %(low)d to %(high)d "
                                  "players, not %(count)d."), low=rules.min_players,
                               high=rules.max_players, count=count))
    return rules


def _read(data: Mapping[str, Any], rules: Rules,
          *fields: str) -> tuple[Wilds, list[tuple[Card, ...]]]:
    """The deal's wilds and the named card lists, checked together against the copies the
    packs hold."""
    wilds = wilds_of(data, rules)
    lists = [cards_of(data, field) for field in fields]
    wilds.check(c for cards in lists for c in cards)
    return wilds, lists


def _place(data: Mapping[str, Any], field: str, cards: tuple[Card, ...]) -> int | None:
    """``from_discard``: the place of the card taken from the discard pile in *field*."""
    place = data.get("from_discard")
    if place is None:
        return None
    if isinstance(place, bool) or not isinstance(place, int) or not 0 <= place < len(cards):
        raise PayloadError(msg(N_("The field “from_discard” must be the place in “%(field)s” "
                                  "of the card taken from the discard pile: 0 for the first, "
                                  "up to %(last)d."), field=field, last=max(len(cards) - 1, 0)))
    return place


def _meld_place(data: Mapping[str, Any],
                melds: list[tuple[Card, ...]]) -> tuple[int, int] | None:
    """``from_discard`` of a first meld: [meld, card], each counted from 0."""
    place = data.get("from_discard")
    if place is None:
        return None
    if not (isinstance(place, list) and len(place) == 2 and all(
            isinstance(n, int) and not isinstance(n, bool) for n in place)
            and 0 <= place[0] < len(melds) and 0 <= place[1] < len(melds[place[0]])):
        raise PayloadError(msg(N_("The field “from_discard” must be [meld, card], the place "
                                  "of the card taken from the discard pile, each counted "
                                  "from 0: [1, 0] is the first card of the second meld.")))
    return place[0], place[1]


def _count(data: Mapping[str, Any], field: str) -> int | None:
    value = data.get(field)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                              or not 0 <= value <= 200):
        raise PayloadError(msg(N_("The field “%(field)s” must be a whole number from 0 to "
                                  "200."), field=field))
    return value


def _answer_flag(data: Mapping[str, Any], field: str) -> bool | None:
    """A yes or no that may be left out (``None``: not asked)."""
    return flag_of(data, field) if data.get(field) is not None else None


def decide(check: str, rules: Rules, data: Mapping[str, Any]) -> Verdict:
    """The ruling on *check* with the inputs in *data* under *rules*; raises
    :class:`PayloadError` or :class:`~scorekeeper.games.hand.rules.RulesError` with one sentence for
    anything malformed."""
    data = dict(data)
    asked = check_of(check)
    if asked is Check.INITIAL_MELD:
        wilds, _ = _read(data, rules)
        melds = data.get("melds")
        if not isinstance(melds, list) or not all(isinstance(m, list) for m in melds):
            raise PayloadError(msg(N_("The field “melds” must be a list of melds, each a "
                                      "list of cards, like [[\"9C\", \"10C\", \"JC\"]].")))
        parsed = [parse_cards(m) for m in melds]
        wilds.check(c for m in parsed for c in m)
        return Verdict(asked, wilds, rule_initial_meld(
            parsed, wilds, data.get("minimum"), from_discard=_meld_place(data, parsed),
            going_out=flag_of(data, "going_out"), cards_played=_count(data, "cards_played"),
            took_discard=_answer_flag(data, "took_discard")))
    if asked is Check.LAY_OFF:
        wilds, (meld, add) = _read(data, rules, "meld", "add")
        return Verdict(asked, wilds, rule_lay_off(
            meld, add, wilds, end=choice_of(data, "end", ("low", "high")),
            going_out=flag_of(data, "going_out"), one_card=flag_of(data, "one_card"),
            from_discard=_place(data, "add", add),
            discarder_melded=flag_of(data, "discarder_melded")))
    if asked is Check.SWAP:
        wilds, (meld, give) = _read(data, rules, "meld", "give")
        return Verdict(asked, wilds, rule_swap(meld, give, wilds))
    wilds, (cards,) = _read(data, rules, "cards")
    taken = _place(data, "cards", cards) if asked is Check.MELD else None
    if taken is not None:
        return Verdict(asked, wilds, rule_taken_meld(cards, wilds, taken))
    return Verdict(asked, wilds, CARD_RULES[asked](cards, wilds))


# The checks asked of one list of cards.
CARD_RULES: dict[Check, Callable[[tuple[Card, ...], Wilds], Ruling]] = {
    Check.MELD: rule_meld, Check.HAND: check_hand, Check.REDEAL: rule_redeal}
