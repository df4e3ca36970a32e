"""What Hand's pages call each of its engine's choices: one table per enum (the forms of
Hand, the house rules and their values, how a deal ended, the bonus hands, the referee's
checks), so a word is changed in one place and every page, export and form follows."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from flask_babel import lazy_gettext as _l

from .rules import (
    Bonus,
    Check,
    DealerRule,
    DiscardedWild,
    Finish,
    Outcome,
    Rules,
    WildMode,
)

PRESET_NAMES = {
    "levant": _l("Levant"), "egypt": _l("Egypt"), "gulf": _l("Gulf"),
    "saudi": _l("Hand Saudi"), "kuwait": _l("Kuwait"), "hareeqa": _l("Hareeqa"),
}
OPTION_LABELS = {
    "rounds": _l("Rounds in a game"), "initial_minimum": _l("First meld at least"),
    "dealer_rule": _l("Who deals next"), "wild_mode": _l("Wild cards"),
    "max_meld_size": _l("Most cards in a meld"), "ace_low_value": _l("Ace in A-2-3 counts"),
    "wilds_per_meld": _l("Wild cards one meld may hold"),
    "ace_penalty": _l("Ace left in hand costs"),
    "initial_increasing": _l("Each first meld must beat the last"),
    "bonus_hands": _l("Bonus hands (colour, suit, wilds thrown)"),
    "lenient_group_add": _l("Add one card to a pair and a wild at any time"),
    "redeal_claims": _l("Redeal for identical pairs"),
    "discarded_wild": _l("A wild taken from the discard pile"),
    "discard_lay_off": _l("A card taken from the discard may be added to a table meld once "
                          "its discarder has melded"),
    "announce_after_turns": _l("Kuwait: cards played before anyone may announce"),
    "announce_after_discard": _l("Kuwait: announce only right after taking the previous "
                                 "player's discard"),
}
# The values a house rule takes. The enums are StrEnums, so the form's submitted strings
# find their label too.
CHOICE_LABELS: dict[object, object] = {
    DealerRule.LOSER_DEALS: _l("the round's biggest loser"),
    DealerRule.ROTATE: _l("the next player"),
    WildMode.INDICATOR: _l("aces picked by an indicator card"),
    WildMode.JOKERS: _l("the jokers"),
    WildMode.INDICATOR_NO_JOKERS: _l("aces picked by an indicator, no jokers"),
    DiscardedWild.AS_ACE: _l("only as an ace (a wild ace as its own ace)"),
    DiscardedWild.ACES_GROUP: _l("only in a group of aces"),
    DiscardedWild.NEVER: _l("may not be taken"),
    DiscardedWild.ANYWHERE: _l("anywhere a wild may go"),
    True: _l("yes"), False: _l("no"), None: _l("no limit"),
}


@dataclass(frozen=True)
class OutcomeLabel:
    choice: object  # the deal form's answer
    sheet: object   # the sheet's note on a deal that was not scored


OUTCOMES = {
    Outcome.SCORED: OutcomeLabel(_l("Someone went out"), ""),
    Outcome.REDEAL: OutcomeLabel(_l("Redeal (identical pairs)"), _l("redeal")),
    Outcome.STOCK_EXHAUSTED: OutcomeLabel(_l("Stock ran out"), _l("stock out")),
}
BONUSES = {
    Bonus.WILD_DISCARD: _l("Threw a wild"), Bonus.TWO_WILDS: _l("Threw both wilds"),
    Bonus.ONE_COLOUR: _l("All one colour"), Bonus.ONE_SUIT: _l("All one suit"),
}

# How a winner went out, as the table names it. A finish over several turns is seed 000's
# "partial hand" ("End of the Play and Scoring"); a full hand by its bonuses is seed 001's
# special hand ("Hand Game": colored, suited, joker, double joker, double joker colored),
# the other combinations named the same way, as seed 001 says they combine. Where an
# indicator picks the wilds (seed 000's Egyptian doubles, "Bonus Scores") a joker is no
# wild, so the discarded wilds are called wilds there.
PARTIAL = _l("partial hand")
_NO_WILD: dict[frozenset[Bonus], object] = {
    frozenset(): _l("full hand"),
    frozenset({Bonus.ONE_COLOUR}): _l("colored hand"),
    frozenset({Bonus.ONE_SUIT}): _l("suited hand"),
}
_JOKERS: dict[frozenset[Bonus], object] = {
    frozenset({Bonus.WILD_DISCARD}): _l("joker hand"),
    frozenset({Bonus.TWO_WILDS}): _l("double joker hand"),
    frozenset({Bonus.WILD_DISCARD, Bonus.ONE_COLOUR}): _l("joker colored hand"),
    frozenset({Bonus.WILD_DISCARD, Bonus.ONE_SUIT}): _l("joker suited hand"),
    frozenset({Bonus.TWO_WILDS, Bonus.ONE_COLOUR}): _l("double joker colored hand"),
    frozenset({Bonus.TWO_WILDS, Bonus.ONE_SUIT}): _l("double joker suited hand"),
}
_WILDS: dict[frozenset[Bonus], object] = {
    frozenset({Bonus.WILD_DISCARD}): _l("wild hand"),
    frozenset({Bonus.TWO_WILDS}): _l("double wild hand"),
    frozenset({Bonus.WILD_DISCARD, Bonus.ONE_COLOUR}): _l("wild colored hand"),
    frozenset({Bonus.WILD_DISCARD, Bonus.ONE_SUIT}): _l("wild suited hand"),
    frozenset({Bonus.TWO_WILDS, Bonus.ONE_COLOUR}): _l("double wild colored hand"),
    frozenset({Bonus.TWO_WILDS, Bonus.ONE_SUIT}): _l("double wild suited hand"),
}


def finish_name(rules: Rules, finish: Finish | None, bonuses: Iterable[Bonus] = ()) -> str:
    """How a winner went out, in the table's words: "partial hand", "full hand", "joker
    hand", "double joker colored hand"..."""
    if finish is not Finish.FULL:
        return str(PARTIAL)
    wilds = _JOKERS if rules.wild_mode is WildMode.JOKERS else _WILDS
    return str({**_NO_WILD, **wilds}[frozenset(bonuses)])


def finish_mark(rules: Rules, finish: Finish | None, bonuses: Iterable[Bonus] = ()) -> str:
    """The sheet's mark by the winner's score: "out" for the everyday finish over several
    turns, so that a full or special hand stands out by its name."""
    return str(_l("out")) if finish is not Finish.FULL else finish_name(rules, finish, bonuses)


@dataclass(frozen=True)
class CheckLabel:
    tab: object   # the referee page's tab
    name: object  # a kept ruling's kind, on the sheet
    yes: object   # the verdict's headline when upheld
    no: object    # ... and when not


CHECKS = {
    Check.MELD: CheckLabel(_l("Meld"), _l("Meld"), _l("A valid meld"), _l("Not a valid meld")),
    Check.INITIAL_MELD: CheckLabel(_l("First meld"), _l("First meld"),
                               _l("Enough for a first meld"), _l("Not a first meld")),
    Check.LAY_OFF: CheckLabel(_l("Add to a meld"), _l("Adding to a meld"),
                          _l("The cards may be added"), _l("The cards may not be added")),
    Check.SWAP: CheckLabel(_l("Take a wild"), _l("Taking a wild"), _l("The wild may be taken"),
                       _l("The wild may not be taken")),
    Check.HAND: CheckLabel(_l("Full hand"), _l("Full hand"), _l("A full hand"),
                       _l("Not a full hand")),
    Check.REDEAL: CheckLabel(_l("Redeal"), _l("Redeal claim"), _l("Redeal allowed"),
                         _l("No redeal")),
}
# Under the Kuwaiti form a first meld is an announcement.
ANNOUNCEMENT = CheckLabel(_l("Announcement"), _l("Announcement"), _l("Enough to announce"),
                          _l("Not enough to announce"))


def check_label(check: Check, rules: Rules) -> CheckLabel:
    if check is Check.INITIAL_MELD and rules.announcing:
        return ANNOUNCEMENT
    return CHECKS[check]


def outcome_note(outcome: Outcome) -> str:
    """How the sheet marks a deal that was not scored (empty for one that was)."""
    return str(OUTCOMES[outcome].sheet)
