"""The full-hand check: can these 15 cards go out in one turn as a "hand"?

RULES.md section 5 and seed 000, "End of the Play and Scoring" and "Bonus Scores"; seed
001 for the Kuwaiti special hands. A hand melds 14 cards and discards the 15th, or melds
13 natural cards and discards two wilds. The search is exhaustive (with memoised
sub-hands), so it never says "no" when an arrangement exists; of all arrangements it
returns one with the highest bonus.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from math import prod
from typing import Literal

from scorekeeper.rulekit.cards import Card, NaturalCard, Rank, Suit
from scorekeeper.rulekit.messages import N_, Message, fail, msg

from .options import Rules
from .wilds import Wilds

SUITS = tuple(Suit)
HAND_SIZE = 15


class Finish(Enum):
    """How the winner went out."""

    PARTIAL = "partial"
    """Melded over several turns, or laid off on others' melds (dhamoon): winner -30."""
    FULL = "full"
    """All 14 cards melded in one turn with nothing melded or laid off before: -60, and
    the others' penalties doubled."""



class Bonus(Enum):
    """A special full hand (seed 000 "Bonus Scores"; seed 001 "Hand Game")."""

    WILD_DISCARD = "wild_discard"
    """The 15th card discarded is a wild."""
    TWO_WILDS = "two_wilds"
    """13 natural cards melded and both wilds discarded (instead of WILD_DISCARD)."""
    ONE_COLOUR = "one_colour"
    """Every natural card melded is red, or every one is black."""
    ONE_SUIT = "one_suit"
    """Every natural card melded is of one suit (instead of ONE_COLOUR)."""

    @property
    def factor(self) -> int:
        return 4 if self in (Bonus.TWO_WILDS, Bonus.ONE_SUIT) else 2

    @property
    def label(self) -> Message:
        return msg(_BONUS_LABELS[self])


_BONUS_LABELS = {
    Bonus.WILD_DISCARD: N_("a wild card discarded"),
    Bonus.TWO_WILDS: N_("two wild cards discarded"),
    Bonus.ONE_COLOUR: N_("all of one colour"),
    Bonus.ONE_SUIT: N_("all of one suit"),
}


@dataclass(frozen=True)
class HandRuling:
    """The verdict on a full-hand claim: one arrangement that proves it, the discard, and
    the bonuses of the best-scoring arrangement."""

    hand: bool
    reason: Message
    melds: tuple[tuple[Card, ...], ...] = ()
    discard: tuple[Card, ...] = ()
    bonuses: tuple[Bonus, ...] = ()

    #: Why these cards are no full hand, as a clause: the reason says it after "Not a full
    #: hand:", and a refused claim after its own opening, so no sentence says it twice.
    why: Message | None = None

    @classmethod
    def refused(cls, why: Message) -> HandRuling:
        return cls(False, msg(N_("Not a full hand: %(why)s"), why=why), why=why)

    @property
    def upheld(self) -> bool:
        """Yes, a full hand: ``hand`` under the name all rulings share."""
        return self.hand

    @property
    def factor(self) -> int:
        """How many times an ordinary full hand's score the bonuses make it."""
        return prod(b.factor for b in self.bonuses)


# The search works on card indices (suit * 13 + rank - 1) and returns plain tuples, cheap
# to build in its inner loop: a group (rank, suits, wilds used), a run (suit, low place,
# high place, the wilds' places) with places 1..14, or the discarded card.
_Group = tuple[Literal["group"], int, tuple[int, ...], int]
_Run = tuple[Literal["run"], int, int, int, tuple[int, ...]]
_Discard = tuple[Literal["discard"], int]
_Piece = _Group | _Run | _Discard
#: Ways to discard, as (bonuses, wilds discarded, naturals that may be discarded).
_Candidate = tuple[tuple[Bonus, ...], int, frozenset[int]]


def _index(card: NaturalCard) -> int:
    return SUITS.index(card.suit) * 13 + card.rank.number - 1


def _card(index: int) -> NaturalCard:
    return NaturalCard(Rank.from_number(index % 13 + 1), SUITS[index // 13])


def _colour(indices: Iterable[int]) -> tuple[Bonus, ...]:
    suits = {i // 13 for i in indices}
    if len(suits) == 1:
        return (Bonus.ONE_SUIT,)
    if len({SUITS[s].red for s in suits}) == 1:
        return (Bonus.ONE_COLOUR,)
    return ()


class _Search:
    """Splits a multiset of natural cards, plus a number of wilds that must all be used,
    into melds; optionally discarding one natural from an allowed set. Sub-results are
    memoised by the cards left, so trying many discards costs little more than one."""

    def __init__(self, group_max: int, run_max: int, per_meld: int) -> None:
        self.group_max = group_max
        self.run_max = run_max
        self.per_meld = per_meld
        self.memo: dict[tuple[bytes, int, int, int], list[_Piece] | None] = {}
        self.discardable: frozenset[int] = frozenset()
        self.run_id = 0

    def arrange(self, counts: list[int], wilds: int,
                discardable: frozenset[int]) -> list[_Piece] | None:
        self.discardable = discardable
        self.run_id += 1
        return self._solve(counts, wilds, 1 if discardable else 0)

    def _solve(self, counts: list[int], w: int, d: int) -> list[_Piece] | None:
        first = next((i for i, n in enumerate(counts) if n), None)
        if first is None:
            return [] if w == 0 and d == 0 else None
        # Results that still allow a discard depend on which discards this run allows.
        key = (bytes(counts), w, d, self.run_id if d else 0)
        if key not in self.memo:
            self.memo[key] = None if self._stuck(counts, w, d) else self._try(
                counts, w, d, first)
        return self.memo[key]

    def _stuck(self, counts: list[int], w: int, d: int) -> bool:
        """Do more cards fit no meld than may still be discarded? Cuts a branch short
        long before the search would find it empty."""
        lost = 0
        for i, n in enumerate(counts):
            if n and not _meldable(i, counts, w, self.per_meld):
                lost += n
                if lost > d or i not in self.discardable:
                    return True
        return False

    def _take(self, counts: list[int], w: int, d: int, used: list[int],
              piece: _Piece) -> list[_Piece] | None:
        for i in used:
            counts[i] -= 1
        rest = self._solve(counts, w, d)
        for i in used:
            counts[i] += 1
        return None if rest is None else [piece, *rest]

    def _try(self, counts: list[int], w: int, d: int, i: int) -> list[_Piece] | None:
        suit, rank = divmod(i, 13)
        others = [s for s in range(4) if s != suit and counts[s * 13 + rank]]
        for size in range(len(others), 0, -1):
            for chosen in combinations(others, size):
                # A group has two naturals at least, so it may take two wilds.
                for wild in range(min(w, self.per_meld) + 1):
                    if 3 <= 1 + size + wild <= self.group_max:
                        used = [i] + [s * 13 + rank for s in chosen]
                        found = self._take(counts, w - wild, d, used,
                                           ("group", rank, (suit, *chosen), wild))
                        if found is not None:
                            return found
        positions = (1, 14) if rank == 0 else (rank + 1,)
        for p in positions:
            found = self._runs(counts, w, d, suit, p)
            if found is not None:
                return found
        # Most cards are melded, so the discard is the last thing tried for a card.
        if d and i in self.discardable:
            return self._take(counts, w, 0, [i], ("discard", i))
        return None

    @staticmethod
    def _spare(w: int) -> bool:
        """Should a wild be tried where a natural could stand, keeping that natural free?
        Only while both wilds are still to place: the natural may then go into a meld with
        the other wild. Otherwise swapping the wild and the natural gives an arrangement
        the search finds anyway — or, if the natural is thrown, throwing the wild instead
        scores at least as well (same suits melded, and a wild thrown). With two wilds
        allowed in a meld the swap still holds: a meld holding no other wild keeps at
        least two naturals after giving one up for the wild."""
        return w >= 2

    def _runs(self, counts: list[int], w: int, d: int, suit: int,
              p: int) -> list[_Piece] | None:
        """Sequences in *suit* through position *p* (1 = ace low, 14 = ace high)."""
        def at(n: int) -> int:
            return suit * 13 + (0 if n == 14 else n - 1)

        cap = min(w, self.per_meld)  # wilds this run may hold
        for low in range(p, max(0, p - self.run_max), -1):
            below = [n for n in range(low, p) if not counts[at(n)]]
            if len(below) > cap:
                break
            for high in range(max(p, low + 2), min(14, low + self.run_max - 1) + 1):
                gaps = below + [n for n in range(p + 1, high + 1) if not counts[at(n)]]
                if len(gaps) > cap:
                    break
                span = range(low, high + 1)
                free = [n for n in span if n != p and n not in gaps] if self._spare(w) else []
                for extra in range(cap - len(gaps) + 1):
                    for more in combinations(free, extra):
                        spots = tuple(sorted((*gaps, *more)))
                        if len(span) - len(spots) < 2:
                            continue  # two naturals at least in every meld
                        used = [at(n) for n in span if n not in spots]
                        found = self._take(counts, w - len(spots), d, used,
                                           ("run", suit, low, high, spots))
                        if found is not None:
                            return found
        return None


def _meldable(index: int, counts: list[int], wilds: int, per_meld: int) -> bool:
    """Could the natural at *index* be in any meld with the cards counted in *counts*? A
    cheap necessary test that lets hopeless hands and branches fail at once."""
    suit, rank = divmod(index, 13)
    same_rank = ((counts[rank] > 0) + (counts[13 + rank] > 0) + (counts[26 + rank] > 0)
                 + (counts[39 + rank] > 0) - 1)
    if same_rank >= 2 or (same_rank and wilds):
        return True
    row = counts[suit * 13:suit * 13 + 13]
    # at[n + 3] holds this suit's count at place n, for n from -3 to 17 (the ace is both
    # place 1 and place 14).
    at = [0, 0, 0, 0, *row, row[0], 0, 0, 0]
    # With k wilds in its run, a natural's nearest neighbour may be k + 1 places away.
    reach = min(wilds, per_meld) + 1
    for p in (1, 14) if rank == 0 else (rank + 1,):
        below2, below1, above1, above2 = at[p + 1], at[p + 2], at[p + 4], at[p + 5]
        if (below1 and above1) or (above1 and above2) or (below2 and below1):
            return True
        if wilds and any(at[p + 3 + k] or at[p + 3 - k] for k in range(1, reach + 1)):
            return True
    return False


def check_hand(cards: tuple[Card, ...], wilds: Wilds) -> HandRuling:
    """Can *cards* (15) go out as a full hand under *wilds*' rules?

    >>> from scorekeeper.games.hand.rules.options import Rules
    >>> w = Wilds.for_deal(Rules.from_spec("gulf"))
    >>> hand = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S 2S".split()
    >>> check_hand(tuple(map(Card.parse, hand)), w).hand
    False
    """
    if len(cards) != HAND_SIZE:
        raise fail(N_("A full hand is checked on 15 cards (14 to meld and one to discard); "
                      "%(count)d were given."), count=len(cards))
    rules = wilds.rules
    wild_cards = [c for c in cards if wilds.is_wild(c)]
    naturals = [_index(wilds.natural(c)) for c in cards if not wilds.is_wild(c)]
    present = Counter(naturals)
    counts = [present[i] for i in range(52)]
    per_meld = rules.wilds_per_meld
    lost = sorted({i for i in naturals
                   if not _meldable(i, counts, len(wild_cards), per_meld)})
    if len(lost) > 1:
        return HandRuling.refused(msg(N_(
            "%(cards)s fit in no meld with the other cards, and only one card may be "
            "discarded."), cards=" ".join(_card(i).symbol for i in lost)))
    search = _Search(min(4, rules.max_meld_size or 4), rules.longest_meld, per_meld)
    for bonuses, spare, discardable in _candidates(naturals, len(wild_cards), lost, rules):
        placed = len(wild_cards) - spare
        if spare and not all(_meldable(i, counts, placed, per_meld) for i in present):
            continue  # with fewer wilds to place, some card would fit no meld
        found = search.arrange(counts, placed, discardable)
        if found is not None:
            return _ruling(found, wild_cards, spare, bonuses, wilds)
    return HandRuling.refused(msg(N_("they cannot be laid as melds of 14 cards with one "
                                     "card left to discard.")))


def _candidates(naturals: list[int], wild_count: int, lost: list[int],
                rules: Rules) -> list[_Candidate]:
    """Ways to discard, best-scoring first."""
    found: list[_Candidate] = []
    if not lost:
        if wild_count >= 2:
            found.append(((Bonus.TWO_WILDS, *_colour(naturals)), 2, frozenset()))
        if wild_count >= 1:
            found.append(((Bonus.WILD_DISCARD, *_colour(naturals)), 1, frozenset()))
    by_bonus: dict[tuple[Bonus, ...], set[int]] = {}
    for i in set(lost or naturals):
        kept = list(naturals)
        kept.remove(i)
        bonus = _colour(naturals if rules.colour_counts_discard else kept)
        by_bonus.setdefault(bonus, set()).add(i)
    found += [(bonus, 0, frozenset(allowed)) for bonus, allowed in by_bonus.items()]
    found.sort(key=lambda c: -prod(b.factor for b in c[0]))
    return found


def _ruling(pieces: list[_Piece], wild_cards: Sequence[Card], spare: int,
            bonuses: tuple[Bonus, ...], wilds: Wilds) -> HandRuling:
    free = list(wild_cards)
    discard = [free.pop() for _ in range(spare)]
    melds = []
    for piece in pieces:
        if piece[0] == "discard":
            discard.append(wilds.physical(_card(piece[1])))
        elif piece[0] == "group":
            _, rank, suits, wild = piece
            cards = [wilds.physical(_card(s * 13 + rank)) for s in suits]
            melds.append(tuple(cards + [free.pop() for _ in range(wild)]))
        else:
            _, suit, low, high, spots = piece
            melds.append(tuple(free.pop() if n in spots else wilds.physical(
                _card(suit * 13 + (0 if n == 14 else n - 1))) for n in range(low, high + 1)))
    shown = " · ".join(" ".join(c.symbol for c in m) for m in melds)
    extra = tuple(b.label for b in bonuses)
    if extra:
        reason = msg(N_("A full hand: %(melds)s, discarding %(discard)s (%(bonuses)s)."),
                     melds=shown, discard=" ".join(c.symbol for c in discard), bonuses=extra)
    else:
        reason = msg(N_("A full hand: %(melds)s, discarding %(discard)s."), melds=shown,
                     discard=" ".join(c.symbol for c in discard))
    return HandRuling(True, reason, tuple(melds), tuple(discard), bonuses)
