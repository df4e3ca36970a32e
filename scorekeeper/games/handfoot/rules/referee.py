"""The Hand and Foot referee's questions: an opening meld against the deal's minimum,
taking the discard pile, going out.

Seed 003, "Minimum Initial Meld Requirements", "The Play" (the three conditions to take
the pile, the opening minimum when taking it, two incomplete melds of a rank) and the
conditions to go out ("The Object of the Game: Melds", "End of the play"). Every "no"
names what is missing; every "yes" says what to lay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.rulekit.cards import Card, NaturalCard, check_copies
from scorekeeper.rulekit.messages import N_, Message, fail, msg

from .melds import HandFootMeldRuling, is_three, is_wild, rule_meld
from .options import HandFootRules
from .search import best_opening, split


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


def check_deal(deal: object, rules: HandFootRules) -> int:
    """*deal* as a deal of this game: 1 for the first, never past its last."""
    if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
        raise fail(N_("The deal is its number in the game: 1 for the first."))
    last = rules.last_deal()
    if last is not None and deal > last:
        raise fail(N_("This game has %(last)d deals: the deal asked about is past its "
                      "end."), last=last)
    return deal


def _shown(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _key(meld: Sequence[Card]) -> str:
    """What a meld is of, for "two incomplete melds of the same rank": its rank, or
    wild for a meld of wild cards only."""
    ranks = {c.rank for c in meld if isinstance(c, NaturalCard) and not is_wild(c)}
    return ranks.pop().value if len(ranks) == 1 else "wild"


def _two_unfinished(melds: Sequence[Sequence[Card]], rules: HandFootRules) -> str | None:
    seen: set[str] = set()
    for meld in melds:
        if len(meld) < rules.pile_size:
            key = _key(meld)
            if key in seen:
                return key
            seen.add(key)
    return None


def rule_opening(melds: Sequence[Sequence[Card]], rules: HandFootRules, deal: int,
                 total: int | None = None) -> HandFootRuling:
    """Do *melds*, a side's first melds of deal *deal*, reach its minimum (by the side's
    running *total* where minimums go by score)? Card values only: red threes and pile
    bonuses never count (seed 003, "Minimum Initial Meld Requirements")."""
    minimum = rules.minimum(check_deal(deal, rules), total)
    check_copies((c for m in melds for c in m), packs=rules.packs, jokers=2 * rules.packs)
    if not melds:
        return HandFootRuling(False, msg(N_("Lay at least one meld.")), 0, minimum)
    rulings = tuple(rule_meld(m, rules) for m in melds)
    value = sum(r.value for r in rulings)
    for number, ruling in enumerate(rulings, start=1):
        if not ruling.valid:
            return HandFootRuling(False, msg(N_("Meld %(number)d is not valid: %(why)s"),
                                             number=number, why=ruling.reason),
                                  value, minimum, rulings)
    twice = _two_unfinished(melds, rules)
    if twice is not None:
        return HandFootRuling(False, msg(N_(
            "Two unfinished melds of %(rank)s: a side may not hold two, so lay them as one "
            "meld, or finish one as a pile of %(size)d first."), rank=twice,
            size=rules.pile_size), value, minimum, rulings)
    where = msg(N_("at a running total of %(total)d"), total=total or 0) if rules.by_score \
        else msg(N_("in deal %(deal)d"), deal=deal)
    if value < minimum:
        return HandFootRuling(False, msg(N_(
            "The melds are worth %(total)d in cards, short of the %(minimum)d an opening "
            "meld needs %(where)s (the points for piles and red threes never count)."),
            total=value, minimum=minimum, where=where), value, minimum, rulings)
    return HandFootRuling(True, msg(N_(
        "The melds are worth %(total)d in cards, enough to open %(where)s (%(minimum)d "
        "needed)."), total=value, minimum=minimum, where=where), value, minimum, rulings)


def _same(card: Card, top: Card) -> bool:
    """Matches the top card for taking the pile: its rank, or for a wild the same wild
    (two twos to take a two, two jokers to take a joker)."""
    if isinstance(top, NaturalCard) and isinstance(card, NaturalCard):
        return card.rank is top.rank
    return not isinstance(top, NaturalCard) and not isinstance(card, NaturalCard)


def _then(rules: HandFootRules) -> Message:
    if rules.pickup is None:
        return msg(N_("then take the whole pile"))
    return msg(N_("then take up to %(count)d cards of the pile"), count=rules.pickup)


def rule_pickup(top: Card, hand: Sequence[Card], table: Sequence[Sequence[Card]],
                opened: bool, deal: int, rules: HandFootRules,
                total: int | None = None) -> HandFootRuling:
    """May a player holding *hand*, whose side has *table* melds (and has *opened* this
    deal or not), take the discard pile with *top* on it? Only *top* and cards from hand
    count: never the other cards about to be taken (seed 003, "The Play")."""
    minimum = rules.minimum(check_deal(deal, rules), total)
    _check_table(top, hand, table, opened, rules)
    if is_three(top):
        return HandFootRuling(False, msg(N_("A three on top of the discard pile blocks it: "
                                            "nobody may take the pile.")))
    matching = [c for c in hand if _same(c, top)]
    if len(matching) < 2:
        return HandFootRuling(False, msg(N_(
            "Taking the pile needs two cards in hand matching the top card %(top)s, to meld "
            "with it at once; this hand holds %(count)d."), top=top.symbol,
            count=len(matching)))
    if is_wild(top) and not rules.wild_melds:
        return HandFootRuling(False, msg(N_(
            "No: %(top)s and two wild cards like it would make a meld of wild cards only, "
            "which this game does not allow."), top=top.symbol))
    if not opened:
        best = best_opening(top, hand, rules)
        value = 0 if best is None else best.value
        if best is None or value < minimum:
            return HandFootRuling(False, msg(N_(
                "No: the side has not opened, and the top card with the cards in hand make "
                "at most %(best)d, short of the %(minimum)d needed (the other cards of the "
                "pile never count)."), best=value, minimum=minimum), value, minimum)
        return HandFootRuling(True, msg(N_(
            "Yes: these cards make up to %(best)d against the %(minimum)d needed — for "
            "instance meld %(melds)s, %(then)s; the cards taken never count toward the "
            "minimum."), melds=" · ".join(_shown(m) for m in best.melds),
            best=value, minimum=minimum, then=_then(rules)), value, minimum)
    return _opened(top, hand, table, matching, rules)


#: The most cards a hand may hold in a question, and melds a side's table: far above what a
#: deal gives (thirteen cards dealt, seven-card pick-ups), so a larger one is a slip.
MOST_IN_HAND, MOST_MELDS = 100, 60


def _check_table(top: Card, hand: Sequence[Card], table: Sequence[Sequence[Card]],
                 opened: bool, rules: HandFootRules) -> None:
    """A hand and table no deal could show is refused as a question, not ruled on."""
    if len(hand) > MOST_IN_HAND or len(table) > MOST_MELDS:
        raise fail(N_("No hand holds %(cards)d cards, nor a side %(melds)d melds: check the "
                      "question (a hand holds at most %(most)d cards here)."),
                   cards=len(hand), melds=len(table), most=MOST_IN_HAND)
    check_copies((top, *hand, *(c for m in table for c in m)), packs=rules.packs,
                 jokers=2 * rules.packs)
    if table and not opened:
        raise fail(N_("A side with melds on the table has opened: say it has, or leave "
                      "the table empty."))
    for number, meld in enumerate(table, start=1):
        ruling = rule_meld(meld, rules)
        if not ruling.valid:
            raise fail(N_("Table meld %(number)d is not a meld: %(why)s"), number=number,
                       why=ruling.reason)
    twice = _two_unfinished(table, rules)
    if twice is not None:
        raise fail(N_("The table shows two unfinished melds of %(rank)s, which no side may "
                      "hold: check the table."), rank=twice)


def _opened(top: Card, hand: Sequence[Card], table: Sequence[Sequence[Card]],
            matching: list[Card], rules: HandFootRules) -> HandFootRuling:
    """An opened side takes the pile by melding the top card with two matching cards:
    a new meld, or onto its unfinished meld of that rank while there is room; otherwise
    they must finish that meld as a pile and start a new one (the seed's eights)."""
    size, key = rules.pile_size, _key([top])
    wild_top = is_wild(top)
    unfinished = next((m for m in table if len(m) < size and _key(m) == key), None)
    two = _shown([top, *matching[:2]])
    if unfinished is None:
        return HandFootRuling(True, msg(
            N_("Yes: meld %(cards)s as a new wild meld, %(then)s.") if wild_top else
            N_("Yes: meld %(cards)s as a new meld, %(then)s."), cards=two,
            then=_then(rules)))
    if len(unfinished) + 3 <= size:
        return HandFootRuling(True, msg(N_(
            "Yes: add %(cards)s to the meld %(meld)s (it then holds %(count)d), %(then)s."),
            cards=two, meld=_shown(unfinished), count=len(unfinished) + 3,
            then=_then(rules)))
    same = [c for c in hand if _same(c, top)] if not wild_top else [
        c for c in hand if is_wild(c)]
    wilds = [] if wild_top else [c for c in hand if is_wild(c)]
    plan = _finish_and_start(unfinished, [top, *same], wilds, size, natural=not wild_top)
    if plan is None:
        return HandFootRuling(False, msg(N_(
            "No: the side already has the unfinished meld %(meld)s, and a side may not hold "
            "two of %(rank)s. The top card and cards from hand must finish it as a pile of "
            "%(size)d and start a new meld of three, which these cards cannot."),
            meld=_shown(unfinished), rank=key, size=size))
    finish, start = plan
    return HandFootRuling(True, msg(N_(
        "Yes: finish the pile %(meld)s with %(finish)s, then start a new meld with "
        "%(start)s, %(then)s."), meld=_shown(unfinished), finish=_shown(finish),
        start=_shown(start), then=_then(rules)))


def _finish_and_start(meld: Sequence[Card], same: list[Card], wilds: list[Card], size: int,
                      *, natural: bool) -> tuple[list[Card], list[Card]] | None:
    """Cards that finish *meld* as a pile and the three or more that start a new meld
    (the top card, first of *same*, in one of them), using the fewest wild cards; the
    pile the cleanest it can be (seed 003's eights: the top eight and one from hand
    finish the pile, two eights and a two start the new meld)."""
    have_wild = sum(1 for c in meld if is_wild(c))
    need = size - len(meld)
    for y in range(len(wilds) + 1):          # wilds spent on the pile, fewest first
        for z in range(len(wilds) - y + 1):  # and on the new meld
            x = need - y
            if not 0 <= x <= len(same):
                continue
            rest = len(same) - x
            if natural and (len(meld) - have_wild + x < 2 * (have_wild + y)):
                continue
            start_n = min(rest, size - z)
            if split(start_n + z, z if natural else start_n + z, size,
                     natural=natural) is None or start_n + z > size or (
                    natural and start_n < 2 * z) or start_n + z < 3:
                continue
            finish = [*same[:x], *wilds[:y]]
            start = [*same[x:x + start_n], *wilds[y:y + z]]
            return finish, start
    return None


def rule_go_out(piles: Mapping[str, object], partner_in_foot: bool | None,
                rules: HandFootRules, deal: int | None = None, *,
                partner_known: bool = True) -> HandFootRuling:
    """May a player go out, the side having *piles* complete piles by kind (and by
    special rank), and the partner (``None`` for a player without one) having played
    from the foot? *deal* picks the contract where it changes by deal. A question that
    does not say whether the partner has played from the foot (*partner_known* false)
    is never a yes: the referee asks."""
    counts = {}
    for key, value in piles.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise fail(N_("The piles are counted by kind (clean, dirty, wild), each a whole "
                          "number, 0 or more."))
        counts[key] = value
    if rules.contracts is not None and deal is None:
        raise fail(N_("The piles needed to go out change deal by deal in this game: say "
                      "which deal this is."))
    missing = missing_piles(counts, rules, 1 if deal is None else check_deal(deal, rules))
    if missing is not None:
        return HandFootRuling(False, msg(N_("Not yet: the side still needs more complete "
                                            "piles (%(missing)s)."), missing=missing))
    if partner_in_foot is False:
        return HandFootRuling(False, msg(N_(
            "Not yet: the partner must have picked up the foot and played from it first.")))
    if not partner_known:
        return HandFootRuling(False, msg(N_(
            "The side has its piles. Has the partner picked up the foot and played from "
            "it? Only then may the player go out (a player without a partner may go out "
            "now).")))
    if partner_in_foot is None:
        # Seed 003, "Going Out": the permission asked is the partner's; alone, nobody's.
        return HandFootRuling(True, msg(N_(
            "Yes: the side has its piles, and a player without a partner asks nobody's "
            "permission; meld every card left, or all but one and discard it.")))
    return HandFootRuling(True, msg(N_(
        "Yes, with the partner's permission: the side has its piles; meld every card left, "
        "or all but one and discard it.")))


def missing_piles(piles: Mapping[str, int], rules: HandFootRules,
                  deal: int = 1) -> tuple[Message, ...] | None:
    """The piles a side lacks to go out in deal *deal*, one message per kind ("clean:
    1"), or ``None`` when it has them all."""
    wanting = rules.contract_for(deal).wanting(piles)
    out = tuple(msg(_PILES[key], count=count) if key in _PILES else msg(
        N_("%(rank)s: %(count)d"), rank=key, count=count) for key, count in wanting.items())
    return out or None


_PILES = {"clean": N_("clean: %(count)d"), "dirty": N_("dirty: %(count)d"),
          "wild": N_("wild: %(count)d")}
