"""The JSON API's blueprint and what every one of its routes shares: the PIN guard, JSON
bodies only, and a refusal by the engine or the body's reader as a 400 with its sentence.
The routes (games, referee, scoring, rules, openapi) add themselves to :data:`bp`."""

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from .. import pins
from ..codec import PayloadError
from ..extensions import db
from ..i18n import say
from ..models import Game
from ..rules import RulesError
from ..rules.messages import N_, msg

PREFIX = "/api/v1"
bp = Blueprint("api", __name__, url_prefix=PREFIX)
# Through the API a wrong PIN is a 403 like a missing one.
PIN_STATUS = {pins.Attempt.WRONG: 403, pins.Attempt.LIMITED: 429}


@bp.before_request
def pin_guard() -> ResponseReturnValue | None:
    """Refuse a change to a PIN game without the PIN in ``X-Table-PIN``."""
    game_id = (request.view_args or {}).get("game_id")
    if game_id is None or request.method in ("GET", "HEAD", "OPTIONS"):
        return None
    game = db.session.get(Game, game_id)
    if game is None or game.pin_hash is None:
        return None  # the view answers 404, or anyone with the id may write
    if "X-Table-PIN" not in request.headers:
        return jsonify(error=_("This game has a table PIN: send it in the X-Table-PIN "
                               "header to change the game.")), 403
    outcome = pins.attempt(game, request.headers["X-Table-PIN"])
    if outcome is pins.Attempt.RIGHT:
        return None
    return jsonify(error=pins.refusal(outcome)), PIN_STATUS[outcome]


@bp.before_request
def json_only() -> ResponseReturnValue | None:
    # A body in any other type is refused before it is read: HTML forms on other sites can
    # post form-encoded or text/plain bodies without the browser asking first, never JSON.
    if request.method in ("POST", "PUT", "PATCH") and not request.is_json:
        return jsonify(error=say(msg(N_("Send the body as JSON, with the header "
                                         "Content-Type: application/json.")))), 415
    return None


@bp.errorhandler(RulesError)
@bp.errorhandler(PayloadError)
def bad_request(error: RulesError | PayloadError) -> ResponseReturnValue:
    return jsonify(error=say(error.message)), 400
