"""Ruling on a first meld (or, in the Kuwaiti form, an announcement): several melds
from hand whose values add up to the bar in force.

RULES.md section 4 and seed 000, "Initial Meld". The bar is ``initial_minimum`` (51
unless the table agreed more); under ``initial_increasing`` (Hand Saudi, seed 002) and
Kuwaiti announcing (seed 001) each first meld must beat the one before, so the caller
passes that raised bar as *minimum*. A player who melds all 14 cards in one turn
ignores the bar: that is the full-hand check's business, not this one's.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .melds import MeldRuling, rule_meld
from .messages import N_, Message, fail, msg
from .wilds import Wilds

#: A bar above every total that 14 cards can make, so any larger number is a typing slip.
HIGHEST_BAR = 1000


@dataclass(frozen=True)
class InitialMeldRuling:
    """The verdict on a first meld: every meld's own ruling, their total and the bar."""

    valid: bool
    reason: Message
    total: int
    minimum: int
    melds: tuple[MeldRuling, ...]

    @property
    def upheld(self) -> bool:
        """Yes, enough for a first meld: ``valid`` under the name all rulings share."""
        return self.valid


def rule_initial_meld(melds: list[tuple[Card, ...]], wilds: Wilds,
                      minimum: int | None = None) -> InitialMeldRuling:
    """Do *melds*, laid together from hand, make a first meld worth at least *minimum*
    (by default the rules' own bar)?"""
    rules = wilds.rules
    if minimum is None:
        minimum = rules.first_meld_minimum
    elif isinstance(minimum, bool) or not isinstance(minimum, int) or not (
            0 <= minimum <= HIGHEST_BAR):
        raise fail(N_("The minimum must be a whole number from 0 to %(high)d."),
                   high=HIGHEST_BAR)
    if rules.announcing:
        short = N_("The melds are worth %(total)d, short of the %(minimum)d an announcement "
                   "needs.")
        enough = N_("The melds are worth %(total)d, enough to announce (%(minimum)d "
                    "needed).")
    else:
        short = N_("The melds are worth %(total)d, short of the %(minimum)d a first meld "
                   "needs.")
        enough = N_("The melds are worth %(total)d, enough for a first meld (%(minimum)d "
                    "needed).")
    rulings = tuple(rule_meld(m, wilds) for m in melds)
    total = sum(r.value or 0 for r in rulings)
    if not rulings:
        return InitialMeldRuling(False, msg(N_("Lay at least one meld.")), 0, minimum, ())
    for number, ruling in enumerate(rulings, start=1):
        if not ruling.valid:
            return InitialMeldRuling(False, msg(N_("Meld %(number)d is not valid: %(why)s"),
                                                number=number, why=ruling.reason),
                                     total, minimum, rulings)
    if total < minimum:
        return InitialMeldRuling(False, msg(short, total=total, minimum=minimum), total,
                                 minimum, rulings)
    return InitialMeldRuling(True, msg(enough, total=total, minimum=minimum), total, minimum,
                             rulings)
