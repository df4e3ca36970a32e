"""Adding cards to a meld on the table, and taking a wild from one.

RULES.md section 3 and seed 000, "Melds", "Replacing Wild Cards" and "More on Groups
with Wild Cards". Table melds are never rearranged: a wild keeps the place it was laid
in until a natural card takes it back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import combinations, product

from scorekeeper.rulekit.cards import Card, NaturalCard, Rank
from scorekeeper.rulekit.messages import N_, Message, msg

from .discard import check_taken, taken_lay_off_refusal, taken_wild_refusal
from .melds import ACE_HIGH, MeldKind, MeldRuling, WildUse, rule_meld
from .wilds import Wilds


@dataclass(frozen=True)
class TableRuling:
    """The verdict on changing a table meld: the meld as it would then lie, and the wild
    the player takes back, if any."""

    valid: bool
    reason: Message
    meld: tuple[Card, ...] = ()
    takes: Card | None = None

    @property
    def upheld(self) -> bool:
        """Yes, the change may be made: ``valid`` under the name all rulings share."""
        return self.valid


def _table_meld(meld: tuple[Card, ...], wilds: Wilds) -> MeldRuling | TableRuling:
    ruling = rule_meld(meld, wilds)
    if not ruling.valid:
        return TableRuling(False, msg(N_("The meld on the table is not a valid meld: "
                                         "%(why)s"), why=ruling.reason))
    return ruling


def _show(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def rule_lay_off(meld: tuple[Card, ...], add: tuple[Card, ...], wilds: Wilds, *,
                 end: str | None = None, going_out: bool = False, one_card: bool = False,
                 from_discard: int | None = None,
                 discarder_melded: bool = False) -> TableRuling:
    """May *add* be laid off on *meld* (as it lies on the table, in order)?

    *end* (``"low"`` or ``"high"``) says where the cards go when either end of a
    sequence would take them; *going_out* and *one_card* are the two exceptions that
    let a single natural card join a group of two naturals and a wild. *from_discard* is
    the place in *add* of a card taken from the discard pile, which may join a table meld
    only under ``discard_lay_off`` and once its discarder has melded
    (*discarder_melded*; seed 000, "Taking a discarded card").
    """
    exception = going_out or one_card
    if from_discard is None:
        ruling = _lay_off(meld, add, wilds, end, exception)
    else:
        ruling = _lay_off_taken(meld, add, wilds, end, exception, from_discard,
                                discarder_melded)
    # A refused change leaves the meld as it lies.
    return ruling if ruling.valid else replace(ruling, meld=tuple(meld))


def _lay_off_taken(meld: tuple[Card, ...], add: tuple[Card, ...], wilds: Wilds,
                   end: str | None, exception: bool, taken_at: int,
                   discarder_melded: bool) -> TableRuling:
    """A lay-off with a card taken from the discard pile: where the taken card may go,
    and, for a wild, what it may stand for once added (an end the player left open is
    tried both ways)."""
    taken = check_taken(add, taken_at)
    refusal = taken_lay_off_refusal(taken, wilds, discarder_melded)
    if refusal is not None:
        return TableRuling(False, refusal)
    refused: TableRuling | None = None      # the first side that does not take the cards
    restricted: TableRuling | None = None   # the first where the taken wild may not go
    for side in [end] if end else [None, "high", "low"]:
        ruling = _lay_off(meld, add, wilds, side, exception)
        if not ruling.valid:
            refused = refused or ruling
            continue
        why = None
        if wilds.is_wild(taken):
            after = rule_meld(ruling.meld, wilds)
            why = taken_wild_refusal(after, taken, wilds, _added_wilds(meld, after, wilds))
        if why is None:
            return replace(ruling, reason=msg(N_(
                "%(why)s The card taken from the discard pile may join a meld on the table, "
                "as its discarder has melded."), why=ruling.reason))
        restricted = restricted or TableRuling(False, why)
    result = restricted or refused
    assert result is not None
    return result


def _added_wilds(meld: tuple[Card, ...], after: MeldRuling,
                 wilds: Wilds) -> tuple[WildUse, ...]:
    """The wilds of *after*, the table meld *meld* once cards were added, that were not
    on the table before: those lying anywhere but the old wilds' places (a sequence keeps
    its cards' places, shifted by the cards added below it; a group takes new cards at
    its end)."""
    table = rule_meld(meld, wilds)
    shift = (table.start or 0) - (after.start or 0)
    old = {use.at + shift for use in table.wilds}
    return tuple(use for use in after.wilds if use.at not in old)


def _lay_off(meld: tuple[Card, ...], add: tuple[Card, ...], wilds: Wilds, end: str | None,
             exception: bool) -> TableRuling:
    table = _table_meld(meld, wilds)
    if isinstance(table, TableRuling):
        return table
    if not add:
        return TableRuling(False, msg(N_("Say which cards to add to the meld.")))
    wild_count = sum(wilds.is_wild(c) for c in add) + len(table.wilds)
    if wild_count > wilds.rules.wilds_per_meld:
        if wilds.rules.wilds_per_meld == 1:
            return TableRuling(False, msg(N_("A meld may hold only one wild card; adding "
                                             "%(cards)s would give it %(count)d."),
                                          cards=_show(add), count=wild_count))
        return TableRuling(False, msg(N_("A meld may hold at most two wild cards at this "
                                         "table; adding %(cards)s would give it "
                                         "%(count)d."), cards=_show(add), count=wild_count))
    if table.kind is MeldKind.GROUP:
        return _lay_off_group(table, add, wilds, exception)
    return _lay_off_sequence(table, add, wilds, end)


def _lay_off_group(table: MeldRuling, add: tuple[Card, ...], wilds: Wilds,
                   exception: bool) -> TableRuling:
    rank = table.rank
    assert rank is not None
    present = [wilds.natural(c).suit for c in table.cards if not wilds.is_wild(c)]
    new_naturals = [wilds.natural(c) for c in add if not wilds.is_wild(c)]
    for card in new_naturals:
        if card.rank is not rank:
            return TableRuling(False, msg(N_("%(card)s cannot join a group of %(rank)s."),
                                          card=card.symbol, rank=rank.value))
        if card.suit in present:
            return TableRuling(False, msg(N_("The group already has %(card)s; a group needs "
                                             "a different suit for every card."),
                                          card=card.symbol))
        present.append(card.suit)
    limit = min(4, wilds.rules.max_meld_size or 4)
    if table.wild is not None and len(table.cards) == 3 and new_naturals:
        missing = table.wild.represents
        if len(new_naturals) == 2 and not any(wilds.is_wild(c) for c in add):
            return TableRuling(True, msg(N_("%(cards)s replace the wild %(wild)s, which goes "
                                            "back to your hand."),
                                         cards=_show(add), wild=table.wild.card.symbol),
                               _without(table.cards, table.wild_at) + add, table.wild.card)
        if not (exception or wilds.rules.lenient_group_add):
            return TableRuling(False, msg(N_(
                "A group of two cards and a wild takes only both missing cards together "
                "(%(missing)s), unless you go out this turn or someone will be down to one "
                "card."), missing=" + ".join(c.symbol for c in missing)))
    elif table.wild is not None and new_naturals:
        return TableRuling(False, msg(N_("The group is complete; to use %(card)s, give it "
                                         "in exchange for the wild %(wild)s instead."),
                                      card=new_naturals[0].symbol, wild=table.wild.card.symbol))
    result = table.cards + add
    if len(result) > limit:
        return TableRuling(False, msg(N_("A group holds at most %(max)d cards; adding "
                                         "%(cards)s would make %(count)d."),
                                      max=limit, cards=_show(add), count=len(result)))
    after = rule_meld(result, wilds)
    return TableRuling(True, msg(N_("%(cards)s can be added: %(why)s"), cards=_show(add),
                                 why=after.reason), after.cards)


def _without(cards: tuple[Card, ...], index: int | None) -> tuple[Card, ...]:
    return tuple(c for i, c in enumerate(cards) if i != index)


def _lay_off_sequence(table: MeldRuling, add: tuple[Card, ...], wilds: Wilds,
                      end: str | None) -> TableRuling:
    suit, low = table.suit, table.start
    assert suit is not None and low is not None
    high = low + len(table.cards) - 1
    taken = set(range(low, high + 1))
    naturals = [c for c in add if not wilds.is_wild(c)]
    new_wilds = [c for c in add if wilds.is_wild(c)]
    for card in naturals:
        natural = wilds.natural(card)
        if natural.suit is not suit:
            return TableRuling(False, msg(N_("%(card)s is not a %(suit)s card, so it cannot "
                                             "join this sequence."),
                                          card=card.symbol, suit=suit.symbol))
        if set(_numbers(natural)) <= taken and card in table.cards:
            return TableRuling(False, msg(N_("The sequence already has %(card)s."),
                                          card=natural.symbol))
        held = next((u for u in table.wilds if natural == u.represents[0]), None)
        if held is not None:
            return TableRuling(False, msg(N_(
                "The wild %(wild)s holds the place of %(card)s; give %(card)s in exchange for "
                "the wild rather than adding it."), wild=held.card.symbol,
                card=natural.symbol))
    choices = [_numbers(wilds.natural(c)) for c in naturals]
    placements = []
    for numbers in product(*choices):
        used = taken | set(numbers)
        if len(used) != len(taken) + len(numbers):
            continue
        free = [n for n in range(1, ACE_HIGH + 1) if n not in used]
        for spots in combinations(free, len(new_wilds)):
            final = used | set(spots)
            if max(final) - min(final) + 1 == len(final):
                placements.append((dict(zip(numbers, naturals, strict=True)), spots, final))
    placements = [p for p in placements if len(p[2]) <= wilds.rules.longest_meld]
    if not placements:
        return TableRuling(False, _sequence_refusal(table, add, wilds))
    sided = [p for p in placements if end is None or _side(p[2], low, high) in (end, None)]
    if not sided:
        return TableRuling(False, msg(N_("%(cards)s cannot go at the %(end)s end of "
                                         "%(meld)s."), cards=_show(add),
                                      end=msg(N_("low") if end == "low" else N_("high")),
                                      meld=_show(table.cards)))
    # Where both ends would take the cards and the player did not say, the high end is
    # the one players reach for (sequences are laid low to high).
    sided.sort(key=lambda p: _side(p[2], low, high) != "high")
    at, spots, final = sided[0]
    at.update(zip(spots, new_wilds, strict=True))
    for k, card in enumerate(table.cards):
        at[low + k] = card
    result = tuple(at[n] for n in sorted(final))
    after = rule_meld(result, wilds)
    reason = msg(N_("%(cards)s can be added: %(why)s"), cards=_show(add), why=after.reason)
    if end is None and len({_side(p[2], low, high) for p in placements}) > 1:
        reason = msg(N_("%(cards)s can go at either end; placed at the high end: %(why)s"),
                     cards=_show(add), why=after.reason)
    return TableRuling(True, reason, result)


def _numbers(natural: NaturalCard) -> tuple[int, ...]:
    return (1, ACE_HIGH) if natural.rank is Rank.ACE else (natural.rank.number,)


def _side(final: set[int], low: int, high: int) -> str | None:
    """Which end of the table meld *final* grew at; ``None`` when it grew at both."""
    grew_low, grew_high = min(final) < low, max(final) > high
    if grew_low and grew_high:
        return None
    return "low" if grew_low else "high"


def _sequence_refusal(table: MeldRuling, add: tuple[Card, ...], wilds: Wilds) -> Message:
    if len(table.cards) + len(add) > wilds.rules.longest_meld:
        return msg(N_("A sequence may hold at most %(max)d cards; adding %(cards)s would "
                      "make %(count)d."), max=wilds.rules.longest_meld, cards=_show(add),
                   count=len(table.cards) + len(add))
    return msg(N_("%(cards)s does not continue %(meld)s at either end; cards are added "
                  "next to the ends, and the wild keeps its place."),
               cards=_show(add), meld=_show(table.cards))


def rule_swap(meld: tuple[Card, ...], give: tuple[Card, ...], wilds: Wilds) -> TableRuling:
    """May a player give *give* to take the wild from *meld*? The natural card(s) given
    must be exactly those the wild stands for."""
    ruling = _swap(meld, give, wilds)
    return ruling if ruling.valid else replace(ruling, meld=tuple(meld))


def _swap(meld: tuple[Card, ...], give: tuple[Card, ...], wilds: Wilds) -> TableRuling:
    table = _table_meld(meld, wilds)
    if isinstance(table, TableRuling):
        return table
    if table.wild is None:
        return TableRuling(False, msg(N_("There is no wild card in %(meld)s to take."),
                                      meld=_show(table.cards)))
    if any(wilds.is_wild(c) for c in give):
        return TableRuling(False, msg(N_("A wild is taken by giving natural cards, not "
                                         "another wild.")))
    given = sorted(str(wilds.natural(c)) for c in give)
    # With two wilds in the meld, the cards given say which one is taken.
    use = next((u for u in table.wilds if sorted(map(str, u.represents)) == given), None)
    if use is None and len(table.wilds) > 1:
        first, second = (" + ".join(c.symbol for c in u.represents) for u in table.wilds)
        return TableRuling(False, msg(N_("To take a wild from %(meld)s you must give %(first)s "
                                         "or %(second)s, the card one of its wilds stands "
                                         "for."), meld=_show(table.cards), first=first,
                                      second=second))
    if use is None:
        return TableRuling(False, msg(N_("To take the wild %(wild)s you must give %(needed)s, "
                                         "what it stands for."),
                                      wild=table.wild.card.symbol,
                                      needed=" + ".join(c.symbol for c in table.wild.represents)))
    if table.kind is MeldKind.SEQUENCE:
        result = tuple(give[0] if i == use.at else c for i, c in enumerate(table.cards))
    else:
        result = _without(table.cards, use.at) + give
    return TableRuling(True, msg(N_("Give %(cards)s and take the wild %(wild)s."),
                                 cards=_show(give), wild=use.card.symbol),
                       result, use.card)
