"""Hand's part of the API's OpenAPI description (docs/api.md): its rules, its referee's
questions and answers, what its deals and states hold besides every game's fields, and
``/score/round``. scorekeeper/api/openapi.py merges every game's part."""

from __future__ import annotations

from scorekeeper.codec import CARD_SCHEMA as CARD
from scorekeeper.codec import CARDS_SCHEMA as CARDS

from ..openapi_part import Body, OpenApiPart, Question, Schema
from .rules import OPTIONS, PRESETS

RULES = {"type": "object", "required": ["preset"],
         "properties": {"preset": {"type": "string", "enum": list(PRESETS)}}
         | {name: o.schema() for name, o in OPTIONS.items()},
         "additionalProperties": False}
# How a card came (issue 16): optional, so bodies without it are ruled as before.
TAKEN = {"type": "integer", "minimum": 0,
         "description": "Place (from 0) of the card taken from the discard pile"}
MELD = {"type": "object", "properties": {
    "valid": {"type": "boolean"},
    "kind": {"enum": ["sequence", "group", None]},
    "cards": CARDS,
    "value": {"type": ["integer", "null"]},
    "wild": {"oneOf": [{"type": "null"}, {"type": "object", "properties": {
        "card": CARD, "represents": CARDS}}]},
    "card_values": {"type": "array", "items": {"type": "integer"}},
    "reason": {"type": "string"},
    "wilds": {"type": "array", "description": "Every wild in the meld, in the order they "
              "lie; two where the rules' wilds_per_meld is 2", "items": {
                  "type": "object", "properties": {
                      "card": CARD, "represents": CARDS,
                      "at": {"type": "integer", "minimum": 0,
                             "description": "Its place in cards"}}}},
}}
HAND = {"type": "object", "required": ["melded"], "properties": {
    "melded": {"type": "boolean", "description": "Melded (announced, in the Kuwaiti form)"},
    "points": {"type": "integer", "minimum": 0}, "cards": CARDS,
    "mistake": {"type": "boolean"}}}
BONUSES = {"type": "array", "items": {"enum": [
    "wild_discard", "two_wilds", "one_colour", "one_suit"]}}
RESULT: Schema = {
    "winner": {"type": "string"},
    "finish": {"enum": ["partial", "full"]},
    "bonuses": BONUSES,
    "hands": {"type": "object", "additionalProperties": HAND},
    # The winner's cards decide the finish and bonuses (docs/api.md, "Deals from the
    # cards"); "finish" may then be left out.
    "winner_cards": {**CARDS, "minItems": 15, "maxItems": 15,
                     "description": "The winner's 15 cards: the referee arranges them"},
    "winner_melds": {"type": "array", "items": CARDS,
                     "description": "The melds the winner laid (with winner_discard)"},
    "winner_discard": {**CARDS, "minItems": 1, "maxItems": 2,
                       "description": "The card discarded, or two wild cards"},
}
ARRANGEMENT = {"type": "object", "required": ["melds", "discard"], "properties": {
    "melds": {"type": "array", "items": CARDS}, "discard": CARDS}}
NAMES = {"type": "array", "items": {"type": "string"}}
BY_NAME = {"type": "object", "additionalProperties": {"type": "integer"}}
FIRST_MELDS = {"type": "array", "items": {"type": "object", "properties": {
    "player": {"type": "string"}, "value": {"type": ["integer", "null"]},
    "melds": {"type": "array", "items": CARDS}}}}
# The outlook before the last round (issue 25; docs/api.md, "The outlook").
OUTLOOK = {"type": "array", "description": "Only while the next deal plays the last round "
           "(a tie-break round too): for each player (side) not alone in front, what would "
           "put them there", "items": {
               "type": "object", "additionalProperties": False,
               "required": ["player", "players", "needs", "possible"], "properties": {
                   "player": {"type": "string", "description": "The player, or the side's "
                              "players joined with ' & '"},
                   "players": NAMES,
                   "needs": {"type": "string", "description": "What would do it, in a "
                             "sentence (or, kindly, that nothing can)"},
                   "possible": {"type": "boolean"},
                   "finish": {"enum": ["partial", "full", None], "description": "Hand: the "
                              "cheapest finish of their own that would do it"},
                   "bonuses": BONUSES,
                   "pays": {**BY_NAME, "description": "Hand: the least each player (side) "
                            "still ahead would have to pay this round"}}}}


def _object(**properties: Schema) -> Schema:
    return {"type": "object", "properties": properties}


INDICATOR = {**CARD, "description": "The indicator turned up this deal (forms that "
             "turn one): which rank is wild"}
REFEREE = {
    "meld": Question(
        "Rule on one meld, cards read in the order laid",
        {"cards": CARDS, "from_discard": TAKEN, "indicator": INDICATOR}, MELD, ("cards",)),
    "initial-meld": Question(
        "Rule on a first meld of several melds against the bar in force",
        {"melds": {"type": "array", "items": CARDS}, "minimum": {"type": "integer"},
         "from_discard": {"type": "array", "items": {"type": "integer", "minimum": 0},
                          "minItems": 2, "maxItems": 2,
                          "description": "[meld, card], each from 0: the card taken "
                                         "from the discard pile"},
         "going_out": {"type": "boolean",
                       "description": "The player goes out this turn: no bar"},
         "cards_played": {"type": "integer", "minimum": 0, "maximum": 200,
                          "description": "Announcing: cards played into the field so "
                                         "far this deal"},
         "took_discard": {"type": "boolean",
                          "description": "Announcing: the player just took the "
                                         "previous player's discard"},
         "indicator": INDICATOR},
        _object(valid={"type": "boolean"}, total={"type": "integer"},
                minimum={"type": "integer"}, melds={"type": "array", "items": MELD},
                reason={"type": "string"}), ("melds",)),
    "lay-off": Question(
        "Rule on adding cards to a meld on the table",
        {"meld": CARDS, "add": CARDS, "end": {"enum": ["low", "high"]},
         "going_out": {"type": "boolean"}, "one_card": {"type": "boolean"},
         "from_discard": {**TAKEN, "description": "Place (from 0) in add of the card "
                                                  "taken from the discard pile"},
         "discarder_melded": {"type": "boolean",
                              "description": "The player who discarded it has melded"},
         "indicator": INDICATOR},
        _object(valid={"type": "boolean"}, meld=CARDS, reason={"type": "string"},
                takes={"type": ["string", "null"]}), ("meld", "add")),
    "swap": Question(
        "Rule on taking a wild from a table meld by giving natural cards",
        {"meld": CARDS, "give": CARDS, "indicator": INDICATOR},
        _object(valid={"type": "boolean"}, takes={"type": ["string", "null"]},
                meld=CARDS, reason={"type": "string"}), ("meld", "give")),
    "hand": Question(
        "Check whether 15 cards go out as a full hand",
        {"cards": CARDS, "indicator": INDICATOR},
        _object(hand={"type": "boolean"}, melds={"type": "array", "items": CARDS},
                discard=CARDS, reason={"type": "string"}, bonuses=BONUSES), ("cards",)),
    "redeal": Question(
        "Rule on a redeal claim for identical pairs",
        {"cards": CARDS, "indicator": INDICATOR},
        _object(allowed={"type": "boolean"}, pairs=CARDS, wilds={"type": "integer"},
                reason={"type": "string"}), ("cards",)),
}
SCORE_ROUND = Question(
    "Score one round without storing it",
    {"players": {"type": "array", "items": {"type": "string"}},
     "teams": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
     **RESULT, "indicator": INDICATOR},
    _object(scores={"type": "object", "additionalProperties": {"type": "integer"}},
            team_scores={"type": "array", "items": {"type": "integer"}},
            finish=RESULT["finish"], bonuses=RESULT["bonuses"],
            winner_cards=CARDS, arrangement=ARRANGEMENT),
    ("players", "winner", "hands"))

#: A body each of Hand's questions accepts (docs/api.md), for clients and the fuzzer.
EXAMPLES: dict[str, Body] = {
    "meld": {"rules": "levant", "indicator": "7D", "cards": ["9C", "10C", "JC"]},
    "initial-meld": {"rules": "levant", "indicator": "7D",
                     "melds": [["9C", "10C", "JC"], ["QH", "QS", "QC"]]},
    "lay-off": {"rules": "levant", "indicator": "7D", "meld": ["9C", "10C", "JC"],
                "add": ["QC"]},
    "swap": {"rules": "levant", "indicator": "7D", "meld": ["9C", "AD", "JC"],
             "give": ["10C"]},
    "hand": {"rules": "levant", "indicator": "7S", "cards": [
        "10H", "JH", "QH", "KH", "AH", "2S", "2D", "2C", "5S", "5D", "5C", "8S", "8D", "8C",
        "4S"]},
    "redeal": {"rules": "levant", "indicator": "7S", "cards": [
        "2H", "2H", "3H", "3H", "4H", "4H", "5H", "5H", "6H", "7H", "8H", "9H", "10H", "JH"]},
    "round": {"rules": "levant", "players": ["Sami", "Rana", "Omar", "Lina"],
              "indicator": "7C", "winner": "Sami", "finish": "partial",
              "hands": {"Rana": {"melded": True, "points": 20}, "Omar": {"melded": False},
                        "Lina": {"melded": True, "cards": ["5H", "JK", "AC"]}}},
}


# Where the game stands in its rounds: a round is replayed when its deal is void, and a
# tie at the end plays another round (seed 001).
ROUNDS = {
    "starter": {"type": ["string", "null"], "description": "Who holds 15 cards next deal"},
    "round": {"type": ["integer", "null"], "description": "The round the next deal plays"},
    "attempt": {"type": ["integer", "null"],
                "description": "Which deal of that round (after redeals) comes next"},
    "rounds_to_play": {"type": ["integer", "null"]},
    "tie_break": {"type": "boolean", "description": "An extra round breaks a tie"}}


def part() -> OpenApiPart:
    """Hand's part, which scorekeeper/api/openapi.py merges."""
    return OpenApiPart(
        rules=RULES,
        referee=REFEREE,
        score_round=SCORE_ROUND,
        examples=EXAMPLES,
        outcomes=("scored", "redeal", "stock_exhausted"),
        deal={
            "indicator": CARD,
            "first_melds": {"type": "array", "items": {"type": "object", "properties": {
                "player": {"type": "string"}, "value": {"type": "integer"},
                "melds": {"type": "array", "items": CARDS, "description": "The melds laid, "
                          "for the referee to value and check against the bar in force "
                          "(instead of value, or with it)"}}}},
            **RESULT},
        line={"points": BY_NAME, "burned": NAMES, "indicator": CARD,
              "first_melds": FIRST_MELDS, **RESULT, "winner_cards": CARDS,
              "arrangement": ARRANGEMENT},
        state={"points": BY_NAME, "pot": {"type": "integer"}, "burned": NAMES,
               "outlook": OUTLOOK, **ROUNDS},
        state_required=tuple(ROUNDS),
    )
