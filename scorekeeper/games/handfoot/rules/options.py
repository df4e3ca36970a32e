"""The options of Hand and Foot: one validated frozen record with seed 003's defaults.

Seed 003 "Card Values", "Bonus Points", "Minimum Initial Meld Requirements" and the
conditions to go out; RULES.md section 9. Tables differ widely (the seed itself lists
many variations), so every value is a house rule the table may change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from scorekeeper.rules.cards import Card, NaturalCard, Rank
from scorekeeper.rules.messages import N_, fail
from scorekeeper.rules.option import Option

PRESET = "hand_and_foot"

#: Piles by kind, in the order the sheet and the messages name them.
PILE_KINDS = ("clean", "dirty", "wild")

#: The longest game and minimums list a table may set; far above any table's wish.
MOST_ROUNDS = 20

POINTS = (0, 10000)


def _points(name: str, doc: str) -> Option:
    return Option(name, low=POINTS[0], high=POINTS[1], doc=doc)


#: Every option but the two structured ones (``minimums`` and ``contract``).
OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("rounds", low=1, high=MOST_ROUNDS, doc=N_("Deals in a game.")),
    _points("clean_pile", N_("Points for each complete pile without a wild card.")),
    _points("dirty_pile", N_("Points for each complete pile holding wild cards.")),
    _points("wild_pile", N_("Points for each complete pile of wild cards only.")),
    _points("red_three", N_("Each red three: plus when laid on the table, minus when "
                            "caught in hand or foot.")),
    _points("black_three", N_("Each black three left in hand or foot counts against.")),
    _points("going_out", N_("Points for the side that goes out.")),
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

#: How the two structured options are described in the rules listing.
STRUCTURED = {
    "minimums": {"name": "minimums", "doc": N_(
        "The opening-meld minimum of each deal, in order; later deals keep the last."),
        "items": {"min": 0, "max": 1000}, "min_items": 1, "max_items": MOST_ROUNDS},
    "contract": {"name": "contract", "doc": N_(
        "The complete piles a side needs before one of its players may go out."),
        "keys": list(PILE_KINDS), "min": 0, "max": 10},
}

PRESET_NOTE = N_("Hand and Foot: the North American partnership game of piles, played "
                 "over four deals with rising opening minimums.")


@dataclass(frozen=True)
class Contract:
    """The complete piles a side must have before going out (seed 003: two clean, two
    dirty and one wild)."""

    clean: int = 2
    dirty: int = 2
    wild: int = 1

    def as_dict(self) -> dict[str, int]:
        return {"clean": self.clean, "dirty": self.dirty, "wild": self.wild}


@dataclass(frozen=True)
class HandFootRules:
    """Hand and Foot as a table plays it. Build it with :meth:`from_spec`."""

    rounds: int = 4
    minimums: tuple[int, ...] = (50, 90, 120, 150)
    clean_pile: int = 500
    dirty_pile: int = 300
    wild_pile: int = 1500
    red_three: int = 100
    black_three: int = 5
    going_out: int = 100
    contract: Contract = Contract()
    pile_size: int = 7
    packs: int = 5
    joker: int = 50
    two: int = 20
    ace: int = 20
    eight_to_king: int = 10
    four_to_seven: int = 5

    preset = PRESET

    @classmethod
    def from_spec(cls, spec: object) -> HandFootRules:
        """The rules from ``"hand_and_foot"`` or ``{"preset": "hand_and_foot", option:
        value, ...}``; a value out of bounds or an unknown option is refused, named."""
        if isinstance(spec, str):
            spec = {"preset": spec}
        if not isinstance(spec, Mapping) or spec.get("preset") != PRESET:
            raise fail(N_("Hand and Foot rules are “hand_and_foot” or an object with "
                          "\"preset\": \"hand_and_foot\"."))
        values: dict[str, Any] = {}
        for key, value in spec.items():
            if key == "preset":
                continue
            if key == "minimums":
                values[key] = _minimums(value)
            elif key == "contract":
                values[key] = _contract(value)
            elif key in OPTIONS:
                values[key] = OPTIONS[key].check(value)
            else:
                raise fail(N_("Unknown Hand and Foot option “%(name)s”; the options are "
                              "%(names)s."), name=str(key), names=", ".join(NAMES))
        return replace(cls(), **values)

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON, with the preset's name first."""
        out: dict[str, Any] = {"preset": PRESET}
        for name, value in asdict(self).items():
            out[name] = list(value) if name == "minimums" else value
        return out

    def minimum(self, deal: int) -> int:
        """The opening-meld minimum of deal *deal* (1-based); past the list, its last."""
        return self.minimums[min(deal, len(self.minimums)) - 1]

    def value(self, card: Card) -> int:
        """What *card* counts, melded (for the side) or left (against it); a three is
        never melded: a black three left counts ``black_three``, a red one is scored
        apart (:mod:`.scoring`)."""
        if not isinstance(card, NaturalCard):
            return self.joker
        rank = card.rank
        if rank is Rank.TWO:
            return self.two
        if rank is Rank.THREE:
            return 0 if card.suit.red else self.black_three
        if rank is Rank.ACE:
            return self.ace
        return self.eight_to_king if rank.number >= 8 else self.four_to_seven

    def pile_bonus(self, kind: str) -> int:
        return {"clean": self.clean_pile, "dirty": self.dirty_pile,
                "wild": self.wild_pile}[kind]


NAMES = ("rounds", "minimums", *[f.name for f in fields(HandFootRules)
                                 if f.name not in ("rounds", "minimums")])


def _minimums(value: object) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or not 1 <= len(value) <= MOST_ROUNDS or any(
            isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 1000
            for v in value):
        raise fail(N_("Option minimums must be a list of 1 to %(most)d whole numbers from "
                      "0 to 1000, one per deal, such as [50, 90, 120, 150]."),
                   most=MOST_ROUNDS)
    return tuple(value)


def _contract(value: object) -> Contract:
    if not isinstance(value, Mapping) or not set(value) <= set(PILE_KINDS) or any(
            isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 10
            for v in value.values()):
        raise fail(N_("Option contract must be an object such as {\"clean\": 2, "
                      "\"dirty\": 2, \"wild\": 1}: each a whole number of piles from 0 "
                      "to 10."))
    return replace(Contract(), **value)
