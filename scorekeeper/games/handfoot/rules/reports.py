"""What no deal can report: points no set of cards makes with the values in force, more
piles or cards than the packs hold, red threes caught by the side that went out. Each
refusal says why in a sentence (docs/handfoot.md, "Impossible reports").

Seed 003, "Players, Cards, Deal": five packs with two jokers each; "The red and black
threes": a player holding a red three lays it at once, and a player going out holds no
card — so the side that went out has caught none (RULES.md section 9a).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from scorekeeper.rulekit.cards import Card, NaturalCard, Rank, check_copies
from scorekeeper.rulekit.messages import N_, Message, N_plural, fail, fail_count

from .kinds import KINDS, kind_name, per_pack
from .options import MELD_RANKS, HandFootRules
from .sides import SideResult

#: The natural ranks that make piles, and the wild cards one pack holds (four twos, two
#: jokers).
RANKS = len(MELD_RANKS)
WILDS = 6
#: The most steps the exact search over piles may take (about a tenth of a second).
BUDGET = 600_000


def _value_counts(rules: HandFootRules, *, melded: bool,
                  out: bool) -> tuple[tuple[int, int], ...]:
    """Every card value a side's cards melded (or left) can hold, with how many cards of
    it the packs have; red threes are counted apart, never in points."""
    packs = rules.packs
    counts: Counter[int] = Counter()
    counts[rules.joker] += 2 * packs
    counts[rules.two] += 4 * packs
    for rank in MELD_RANKS:
        counts[rules.rank_value(rank)] += 4 * packs
    if not melded:
        counts[rules.black_three] += 2 * packs
    elif out and rules.black_three_melded:
        counts[rules.black_three_melded] += 2 * packs
    return tuple(sorted((v, n) for v, n in counts.items() if v))


@cache
def _reachable(values: tuple[tuple[int, int], ...]) -> int:
    """The sums *values* (value, copies) can make, as the bits of an integer."""
    reach = 1
    for value, copies in values:
        chunk = 1
        while copies > 0:  # bounded copies as powers of two: 1, 2, 4 … and the rest
            take = min(chunk, copies)
            reach |= reach << (value * take)
            copies -= take
            chunk *= 2
    return reach


def check_points(rules: HandFootRules, name: str | Message, points: int, *, melded: bool,
                 out: bool) -> None:
    """Points typed for a side must be a sum of card values the packs can make."""
    values = _value_counts(rules, melded=melded, out=out)
    if points and not _reachable(values) >> points & 1:
        most = sum(v * n for v, n in values)
        if points > most:
            raise fail(N_("%(side)s: %(points)d is more than all the cards of %(packs)d "
                          "packs can make (%(most)d)."), side=name, points=points,
                       packs=rules.packs, most=most)
        raise fail(N_("%(side)s: no set of cards makes %(points)d with these card values "
                      "(%(values)s): check the points."), side=name, points=points,
                   values=", ".join(str(v) for v, _ in values))


def check_side(rules: HandFootRules, name: str | Message, side: SideResult, melded: int, left: int,
               caught: int, *, out: bool) -> None:
    """One side's report against itself and the rules in force."""
    if out and caught:
        raise fail(N_("%(side)s went out, so it caught no red three: a player going out "
                      "holds no card, and red threes are laid as soon as they are found."),
                   side=name)
    if side.wild_piles and not rules.wild_melds:
        raise fail(N_("%(side)s: this game allows no wild melds, so no wild pile."),
                   side=name)
    if side.dirty_wild_piles > side.wild_piles:
        raise fail(N_("%(side)s: the wild piles mixing twos and jokers are counted among "
                      "its wild piles, so they cannot be more."), side=name)
    special = dict(rules.rank_piles)
    for rank, _ in side.rank_piles:
        if rank not in special:
            raise fail(N_("%(side)s: piles of %(rank)s score nothing apart in this game."),
                       side=name, rank=rank.value)
    if sum(count for _, count in side.rank_piles) > side.clean_piles:
        raise fail(N_("%(side)s: special piles of a rank are clean piles, counted among "
                      "its clean piles, so they cannot be more."), side=name)
    for field, option in (("black_three_piles", rules.black_three_pile),
                          ("perfect_draws", rules.perfect_draw)):
        if getattr(side, field) and not option:
            raise fail(N_("%(side)s: this game does not score %(what)s."), side=name,
                       what={"black_three_piles": N_("piles of black threes"),
                             "perfect_draws": N_("perfect draws")}[field])
    if side.first_meld and not rules.first_meld:
        raise fail(N_("%(side)s: this game scores nothing for the first meld."), side=name)
    if side.melded is not None or side.melded_by_kind is not None:
        least = _least(rules, side)
        if melded < least:
            raise fail(N_("%(side)s: %(melded)d melded is less than its complete piles "
                          "hold (at least %(least)d)."), side=name, melded=melded,
                       least=least)


def _least(rules: HandFootRules, side: SideResult) -> int:
    """The cheapest cards that make the side's piles: a pile is melded cards too."""
    size = rules.pile_size
    natural = min(rules.rank_value(r) for r in MELD_RANKS)
    wild = min(rules.two, rules.joker)
    most_wild = size // 3
    dirty = min((size - w) * natural + w * wild for w in range(1, most_wild + 1)) \
        if most_wild else size * natural
    special = sum(n for _, n in side.rank_piles)
    return ((side.clean_piles - special) * size * natural
            + sum(n * size * rules.rank_value(r) for r, n in side.rank_piles)
            + side.dirty_piles * dirty + side.wild_piles * size * wild)


def check_deal(rules: HandFootRules, sides: Sequence[SideResult],
               caught: Sequence[int]) -> None:
    """Every side's report together against the packs in play (points typed are checked
    side by side: docs/handfoot.md says why)."""
    packs = rules.packs
    laid = sum(s.red_threes for s in sides)
    if laid + sum(caught) > 2 * packs:
        raise fail(N_("%(count)d red threes in all is more than %(packs)d packs hold "
                      "(%(most)d)."), count=laid + sum(caught), packs=packs,
                   most=2 * packs)
    if sum(s.first_meld for s in sides) > 1:
        raise fail(N_("Only one side can have melded first."))
    _check_piles(rules, sides)
    # The cards tapped in, every side's together, hold no card more often than the packs.
    check_copies((c for side in sides for c in (*(side.melded_cards or ()),
                                                 *(side.left_cards or ()))),
                 packs=packs, jokers=2 * packs)
    counted: Counter[str] = Counter()
    for side in sides:
        for by_kind in (side.melded_by_kind, side.left_by_kind):
            counted.update(dict(by_kind or ()))
        # Cards tapped in count too, each under its own rank (or kind).
        for card in (*(side.melded_cards or ()), *(side.left_cards or ())):
            counted[_key(card)] += 1
    # A band counted as one and ranks of it counted alone share the band's cards.
    for band in ("eight_to_king", "four_to_seven"):
        counted[band] += sum(counted[r.value] for r in KINDS[band])
    for key, count in counted.items():
        if count > per_pack(key) * packs:
            raise fail(N_("The sides count %(count)d %(kind)s in all, more than %(packs)d "
                          "packs hold (%(most)d)."), count=count, kind=kind_name(key),
                       packs=packs, most=per_pack(key) * packs)


def _key(card: Card) -> str:
    """The kind (or rank) a card is counted under by kind."""
    if not isinstance(card, NaturalCard):
        return "joker"
    if card.rank is Rank.THREE:
        return "red_three" if card.suit.red else "black_three"
    named = {Rank.TWO: "two", Rank.ACE: "ace"}
    return named.get(card.rank, str(card.rank.value))


def _check_piles(rules: HandFootRules, sides: Sequence[SideResult]) -> None:
    """More piles than the packs can make is a slip: a clean pile takes *pile_size*
    naturals of one rank, a dirty one at least two naturals for each wild, a wild one
    only wild cards, and the packs hold four of each rank and six wild cards a pack."""
    size, packs = rules.pile_size, rules.packs
    clean = sum(s.clean_piles for s in sides)
    dirty = sum(s.dirty_piles for s in sides)
    wild = sum(s.wild_piles for s in sides)
    black = sum(s.black_three_piles for s in sides)
    special = Counter[str]()
    for side in sides:
        special.update({rank.value: n for rank, n in side.rank_piles})
    if black * size > 2 * packs or not _can_make(
            size, 4 * packs, WILDS * packs - wild * size, clean, dirty,
            tuple(sorted(special.values(), reverse=True))):
        raise fail_count(N_plural("More piles than %(packs)d pack can make: check the "
                                  "counts.",
                                  "More piles than %(packs)d packs can make: check the "
                                  "counts."), "packs", packs=packs)


def _can_make(size: int, naturals: int, wilds: int, clean: int, dirty: int,
              special: tuple[int, ...]) -> bool:
    """Can *clean* clean and *dirty* dirty piles be built from the natural ranks (each
    *naturals* cards) with *wilds* wild cards, *special* naming how many clean piles some
    ranks need? Each rank's piles cost the fewest wilds when each dirty pile holds as
    many naturals as it may; a dynamic programme over the ranks finds the fewest."""
    if wilds < 0:
        return False
    fewest = size - size // 3  # naturals in a dirty pile, at least
    most_clean, most_dirty = naturals // size, naturals // fewest if size // 3 else 0
    if clean > RANKS * most_clean or dirty > RANKS * most_dirty or dirty > wilds or (
            clean * size + dirty * fewest > RANKS * naturals):
        return False
    if RANKS * (clean + 1) * (dirty + 1) * (most_clean + 1) * (most_dirty + 1) > BUDGET:
        # Far past any real table (tiny piles, a dozen packs): the sums must fit, and the
        # exact search would cost seconds; accept what the totals allow.
        return size * (clean + dirty) - RANKS * naturals <= wilds
    # best[(c, d)]: the fewest wilds for c clean and d dirty piles over the ranks so far.
    best = {(0, 0): 0}
    needs = (*special, *([0] * (RANKS - len(special))))
    for need in needs:
        step: dict[tuple[int, int], int] = {}
        for (c0, d0), w0 in best.items():
            for c in range(need, min(most_clean, clean - c0) + 1):
                room = naturals - c * size
                for d in range(min(dirty - d0, room // fewest if fewest else 0) + 1):
                    w = w0 + max(d, size * (c + d) - naturals)
                    key = (c0 + c, d0 + d)
                    if w <= wilds and w < step.get(key, wilds + 1):
                        step[key] = w
        best = step
    return (clean, dirty) in best
