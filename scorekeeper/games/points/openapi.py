"""A points sheet's part of the API's OpenAPI description (docs/api.md, "A plain points
sheet"): its rules and what its deals hold besides every game's fields. It has no referee
questions. scorekeeper/api/openapi.py merges every game's part."""

from __future__ import annotations

from ..openapi_part import OpenApiPart
from .rules import MOST_POINTS, OPTIONS, PRESET

RULES = {"type": "object", "required": ["preset"],
         "properties": {"preset": {"type": "string", "enum": [PRESET]}}
         | {name: o.schema() for name, o in OPTIONS.items()},
         "additionalProperties": False}
POINTS = {"type": "object", "description": "Points sheet: each side's points in the deal, "
          "by a player's name (or the side's, \"Ann & Cy\")",
          "additionalProperties": {"type": "integer", "minimum": -MOST_POINTS,
                                   "maximum": MOST_POINTS}}

# Each deal is a round, none is void and a tie is a shared win: attempt is 1 while the
# game runs and tie_break false, as in the other games' states, for clients that read them
# alike.
ROUNDS = {
    "starter": {"type": ["string", "null"], "description": "Who plays first next deal"},
    "round": {"type": ["integer", "null"], "description": "The next deal, as a round"},
    "attempt": {"type": ["integer", "null"]},
    "rounds_to_play": {"type": ["integer", "null"], "description": "Points sheet: the "
                       "deals the game plays, when played to a number of them"},
    "tie_break": {"type": "boolean"}}


def part() -> OpenApiPart:
    """The points sheet's part, which scorekeeper/api/openapi.py merges."""
    return OpenApiPart(rules=RULES, outcomes=("scored",), deal={"points": POINTS},
                       line={"points": POINTS},
                       state={"target": {"type": ["integer", "null"]}, **ROUNDS},
                       state_required=tuple(ROUNDS))
