"""What the referee pages show of a verdict: the melds it speaks of, each card with what a
wild stands for and its worth toward a first meld; its headline; and the rulings a game
kept, decided again under the game's rules each time they are shown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l

from scorekeeper.codec import PayloadError
from scorekeeper.i18n import say
from scorekeeper.models import Game, RulingRecord

from ..labels import check_label
from ..rules import Card, Check, MeldRuling, Rules, RulesError, Wilds, rule_meld
from .questions import Verdict, decide

ASKED = {
    "cards": _l("cards"), "meld": _l("on the table"), "add": _l("added"),
    "give": _l("given"), "melds": _l("melds"), "indicator": _l("indicator"),
    "from_discard": _l("taken from the discard pile"),
}


def headline(verdict: Verdict) -> str:
    label = check_label(verdict.check, verdict.wilds.rules)
    return str(label.yes if verdict.upheld else label.no)


@dataclass(frozen=True)
class Shown:
    """A card as a verdict shows it."""

    card: Card
    value: int | None = None
    # What a wild stands for, or the ace a joker plays as: "J♣", "7♥ + 7♦".
    stands: str | None = None


def shown_meld(ruling: MeldRuling, wilds: Wilds, worth: bool = True) -> list[Shown]:
    out = []
    stood = {use.at: use.represents for use in ruling.wilds}
    for i, card in enumerate(ruling.cards):
        stands = None
        if i in stood:
            stands = " + ".join(c.symbol for c in stood[i])
        elif not wilds.is_wild(card) and wilds.natural(card) != card:
            stands = wilds.natural(card).symbol
        value = ruling.card_values[i] if worth and ruling.upheld else None
        out.append(Shown(card, value, stands))
    return out


def laid_out(verdict: Verdict) -> list[list[Shown]]:
    """The melds the verdict speaks of, as they lie: the meld, each meld of a first meld,
    the table meld after the change, the full hand's arrangement (with no card's worth
    toward a first meld: a full hand goes down at once, with no bar to reach)."""
    worth = verdict.check is not Check.HAND
    return [shown_meld(m, verdict.wilds, worth)
            for m in LAID[verdict.check](verdict.ruling, verdict.wilds)]


# What each check's ruling lays on the table, as meld rulings to show card by card.
LAID: dict[Check, Callable[[Any, Wilds], list[MeldRuling]]] = {
    Check.MELD: lambda r, wilds: [r],
    Check.INITIAL_MELD: lambda r, wilds: list(r.melds),
    Check.LAY_OFF: lambda r, wilds: [rule_meld(r.meld, wilds)] if r.meld else [],
    Check.SWAP: lambda r, wilds: [rule_meld(r.meld, wilds)] if r.meld else [],
    Check.HAND: lambda r, wilds: [rule_meld(m, wilds) for m in r.melds],
    Check.REDEAL: lambda r, wilds: [],
}


@dataclass(frozen=True)
class Kept:
    """A kept ruling: the question as asked, and the verdict on it today (or why there is
    none)."""

    record: RulingRecord
    verdict: Verdict | None
    problem: str | None
    rules: Rules

    @property
    def name(self) -> str:
        """The check's name in the form's words (an announcement, in the Kuwaiti form)."""
        try:
            return str(check_label(Check(self.record.check), self.rules).name)
        except ValueError:  # stored before its check was renamed: show it as stored
            return self.record.check

    @property
    def headline(self) -> str:
        return headline(self.verdict) if self.verdict else ""

    @property
    def reason(self) -> str:
        return say(self.verdict.reason) if self.verdict else self.problem or ""

    def asked(self) -> list[tuple[str, str]]:
        """The question's cards, field by field, as players write them."""
        out = []
        for key in ("cards", "meld", "add", "give"):
            if key in self.record.inputs:
                out.append((str(ASKED[key]), _symbols(self.record.inputs[key])))
        if "melds" in self.record.inputs:
            out.append((str(ASKED["melds"]), " · ".join(
                _symbols(m) for m in self.record.inputs["melds"])))
        if "indicator" in self.record.inputs:
            out.append((str(ASKED["indicator"]), _symbols([self.record.inputs["indicator"]])))
        taken = _taken(self.record.inputs)
        if taken is not None:
            out.append((str(ASKED["from_discard"]), _symbols([taken])))
        return out


def _taken(inputs: dict[str, Any]) -> object:
    """The card a kept question says was taken from the discard pile, if any."""
    place = inputs.get("from_discard")
    try:
        if isinstance(place, list):
            return inputs["melds"][place[0]][place[1]]
        if isinstance(place, int):
            return inputs["add" if "add" in inputs else "cards"][place]
    except (KeyError, IndexError, TypeError):
        pass
    return None


def _symbols(texts: Any) -> str:
    try:
        return " ".join(Card.parse(t).symbol for t in texts)
    except (RulesError, TypeError):
        return " ".join(map(str, texts))


def kept_rulings(game: Game, rules: Rules) -> list[Kept]:
    """The rulings *game* kept, each decided again under its *rules*."""
    out = []
    for record in game.rulings:
        try:
            out.append(Kept(record, decide(record.check, rules, record.inputs), None,
                            rules))
        except (RulesError, PayloadError) as refusal:
            out.append(Kept(record, None, say(refusal.message), rules))
    return out
