"""Ruling on a redeal claim: a player dealt identical pairs may show them and have the
cards dealt again (RULES.md section 5, seed 000 "Deal").

Four pairs of identical cards qualify, and so do three pairs with a wild card or two
pairs with two wild cards. A pair of jokers that play as natural aces is a pair; wild
cards count as wilds, never as pairs.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from scorekeeper.rulekit.cards import Card
from scorekeeper.rulekit.messages import N_, Message, fail, msg

from .wilds import Wilds


@dataclass(frozen=True)
class RedealRuling:
    """Whether the claim stands, with the pairs and wilds that decide it."""

    allowed: bool
    reason: Message
    pairs: tuple[Card, ...] = ()
    wilds: int = 0

    @property
    def upheld(self) -> bool:
        """Yes, the redeal stands: ``allowed`` under the name all rulings share."""
        return self.allowed


def rule_redeal(cards: tuple[Card, ...], wilds: Wilds) -> RedealRuling:
    """May a player holding *cards* (14, or 15 for the player who starts) claim a
    redeal?"""
    if len(cards) not in (14, 15):
        raise fail(N_("A redeal claim is made on the hand as dealt: 14 cards, or 15 for "
                      "the player who starts; %(count)d were given."), count=len(cards))
    if not wilds.rules.redeal_claims:
        return RedealRuling(False, msg(N_("This form of Hand has no redeal for identical "
                                          "pairs; play the cards as dealt.")))
    counts = Counter(c for c in cards if not wilds.is_wild(c))
    pairs = tuple(sorted((c for c, n in counts.items() if n >= 2), key=str))
    wild = sum(wilds.is_wild(c) for c in cards)
    shown = " ".join(c.symbol for c in pairs) or "—"
    if len(pairs) >= 4 or (len(pairs) >= 3 and wild >= 1) or (len(pairs) >= 2 and wild >= 2):
        return RedealRuling(True, msg(N_("Redeal allowed: identical pairs %(count)d "
                                         "(%(pairs)s), wild cards %(wilds)d."),
                                      count=len(pairs), pairs=shown, wilds=wild), pairs, wild)
    return RedealRuling(False, msg(N_(
        "No redeal: identical pairs %(count)d (%(pairs)s), wild cards %(wilds)d; a "
        "claim needs four pairs, three pairs and a wild, or two pairs and two wilds."),
        count=len(pairs), pairs=shown, wilds=wild), pairs, wild)
