"""Hand and Foot's structured house rules: read from JSON (each refusal names the option
and shows a valid value), written back as JSON, and the named house-rule sets a table can
pick (docs/handfoot.md, "House-rule sets", names the source of each)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.rulekit.cards import Rank
from scorekeeper.rulekit.messages import N_, fail

PILE_KINDS = ("clean", "dirty", "wild")
MOST_ROUNDS = 20
MOST_POINTS = 10000

#: Ranks a special pile or a card value may name: those that meld naturally.
RANKS = {r.value: r for r in Rank if r not in (Rank.TWO, Rank.THREE)}


@dataclass(frozen=True)
class Contract:
    """The complete piles a side must have before going out (seed 003: two clean, two
    dirty and one wild); ``ranks`` asks for clean piles of a named rank as well (a clean
    pile of sevens counts among the clean piles too)."""

    clean: int = 2
    dirty: int = 2
    wild: int = 1
    ranks: tuple[tuple[Rank, int], ...] = ()

    def as_dict(self) -> dict[str, int]:
        return {"clean": self.clean, "dirty": self.dirty, "wild": self.wild,
                **{rank.value: count for rank, count in self.ranks}}

    def wanting(self, piles: Mapping[str, int]) -> dict[str, int]:
        """What *piles* (counted by kind and by special rank) still lack, by key."""
        return {key: need - piles.get(key, 0) for key, need in self.as_dict().items()
                if piles.get(key, 0) < need}


@dataclass(frozen=True)
class RedThreesBonus:
    """Points for a side that lays at least *count* red threes in one deal."""

    count: int
    points: int


def _whole(value: object, low: int, high: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and low <= value <= high


def minimums(value: object) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or not 1 <= len(value) <= MOST_ROUNDS or not all(
            _whole(v, 0, 1000) for v in value):
        raise fail(N_("Option minimums must be a list of 1 to %(most)d whole numbers from "
                      "0 to 1000, one per deal, such as [50, 90, 120, 150]."),
                   most=MOST_ROUNDS)
    return tuple(value)


def minimums_by_score(value: object) -> tuple[tuple[int, int], ...] | None:
    if value is None:
        return None
    pairs = value if isinstance(value, list | tuple) else None
    if not pairs or len(pairs) > MOST_ROUNDS or not all(
            isinstance(p, list | tuple) and len(p) == 2 and _whole(p[0], 0, 1000000)
            and _whole(p[1], 0, 1000) for p in pairs) or any(
            a[0] >= b[0] for a, b in zip(pairs, pairs[1:], strict=False)):
        raise fail(N_("Option minimums_by_score must list [from total, minimum] pairs with "
                      "the totals rising, such as [[0, 50], [2500, 90], [5000, 120], "
                      "[7500, 150]]."))
    return tuple((p[0], p[1]) for p in pairs)


def _ranked(value: Mapping[Any, Any], low: int, high: int) -> tuple[tuple[Rank, int], ...]:
    if not all(isinstance(k, str) and k.upper() in RANKS and _whole(v, low, high)
               for k, v in value.items()):
        raise ValueError
    ordered = sorted(((RANKS[k.upper()], v) for k, v in value.items()),
                     key=lambda pair: list(RANKS.values()).index(pair[0]))
    return tuple(ordered)


def contract(value: object) -> Contract:
    try:
        if not isinstance(value, Mapping):
            raise ValueError
        kinds = {k: v for k, v in value.items() if k in PILE_KINDS}
        if not all(_whole(v, 0, 10) for v in kinds.values()):
            raise ValueError
        ranks = _ranked({k: v for k, v in value.items() if k not in PILE_KINDS}, 0, 10)
    except ValueError:
        raise fail(N_("A contract must be an object such as {\"clean\": 2, \"dirty\": 2, "
                      "\"wild\": 1}: each a whole number of piles from 0 to 10, and a rank "
                      "(4 to A) for clean piles of that rank, such as \"7\": 1.")) from None
    return Contract(**kinds, ranks=tuple((r, n) for r, n in ranks if n))


def contracts(value: object) -> tuple[Contract, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list | tuple) or not 1 <= len(value) <= MOST_ROUNDS:
        raise fail(N_("Option contracts must list 1 to %(most)d contracts, one per deal, "
                      "such as [{\"clean\": 1, \"dirty\": 1, \"wild\": 0}, {\"clean\": 2, "
                      "\"dirty\": 2, \"wild\": 1}]."), most=MOST_ROUNDS)
    return tuple(contract(c) for c in value)


def going_out(value: object) -> int | tuple[int, ...]:
    if _whole(value, 0, MOST_POINTS):
        assert isinstance(value, int)
        return value
    if isinstance(value, list | tuple) and 1 <= len(value) <= MOST_ROUNDS and all(
            _whole(v, 0, MOST_POINTS) for v in value):
        return tuple(value)
    raise fail(N_("Option going_out must be a whole number from 0 to %(most)d, or a list "
                  "of them, one per deal, such as [100, 200, 300, 400]."), most=MOST_POINTS)


def rank_piles(value: object) -> tuple[tuple[Rank, int], ...]:
    try:
        if not isinstance(value, Mapping):
            raise ValueError
        return _ranked(value, 0, 100000)
    except ValueError:
        raise fail(N_("Option rank_piles must name ranks from 4 to A with the points of a "
                      "clean pile of each, such as {\"7\": 1000, \"5\": 3000}.")) from None


def red_threes_bonus(value: object) -> RedThreesBonus | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) != {"count", "points"} or not _whole(
            value["count"], 1, 24) or not _whole(value["points"], 0, MOST_POINTS):
        raise fail(N_("Option red_threes_bonus must be null or an object such as "
                      "{\"count\": 7, \"points\": 300}: red threes from 1 to 24, points "
                      "from 0 to %(most)d."), most=MOST_POINTS)
    return RedThreesBonus(value["count"], value["points"])


def card_values(value: object) -> tuple[tuple[Rank, int], ...]:
    try:
        if not isinstance(value, Mapping):
            raise ValueError
        return _ranked(value, 0, 1000)
    except ValueError:
        raise fail(N_("Option card_values must name ranks from 4 to A with a value from 0 "
                      "to 1000 each, such as {\"8\": 5, \"9\": 5}.")) from None


READERS: dict[str, Callable[[object], Any]] = {
    "minimums": minimums, "minimums_by_score": minimums_by_score, "contract": contract,
    "contracts": contracts, "going_out": going_out, "rank_piles": rank_piles,
    "red_threes_bonus": red_threes_bonus, "card_values": card_values}


def plain(name: str, value: Any) -> Any:
    """An option's value as JSON holds it."""
    if isinstance(value, Contract):
        return value.as_dict()
    if name == "contracts":
        return None if value is None else [c.as_dict() for c in value]
    if name in ("rank_piles", "card_values"):
        return {rank.value: points for rank, points in value}
    if isinstance(value, RedThreesBonus):
        return {"count": value.count, "points": value.points}
    if isinstance(value, tuple):
        return [list(v) if isinstance(v, tuple) else v for v in value]
    return value


#: Named house-rule sets: a preset beside seed 003's game, its options over the seed's.
#: docs/handfoot.md, "House-rule sets", names the scorer or rule sheet each reproduces and
#: where they differ in what they check (never in what they score).
SETS: dict[str, dict[str, Any]] = {
    # Seed 003 as Bill Whitnack contributed it (TableScore's "Whitnack" too).
    "hand_and_foot": {},
    # Seed 003's Simpson variation as TableScore plays it: no wild piles, red threes
    # always against.
    "hand_and_foot_simpson": {
        "clean_pile": 300, "dirty_pile": 100, "wild_pile": 0, "wild_melds": False,
        "red_three": 500, "red_three_laid": -500,
        "contract": {"clean": 1, "dirty": 1, "wild": 0}},
    # TableScore's "Saskatchewan": the seed's values, one pile of each kind to go out.
    "hand_and_foot_saskatchewan": {"contract": {"clean": 1, "dirty": 1, "wild": 1}},
    # Hand, Knee and Foot (handkneefoot.com's scorer): books of fives and sevens, a bonus
    # at seven red threes, minimums by running score.
    "hand_knee_foot": {
        "wild_pile": 2500, "rank_piles": {"5": 3000, "7": 5000},
        "contract": {"clean": 3, "dirty": 1, "wild": 1, "5": 1, "7": 1},
        "going_out": 200, "red_three_caught": 500, "black_three": 300,
        "red_threes_bonus": {"count": 7, "points": 300},
        "minimums_by_score": [[0, 50], [15000, 90], [30000, 120], [50000, 150]]},
    # Hand-Foot-Toe (chingcodes' scorecard): books of sevens, fives and wild cards.
    "hand_foot_toe": {
        "wild_pile": 2500, "rank_piles": {"5": 3000, "7": 5000}, "going_out": 200,
        "red_three_caught": 500, "black_three": 100,
        "contract": {"clean": 0, "dirty": 0, "wild": 0}},
    # A rising contract (Christophersanz's PWA): hand n needs n clean and n dirty books
    # and pays 100 n for going out; books of sevens and of black threes; perfect draw.
    "hand_and_foot_rising": {
        "minimums": [90, 120, 150, 180], "going_out": [100, 200, 300, 400],
        "contracts": [{"clean": n, "dirty": n, "wild": 0} for n in (1, 2, 3, 4)],
        "rank_piles": {"7": 1500}, "black_three_pile": 2000, "black_three_melded": 5,
        "wild_pile": 0, "wild_melds": False, "red_three": 0, "red_three_caught": 500,
        "perfect_draw": 100},
    # Threes always against, fours to nines at 5, a mixed wild pile 1,300 (BenAlderfer's
    # Android scorer).
    "hand_and_foot_threes_against": {
        "card_values": {"8": 5, "9": 5}, "dirty_wild_pile": 1300, "going_out": 300,
        "red_three": 300, "red_three_laid": -300, "black_three": 100,
        "minimums": [75, 100, 125, 150], "first_meld": 100,
        "contract": {"clean": 3, "dirty": 2, "wild": 0}},
    # A laid red three worth 100 only to the side that went out, 50 otherwise
    # (tonatihuai's calculator); red threes stuck −500.
    "hand_and_foot_canasta_threes": {
        "red_three_laid_without_going_out": 50, "red_three_caught": 500,
        "black_three_melded": 5, "wild_pile": 0, "wild_melds": False,
        "contract": {"clean": 0, "dirty": 0, "wild": 0}},
}

#: One line on each set, as the rules listing and the new-game form say it.
SET_NOTES = {
    "hand_and_foot": N_("Hand and Foot: the North American partnership game of piles, "
                        "played over four deals with rising opening minimums."),
    "hand_and_foot_simpson": N_("Hand and Foot, Simpson's way: clean piles 300, dirty 100, "
                                "no wild piles, every red three −500, one clean and one "
                                "dirty pile to go out."),
    "hand_and_foot_saskatchewan": N_("Hand and Foot, Saskatchewan: the usual values, one "
                                     "pile of each kind to go out."),
    "hand_knee_foot": N_("Hand, Knee and Foot: books of fives (3,000) and sevens (5,000), "
                         "wild books 2,500, 300 more at seven red threes, minimums by "
                         "score."),
    "hand_foot_toe": N_("Hand, Foot and Toe: books of sevens 5,000, fives 3,000 and wild "
                        "cards 2,500; going out 200; red threes caught −500."),
    "hand_and_foot_rising": N_("Hand and Foot with a rising contract: deal n needs n clean "
                               "and n dirty books and pays 100 × n for going out; books "
                               "of sevens and black threes; a perfect draw 100."),
    "hand_and_foot_threes_against": N_("Hand and Foot with threes always against (red −300, "
                                       "black −100), fours to nines at 5, going out 300."),
    "hand_and_foot_canasta_threes": N_("Hand and Foot with a laid red three worth 100 only "
                                       "to the side that went out (50 otherwise) and −500 "
                                       "when stuck."),
}


def named_set(preset: object) -> dict[str, Any] | None:
    return SETS.get(preset) if isinstance(preset, str) else None
