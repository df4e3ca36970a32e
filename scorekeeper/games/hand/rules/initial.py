"""Ruling on a first meld (or, in the Kuwaiti form, an announcement): several melds
from hand whose values add up to the bar in force.

RULES.md section 4 and seed 000, "Initial Meld". The bar is ``initial_minimum`` (51
unless the table agreed more); under ``initial_increasing`` (Hand Saudi, seed 002) and
Kuwaiti announcing (seed 001) each first meld must beat the one before, so the caller
passes that raised bar as *minimum*.

A player who goes out this turn — melding every card, perhaps laying some off on other
melds — is exempt from the bar (seed 000, "Initial Meld", "Exception", and "End of the
Play and Scoring"); in the Kuwaiti form such a player ends with a hand and announces
nothing (seed 001, "Turns before announcing"). A first meld may hold the card just taken
from the discard pile (:mod:`~scorekeeper.games.hand.rules.discard`); a player whose first meld with
it falls short must draw from the stock instead (seed 000, "Play", restriction 1).

A Kuwaiti announcement comes only once ``announce_after_turns`` cards have been played
into the field and, under ``announce_after_discard``, only right after taking the previous
player's discard (seed 001, "Turns before announcing", "Announcing special rules" and
"Player mistakes" 5). Either is checked when the question says it.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rulekit.cards import Card
from scorekeeper.rulekit.messages import N_, Message, N_plural, fail, msg, msg_count

from .discard import check_taken, rule_taken_meld
from .melds import MeldRuling, rule_meld
from .wilds import Wilds

#: A bar above every total that 14 cards can make, so any larger number is a typing slip.
HIGHEST_BAR = 1000


@dataclass(frozen=True)
class InitialMeldRuling:
    """The verdict on a first meld: every meld's own ruling, their total and the bar;
    ``waived`` when the bar did not apply because the player goes out this turn."""

    valid: bool
    reason: Message
    total: int
    minimum: int
    melds: tuple[MeldRuling, ...]
    waived: bool = False

    @property
    def upheld(self) -> bool:
        """Yes, enough for a first meld: ``valid`` under the name all rulings share."""
        return self.valid


def rule_initial_meld(melds: list[tuple[Card, ...]], wilds: Wilds,
                      minimum: int | None = None, *,
                      from_discard: tuple[int, int] | None = None, going_out: bool = False,
                      cards_played: int | None = None,
                      took_discard: bool | None = None) -> InitialMeldRuling:
    """Do *melds*, laid together from hand, make a first meld worth at least *minimum*
    (by default the rules' own bar)?

    *from_discard* is (meld, card), the place of the card taken from the discard pile;
    *going_out* says the player goes out this turn. For an announcement, *cards_played*
    is how many cards have been played into the field this deal and *took_discard*
    whether the player just took the previous player's discard (``None``: not asked;
    a card *from_discard* says yes).

    >>> from scorekeeper.games.hand.rules import Rules
    >>> w = Wilds.for_deal(Rules.from_spec("gulf"))
    >>> low = [tuple(map(Card.parse, ["2C", "3C", "4C"]))]
    >>> rule_initial_meld(low, w).valid, rule_initial_meld(low, w, going_out=True).valid
    (False, True)
    """
    rules = wilds.rules
    if minimum is None:
        minimum = rules.first_meld_minimum
    elif isinstance(minimum, bool) or not isinstance(minimum, int) or not (
            0 <= minimum <= HIGHEST_BAR):
        raise fail(N_("The minimum must be a whole number from 0 to %(high)d."),
                   high=HIGHEST_BAR)
    if from_discard is not None:
        meld_at, card_at = from_discard
        if not 0 <= meld_at < len(melds):
            raise fail(N_("The card taken from the discard pile must be in one of the "
                          "melds: give the meld's place, from 0 for the first."))
        check_taken(melds[meld_at], card_at)
    rulings = tuple(
        rule_taken_meld(m, wilds, from_discard[1])
        if from_discard is not None and i == from_discard[0] else rule_meld(m, wilds)
        for i, m in enumerate(melds))
    total = sum(r.value or 0 for r in rulings)
    if not rulings:
        return InitialMeldRuling(False, msg(N_("Lay at least one meld.")), 0, minimum, ())
    for number, ruling in enumerate(rulings, start=1):
        if not ruling.valid:
            return InitialMeldRuling(False, msg(N_("Meld %(number)d is not valid: %(why)s"),
                                                number=number, why=ruling.reason),
                                     total, minimum, rulings)

    def ruled(valid: bool, reason: Message, waived: bool = False) -> InitialMeldRuling:
        return InitialMeldRuling(valid, reason, total, minimum, rulings, waived)

    if going_out and rules.announcing:
        return ruled(True, msg(N_(
            "The melds are worth %(total)d; a player who goes out this turn ends with a hand "
            "and needs no announcement, so neither the %(minimum)d nor the time to announce "
            "applies."), total=total, minimum=minimum), waived=True)
    if going_out and total < minimum:
        return ruled(True, msg(N_(
            "The melds are worth %(total)d, short of the %(minimum)d a first meld needs, but "
            "a player who goes out this turn is exempt from the minimum."),
            total=total, minimum=minimum), waived=True)
    if rules.announcing:
        early = _too_early(rules.announce_after_turns, cards_played)
        if early is not None:
            return ruled(False, early)
        took = True if from_discard is not None else took_discard
        if rules.announce_after_discard and took is False:
            return ruled(False, msg(N_(
                "At this table a player announces only right after taking the previous "
                "player's discard, and this player did not take it.")))
    if total < minimum:
        return ruled(False, _short(rules.announcing, from_discard is not None, total,
                                   minimum))
    if rules.announcing:
        return ruled(True, msg(N_("The melds are worth %(total)d, enough to announce "
                                  "(%(minimum)d needed)."), total=total, minimum=minimum))
    return ruled(True, msg(N_("The melds are worth %(total)d, enough for a first meld "
                              "(%(minimum)d needed)."), total=total, minimum=minimum))


def _too_early(after: int, played: int | None) -> Message | None:
    if played is None:
        return None
    if isinstance(played, bool) or not isinstance(played, int) or played < 0:
        raise fail(N_("The cards played so far must be a whole number, 0 or more."))
    if played >= after:
        return None
    return msg_count(N_plural("Only %(played)d card has been played this deal; at this "
                              "table a player may announce once %(after)d have been.",
                              "Only %(played)d cards have been played this deal; at this "
                              "table a player may announce once %(after)d have been."),
                     "played", played=played, after=after)


def _short(announcing: bool, taken: bool, total: int, minimum: int) -> Message:
    if announcing and taken:
        template = N_("The melds are worth %(total)d, short of the %(minimum)d an "
                      "announcement needs, so the card cannot be taken from the discard "
                      "pile: draw from the stock instead.")
    elif announcing:
        template = N_("The melds are worth %(total)d, short of the %(minimum)d an "
                      "announcement needs.")
    elif taken:
        template = N_("The melds are worth %(total)d, short of the %(minimum)d a first meld "
                      "needs, so the card cannot be taken from the discard pile: draw from "
                      "the stock instead.")
    else:
        template = N_("The melds are worth %(total)d, short of the %(minimum)d a first meld "
                      "needs.")
    return msg(template, total=total, minimum=minimum)
