"""A deal confirmed or disputed by the other side (docs/api.md, "Confirmed deals"): each a
change of the game made from the version the player saw (``If-Match``, as for
corrections), answered with the game's state."""

from __future__ import annotations

from flask import Response

from ..trust import confirmations as trust
from .blueprint import bp
from .games import _answer, _game, _seen
from .payload import body, refuse_unknown


@bp.post("/games/<game_id>/deals/<int:number>/confirm")
def confirm_deal(game_id: str, number: int) -> Response:
    game = _game(game_id, number)
    data = body()
    refuse_unknown(data, ("by", "version"))
    trust.confirm(game, number, data.get("by"), _seen(data))
    return _answer(game)


@bp.post("/games/<game_id>/deals/<int:number>/dispute")
def dispute_deal(game_id: str, number: int) -> Response:
    game = _game(game_id, number)
    data = body()
    refuse_unknown(data, ("by", "reason", "version"))
    trust.dispute(game, number, data.get("by"), data.get("reason"), _seen(data))
    return _answer(game)
