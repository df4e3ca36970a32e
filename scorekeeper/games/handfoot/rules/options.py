"""The options of Hand and Foot: one validated frozen record with seed 003's defaults.

Seed 003 "Card Values", "Bonus Points", "Minimum Initial Meld Requirements" and the
conditions to go out; RULES.md section 9. Tables differ widely ("there are numerous
variations of this game and no standard rules", seed 003 "Introduction"), so every value
is a house rule, and the house rules tables report most (docs/handfoot.md, "House rules")
are options too: a target score, minimums by a side's running total, special piles, a
contract per deal and the values the scorers tables use. The structured ones are read by
:mod:`.house`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from scorekeeper.rulekit.cards import Card, NaturalCard, Rank
from scorekeeper.rulekit.messages import N_, fail
from scorekeeper.rulekit.option import Option

from . import house
from .house import MOST_ROUNDS, PILE_KINDS, Contract, RedThreesBonus

PRESET = "hand_and_foot"

POINTS = (0, 10000)

#: The ranks that meld naturally (seed 003: "any rank from A, K, Q, ... down to 4").
MELD_RANKS = tuple(r for r in Rank if r not in (Rank.TWO, Rank.THREE))


def _points(name: str, doc: str, *, low: int = POINTS[0], nullable: bool = False) -> Option:
    return Option(name, low=low, high=POINTS[1], nullable=nullable, doc=doc)


#: Every option held as a plain value (the structured ones are in :data:`STRUCTURED`).
OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("rounds", low=1, high=MOST_ROUNDS, doc=N_("Deals in a game.")),
    Option("target", low=500, high=1000000, nullable=True, doc=N_(
        "Play to a score instead of a number of deals: the game ends after the deal in "
        "which a side reaches it (null: play the deals).")),
    _points("clean_pile", N_("Points for each complete pile without a wild card.")),
    _points("dirty_pile", N_("Points for each complete pile holding wild cards.")),
    _points("wild_pile", N_("Points for each complete pile of wild cards only.")),
    _points("dirty_wild_pile", N_("Points for a wild pile mixing twos and jokers, where "
                                  "tables value it apart (null: as any wild pile)."),
            nullable=True),
    _points("red_three", N_("Each red three: plus when laid on the table, minus when "
                            "caught in hand or foot.")),
    _points("red_three_laid", N_("Each red three laid, where it differs from a caught "
                                 "one's (null: the red three's value; negative where "
                                 "tables count red threes always against)."),
            low=-POINTS[1], nullable=True),
    _points("red_three_caught", N_("Each red three caught in hand or foot counts against "
                                   "(null: the red three's value)."), nullable=True),
    _points("red_three_laid_without_going_out", N_(
        "Each red three laid by a side that did not go out (null: the red three's value; "
        "negative where red threes count against such a side)."), low=-POINTS[1],
        nullable=True),
    _points("black_three", N_("Each black three left in hand or foot counts against.")),
    _points("black_three_melded", N_("Each black three melded when going out (0: black "
                                     "threes never meld).")),
    _points("black_three_pile", N_("Points for a complete pile of black threes (0: not "
                                   "played).")),
    Option("wild_melds", choices=(True, False), doc=N_(
        "Melds of wild cards only are allowed.")),
    Option("pickup", low=1, high=100, nullable=True, doc=N_(
        "The most cards taken from the discard pile (null: the whole pile).")),
    _points("first_meld", N_("Points for the first side to meld in a deal (0: not "
                             "played).")),
    _points("perfect_draw", N_("Points for each player who picked up exactly the cards of "
                               "a hand and a foot when dealing them (0: not played).")),
    Option("packs", low=1, high=12, doc=N_("Packs shuffled together, jokers included (the "
                                           "most red threes and piles a deal can have).")),
    Option("pile_size", low=3, high=13, doc=N_("Cards in a complete pile (the most a meld "
                                               "may hold).")),
    _points("joker", N_("A joker's value.")),
    _points("two", N_("A two's value (twos are wild).")),
    _points("ace", N_("An ace's value.")),
    _points("eight_to_king", N_("The value of an eight to a king.")),
    _points("four_to_seven", N_("The value of a four to a seven.")),
)}

#: How the structured options are described in the rules listing.
STRUCTURED: dict[str, dict[str, Any]] = {
    "minimums": {"name": "minimums", "doc": N_(
        "The opening-meld minimum of each deal, in order; later deals keep the last."),
        "items": {"min": 0, "max": 1000}, "min_items": 1, "max_items": MOST_ROUNDS},
    "minimums_by_score": {"name": "minimums_by_score", "nullable": True, "doc": N_(
        "Opening minimums by the side's running total instead of by deal: pairs [from "
        "total, minimum], ascending, such as [[0, 50], [2500, 90], [5000, 120], [7500, "
        "150]] (null: by deal)."), "shape": "pairs"},
    "contract": {"name": "contract", "doc": N_(
        "The complete piles a side needs before one of its players may go out; a rank "
        "names piles of that rank, such as {\"clean\": 1, \"dirty\": 1, \"7\": 1}."),
        "keys": list(PILE_KINDS), "min": 0, "max": 10},
    "contracts": {"name": "contracts", "nullable": True, "doc": N_(
        "A contract per deal instead of one for the game, in order; later deals keep the "
        "last (null: the contract every deal)."), "shape": "contracts"},
    "going_out": {"name": "going_out", "doc": N_(
        "Points for the side that goes out: one value, or a list with one per deal such "
        "as [100, 200, 300, 400]."), "min": 0, "max": 10000, "shape": "number or list"},
    "rank_piles": {"name": "rank_piles", "doc": N_(
        "Special piles: a complete clean pile of a rank scoring its own points instead of "
        "a clean pile's, such as {\"7\": 1000, \"5\": 3000}."),
        "values": {"min": 0, "max": 100000}},
    "red_threes_bonus": {"name": "red_threes_bonus", "nullable": True, "doc": N_(
        "Points for a side that lays at least so many red threes in a deal, such as "
        "{\"count\": 7, \"points\": 300} (null: none)."), "shape": "object"},
    "card_values": {"name": "card_values", "doc": N_(
        "A value for any rank from 4 to ace, over the bands above, such as {\"8\": 5, "
        "\"9\": 5} where fours to nines count 5."), "values": {"min": 0, "max": 1000}},
}


@dataclass(frozen=True)
class HandFootRules:
    """Hand and Foot as a table plays it. Build it with :meth:`from_spec`."""

    rounds: int = 4
    target: int | None = None
    minimums: tuple[int, ...] = (50, 90, 120, 150)
    minimums_by_score: tuple[tuple[int, int], ...] | None = None
    clean_pile: int = 500
    dirty_pile: int = 300
    wild_pile: int = 1500
    dirty_wild_pile: int | None = None
    rank_piles: tuple[tuple[Rank, int], ...] = ()
    red_three: int = 100
    red_three_laid: int | None = None
    red_three_caught: int | None = None
    red_three_laid_without_going_out: int | None = None
    red_threes_bonus: RedThreesBonus | None = None
    black_three: int = 5
    black_three_melded: int = 0
    black_three_pile: int = 0
    going_out: int | tuple[int, ...] = 100
    first_meld: int = 0
    perfect_draw: int = 0
    contract: Contract = Contract()
    contracts: tuple[Contract, ...] | None = None
    wild_melds: bool = True
    pickup: int | None = 7
    pile_size: int = 7
    packs: int = 5
    joker: int = 50
    two: int = 20
    ace: int = 20
    eight_to_king: int = 10
    four_to_seven: int = 5
    card_values: tuple[tuple[Rank, int], ...] = ()
    preset: str = PRESET

    def __post_init__(self) -> None:
        if not self.wild_melds and any(c.wild for c in self.all_contracts):
            raise fail(N_("Without wild melds no contract may ask for a wild pile."))

    @classmethod
    def from_spec(cls, spec: object) -> HandFootRules:
        """The rules from ``"hand_and_foot"`` (or a house-rule set's name) or an object
        with its ``"preset"`` and options; a value out of bounds or an unknown option is
        refused, named."""
        if isinstance(spec, str):
            spec = {"preset": spec}
        base = house.named_set(spec.get("preset")) if isinstance(spec, Mapping) else None
        if not isinstance(spec, Mapping) or base is None:
            raise fail(N_("Hand and Foot rules are “hand_and_foot” (or a house-rule set's "
                          "name) or an object with \"preset\": \"hand_and_foot\"."))
        values: dict[str, Any] = {"preset": spec["preset"]}
        for key, value in (*base.items(), *spec.items()):
            if key == "preset":
                continue
            if key in house.READERS:
                values[key] = house.READERS[key](value)
            elif key in OPTIONS:
                values[key] = OPTIONS[key].check(value)
            else:
                raise fail(N_("Unknown Hand and Foot option “%(name)s”; the options are "
                              "%(names)s."), name=str(key), names=", ".join(NAMES))
        return replace(cls(), **values)

    def to_dict(self, *, every: bool = False) -> dict[str, Any]:
        """The options as JSON, with the preset's name first: seed 003's always, a house
        rule the seed does not name only where the table set it (so a game stored before
        the house rules existed reads back the same), or all with *every*."""
        out: dict[str, Any] = {"preset": self.preset}
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name != "preset" and (every or field.name in SEEDS
                                           or value != field.default):
                out[field.name] = house.plain(field.name, value)
        return out

    # --- what the options mean deal by deal -------------------------------------------

    def minimum(self, deal: int, total: int | None = None) -> int:
        """The opening-meld minimum of deal *deal* (1-based; past the list, its last) —
        or, with minimums by score, of a side whose running total is *total*."""
        if self.minimums_by_score is not None:
            # The first step starts at the lowest total; a total below it (a side behind
            # after a bad deal) keeps the first step's minimum.
            at = total or 0
            steps = [m for start, m in self.minimums_by_score if start <= at]
            return steps[-1] if steps else self.minimums_by_score[0][1]
        return self.minimums[min(deal, len(self.minimums)) - 1]

    def contract_for(self, deal: int) -> Contract:
        if self.contracts is None:
            return self.contract
        return self.contracts[min(deal, len(self.contracts)) - 1]

    @property
    def all_contracts(self) -> tuple[Contract, ...]:
        return self.contracts or (self.contract,)

    def going_out_for(self, deal: int) -> int:
        if isinstance(self.going_out, int):
            return self.going_out
        return self.going_out[min(deal, len(self.going_out)) - 1]

    @property
    def caught(self) -> int:
        """What each red three caught costs."""
        return self.red_three if self.red_three_caught is None else self.red_three_caught

    def laid(self, went_out: bool) -> int:
        """What each red three laid scores for a side that went out, or did not."""
        if not went_out and self.red_three_laid_without_going_out is not None:
            return self.red_three_laid_without_going_out
        return self.red_three if self.red_three_laid is None else self.red_three_laid

    @property
    def by_score(self) -> bool:
        return self.minimums_by_score is not None

    def last_deal(self) -> int | None:
        """The game's last deal, or ``None`` when it is played to a target."""
        return None if self.target is not None else self.rounds

    # --- card values -------------------------------------------------------------------

    def rank_value(self, rank: Rank) -> int:
        """What a card of *rank* counts; a three is valued by :meth:`value`."""
        override = dict(self.card_values).get(rank)
        if override is not None:
            return override
        if rank is Rank.TWO:
            return self.two
        if rank is Rank.ACE:
            return self.ace
        return self.eight_to_king if rank.number >= 8 else self.four_to_seven

    def value(self, card: Card) -> int:
        """What *card* counts, melded (for the side) or left (against it); a three is
        never melded: a black three left counts ``black_three``, a red one is scored
        apart (:mod:`.scoring`)."""
        if not isinstance(card, NaturalCard):
            return self.joker
        if card.rank is Rank.THREE:
            return 0 if card.suit.red else self.black_three
        return self.rank_value(card.rank)

    def pile_bonus(self, kind: str) -> int:
        return {"clean": self.clean_pile, "dirty": self.dirty_pile,
                "wild": self.wild_pile}[kind]

    def rank_pile(self, rank: Rank | None) -> int | None:
        """The bonus of a complete clean pile of *rank* when it is special, else None."""
        return dict(self.rank_piles).get(rank) if rank is not None else None


#: The options seed 003 itself names; the others are house rules (docs/handfoot.md).
SEEDS = frozenset({"rounds", "minimums", "clean_pile", "dirty_pile", "wild_pile",
                   "red_three", "black_three", "going_out", "contract", "pile_size", "packs",
                   "joker", "two", "ace", "eight_to_king", "four_to_seven"})
NAMES = tuple(f.name for f in fields(HandFootRules) if f.name != "preset")
