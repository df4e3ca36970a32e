"""JSON API, version 1, served under /api/v1 (the contract is shared/API.md; the
OpenAPI description is served at /api/v1/openapi.json).

Views here only translate between JSON and :mod:`scorekeeper.rules`: they read the body,
call one ruling and write its fields. Malformed input is a 400 with one sentence.
"""

from flask import Blueprint, jsonify, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from .. import pins
from ..codec import PayloadError
from ..extensions import csrf, db
from ..i18n import say
from ..models import Game
from ..rules import RulesError
from ..rules.messages import N_, msg
from ..statuses import sentence

PREFIX = "/api/v1"
bp = Blueprint("api", __name__, url_prefix=PREFIX)
# Through the API a wrong PIN is a 403 like a missing one.
PIN_STATUS = {pins.Attempt.WRONG: 403, pins.Attempt.LIMITED: 429}


def init_app(app) -> None:
    app.register_blueprint(bp)
    # API clients send no CSRF token: a JSON body is their proof (see json_only), and a
    # PIN game's changes take the PIN with every request.
    csrf.exempt(bp)


def serves(path: str) -> bool:
    """Whether *path* is the API's, so its errors are JSON even with no route matched."""
    return path.startswith(PREFIX + "/")


@bp.before_request
def pin_guard():
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
def json_only():
    # A body in any other type is refused before it is read: HTML forms on other sites can
    # post form-encoded or text/plain bodies without the browser asking first, never JSON.
    if request.method in ("POST", "PUT", "PATCH") and not request.is_json:
        return jsonify(error=say(msg(N_("Send the body as JSON, with the header "
                                         "Content-Type: application/json.")))), 415
    return None


@bp.errorhandler(RulesError)
@bp.errorhandler(PayloadError)
def bad_request(error):
    return jsonify(error=say(error.message)), 400


def http_error(error: HTTPException):
    """Under /api/v1 every answer is JSON, even an unknown path or a wrong method, in the
    reader's language (the factory sends the API's errors here)."""
    response = jsonify(error=sentence(error))
    response.status_code = error.code or 500
    # A 405 says which methods the address takes (RFC 9110).
    if allow := error.get_response().headers.get("Allow"):
        response.headers["Allow"] = allow
    return response


from . import games, openapi, referee, rules_listing, scoring  # noqa: E402,F401  (routes)
