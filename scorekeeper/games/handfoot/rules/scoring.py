"""One Hand and Foot deal's scores, side by side.

Seed 003, "Card Values" and "Bonus Points": a side scores the cards it melded, its
complete piles' bonuses, +100 for each red three laid and −100 for each caught in hand
or foot, loses the cards left in its hands and feet, and the side that went out scores
the going-out bonus — which the stock running out gives nobody ("End of the play").
A side may go out only with its contract's piles ("The Object of the Game: Melds").
The house rules (:mod:`.options`) change the values and add the bonuses tables play;
:mod:`.reports` refuses what no deal with these packs could give.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.rulekit.messages import N_, Message, fail

from . import reports
from .kinds import count_points
from .melds import is_red_three, is_three
from .options import HandFootRules
from .referee import missing_piles
from .sides import COUNTS, HOUSE_COUNTS, SideResult, SideScore

__all__ = ["COUNTS", "HOUSE_COUNTS", "SideResult", "SideScore", "score_deal"]


#: The most of anything a side counts (piles, red threes): the packs allow far fewer.
MOST_COUNTED = 999


def score_deal(rules: HandFootRules, sides: Sequence[SideResult], went_out: int | None,
               names: Sequence[str | Message], *, deal: int = 1) -> tuple[SideScore, ...]:
    """Each side's score in deal *deal* (in the order of *sides*, named by *names* in
    messages); the side at *went_out* went out, ``None`` when the stock ran out."""
    if went_out is not None and not 0 <= went_out < len(sides):
        raise fail(N_("The side that went out is not one of the sides."))
    scores = []
    for index, (side, name) in enumerate(zip(sides, names, strict=True)):
        out = index == went_out
        for field in (*COUNTS, *HOUSE_COUNTS):
            value = getattr(side, field)
            # Bounded far above any deal, so a count is never too long to print.
            if isinstance(value, bool) or not isinstance(value, int) or not (
                    0 <= value <= MOST_COUNTED):
                raise fail(N_("%(side)s: %(field)s must be a whole number from 0 to "
                              "%(most)d."), side=name, field=field, most=MOST_COUNTED)
        melded, _ = _points(rules, name, side, melded=True, out=out)
        left, caught_cards = _points(rules, name, side, melded=False, out=out)
        caught = side.red_threes_caught + caught_cards
        reports.check_side(rules, name, side, melded, left, caught, out=out)
        if out:
            missing = missing_piles(side.piles(), rules, deal)
            if missing is not None:
                raise fail(N_("%(side)s cannot have gone out: the side still needed more "
                              "complete piles (%(missing)s)."), side=name, missing=missing)
        threes = side.red_threes * rules.laid(out) - caught * rules.caught
        bonus = rules.red_threes_bonus
        if bonus is not None and side.red_threes >= bonus.count:
            threes += bonus.points
        going_out = rules.going_out_for(deal) if out else 0
        extras = side.perfect_draws * rules.perfect_draw + (
            rules.first_meld if side.first_meld else 0)
        piles = _pile_points(rules, side)
        scores.append(SideScore(melded - left, piles, threes, going_out,
                                melded - left + piles + threes + going_out + extras,
                                caught, extras))
    reports.check_deal(rules, sides, [s.red_threes_caught for s in scores])
    return tuple(scores)


def _pile_points(rules: HandFootRules, side: SideResult) -> int:
    """The piles' bonuses: a special rank's clean pile and a mixed wild pile score their
    own instead of a clean or a wild pile's."""
    special = sum(count for _, count in side.rank_piles)
    mixed = rules.dirty_wild_pile
    return ((side.clean_piles - special) * rules.clean_pile
            + sum(count * (rules.rank_pile(rank) or 0) for rank, count in side.rank_piles)
            + side.dirty_piles * rules.dirty_pile
            + (side.wild_piles - side.dirty_wild_piles) * rules.wild_pile
            + side.dirty_wild_piles * (rules.wild_pile if mixed is None else mixed)
            + side.black_three_piles * rules.black_three_pile)


def _points(rules: HandFootRules, name: str | Message, side: SideResult, *, melded: bool,
            out: bool) -> tuple[int, int]:
    """The points melded or left, and the red threes found among the cards left."""
    points = side.melded if melded else side.left
    cards = side.melded_cards if melded else side.left_cards
    by_kind = side.melded_by_kind if melded else side.left_by_kind
    if sum(given is not None for given in (points, cards, by_kind)) > 1:
        raise fail(N_("%(side)s: give the points, the cards or the count by kind: one "
                      "of them, not both."), side=name)
    if by_kind is not None:
        return count_points(rules, name, dict(by_kind), melded=melded, out=out)
    if cards is not None:
        if melded:
            # Black threes meld only where the house says so, for the side going out:
            # the same rule as for counts by kind (:mod:`.kinds`).
            melds_black = bool(rules.black_three_melded) and out
            if any(is_red_three(c) or (is_three(c) and not melds_black) for c in cards):
                raise fail(N_("%(side)s: threes are never melded; leave them out of the "
                              "cards melded (red threes laid are counted apart)."),
                           side=name)
            return sum(rules.black_three_melded if is_three(c) else rules.value(c)
                       for c in cards), 0
        # A red three left is counted as caught, not by its card value.
        return (sum(rules.value(c) for c in cards if not is_red_three(c)),
                sum(1 for c in cards if is_red_three(c)))
    if points is None:
        return 0, 0
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 100000:
        raise fail(N_("%(side)s: points are a whole number from 0 to 100000."), side=name)
    reports.check_points(rules, name, points, melded=melded, out=out)
    return points, 0

