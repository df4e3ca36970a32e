"""Hand and Foot's part of the API's OpenAPI description (docs/api.md, "Hand and Foot"): its
rules, its referee's questions and answers, what its deals and states hold besides every
game's fields, and a side's report. scorekeeper/api/openapi.py merges every game's part."""

from __future__ import annotations

from scorekeeper.codec import CARD_SCHEMA as CARD
from scorekeeper.codec import CARDS_SCHEMA as CARDS

from ..openapi_part import OpenApiPart, Question, Schema
from .rules import OPTIONS, STRUCTURED
from .rules.house import MOST_POINTS, MOST_ROUNDS, SETS


def _whole(low: int, high: int) -> Schema:
    return {"type": "integer", "minimum": low, "maximum": high}


def _per_deal(item: Schema, *, nullable: bool = False) -> Schema:
    return {"type": ["array", "null"] if nullable else "array", "items": item,
            "minItems": 1, "maxItems": MOST_ROUNDS}


# The structured house rules typed as rules/house.py reads them (never stricter: what
# the schema refuses, the server refuses). A contract's keys are the pile kinds and ranks.
_CONTRACT = {"type": "object", "additionalProperties": _whole(0, 10)}
STRUCTURED_SCHEMAS: dict[str, Schema] = {
    "minimums": _per_deal(_whole(0, 1000)),
    "minimums_by_score": _per_deal({"type": "array", "items": _whole(0, 1000000),
                                    "minItems": 2, "maxItems": 2}, nullable=True),
    "contract": _CONTRACT,
    "contracts": _per_deal(_CONTRACT, nullable=True),
    "going_out": {"anyOf": [_whole(0, MOST_POINTS), _per_deal(_whole(0, MOST_POINTS))]},
    "rank_piles": {"type": "object", "additionalProperties": _whole(0, 100000)},
    "red_threes_bonus": {"anyOf": [{"type": "null"}, {
        "type": "object", "required": ["count", "points"], "additionalProperties": False,
        "properties": {"count": _whole(1, 24), "points": _whole(0, MOST_POINTS)}}]},
    "card_values": {"type": "object", "additionalProperties": _whole(0, 1000)},
}
RULES = {"type": "object", "required": ["preset"],
         "properties": {"preset": {"type": "string", "enum": list(SETS)}}
         | {name: o.schema() for name, o in OPTIONS.items()}
         | {name: STRUCTURED_SCHEMAS[name] | {"description": o["doc"]}
            for name, o in STRUCTURED.items()},
         "additionalProperties": False}
# A side's report in a deal.
BY_KIND = {"type": "object", "description": "Cards counted by kind (joker, two, ace, "
           "eight_to_king, four_to_seven, black_three, red_three) or by rank (\"9\")",
           "additionalProperties": {"type": "integer", "minimum": 0}}
SIDE = {"type": "object", "additionalProperties": False, "properties": {
    **{count: {"type": "integer", "minimum": 0} for count in (
        "clean_piles", "dirty_piles", "wild_piles", "red_threes", "red_threes_caught",
        "dirty_wild_piles", "black_three_piles", "perfect_draws")},
    "melded": {"type": "integer", "minimum": 0}, "melded_cards": CARDS,
    "left": {"type": "integer", "minimum": 0}, "left_cards": CARDS,
    "melded_by_kind": BY_KIND, "left_by_kind": BY_KIND,
    "rank_piles": {"type": "object", "description": "Special clean piles by rank, counted "
                   "among the clean piles", "additionalProperties": {"type": "integer"}},
    "first_meld": {"type": "boolean"}}}
MINIMUM = {"type": ["integer", "array", "null"], "items": {"type": "integer"},
           "description": "Hand and Foot: the opening minimum, or one per side where "
                          "minimums go by the side's running total"}
CONTRACT = {"type": ["object", "null"], "additionalProperties": {"type": "integer"},
            "description": "Hand and Foot: the complete piles a side needs to go out"}
TOTAL = {"type": "integer", "description": "Hand and Foot: the side's running total, where "
                                           "minimums go by score"}
SIDES = {"type": "array", "items": {"$ref": "#/components/schemas/Side"}}
MELD = {"type": "object", "properties": {
    "valid": {"type": "boolean"},
    "kind": {"enum": ["clean", "dirty", "wild", None]},
    "complete": {"type": "boolean", "description": "Hand and Foot: a complete pile"},
    "cards": CARDS,
    "value": {"type": ["integer", "null"]},
    "reason": {"type": "string"},
}}
DEAL = {"type": "integer", "minimum": 1}
VERDICT = {"type": "object", "properties": {"valid": {"type": "boolean"},
                                            "reason": {"type": "string"}}}

INDICATOR = {**CARD, "description": "Read and unused (Hand and Foot turns no "
             "indicator), so a client may send every game the same fields"}
REFEREE = {
    "meld": Question("Rule on one meld, cards read in the order laid",
                     {"cards": CARDS, "indicator": INDICATOR}, MELD, ("cards",)),
    "initial-meld": Question(
        "Rule on a first meld of several melds against the bar in force",
        {"melds": {"type": "array", "items": CARDS},
         "deal": {**DEAL, "description": "Hand and Foot: the deal, whose minimum applies"},
         "total": TOTAL, "indicator": INDICATOR},
        {"type": "object", "properties": {
            "valid": {"type": "boolean"}, "total": {"type": "integer"},
            "minimum": {"type": "integer"}, "melds": {"type": "array", "items": MELD},
            "reason": {"type": "string"}}}, ("melds",)),
    "pickup": Question(
        "Hand and Foot: may this player take the discard pile?",
        {"top": CARD, "hand": CARDS, "table": {"type": "array", "items": CARDS},
         "opened": {"type": "boolean"}, "deal": DEAL, "total": TOTAL,
         "indicator": INDICATOR},
        VERDICT, ("top", "hand")),
    "go-out": Question(
        "Hand and Foot: may this player go out?",
        {"piles": {"type": "object", "properties": {
            kind: {"type": "integer", "minimum": 0} for kind in ("clean", "dirty", "wild")},
            "additionalProperties": {"type": "integer", "minimum": 0}},
         "partner_in_foot": {"type": "boolean", "description": "Has the partner played "
                             "from the foot? Left out, the answer asks"},
         "alone": {"type": "boolean", "description": "The player has no partner"},
         "deal": DEAL, "indicator": INDICATOR},
        VERDICT, ("piles",)),
}
# The outlook before the last deal of a game of so many deals (issue 25; docs/api.md,
# "The outlook"); Hand's part describes the same list with its own fields.
OUTLOOK = {"type": "array", "items": {
    "type": "object", "additionalProperties": False,
    "required": ["player", "players", "needs", "possible"], "properties": {
        "player": {"type": "string"},
        "players": {"type": "array", "items": {"type": "string"}},
        "needs": {"type": "string"},
        "possible": {"type": "boolean"},
        "behind": {"type": "object", "additionalProperties": {"type": "integer"},
                   "description": "Hand and Foot: each side ahead or level, and the "
                                  "points it is ahead by"}}}}


# A deal is a round here: no deal is void and no tie plays on, so attempt is 1 while the
# game runs and tie_break is false; kept for clients that read every game's state alike.
ROUNDS = {
    "starter": {"type": ["string", "null"], "description": "Who plays first next deal"},
    "round": {"type": ["integer", "null"], "description": "The next deal, as a round"},
    "attempt": {"type": ["integer", "null"]},
    "rounds_to_play": {"type": ["integer", "null"], "description": "Hand and Foot: the "
                       "deals the game plays, when played to a number of them"},
    "tie_break": {"type": "boolean"}}


def part() -> OpenApiPart:
    """Hand and Foot's part, which scorekeeper/api/openapi.py merges."""
    return OpenApiPart(
        rules=RULES,
        referee=REFEREE,
        # Seed 003's own example of taking the pile (the nines), and a side going out.
        examples={
            "pickup": {"rules": "hand_and_foot", "top": "9H", "hand": ["9S", "9C", "2C"],
                       "opened": False, "deal": 1},
            "go-out": {"rules": "hand_and_foot", "piles": {"clean": 2, "dirty": 2, "wild": 1},
                       "partner_in_foot": True},
        },
        outcomes=("scored",),
        deal={
            "went_out": {"type": ["string", "null"], "description": "Hand and Foot: who "
                         "went out; null when the stock ran out"},
            "sides": {**SIDES, "description": "Hand and Foot: each side's report, in the "
                      "order of the teams (or players)"}},
        line={
            "minimum": MINIMUM, "contract": CONTRACT,
            "went_out": {"type": ["string", "null"]},
            "sides": SIDES,
            "breakdown": {"type": "array", "items": {"type": "object", "properties": {
                part: {"type": "integer"} for part in ("cards", "piles", "red_threes",
                                                       "going_out", "bonuses", "total")}}}},
        state={"minimum": MINIMUM, "contract": CONTRACT,
               "target": {"type": ["integer", "null"], "description": "Hand and Foot: "
                          "the score that ends the game, when played to one"},
               "outlook": OUTLOOK, **ROUNDS},
        state_required=tuple(ROUNDS),
        game={"teams": {"type": "array", "items": {
            "type": "array", "items": {"type": "string"}},
            "description": "Hand and Foot: the sides, when not partners opposite (two "
                           "teams of three, say)"}},
        schemas={"Side": SIDE},
    )
