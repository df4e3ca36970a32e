"""``POST /api/v1/score/round``: one round's scores, stored nowhere (docs/api.md,
"Scoring"), by the game of the body's ``rules``."""

from flask import Response, jsonify

from ..games import games, kind_asked
from .blueprint import bp
from .payload import body, refuse_unknown

#: The fields each game's round takes, as its part of the OpenAPI description lists them.
FIELDS = {kind.info.name: ("rules", *part.body)
          for kind in games() if (part := kind.openapi().score_round) is not None}


@bp.post("/score/round")
def score() -> Response:
    data = body()
    kind = kind_asked(data)
    refuse_unknown(data, FIELDS.get(kind.info.name, ("rules",)))
    return jsonify(kind.score(data))
