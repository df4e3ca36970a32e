"""Ruling on one meld: is it a sequence or a group, what does its wild stand for, and
what is it worth toward a first meld.

RULES.md section 3 and seed 000, "Melds", "Wild Cards" and "Value of Wild Cards".
A sequence is read in the order the cards were laid (ascending or descending), because
a wild's place says which card it stands for; a sequence of natural cards alone may be
laid in any order. At most one wild card in any meld.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from scorekeeper.rulekit.cards import Card, NaturalCard, Rank, Suit
from scorekeeper.rulekit.messages import N_, Message, N_plural, msg, msg_count

from .options import Rules
from .wilds import Wilds

ACE_HIGH = 14


class MeldKind(Enum):
    """The two kinds of meld."""

    SEQUENCE = "sequence"
    """Three or more consecutive cards of one suit."""
    GROUP = "group"
    """Three or four cards of one rank, every suit different."""


@dataclass(frozen=True)
class WildUse:
    """A wild card in a meld, the natural card(s) it stands for, and its place: ``at`` in
    the meld as it lies (:attr:`MeldRuling.cards`), ``laid_at`` in the cards as laid."""

    card: Card
    represents: tuple[NaturalCard, ...]
    at: int
    laid_at: int


@dataclass(frozen=True)
class MeldRuling:
    """The verdict on a meld. ``cards`` are arranged as they lie on the table (a sequence
    from its low end), with ``card_values`` beside them; ``wilds`` says what each wild
    stands for, in the order they lie. A sequence also has ``suit`` and ``start`` (1 for
    an ace below the two, 14 for one above the king), a group its ``rank``."""

    valid: bool
    reason: Message
    kind: MeldKind | None = None
    cards: tuple[Card, ...] = ()
    card_values: tuple[int, ...] = ()
    wilds: tuple[WildUse, ...] = ()
    suit: Suit | None = None
    rank: Rank | None = None
    start: int | None = None

    @property
    def wild(self) -> WildUse | None:
        """The meld's first wild (its only one unless ``wilds_per_meld`` is 2)."""
        return self.wilds[0] if self.wilds else None

    @property
    def wild_at(self) -> int | None:
        """Where the first wild lies in ``cards``."""
        return self.wilds[0].at if self.wilds else None

    @property
    def upheld(self) -> bool:
        """Yes, a meld: ``valid`` under the name all rulings share."""
        return self.valid

    @property
    def value(self) -> int | None:
        """The meld's worth toward a first meld; ``None`` when it is not a meld."""
        return sum(self.card_values) if self.valid else None


def rule_meld(cards: tuple[Card, ...], wilds: Wilds, *,
              natural_at: int | None = None) -> MeldRuling:
    """Rule on *cards* laid in this order as one meld under *wilds*' rules.

    *natural_at* is the place of a wild ace that plays as the natural ace printed on it
    (a wild ace taken from the discard pile, seed 000 "Play"; see
    :func:`~scorekeeper.games.hand.rules.discard.rule_taken_meld`).

    >>> from scorekeeper.games.hand.rules.options import Rules
    >>> w = Wilds.for_deal(Rules.from_spec("levant"), Card.parse("QS"))
    >>> r = rule_meld(tuple(map(Card.parse, ["9C", "10C", "AS"])), w)
    >>> r.valid, r.kind.value, [str(c) for c in r.wild.represents], r.value
    (True, 'sequence', ['JC'], 29)
    """
    wild = tuple(wilds.is_wild(c) and i != natural_at for i, c in enumerate(cards))
    ruling = _rule(cards, wild, wilds)
    # A refused meld is shown as it was laid.
    return ruling if ruling.valid else replace(ruling, cards=tuple(cards))


def _rule(cards: tuple[Card, ...], wild: tuple[bool, ...], wilds: Wilds) -> MeldRuling:
    """*wild* says of each card whether it plays as a wild in this meld."""
    rules = wilds.rules
    shown = " ".join(c.symbol for c in cards)
    if len(cards) < 3:
        return MeldRuling(False, msg(N_("A meld needs at least three cards; %(cards)s is "
                                        "%(count)d."), cards=shown or "—", count=len(cards)))
    if rules.max_meld_size is not None and len(cards) > rules.max_meld_size:
        return MeldRuling(False, msg(N_("A meld may hold at most %(max)d cards in this form "
                                        "of Hand; this one has %(count)d."),
                                     max=rules.max_meld_size, count=len(cards)))
    if len(cards) > rules.longest_meld:
        return MeldRuling(False, msg(N_("A meld holds at most 13 cards, ace to king; this "
                                        "one has %(count)d."), count=len(cards)))
    if sum(wild) > rules.wilds_per_meld:
        if rules.wilds_per_meld == 1:
            return MeldRuling(False, msg(N_("A meld may hold only one wild card, and "
                                            "%(cards)s has %(count)d."), cards=shown,
                                         count=sum(wild)))
        return MeldRuling(False, msg(N_("A meld may hold at most two wild cards at this "
                                        "table, and %(cards)s has %(count)d."), cards=shown,
                                     count=sum(wild)))
    naturals = [wilds.natural(c) for c, w in zip(cards, wild, strict=True) if not w]
    if len(naturals) < 2:
        # Only a meld of two wilds gets here: one natural card says neither whether the
        # meld is a group or a sequence nor what the wilds stand for.
        return MeldRuling(False, msg(N_("%(cards)s has a single natural card; a meld with "
                                        "two wild cards needs at least two natural cards "
                                        "to show what it is."), cards=shown))
    if len({n.rank for n in naturals}) == 1:
        return _rule_group(cards, wild, naturals, shown)
    if len({n.suit for n in naturals}) == 1:
        return _rule_sequence(cards, wild, wilds, shown)
    return MeldRuling(False, msg(N_("%(cards)s is neither a sequence (one suit, in a run) "
                                    "nor a group (one rank, different suits)."), cards=shown))


def _rule_group(cards: tuple[Card, ...], wild_flags: tuple[bool, ...],
                naturals: list[NaturalCard], shown: str) -> MeldRuling:
    rank = naturals[0].rank
    suits = [n.suit for n in naturals]
    for suit in suits:
        if suits.count(suit) > 1:
            twin = NaturalCard(rank, suit)
            return MeldRuling(False, msg(N_("%(card)s is in this group twice; a group needs "
                                            "a different suit for every card."),
                                         card=twin.symbol))
    if len(cards) > 4:
        return MeldRuling(False, msg(N_("A group holds at most four cards, one of each "
                                        "suit; %(cards)s has %(count)d."),
                                     cards=shown, count=len(cards)))
    points = rank.points
    value = points * len(cards)
    places = [i for i, w in enumerate(wild_flags) if w]
    missing = tuple(NaturalCard(rank, s) for s in Suit if s not in suits)
    uses: tuple[WildUse, ...] = ()
    reason = msg(N_("%(cards)s is a group of %(rank)s, worth %(value)d."), cards=shown,
                 rank=rank.value, value=value)
    if len(places) == 1:
        uses = (WildUse(cards[places[0]], missing, places[0], places[0]),)
        reason = msg(N_("%(cards)s is a group of %(rank)s; the wild %(wild)s stands for "
                        "%(stands)s and counts once, so the group is worth %(value)d."),
                     cards=shown, rank=rank.value, wild=cards[places[0]].symbol,
                     stands=" + ".join(c.symbol for c in missing), value=value)
    elif places:
        # Two naturals and two wilds: one missing suit each, the first wild laid taking
        # the first missing suit in the order ♠ ♥ ♦ ♣ (docs/rules.md).
        uses = tuple(WildUse(cards[i], (m,), i, i)
                     for i, m in zip(places, missing, strict=True))
        reason = msg(N_("%(cards)s is a group of %(rank)s; its first wild stands for "
                        "%(first)s and its second for %(second)s, so the group is worth "
                        "%(value)d."), cards=shown, rank=rank.value,
                     first=missing[0].symbol, second=missing[1].symbol, value=value)
    return MeldRuling(True, reason, MeldKind.GROUP, tuple(cards), (points,) * len(cards),
                      uses, rank=rank)


def _positions(naturals: Sequence[tuple[int, NaturalCard]],
               length: int) -> list[tuple[int, int]]:
    """Every (start, step) that puts each natural at its own place: the cards may run up
    or down, and an ace may sit below the two or above the king."""
    found = []
    for ace_high in (False, True):
        nums = [(i, ACE_HIGH if ace_high and n.rank is Rank.ACE else n.rank.number)
                for i, n in naturals]
        for step in (1, -1):
            i0, n0 = nums[0]
            start = n0 - step * i0
            if all(n == start + step * i for i, n in nums):
                low = min(start, start + step * (length - 1))
                found.append((low, step))
    return found


def _rule_sequence(cards: tuple[Card, ...], wild_flags: tuple[bool, ...], wilds: Wilds,
                   shown: str, *, suggest: bool = True) -> MeldRuling:
    """*suggest*: on a wild beyond an ace, work out where it could go instead."""
    rules = wilds.rules
    naturals = [(i, wilds.natural(c)) for i, c in enumerate(cards) if not wild_flags[i]]
    suit = naturals[0][1].suit
    ranks = [n.rank for _, n in naturals]
    for rank in ranks:
        if ranks.count(rank) > 1:
            return MeldRuling(False, msg(N_("%(card)s is in this sequence twice; a sequence "
                                            "needs a different rank for every card."),
                                         card=NaturalCard(rank, suit).symbol))
    places = [i for i, w in enumerate(wild_flags) if w]
    # A natural-only sequence is arranged from its low end: its cards in that order (the
    # physical cards, whatever they play as).
    arranged = tuple(cards)
    if not places:
        # Natural cards alone: the order laid does not matter, so arrange them, the ace
        # low or high; where both fit (all thirteen ranks), the reading worth more.
        readings = []
        for ace in (1, ACE_HIGH):
            ordered = sorted(naturals, key=lambda p: _place(p[1], ace))
            laid = [(i, n) for i, (_, n) in enumerate(ordered)]
            physical = tuple(cards[i] for i, _ in ordered)
            readings += [(laid, f, physical) for f in _positions(laid, len(cards))
                         if _fits(f, cards)]
        if readings:
            naturals, best, arranged = max(readings, key=lambda r: sum(
                _sequence_value(r[1][0] + k, rules) for k in range(len(cards))))
            fits = [best]
        else:
            layouts = _positions(naturals, len(cards))
            fits = []
    else:
        layouts = _positions(naturals, len(cards))
        fits = [f for f in layouts if _fits(f, cards)]
    if not fits:
        failure = _sequence_failure(cards, naturals, layouts, len(places), rules, shown)
        if suggest and layouts:
            failure = _beyond_the_ace(cards, wild_flags, wilds, layouts[0], failure)
        return MeldRuling(False, failure)
    low, step = fits[0]
    last = len(cards) - 1
    if places:
        arranged = tuple(cards[last - i] for i in range(len(cards))) if step == -1 else (
            tuple(cards))
    values = tuple(_sequence_value(low + k, rules) for k in range(len(cards)))
    uses = tuple(sorted((WildUse(cards[i], (NaturalCard(Rank.from_number(low + k), suit),),
                                 k, i)
                         for i in places for k in [i if step == 1 else last - i]),
                        key=lambda use: use.at))
    arranged_shown = " ".join(c.symbol for c in arranged)
    if len(uses) == 1:
        reason = msg(N_("%(cards)s is a sequence in %(suit)s; the wild %(wild)s stands for "
                        "%(stands)s, and the sequence is worth %(value)d."),
                     cards=arranged_shown, suit=suit.symbol, wild=uses[0].card.symbol,
                     stands=uses[0].represents[0].symbol, value=sum(values))
    elif uses:
        reason = msg(N_("%(cards)s is a sequence in %(suit)s; its wilds stand for %(first)s "
                        "and %(second)s, and the sequence is worth %(value)d."),
                     cards=arranged_shown, suit=suit.symbol,
                     first=uses[0].represents[0].symbol, second=uses[1].represents[0].symbol,
                     value=sum(values))
    else:
        reason = msg(N_("%(cards)s is a sequence in %(suit)s, worth %(value)d."),
                     cards=arranged_shown, suit=suit.symbol, value=sum(values))
    return MeldRuling(True, reason, MeldKind.SEQUENCE, arranged, values, uses, suit=suit,
                      start=low)


def _place(card: NaturalCard, ace: int) -> int:
    """Where *card* sits in a run: its number, or *ace* (1 or 14) for an ace."""
    return ace if card.rank is Rank.ACE else card.rank.number


def _fits(layout: tuple[int, int], cards: Sequence[Card]) -> bool:
    low, _ = layout
    return 1 <= low <= ACE_HIGH - len(cards) + 1


def _sequence_value(number: int, rules: Rules) -> int:
    """Worth of the card at *number* in a sequence (RULES.md section 3, options
    ``ace_low_value`` and ``ace_high_value``)."""
    if number == 1:
        return rules.ace_low_value
    if number == ACE_HIGH:
        return rules.ace_high_value
    return min(number, 10)


def _sequence_failure(cards: Sequence[Card], naturals: Sequence[tuple[int, NaturalCard]],
                      layouts: list[tuple[int, int]], wild_count: int, rules: Rules,
                      shown: str) -> Message:
    """The most useful reason a same-suit run of cards is not a sequence."""
    if layouts:
        low, _ = layouts[0]
        if low < 1:
            return msg(N_("In %(cards)s the wild would stand below the ace, and nothing "
                          "comes below an ace."), cards=shown)
        if low + len(cards) - 1 > ACE_HIGH:
            return msg(N_("In %(cards)s the wild would stand above the ace, and nothing "
                          "comes above an ace."), cards=shown)
    ranks = {n.rank for _, n in naturals}
    if Rank.ACE in ranks and Rank.TWO in ranks and Rank.KING in ranks:
        return msg(N_("An ace ends a sequence (A-2-3 or Q-K-A) but cannot sit inside one "
                      "(K-A-2): %(cards)s."), cards=shown)
    spans = []
    for ace_high in (False, True):
        nums = sorted(ACE_HIGH if ace_high and r is Rank.ACE else r.number for r in ranks)
        spans.append(nums[-1] - nums[0] + 1 - len(nums))
    gaps = min(spans)
    if gaps > wild_count:
        if rules.wilds_per_meld == 1:
            return msg_count(N_plural("%(cards)s has %(gaps)d missing card in its run, and "
                                      "a meld may use only one wild card to fill a gap.",
                                      "%(cards)s has %(gaps)d missing cards in its run, and "
                                      "a meld may use only one wild card to fill a gap."),
                             "gaps", cards=shown, gaps=gaps)
        return msg(N_("%(cards)s has more gaps in its run (%(gaps)d) than wild cards to fill "
                      "them (%(wilds)d); at this table a meld may hold two wild cards."),
                   cards=shown, gaps=gaps, wilds=wild_count)
    return msg(N_("%(cards)s is not laid in order; lay a sequence as it runs, so that the "
                  "wild's place shows the card it stands for."), cards=shown)


def _beyond_the_ace(cards: tuple[Card, ...], wild_flags: tuple[bool, ...], wilds: Wilds,
                    layout: tuple[int, int], failure: Message) -> Message:
    """*failure*, and where the wild(s) laid beyond an ace could go instead: at the other
    end of the run, laid in the same direction (``K♠ A♠ JK`` → ``JK K♠ A♠``)."""
    low, step = layout
    last = len(cards) - 1
    beyond = [i for i in range(len(cards))
              if not 1 <= (low + i if step == 1 else low + last - i) <= ACE_HIGH]
    if not beyond:
        return failure
    moved = [cards[i] for i in beyond]
    kept = [i for i in range(len(cards)) if i not in beyond]
    order = kept + beyond if beyond[0] == 0 else beyond + kept
    laid = tuple(cards[i] for i in order)
    flags = tuple(wild_flags[i] for i in order)
    fixed = _rule_sequence(laid, flags, wilds, " ".join(c.symbol for c in laid),
                           suggest=False)
    if not fixed.valid:
        return failure
    stands = " + ".join(u.represents[0].symbol for u in fixed.wilds
                        if order[u.laid_at] in beyond)
    template = (N_("%(why)s Lay it at the other end instead: %(cards)s, where it stands "
                   "for %(stands)s.") if len(moved) == 1 else
                N_("%(why)s Lay them at the other end instead: %(cards)s, where they stand "
                   "for %(stands)s."))
    return msg(template, why=failure, cards=" ".join(c.symbol for c in laid), stands=stands)
