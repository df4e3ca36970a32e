"""Cards taken from the discard pile: where a taken card may go, and what a taken wild
may be used as.

Seed 000, "Play" (restriction 1 and the note after the restrictions) and "Variations:
Taking a discarded card"; RULES.md section 9b. A card taken from the discard pile must go
into a new meld with at least two cards from the player's hand; under
``discard_lay_off`` it may instead be added to a meld on the table once the player who
discarded it has melded. A taken card that is wild in the deal is limited by
``discarded_wild``: under ``as_ace`` a wild ace plays only as the natural ace printed on
it and a joker only as an ace, under ``aces_group`` it goes only into a group of aces,
under ``never`` it cannot be taken, under ``anywhere`` it is a wild like any other. A card
that is not wild in the deal (a joker playing as the indicator suit's natural ace, an ace
of another suit) is never limited.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from scorekeeper.rulekit.cards import Card, NaturalCard, Rank
from scorekeeper.rulekit.messages import N_, Message, fail, msg

from .melds import MeldKind, MeldRuling, WildUse, rule_meld
from .options import DiscardedWild
from .wilds import Wilds


def check_taken(cards: tuple[Card, ...], taken: int) -> Card:
    """The card at place *taken* of *cards*; :class:`RulesError` when there is none."""
    if isinstance(taken, bool) or not isinstance(taken, int) or not (
            0 <= taken < len(cards)):
        raise fail(N_("The card taken from the discard pile must be one of the cards "
                      "asked about: give its place, from 0 for the first."))
    return cards[taken]


def rule_taken_meld(cards: tuple[Card, ...], wilds: Wilds, taken: int) -> MeldRuling:
    """Rule on *cards* laid as a new meld, the card at place *taken* having been taken from
    the discard pile (the others come from the player's hand).

    >>> from scorekeeper.games.hand.rules import Rules
    >>> w = Wilds.for_deal(Rules.from_spec("levant"), Card.parse("9C"))
    >>> laid = tuple(map(Card.parse, ["7D", "AC", "9D"]))
    >>> rule_meld(laid, w).valid, rule_taken_meld(laid, w, 1).valid
    (True, False)
    """
    card = check_taken(cards, taken)
    ruling = rule_meld(cards, wilds)
    if not wilds.is_wild(card):
        return ruling
    mode = wilds.rules.discarded_wild
    if mode is DiscardedWild.NEVER:
        return MeldRuling(False, never_taken(), cards=tuple(cards))
    if mode is DiscardedWild.AS_ACE and isinstance(card, NaturalCard):
        natural = rule_meld(cards, wilds, natural_at=taken)
        if natural.valid:
            return replace(natural, reason=msg(N_(
                "%(why)s Taken from the discard pile, the wild %(card)s plays as the "
                "natural %(card)s printed on it."), why=natural.reason, card=card.symbol))
    if not ruling.valid:
        return ruling
    refusal = taken_wild_refusal(ruling, card, wilds)
    if refusal is not None:
        return MeldRuling(False, refusal, cards=tuple(cards))
    if mode is DiscardedWild.ANYWHERE:
        return ruling
    return replace(ruling, reason=_allowed(ruling.reason, card, wilds))


def never_taken() -> Message:
    return msg(N_("At this table a wild card thrown on the discard pile may not be "
                  "taken."))


def taken_wild_refusal(ruling: MeldRuling, card: Card, wilds: Wilds,
                       places: Sequence[WildUse] | None = None) -> Message | None:
    """Why the valid meld *ruling*, holding *card*, a wild taken from the discard pile, may
    not be laid (``None`` when it may). A wild ace under ``as_ace`` must stand for the
    very ace printed on it.

    *places* are the wilds of the meld the taken card may be: by default all of them, as
    the two copies of a wild look alike and a player laying both puts the taken one where
    it may go (``wilds_per_meld`` 2); a lay-off passes only the wilds it adds."""
    mode = wilds.rules.discarded_wild
    if mode is DiscardedWild.ANYWHERE:
        return None
    if mode is DiscardedWild.NEVER:
        return never_taken()
    candidates = list(ruling.wilds if places is None else places)
    assert candidates  # a taken wild in a valid meld is one of its wilds
    refusals = [_refusal(ruling, card, use, mode) for use in candidates]
    return None if None in refusals else refusals[0]


def _refusal(ruling: MeldRuling, card: Card, use: WildUse,
             mode: DiscardedWild) -> Message | None:
    stands = " + ".join(c.symbol for c in use.represents)
    if mode is DiscardedWild.ACES_GROUP:
        if ruling.kind is MeldKind.GROUP and ruling.rank is Rank.ACE:
            return None
        return msg(N_("At this table a wild taken from the discard pile may be melded only "
                      "in a group of aces, not where it would stand for %(stands)s."),
                   stands=stands)
    if isinstance(card, NaturalCard):
        if use.represents == (card,):
            return None
        return msg(N_("A wild %(card)s taken from the discard pile may be used only as the "
                      "natural %(card)s printed on it, not as %(stands)s."),
                   card=card.symbol, stands=stands)
    if all(c.rank is Rank.ACE for c in use.represents):
        return None
    return msg(N_("A joker taken from the discard pile may be used only as an ace, not as "
                  "%(stands)s."), stands=stands)


def _allowed(why: Message, card: Card, wilds: Wilds) -> Message:
    """*why*, the meld's own reason, and how the limit on a taken wild is kept."""
    if wilds.rules.discarded_wild is DiscardedWild.ACES_GROUP:
        return msg(N_("%(why)s A wild taken from the discard pile may go only into a group "
                      "of aces, as it does here."), why=why)
    if isinstance(card, NaturalCard):
        return msg(N_("%(why)s Taken from the discard pile, the wild %(card)s stands for the "
                      "natural %(card)s printed on it, as it must."), why=why,
                   card=card.symbol)
    return msg(N_("%(why)s A joker taken from the discard pile may stand only for an ace, "
                  "as it does here."), why=why)


def taken_lay_off_refusal(taken: Card, wilds: Wilds, discarder_melded: bool) -> Message | None:
    """Why *taken*, a card taken from the discard pile, may not be added to a meld on the
    table (``None`` when it may, the wild's own limits aside)."""
    rules = wilds.rules
    if not rules.discard_lay_off:
        return msg(N_("A card taken from the discard pile must start a new meld with at "
                      "least two cards from the player's hand; it cannot be added to a meld "
                      "on the table."))
    if not discarder_melded:
        return msg(N_("A card taken from the discard pile may be added to a meld on the "
                      "table only when the player who discarded it has melded."))
    if wilds.is_wild(taken) and rules.discarded_wild is DiscardedWild.NEVER:
        return never_taken()
    return None
