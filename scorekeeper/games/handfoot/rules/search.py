"""The best opening a player can lay when taking the discard pile: an exact search over
every legal set of melds the top card and the cards in hand can make.

Seed 003, "The Play": a side that has not melded "can meld additional cards from your
hand along with the top discard and the two that match it to help make up your minimum
count, and some of these additional cards could be wild", but never the other cards of
the pile; a meld holds three to seven cards; "a partnership is not allowed to have two
incomplete melds of the same rank" — so all of a rank's melds but one are complete piles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.rulekit.cards import Card, NaturalCard, Rank

from .melds import is_three, is_wild
from .options import HandFootRules

WILD = "wild"


def split(total: int, wilds: int, size: int, *, natural: bool) -> list[tuple[int, int]] | None:
    """*total* cards of one rank (*wilds* of them wild) as melds a side may hold: all
    complete piles of *size* but at most one, each of three cards or more, each with at
    least twice as many naturals as wilds (for a rank's melds); ``None`` when they cannot
    be. Each meld is (cards, wilds)."""
    if total == 0:
        return []
    full, rest = divmod(total, size)
    if 0 < rest < 3:
        return None
    sizes = [size] * full + ([rest] if rest else [])
    melds = []
    for cards in sizes:
        take = min(wilds, cards // 3) if natural else min(wilds, cards)
        melds.append((cards, take))
        wilds -= take
    return None if wilds else melds


@dataclass(frozen=True)
class Opening:
    """The melds of the best opening, each a tuple of cards, and their value."""

    melds: tuple[tuple[Card, ...], ...]
    value: int


def best_opening(top: Card, hand: Sequence[Card], rules: HandFootRules) -> Opening | None:
    """The most valuable melds the player may lay taking the pile with *top*, which they
    must meld with two matching cards from *hand*; ``None`` when no legal set holds it."""
    size = rules.pile_size
    naturals: dict[Rank, list[Card]] = {}
    for card in (top, *hand):
        if isinstance(card, NaturalCard) and not is_wild(card) and not is_three(card):
            naturals.setdefault(card.rank, []).append(card)
    wilds = sorted((c for c in hand if is_wild(c)), key=rules.value, reverse=True)
    reserved: list[Card] = []
    if is_wild(top):  # two wilds like it must go into its wild meld with it
        like = [c for c in wilds
                if isinstance(c, NaturalCard) == isinstance(top, NaturalCard)]
        reserved = like[:2]
        for card in reserved:
            wilds.remove(card)
    free = len(wilds)
    # best[w] = (value of naturals, choices) using w free wild cards so far.
    best: dict[int, tuple[int, list[tuple[object, int, int]]]] = {0: (0, [])}
    keys: list[object] = list(naturals)
    if rules.wild_melds:
        keys.append(WILD)
    for key in keys:
        step: dict[int, tuple[int, list[tuple[object, int, int]]]] = {}
        cards = naturals.get(key, []) if isinstance(key, Rank) else []
        for used, (value, chosen) in best.items():
            for k, w in _options(key, top, cards, reserved, free - used, size):
                got = value + k * (rules.rank_value(key) if isinstance(key, Rank) else 0)
                if got > step.get(used + w, (-1, []))[0]:
                    step[used + w] = (got, [*chosen, (key, k, w)])
        best = step
    if not best:
        return None
    value, used, chosen = max(((v + sum(rules.value(c) for c in wilds[:w]), w, ch)
                               for w, (v, ch) in best.items()), key=lambda t: t[0])
    extra = sum(rules.value(c) for c in (reserved if is_wild(top) else ()))
    value += extra + (rules.value(top) if is_wild(top) else 0)
    return Opening(_lay(chosen, naturals, wilds[:used], top, reserved, rules), value)


def _options(key: object, top: Card, cards: list[Card], reserved: list[Card], free: int,
             size: int) -> list[tuple[int, int]]:
    """(naturals, free wilds) a key's melds may use: the top card's key must hold it and
    the two cards matching it."""
    out = []
    if key == WILD:
        base = 3 if is_wild(top) else 0
        for w in range(free + 1):
            if split(base + w, base + w, size, natural=False) is not None:
                out.append((0, w))
        return out
    must = 3 if isinstance(top, NaturalCard) and not is_wild(top) and key is top.rank else 0
    for k in range(len(cards) + 1):
        if k and k < must:
            continue
        if not k and must:
            continue
        for w in range(free + 1):
            if split(k + w, w, size, natural=True) is not None:
                out.append((k, w))
    return out


def _lay(chosen: list[tuple[object, int, int]], naturals: dict[Rank, list[Card]],
         free: list[Card], top: Card, reserved: list[Card],
         rules: HandFootRules) -> tuple[tuple[Card, ...], ...]:
    """The chosen counts as melds of real cards, the top card first in its meld."""
    pool = list(free)
    melds: list[tuple[Card, ...]] = []
    for key, k, w in chosen:
        if key == WILD:
            cards = ([top, *reserved] if is_wild(top) else []) + [pool.pop(0) for _ in range(w)]
            shape = split(len(cards), len(cards), rules.pile_size, natural=False) or []
        else:
            assert isinstance(key, Rank)
            cards = sorted(naturals[key], key=lambda c: c is not top)[:k]
            wild = [pool.pop(0) for _ in range(w)]
            shape = split(k + w, w, rules.pile_size, natural=True) or []
        if key != WILD:
            for count, wild_count in shape:
                take_n = count - wild_count
                melds.append((*cards[:take_n], *wild[:wild_count]))
                cards, wild = cards[take_n:], wild[wild_count:]
        else:
            for count, _ in shape:
                melds.append(tuple(cards[:count]))
                cards = cards[count:]
    return tuple(m for m in melds if m)
