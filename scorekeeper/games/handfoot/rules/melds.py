"""One Hand and Foot meld: legal or not, clean, dirty or wild, a complete pile or not.

Seed 003, "The Object of the Game: Melds": three to seven cards of one rank from four up
to ace; twos and jokers are wild, with at least twice as many natural cards as wild ones
(so one wild in three to five cards, two in six or seven), or only wild cards; threes
never meld ("The red and black threes"). Seven cards make a pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.rulekit.cards import Card, NaturalCard, Rank
from scorekeeper.rulekit.messages import N_, Message, N_plural, msg, msg_count

from .options import HandFootRules


def is_wild(card: Card) -> bool:
    """Twos and jokers are wild in Hand and Foot."""
    return not isinstance(card, NaturalCard) or card.rank is Rank.TWO


def is_three(card: Card) -> bool:
    return isinstance(card, NaturalCard) and card.rank is Rank.THREE


def is_red_three(card: Card) -> bool:
    return isinstance(card, NaturalCard) and card.rank is Rank.THREE and card.suit.red


@dataclass(frozen=True)
class HandFootMeldRuling:
    """The verdict on one meld: its ``kind`` (``"clean"``, ``"dirty"`` or ``"wild"``),
    whether it is a ``complete`` pile and its ``value`` in card points."""

    valid: bool
    reason: Message
    kind: str | None = None
    complete: bool = False
    value: int = 0
    rank: Rank | None = None

    @property
    def upheld(self) -> bool:
        return self.valid


def rule_meld(cards: Sequence[Card], rules: HandFootRules) -> HandFootMeldRuling:
    """Is *cards* a legal Hand and Foot meld, and of which kind?

    >>> from scorekeeper.rulekit.cards import parse_cards
    >>> r = rule_meld(parse_cards(["9H", "9S", "2C"]), HandFootRules())
    >>> r.valid, r.kind, r.value
    (True, 'dirty', 40)
    """
    count = len(cards)
    shown = " ".join(c.symbol for c in cards)
    if count < 3:
        return HandFootMeldRuling(False, msg(N_("Not a meld: a meld needs at least 3 cards, and "
                                            "%(cards)s is %(count)d."), cards=shown or "—",
                                         count=count))
    if count > rules.pile_size:
        return HandFootMeldRuling(False, msg(N_(
            "Not a meld: a meld holds at most %(most)d cards (a complete pile), and "
            "%(cards)s is %(count)d."), most=rules.pile_size, cards=shown, count=count))
    if any(is_three(c) for c in cards):
        return HandFootMeldRuling(False, msg(N_(
            "Not a meld: threes never meld — red threes are laid apart for their points, "
            "black threes only block the discard pile (%(cards)s)."), cards=shown))
    value = sum(rules.value(c) for c in cards)
    naturals = [c for c in cards if isinstance(c, NaturalCard) and not is_wild(c)]
    wilds = count - len(naturals)
    if not naturals:
        if not rules.wild_melds:
            return HandFootMeldRuling(False, msg(N_(
                "Not a meld: this game allows no melds of wild cards only (%(cards)s)."),
                cards=shown))
        return _ruled("wild", count, value, None, shown, rules,
                      mixed=len({c.is_joker for c in cards}) > 1)
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:
        return HandFootMeldRuling(False, msg(N_(
            "Not a meld: a meld is of one rank, and %(cards)s mixes %(ranks)s."),
            cards=shown, ranks=", ".join(r.value for r in Rank if r in ranks)))
    if len(naturals) < 2 * wilds:
        return HandFootMeldRuling(False, msg(N_(
            "Not a meld: it needs at least twice as many natural cards as wild ones, and "
            "%(cards)s has %(naturals)d natural and %(wilds)d wild."), cards=shown,
            naturals=len(naturals), wilds=wilds))
    return _ruled("dirty" if wilds else "clean", count, value, naturals[0].rank, shown,
                  rules)


def _ruled(kind: str, count: int, value: int, rank: Rank | None, shown: str,
           rules: HandFootRules, *, mixed: bool = False) -> HandFootMeldRuling:
    complete = count == rules.pile_size
    bonus = rules.pile_bonus(kind)
    if mixed and rules.dirty_wild_pile is not None:  # twos and jokers, valued apart
        bonus = rules.dirty_wild_pile
    if kind == "clean" and rules.rank_pile(rank) is not None:
        bonus = rules.rank_pile(rank) or 0
    names = {"clean": N_("clean"), "dirty": N_("dirty"), "wild": N_("wild")}
    if complete:
        reason = msg(N_("%(cards)s is a complete %(kind)s pile: %(value)d in cards, and "
                        "%(bonus)d for the pile at the end of the deal."), cards=shown,
                     kind=msg(names[kind]), value=value, bonus=bonus)
    else:
        reason = msg_count(N_plural("%(cards)s is a %(kind)s meld worth %(value)d; "
                                    "%(more)d more card makes it a pile.",
                                    "%(cards)s is a %(kind)s meld worth %(value)d; "
                                    "%(more)d more cards make it a pile."),
                           "more", cards=shown, kind=msg(names[kind]), value=value,
                           more=rules.pile_size - count)
    return HandFootMeldRuling(True, reason, kind, complete, value, rank)
