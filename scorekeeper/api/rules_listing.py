"""``GET /api/v1/rules``: every game's presets, their options and what every option
means."""

from flask import Response, jsonify

from ..games import games
from .blueprint import bp


@bp.get("/rules")
def rules() -> Response:
    presets: dict[str, object] = {}
    options: dict[str, object] = {}
    for kind in games():
        listing = kind.listing()
        presets |= listing["presets"]
        options |= listing["options"]
    return jsonify(presets=presets, options=options)
