"""The Hand and Foot referee's questions: an opening meld against the deal's minimum,
taking the discard pile, going out.

Seed 003, "Minimum Initial Meld Requirements", "The Play" (the three conditions to take
the pile, the opening minimum when taking it, two incomplete melds of a rank) and the
conditions to go out ("The Object of the Game: Melds", "End of the play").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.rules.cards import Card, NaturalCard, Rank, Suit
from scorekeeper.rules.messages import N_, Message, fail, msg

from .melds import HandFootMeldRuling, is_three, is_wild, rule_meld
from .options import PILE_KINDS, HandFootRules


@dataclass(frozen=True)
class HandFootRuling:
    """A yes or no with the reason to read aloud; ``total`` and ``minimum`` for an
    opening meld."""

    valid: bool
    reason: Message
    total: int | None = None
    minimum: int | None = None
    melds: tuple[HandFootMeldRuling, ...] = ()

    @property
    def upheld(self) -> bool:
        return self.valid


def _deal(deal: object) -> int:
    if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
        raise fail(N_("The deal is its number in the game: 1 for the first."))
    return deal


def rule_opening(melds: Sequence[Sequence[Card]], rules: HandFootRules,
                 deal: int) -> HandFootRuling:
    """Do *melds*, a side's first melds of deal *deal*, reach its minimum? Card values
    only: red threes and pile bonuses never count (seed 003, "Minimum Initial Meld
    Requirements")."""
    minimum = rules.minimum(_deal(deal))
    if not melds:
        return HandFootRuling(False, msg(N_("Lay at least one meld.")), 0, minimum)
    rulings = tuple(rule_meld(m, rules) for m in melds)
    total = sum(r.value for r in rulings)
    for number, ruling in enumerate(rulings, start=1):
        if not ruling.valid:
            return HandFootRuling(False, msg(N_("Meld %(number)d is not valid: %(why)s"),
                                         number=number, why=ruling.reason),
                              total, minimum, rulings)
    if total < minimum:
        return HandFootRuling(False, msg(N_(
            "The melds are worth %(total)d in cards, short of the %(minimum)d an opening "
            "meld needs in deal %(deal)d (the points for piles and red threes never count)."),
            total=total, minimum=minimum, deal=deal), total, minimum, rulings)
    return HandFootRuling(True, msg(N_(
        "The melds are worth %(total)d in cards, enough to open in deal %(deal)d "
        "(%(minimum)d needed)."), total=total, minimum=minimum, deal=deal),
        total, minimum, rulings)


def _same(card: Card, top: Card) -> bool:
    """Matches the top card for taking the pile: its rank, or for a wild the same wild
    (two twos to take a two, two jokers to take a joker)."""
    if isinstance(top, NaturalCard) and isinstance(card, NaturalCard):
        return card.rank is top.rank
    return not isinstance(top, NaturalCard) and not isinstance(card, NaturalCard)


def rule_pickup(top: Card, hand: Sequence[Card], table: Sequence[Sequence[Card]],
                opened: bool, deal: int, rules: HandFootRules) -> HandFootRuling:
    """May a player holding *hand*, whose side has *table* melds (and has *opened* this
    deal or not), take the discard pile with *top* on it? Only *top* and cards from hand
    count: never the other cards about to be taken (seed 003, "The Play")."""
    minimum = rules.minimum(_deal(deal))
    if is_three(top):
        return HandFootRuling(False, msg(N_("A three on top of the discard pile blocks it: "
                                        "nobody may take the pile.")))
    matching = [c for c in hand if _same(c, top)]
    if len(matching) < 2:
        return HandFootRuling(False, msg(N_(
            "Taking the pile needs two cards in hand matching the top card %(top)s, to meld "
            "with it at once; this hand holds %(count)d."), top=top.symbol,
            count=len(matching)))
    if is_wild(top):
        return HandFootRuling(True, msg(N_(
            "Yes: the two matching wild cards and %(top)s make a wild meld at once."),
            top=top.symbol))
    assert isinstance(top, NaturalCard)  # a wild top card was answered above
    rank = top.rank
    open_meld = next((m for m in table if len(m) < rules.pile_size and _rank(m) is rank),
                     None)
    wilds = sorted((rules.value(c) for c in hand if is_wild(c)), reverse=True)
    naturals = len(matching) + 1
    # The three may go onto the side's unfinished meld of the rank while it has room for
    # them; otherwise they must finish it as a pile and start another (the seed's eights).
    if open_meld is not None and len(open_meld) + 3 > rules.pile_size and not _finishes(
            open_meld, naturals, len(wilds), rules):
        return HandFootRuling(False, msg(N_(
            "No: the side already has an unfinished meld of %(rank)s, and a side may not "
            "hold two. The top card and the cards in hand must finish that pile and start "
            "a new meld of three, which they cannot."), rank=top.symbol[:-1]))
    if not opened:
        best = _best_opening(top, rank, hand, rules)
        if best < minimum:
            return HandFootRuling(False, msg(N_(
                "No: the side has not opened, and the top card with the cards in hand make "
                "at most %(best)d, short of the %(minimum)d deal %(deal)d needs (the other "
                "cards of the pile never count)."), best=best, minimum=minimum, deal=deal),
                best, minimum)
        return HandFootRuling(True, msg(N_(
            "Yes, if the melds laid with %(top)s and two cards from hand reach %(minimum)d "
            "(they can make up to %(best)d); the other cards taken never count."),
            top=top.symbol, minimum=minimum, best=best), best, minimum)
    return HandFootRuling(True, msg(N_(
        "Yes: meld %(top)s at once with two matching cards from hand, then take up to "
        "seven cards of the pile."), top=top.symbol))


def _rank(meld: Sequence[Card]) -> Rank | None:
    ranks = {c.rank for c in meld if isinstance(c, NaturalCard) and not is_wild(c)}
    return ranks.pop() if len(ranks) == 1 else None


def _finishes(meld: Sequence[Card], naturals: int, wilds: int, rules: HandFootRules) -> bool:
    """Can *naturals* cards of the meld's rank (the top card among them) and up to *wilds*
    wild cards finish *meld* as a pile and start a new legal meld of its rank?"""
    have_n = sum(1 for c in meld if not is_wild(c))
    have_w = len(meld) - have_n
    need = rules.pile_size - len(meld)
    for x in range(min(need, naturals) + 1):
        y = need - x
        if y > wilds or have_n + x < 2 * (have_w + y):
            continue
        left_n, left_w = naturals - x, wilds - y
        if left_n >= 2 and left_n + min(left_w, left_n // 2) >= 3:
            return True
    return False


def _best_opening(top: Card, rank: Rank, hand: Sequence[Card], rules: HandFootRules) -> int:
    """The most the melds laid when taking the pile can be worth: the top card's meld and
    any others from hand, wild cards where they add most. A bound the referee states, not
    the melds the player will choose."""
    by_rank: Counter[Rank] = Counter(
        c.rank for c in (top, *hand) if isinstance(c, NaturalCard) and not is_wild(c)
        and not is_three(c))
    value = {r: rules.value(NaturalCard(r, Suit.SPADES)) for r in by_rank}
    wilds = sorted((rules.value(c) for c in hand if is_wild(c)), reverse=True)
    melded = {r: n for r, n in by_rank.items() if n >= 3 or r is rank}
    total = sum(value[r] * n for r, n in melded.items())
    # A pair becomes a meld with one wild; the best pairs first.
    for pair in sorted((r for r, n in by_rank.items() if n == 2 and r not in melded),
                       key=lambda r: -value[r]):
        if not wilds:
            break
        total += 2 * value[pair] + wilds.pop(0)
        melded[pair] = 2
    room = sum(max(0, min(n // 2, rules.pile_size - n)) for n in melded.values())
    used = min(room, len(wilds))
    total += sum(wilds[:used])
    rest = wilds[used:]
    if len(rest) >= 3:  # a wild meld of its own
        total += sum(rest[:rules.pile_size])
    return total


def rule_go_out(piles: Mapping[str, object], partner_in_foot: bool | None,
                rules: HandFootRules) -> HandFootRuling:
    """May a player go out, the side having *piles* complete piles by kind, and the
    partner (``None`` for a player without one) having played from the foot?"""
    counts = {}
    for kind in PILE_KINDS:
        value = piles.get(kind, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise fail(N_("The piles are counted by kind (clean, dirty, wild), each a whole "
                          "number, 0 or more."))
        counts[kind] = value
    missing = missing_piles(counts, rules)
    if missing is not None:
        return HandFootRuling(False, msg(N_("Not yet: the side still needs more complete piles "
                                        "(%(missing)s)."), missing=missing))
    if partner_in_foot is False:
        return HandFootRuling(False, msg(N_(
            "Not yet: the partner must have picked up the foot and played from it first.")))
    return HandFootRuling(True, msg(N_(
        "Yes, with the partner's permission: the side has its piles; meld every card left, "
        "or all but one and discard it.")))


def missing_piles(piles: Mapping[str, int], rules: HandFootRules) -> tuple[Message, ...] | None:
    """The piles a side lacks to go out, one message per kind ("clean: 1"), or ``None``
    when it has them all."""
    contract = rules.contract.as_dict()
    wanting = tuple(msg(_PILES[kind], count=contract[kind] - piles.get(kind, 0))
                    for kind in PILE_KINDS if piles.get(kind, 0) < contract[kind])
    return wanting or None


_PILES = {"clean": N_("clean: %(count)d"), "dirty": N_("dirty: %(count)d"),
          "wild": N_("wild: %(count)d")}
