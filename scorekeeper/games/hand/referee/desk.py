"""One question to Hand's referee as its page holds it (a :class:`Desk`): the card picker's
lists, the choices that go with the check, what is wrong with them, and the verdict once
asked for; read from the page's form, after the button it was sent with. The verdict is
:func:`~.questions.decide` on the question in the JSON API's shape."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from scorekeeper.codec import PayloadError
from scorekeeper.i18n import say
from scorekeeper.numbers import typed, whole_or
from scorekeeper.ui.picker import MOST_MELDS, Picker, read, tap

from ..labels import check_label
from ..rules import Card, Check, Rules, RulesError, Wilds, first_meld_bar
from .questions import Verdict, decide

LISTS = {
    Check.MELD: {"cards": _l("The meld, in the order it is laid")},
    Check.LAY_OFF: {"meld": _l("The meld on the table, as it lies"),
                "add": _l("The cards to add")},
    Check.SWAP: {"meld": _l("The meld on the table, as it lies"),
             "give": _l("The cards given for the wild")},
    Check.HAND: {"cards": _l("The 15 cards")},
    Check.REDEAL: {"cards": _l("The hand as dealt: 14 cards, or 15 for the player who "
                           "starts")},
}


def tab_labels(rules: Rules) -> dict[str, str]:
    return {check: str(check_label(check, rules).tab) for check in Check}


@dataclass
class Desk:
    """One referee question as the page shows it: the picker, the choices that go with
    the check, what went wrong, and the verdict once asked for."""

    check: Check
    rules: Rules
    picker: Picker
    indicator: Card | None = None
    melds: int = 1
    end: str | None = None
    going_out: bool = False
    one_card: bool = False
    previous: int | None = None
    discarder_melded: bool = False
    cards_played: int | None = None
    took_discard: bool = False
    # Players at the table, asked by the standalone referee of the Kuwaiti form only.
    players: int | None = None
    ruled: bool = False
    # Field name -> the sentence to show there.
    problems: dict[str, str] = field(default_factory=dict)
    verdict: Verdict | None = None

    @property
    def wilds(self) -> Wilds | None:
        try:
            return Wilds.for_deal(self.rules, self.indicator)
        except RulesError:
            return None

    @property
    def needs_indicator(self) -> bool:
        return self.rules.uses_indicator and self.indicator is None

    @property
    def takes_from_discard(self) -> tuple[str, ...]:
        """The lists that may hold a card taken from the discard pile: a new meld (alone,
        or in a first meld), or the cards added to a table meld."""
        if self.check is Check.MELD:
            return ("cards",)
        if self.check is Check.INITIAL_MELD:
            return tuple(self.picker.lists)
        if self.check is Check.LAY_OFF:
            return ("add",)
        return ()

    @property
    def taken_card(self) -> Card | None:
        if self.picker.taken is None:
            return None
        name, index = self.picker.taken
        return self.picker.lists[name][index]

    @property
    def asks_timing(self) -> bool:
        """Whether the announcement's timing is asked: when it is ever checked here."""
        return self.rules.announcing and (self.rules.announce_after_turns > 0
                                          or self.rules.announce_after_discard)

    @property
    def bar(self) -> int:
        """The bar in force for a first meld, from the one laid before it this deal."""
        earlier = [] if self.previous is None else [self.previous]
        return first_meld_bar(self.rules, earlier)

    def question(self) -> dict[str, Any]:
        """The question in the JSON API's body shape, without the rules."""
        lists = {name: [str(c) for c in cards] for name, cards in self.picker.lists.items()}
        out: dict[str, Any] = {}
        if self.rules.uses_indicator and self.indicator is not None:
            out["indicator"] = str(self.indicator)
        taken = self.picker.taken
        if self.check is Check.INITIAL_MELD:
            filled = [name for name, cards in lists.items() if cards]
            out["melds"] = [lists[name] for name in filled]
            if self.previous is not None:
                out["minimum"] = self.bar
            if taken is not None:
                out["from_discard"] = [filled.index(taken[0]), taken[1]]
            if self.going_out:
                out["going_out"] = True
            if self.asks_timing:
                if self.cards_played is not None and self.rules.announce_after_turns:
                    out["cards_played"] = self.cards_played
                if self.rules.announce_after_discard:
                    out["took_discard"] = self.took_discard or taken is not None
        elif self.check is Check.LAY_OFF:
            out |= {"meld": lists["meld"], "add": lists["add"]}
            out |= {"end": self.end} if self.end else {}
            out |= {flag: True for flag in ("going_out", "one_card") if getattr(self, flag)}
            if taken is not None:
                out["from_discard"] = taken[1]
                if self.discarder_melded:
                    out["discarder_melded"] = True
        elif self.check is Check.SWAP:
            out |= {"meld": lists["meld"], "give": lists["give"]}
        else:
            out["cards"] = lists["cards"]
            if taken is not None:
                out["from_discard"] = taken[1]
        return out

    def state(self) -> dict[str, Any]:
        """Everything the form carries, as its fields (and the address's arguments)."""
        out = self.picker.query()
        if self.indicator is not None:
            out["indicator"] = str(self.indicator)
        if self.check is Check.INITIAL_MELD:
            out["melds"] = str(self.melds)
            if self.previous is not None:
                out["previous"] = str(self.previous)
        if self.end:
            out["end"] = self.end
        for flag in ("going_out", "one_card", "discarder_melded", "took_discard"):
            if getattr(self, flag):
                out[flag] = "yes"
        if self.cards_played is not None:
            out["cards_played"] = str(self.cards_played)
        if self.players is not None:
            out["players"] = str(self.players)
        if self.ruled:
            out["ruled"] = "yes"
        return out

    def list_labels(self) -> dict[str, str]:
        if self.check is Check.INITIAL_MELD:
            return {name: _("Meld %(n)d", n=i) for i, name in
                    enumerate(self.picker.lists, start=1)}
        return {name: str(label) for name, label in LISTS[self.check].items()}


def _list_names(check: Check, melds: int) -> list[str]:
    if check is Check.INITIAL_MELD:
        return [f"meld{i}" for i in range(1, melds + 1)]
    return list(LISTS[check])


def _melds_shown(args: Any) -> int:
    text = args.get("melds", "")
    shown = whole_or(text, 1)
    # A meld that holds cards is always shown.
    filled = [i for i in range(1, MOST_MELDS + 1) if args.get(f"meld{i}", "").strip()]
    return min(max(shown, max(filled, default=1), 1), MOST_MELDS)


def _card(text: str) -> Card | None:
    return Card.parse(text) if text.strip() else None


def build(check: Check, rules: Rules, args: Any, *, indicator: Card | None = None,
          previous: int | None = None, players: int | None = None) -> Desk:
    """The question the form *args* describe, after the button it was sent with.
    *indicator* and *previous* are what this phone remembers for the deal, used when the
    form does not say; *players* is the table's size the standalone referee was told."""
    melds = _melds_shown(args)
    if "more" in args and check is Check.INITIAL_MELD and melds < MOST_MELDS:
        melds += 1
    picker = read(args, _list_names(check, melds))
    if "more" in args and check is Check.INITIAL_MELD:
        picker = replace(picker, target=f"meld{melds}", selected=None)
    desk = Desk(check, rules, picker, melds=melds, players=players)
    _read_indicator(desk, args, indicator)
    desk.picker = tap(desk.picker, args, rules, desk.indicator)
    if desk.picker.taken is not None and desk.picker.taken[0] not in desk.takes_from_discard:
        desk.picker = replace(desk.picker, taken=None)
    if desk.picker.problem:
        name, message = desk.picker.problem
        desk.problems[name] = say(message)
    if args.get("end") in ("low", "high"):
        desk.end = args["end"]
    for flag in ("going_out", "one_card", "discarder_melded", "took_discard"):
        setattr(desk, flag, args.get(flag) == "yes")
    _read_previous(desk, args, previous)
    _read_cards_played(desk, args)
    desk.ruled = args.get("ruled") == "yes"
    if desk.ruled and not desk.problems:
        _rule(desk)
    return desk


def _read_indicator(desk: Desk, args: Any, remembered: Card | None) -> None:
    if not desk.rules.uses_indicator:
        return
    if "change_indicator" in args:
        return
    text = args.get("set_indicator") or args.get("indicator")
    try:
        card = _card(text) if text is not None else remembered
        if card is not None:
            # The engine says whether this card can be the indicator under these rules,
            # and whether the packs hold it besides the copies already picked.
            Wilds.for_deal(desk.rules, card).check(desk.picker.all_cards())
            desk.indicator = card
    except RulesError as refusal:
        desk.indicator = None
        desk.problems["indicator"] = say(refusal.message)


def _read_previous(desk: Desk, args: Any, remembered: int | None) -> None:
    if desk.check is not Check.INITIAL_MELD or not desk.rules.initial_increasing:
        return
    text = args.get("previous", "").strip()
    if "previous" not in args:
        desk.previous = remembered
    elif (previous := typed(text)) is not None and previous <= 1000:
        desk.previous = previous
    elif text:
        desk.problems["previous"] = _("Give the last first meld's worth as a whole number "
                                      "of points.")


def _read_cards_played(desk: Desk, args: Any) -> None:
    if desk.check is not Check.INITIAL_MELD or not desk.rules.announce_after_turns:
        return
    text = args.get("cards_played", "").strip()
    played = typed(text)
    if played is not None and played <= 200:
        desk.cards_played = played
    elif text:
        desk.problems["cards_played"] = _("Give the cards played so far this deal as a "
                                          "whole number.")


def _rule(desk: Desk) -> None:
    try:
        desk.verdict = decide(desk.check, desk.rules, desk.question())
    except (RulesError, PayloadError) as refusal:
        where = "indicator" if desk.needs_indicator else "ruled"
        desk.problems[where] = say(refusal.message)
