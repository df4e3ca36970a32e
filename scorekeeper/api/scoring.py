"""``POST /api/v1/score/round``: one round's scores, stored nowhere (docs/api.md,
"Scoring"), by the game of the body's ``rules``."""

from flask import Response, jsonify

from ..games import kind_asked
from .blueprint import bp
from .payload import body


@bp.post("/score/round")
def score() -> Response:
    data = body()
    return jsonify(kind_asked(data).score(data))
