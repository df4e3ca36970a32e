"""The winner's cards decide how a deal finished (issue 13; docs/api.md, "Deals from the
cards"): a full hand or not, and which bonuses (Egypt) or special hand (Kuwait) it is.

The cards come as 15 cards, which the referee arranges itself (the best-scoring way, as
:func:`~scorekeeper.games.hand.rules.hand.check_hand` does), or as the melds the winner laid and the
card or cards discarded, whose bonuses are those of that very arrangement. Seed 000, "End
of the Play and Scoring" and "Bonus Scores"; seed 001, "Hand Game".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

from scorekeeper.rulekit.cards import Card
from scorekeeper.rulekit.messages import N_, Message, RulesError, fail, msg

from .hand import HAND_SIZE, Bonus, Finish, HandRuling, check_hand
from .melds import rule_meld
from .wilds import Wilds


@dataclass(frozen=True)
class FullHand:
    """How a winner went out with a full hand, as the sheet shows it: the melds laid (or
    as the referee arranged the cards) and the card or two wild cards discarded."""

    winner: str
    melds: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]


class NotAHand(RulesError):
    """A full hand claimed that the cards do not bear out. Under the Kuwaiti form the
    claim is itself a mistake the table may record instead (seed 001, "Player mistakes"
    3: "declaring hand when a player does not actually have a hand")."""

    def __init__(self, message: Message, *, mistake: bool) -> None:
        super().__init__(message)
        self.mistake = mistake


def rule_winning_hand(wilds: Wilds, cards: Sequence[Card] | None = None,
                      melds: Sequence[Sequence[Card]] | None = None,
                      discard: Sequence[Card] = ()) -> HandRuling:
    """The referee's ruling on the cards a player went out with: *cards* (15, arranged by
    the referee) or *melds* as laid with *discard*. A refusal says why it is no full hand.

    >>> from scorekeeper.games.hand.rules.options import Rules
    >>> w = Wilds.for_deal(Rules.from_spec("egypt"), Card.parse("7C"))
    >>> laid = [["2H", "3H", "4H"], ["2H", "3H", "4H"], ["5H", "6H", "7H", "8H"],
    ...         ["9H", "10H", "JH", "QH"]]
    >>> r = rule_winning_hand(w, melds=[[Card.parse(c) for c in m] for m in laid],
    ...                       discard=[Card.parse("KC")])
    >>> r.hand, [b.value for b in r.bonuses]
    (True, ['one_suit'])
    """
    if melds is None:
        if cards is None:
            raise fail(N_("Give the winner's 15 cards, or the melds laid and the discard."))
        return check_hand(tuple(cards), wilds)
    return _rule_laid(tuple(tuple(m) for m in melds), tuple(discard), wilds)


def _rule_laid(melds: tuple[tuple[Card, ...], ...], discard: tuple[Card, ...],
               wilds: Wilds) -> HandRuling:
    count = sum(len(m) for m in melds) + len(discard)
    if count != HAND_SIZE:
        raise fail(N_("A full hand is checked on 15 cards (14 to meld and one to discard); "
                      "%(count)d were given."), count=count)
    wilds.check(chain(*melds, discard))
    shown = " · ".join(" ".join(c.symbol for c in m) for m in melds)
    thrown = " ".join(c.symbol for c in discard) or "—"
    if len(discard) not in (1, 2):
        return HandRuling.refused(msg(N_("a full hand discards one card, or two wild cards; "
                                         "%(discard)s were discarded."), discard=thrown))
    if len(discard) == 2 and not all(wilds.is_wild(c) for c in discard):
        return HandRuling.refused(msg(N_("only two wild cards may be discarded together, "
                                         "not %(discard)s."), discard=thrown))
    for meld in melds:
        ruling = rule_meld(meld, wilds)
        if not ruling.valid:
            return HandRuling.refused(msg(N_("%(cards)s is no meld. %(reason)s"),
                                          cards=" ".join(c.symbol for c in meld),
                                          reason=ruling.reason))
    bonuses = _bonuses(melds, discard, wilds)
    if bonuses:
        reason = msg(N_("A full hand: %(melds)s, discarding %(discard)s (%(bonuses)s)."),
                     melds=shown, discard=thrown, bonuses=tuple(b.label for b in bonuses))
    else:
        reason = msg(N_("A full hand: %(melds)s, discarding %(discard)s."), melds=shown,
                     discard=thrown)
    return HandRuling(True, reason, melds, discard, bonuses)


def _bonuses(melds: tuple[tuple[Card, ...], ...], discard: tuple[Card, ...],
             wilds: Wilds) -> tuple[Bonus, ...]:
    """The bonuses of this arrangement: the wilds discarded, and the colour of the natural
    cards melded (the discard's too where the table counts it)."""
    thrown_wilds = sum(wilds.is_wild(c) for c in discard)
    found = [Bonus.TWO_WILDS] if thrown_wilds == 2 else [Bonus.WILD_DISCARD] * thrown_wilds
    counted = [*chain(*melds)]
    if wilds.rules.colour_counts_discard:
        counted += discard
    suits = {wilds.natural(c).suit for c in counted if not wilds.is_wild(c)}
    if len(suits) == 1:
        found.append(Bonus.ONE_SUIT)
    elif len({s.red for s in suits}) == 1:
        found.append(Bonus.ONE_COLOUR)
    return tuple(found)


def finish_of(ruling: HandRuling, wilds: Wilds) -> tuple[Finish, tuple[Bonus, ...]]:
    """How a player who went out with these cards finished: a full hand, with the bonuses
    of its arrangement where the form pays them; otherwise over several turns."""
    if not ruling.hand:
        return Finish.PARTIAL, ()
    return Finish.FULL, ruling.bonuses if wilds.rules.bonus_hands else ()


def check_claim(ruling: HandRuling, wilds: Wilds, finish: Finish | None,
                bonuses: tuple[Bonus, ...] | None) -> None:
    """:class:`~scorekeeper.games.hand.rules.RulesError` when the *finish* or *bonuses* a table
    reported (``None``: not reported) are not what the winner's cards bear out."""
    found, earned = finish_of(ruling, wilds)
    if finish is Finish.FULL and found is not Finish.FULL:
        raise NotAHand(msg(N_("These cards are not a full hand: %(why)s"),
                           why=ruling.why or ruling.reason),
                       mistake=wilds.rules.pays_mistakes)
    if finish is Finish.PARTIAL and found is Finish.FULL:
        raise fail(N_("These 15 cards are a full hand, not a finish over several turns: "
                      "%(reason)s"), reason=ruling.reason)
    if bonuses is not None and set(bonuses) != set(earned):
        raise fail(N_("The bonuses reported (%(said)s) are not those the cards bear out "
                      "(%(owed)s): %(reason)s"), said=_named(bonuses), owed=_named(earned),
                   reason=ruling.reason)


def _named(bonuses: Sequence[Bonus]) -> Message | tuple[Message, ...]:
    """Bonuses as players call them, for a sentence."""
    return tuple(b.label for b in bonuses) or msg(N_("none"))
