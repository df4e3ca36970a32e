"""What every ruling has in common, and the questions the referee answers.

Each check answers with its own record (:class:`~scorekeeper.games.hand.rules.melds.MeldRuling`,
:class:`~scorekeeper.games.hand.rules.hand.HandRuling`, ...), whose extra fields differ; all of them
say yes or no in ``upheld`` and why in ``reason``, so a caller that only needs the
verdict reads those two and never asks which record it holds.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol, runtime_checkable

from scorekeeper.rulekit.messages import Message


@runtime_checkable
class Ruling(Protocol):
    """A verdict: yes or no to the question asked, with the reason to read out.

    >>> from scorekeeper.games.hand.rules import Card, Rules, Wilds, rule_meld
    >>> wilds = Wilds.for_deal(Rules.from_spec("gulf"))
    >>> ruling: Ruling = rule_meld(tuple(map(Card.parse, ["9C", "10C", "JC"])), wilds)
    >>> ruling.upheld, str(ruling.reason)
    (True, '9♣ 10♣ J♣ is a sequence in ♣, worth 29.')
    """

    @property
    def upheld(self) -> bool:
        """Yes to the question: a valid meld, enough for a first meld, the cards may be
        added or the wild taken, a full hand, a redeal allowed."""
        ...

    @property
    def reason(self) -> Message:
        """The sentence that explains the verdict either way."""
        ...


class Check(StrEnum):
    """The referee's questions, named as in the JSON API's paths
    (``/api/v1/referee/<check>``) and as kept rulings store them."""

    MELD = "meld"
    """Is this a valid meld, and what does its wild stand for? (``rule_meld``)"""
    INITIAL_MELD = "initial-meld"
    """Do these melds, laid together from hand, reach the first-meld bar (an announcement's,
    in the Kuwaiti form)? (``rule_initial_meld``)"""
    LAY_OFF = "lay-off"
    """May these cards be added to that meld on the table? (``rule_lay_off``)"""
    SWAP = "swap"
    """May these natural cards be given to take the wild from that meld?
    (``rule_swap``)"""
    HAND = "hand"
    """Are these 15 cards a full hand, and with which bonuses? (``check_hand``)"""
    REDEAL = "redeal"
    """May a player dealt these cards claim a redeal for identical pairs?
    (``rule_redeal``)"""
