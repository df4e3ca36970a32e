"""A side's cards counted by kind (docs/api.md, "counting by kind"): a table counts its
jokers, twos, aces, eights to kings, fours to sevens and threes instead of adding points
or tapping every card, since in Hand and Foot only a card's kind decides its value (seed
003, "Card Values"). Where a house rule values ranks of one band apart (fours to nines at
5), those ranks are counted by rank."""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.rulekit.cards import Rank
from scorekeeper.rulekit.messages import N_, Message, fail, msg

from .options import MELD_RANKS, HandFootRules

#: The kinds, in the order the steppers show them, with the ranks each holds.
KINDS: dict[str, tuple[Rank, ...]] = {
    "joker": (),
    "two": (Rank.TWO,),
    "ace": (Rank.ACE,),
    "eight_to_king": tuple(r for r in MELD_RANKS if r.number >= 8),
    "four_to_seven": tuple(r for r in MELD_RANKS if 4 <= r.number <= 7),
    "black_three": (Rank.THREE,),
    "red_three": (Rank.THREE,),
}
#: Each kind as messages and the steppers name it.
KIND_NAMES = {"joker": N_("jokers"), "two": N_("twos"), "ace": N_("aces"),
              "eight_to_king": N_("eights to kings"), "four_to_seven": N_("fours to sevens"),
              "black_three": N_("black threes"), "red_three": N_("red threes")}
RANK_NAME = N_("cards of rank %(rank)s")


def kind_name(key: str) -> Message:
    if key in KIND_NAMES:
        return msg(KIND_NAMES[key])
    return msg(RANK_NAME, rank=key)


#: A rank may be counted alone, by its symbol ("9").
RANK_KEYS = {r.value: r for r in MELD_RANKS}


def per_pack(key: str) -> int:
    """How many cards of the kind one pack holds (two jokers; two red and two black
    threes; four of a rank)."""
    if key in ("joker", "black_three", "red_three"):
        return 2
    return 4 * len(KINDS[key]) if key in KINDS else 4


def kind_value(rules: HandFootRules, key: str, *, melded: bool) -> int:
    """What one card of the kind (or rank) counts under *rules*; a band whose ranks the
    house values apart cannot be counted as one."""
    if key == "joker":
        return rules.joker
    if key == "black_three":
        return rules.black_three_melded if melded else rules.black_three
    if key == "red_three":
        return 0
    ranks = KINDS.get(key) or (RANK_KEYS[key],)
    values = {rules.rank_value(r) for r in ranks}
    if len(values) > 1:
        raise fail(N_("With these card values the %(kind)s are not all worth the same: "
                      "count them rank by rank."), kind=kind_name(key))
    return values.pop()


def count_points(rules: HandFootRules, name: str | Message, counts: Mapping[str, int], *,
                 melded: bool, out: bool) -> tuple[int, int]:
    """The points of cards counted by kind, and the red threes among them (caught, when
    left in hand or foot)."""
    points = 0
    for key, count in counts.items():
        if key not in KINDS and key not in RANK_KEYS:
            raise fail(N_("%(side)s: “%(kind)s” is not a kind of card; count %(kinds)s."),
                       side=name, kind=str(key), kinds=", ".join((*KINDS, *RANK_KEYS)))
        if isinstance(count, bool) or not isinstance(count, int) or not (
                0 <= count <= per_pack(key) * rules.packs):
            raise fail(N_("%(side)s: the %(kind)s must be a whole number from 0 to "
                          "%(most)d (what %(packs)d packs hold)."), side=name,
                       kind=kind_name(key), most=per_pack(key) * rules.packs,
                       packs=rules.packs)
        if melded and count and key == "red_three":
            raise fail(N_("%(side)s: red threes are never melded; count those laid as red "
                          "threes laid."), side=name)
        if melded and count and key == "black_three" and not (
                rules.black_three_melded and out):
            if rules.black_three_melded:
                raise fail(N_("%(side)s: only the side that goes out melds black threes."),
                           side=name)
            raise fail(N_("%(side)s: black threes are never melded."), side=name)
        points += count * kind_value(rules, key, melded=melded)
    return points, 0 if melded else counts.get("red_three", 0)
