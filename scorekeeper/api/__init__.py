"""JSON API, version 1, served under /api/v1 (the contract is shared/API.md; the
OpenAPI description is served at /api/v1/openapi.json).

Views here only translate between JSON and :mod:`scorekeeper.rules`: they read the body,
call one ruling and write its fields. Malformed input is a 400 with one sentence.
"""

from flask import Blueprint, jsonify, request
from werkzeug.exceptions import HTTPException

from ..i18n import say
from ..rules import RulesError
from ..rules.messages import N_, msg
from .payload import PayloadError

bp = Blueprint("api", __name__, url_prefix="/api/v1")


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


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException):
    # Under /api/v1 every answer is JSON, even an unknown path or a wrong method; pages
    # answer with a page. Both in the reader's language (scorekeeper.web.errors).
    from ..web import errors

    if not request.path.startswith(bp.url_prefix + "/"):
        return errors.page(error)
    return jsonify(error=errors.sentence(error)), error.code


from . import games, openapi, referee, rules_listing, scoring  # noqa: E402,F401  (routes)
