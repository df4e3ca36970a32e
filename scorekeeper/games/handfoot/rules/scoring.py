"""One Hand and Foot deal's scores, side by side.

Seed 003, "Card Values" and "Bonus Points": a side scores the cards it melded, its
complete piles' bonuses, +100 for each red three laid and −100 for each caught in hand
or foot, loses the cards left in its hands and feet, and the side that went out scores
the going-out bonus — which the stock running out gives nobody ("End of the play").
A side may go out only with its contract's piles ("The Object of the Game: Melds").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.rules.cards import Card, check_copies
from scorekeeper.rules.messages import N_, fail

from .melds import is_red_three, is_three
from .options import PILE_KINDS, HandFootRules
from .referee import missing_piles

#: Cards in a pack, and of them wild (four twos, two jokers) and threes.
PACK, WILDS_IN_PACK, THREES_IN_PACK = 54, 6, 4


@dataclass(frozen=True)
class SideResult:
    """What a side reports at the end of a deal: its complete piles by kind, red threes
    laid and caught, and the points melded and left (typed, or counted from cards)."""

    clean_piles: int = 0
    dirty_piles: int = 0
    wild_piles: int = 0
    red_threes: int = 0
    red_threes_caught: int = 0
    melded: int | None = None
    melded_cards: tuple[Card, ...] | None = None
    left: int | None = None
    left_cards: tuple[Card, ...] | None = None

    def piles(self) -> dict[str, int]:
        return {"clean": self.clean_piles, "dirty": self.dirty_piles,
                "wild": self.wild_piles}


@dataclass(frozen=True)
class SideScore:
    """A side's deal score and its parts, as the preview and the sheet break it down."""

    cards: int        # melded less left
    piles: int
    red_threes: int   # laid less caught, in points
    going_out: int
    total: int
    red_threes_caught: int  # counted, the cards left's red threes included


COUNTS = ("clean_piles", "dirty_piles", "wild_piles", "red_threes", "red_threes_caught")


def score_deal(rules: HandFootRules, sides: Sequence[SideResult], went_out: int | None,
               names: Sequence[str]) -> tuple[SideScore, ...]:
    """Each side's score (in the order of *sides*, named by *names* in messages); the side
    at *went_out* went out, ``None`` when the stock ran out."""
    if went_out is not None and not 0 <= went_out < len(sides):
        raise fail(N_("The side that went out is not one of the sides."))
    caught_total = laid_total = 0
    scores = []
    for index, (side, name) in enumerate(zip(sides, names, strict=True)):
        for field in COUNTS:
            value = getattr(side, field)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise fail(N_("%(side)s: %(field)s must be a whole number, 0 or more."),
                           side=name, field=field)
        melded = _points(rules, name, side.melded, side.melded_cards, melded=True)
        left = _points(rules, name, side.left, side.left_cards, melded=False)
        caught = side.red_threes_caught + sum(
            1 for c in side.left_cards or () if is_red_three(c))
        piles = side.piles()
        _check_piles(rules, name, piles, melded if side.melded is not None else None)
        if index == went_out:
            missing = missing_piles(piles, rules)
            if missing is not None:
                raise fail(N_("%(side)s cannot have gone out: the side still needed more "
                              "complete piles (%(missing)s)."), side=name, missing=missing)
        pile_points = sum(piles[k] * rules.pile_bonus(k) for k in PILE_KINDS)
        threes = (side.red_threes - caught) * rules.red_three
        bonus = rules.going_out if index == went_out else 0
        scores.append(SideScore(melded - left, pile_points, threes, bonus,
                                melded - left + pile_points + threes + bonus, caught))
        caught_total += caught
        laid_total += side.red_threes
    packs = rules.packs
    if laid_total + caught_total > 2 * packs:
        raise fail(N_("%(count)d red threes in all is more than %(packs)d packs hold "
                      "(%(most)d)."), count=laid_total + caught_total, packs=packs,
                   most=2 * packs)
    _check_packs(rules, sides, packs)
    # The cards tapped in, every side's together, hold no card more often than the packs.
    check_copies((c for side in sides for c in (*(side.melded_cards or ()),
                                                 *(side.left_cards or ()))),
                 packs=packs, jokers=2 * packs)
    return tuple(scores)


def _points(rules: HandFootRules, name: str, points: int | None,
            cards: tuple[Card, ...] | None, *, melded: bool) -> int:
    if points is not None and cards is not None:
        raise fail(N_("%(side)s: give the points or the cards, not both."), side=name)
    if cards is not None:
        if melded and any(is_three(c) for c in cards):
            raise fail(N_("%(side)s: threes are never melded; leave them out of the cards "
                          "melded (red threes laid are counted apart)."), side=name)
        # A red three left is counted as caught, not by its card value.
        return sum(rules.value(c) for c in cards if not is_red_three(c))
    if points is None:
        return 0
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 100000:
        raise fail(N_("%(side)s: points are a whole number from 0 to 100000."), side=name)
    return points


def _check_piles(rules: HandFootRules, name: str, piles: dict[str, int],
                 melded: int | None) -> None:
    """Piles are melded cards too: the points melded cannot be less than the cheapest
    cards that make them (seven fours; five fours and two twos; seven twos)."""
    if melded is None:
        return
    low = rules.four_to_seven
    wild = min(rules.two, rules.joker)
    size = rules.pile_size
    dirty_wilds = 1
    least = (piles["clean"] * size * low
             + piles["dirty"] * ((size - dirty_wilds) * low + dirty_wilds * wild)
             + piles["wild"] * size * wild)
    if melded < least:
        raise fail(N_("%(side)s: %(melded)d melded is less than its complete piles hold "
                      "(at least %(least)d)."), side=name, melded=melded, least=least)


def _check_packs(rules: HandFootRules, sides: Sequence[SideResult], packs: int) -> None:
    """More piles than the packs could make is a slip: every pile takes *pile_size*
    cards that are not threes, and wild and dirty piles take wild cards."""
    size = rules.pile_size
    piles = sum(s.clean_piles + s.dirty_piles + s.wild_piles for s in sides)
    wild = sum(s.wild_piles * size + s.dirty_piles for s in sides)
    if piles * size > packs * (PACK - THREES_IN_PACK) or wild > packs * WILDS_IN_PACK:
        raise fail(N_("More piles than %(packs)d packs can make: check the counts."),
                   packs=packs)
