"""Builds 15-card hands that are full hands by construction: random valid melds of 14
cards drawn from real packs, plus one more card. Used by the property tests and the
benchmark."""

from __future__ import annotations

import random
from collections import Counter

from scorekeeper.games.hand.rules import JOKER, Card, NaturalCard, Rank, Suit, Wilds


def deck(wilds: Wilds) -> Counter:
    """Every card the packs hold, less the indicator on the table."""
    packs = Counter({NaturalCard(r, s): wilds.rules.packs for r in Rank for s in Suit})
    packs[JOKER] = wilds.rules.jokers
    if wilds.indicator is not None:
        packs[wilds.indicator] -= 1
    return packs


def _sizes(rnd: random.Random, total: int, longest: int) -> list[int]:
    while True:
        sizes, left = [], total
        while left >= 3:
            size = rnd.randint(3, min(left, longest))
            if left - size in (1, 2):
                continue
            sizes.append(size)
            left -= size
        if left == 0:
            return sizes


def _meld(rnd: random.Random, size: int, wilds: Wilds, stock: Counter, use_wild: bool,
          wilds_each: int = 1):
    """One valid meld of *size* cards taken from *stock*, or None if none was found; a meld
    that uses wilds holds *wilds_each* of them (2 needs two naturals beside them)."""
    spare = [c for c in wilds.wild if stock[c]]
    if use_wild and (not spare or size - wilds_each < 2):
        return None
    if size <= min(4, wilds.rules.max_meld_size or 4) and rnd.random() < 0.4:
        rank = rnd.choice(list(Rank))
        suits = rnd.sample(list(Suit), size)
        cards = [wilds.physical(NaturalCard(rank, s)) for s in suits]
        if use_wild:
            _place_wilds(rnd, cards, spare[0], wilds_each)
    else:
        suit = rnd.choice(list(Suit))
        low = rnd.randint(1, 15 - size)
        cards = [wilds.physical(NaturalCard(Rank.from_number(n), suit))
                 for n in range(low, low + size)]
        if use_wild:
            _place_wilds(rnd, cards, spare[0], wilds_each)
    need = Counter(cards)
    if any(stock[c] < n or (c in wilds.wild and c not in spare) for c, n in need.items()):
        return None
    if any(wilds.is_wild(c) for c in cards) and not use_wild:
        return None
    stock.subtract(need)
    return cards


def _place_wilds(rnd: random.Random, cards: list[Card], wild: Card, count: int) -> None:
    for k in [rnd.randrange(len(cards))] if count == 1 else rnd.sample(range(len(cards)),
                                                                         count):
        cards[k] = wild


def full_hand(rnd: random.Random, wilds: Wilds, wild_melds: int = 0,
              two_wild_discard: bool = False,
              wilds_each: int = 1) -> tuple[list[list[Card]], list[Card]]:
    """Melds of 14 cards (13 naturals when *two_wild_discard*) and the discard(s); each of
    the first *wild_melds* melds holds *wilds_each* wilds."""
    if two_wild_discard and wild_melds:
        raise ValueError("two wilds discarded leave none for the melds")
    longest = wilds.rules.longest_meld
    while True:
        stock = deck(wilds)
        total = 13 if two_wild_discard else 14
        melds = []
        for i, size in enumerate(_sizes(rnd, total, longest)):
            meld = None
            for _ in range(50):
                meld = _meld(rnd, size, wilds, stock, use_wild=i < wild_melds,
                             wilds_each=wilds_each)
                if meld is not None:
                    break
            if meld is None:
                break
            melds.append(meld)
        else:
            if two_wild_discard:
                spare = [c for c in wilds.wild for _ in range(stock[c])]
                if len(spare) < 2:
                    continue
                return melds, spare[:2]
            extra = rnd.choice([c for c, n in stock.items() if n > 0])
            return melds, [extra]
