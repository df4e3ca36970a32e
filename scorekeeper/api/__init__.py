"""JSON API, version 1, served under /api/v1 (the contract is docs/api.md; the
OpenAPI description is served at /api/v1/openapi.json).

Views here only translate between JSON and the games' engines, which they reach through
the registry (:mod:`scorekeeper.games`): they read the body, call one ruling and write its
fields. Malformed input is a 400 with one sentence.
"""

from flask import Flask, Response, jsonify
from werkzeug.exceptions import HTTPException

from ..extensions import csrf
from ..statuses import sentence
from . import (  # noqa: F401  (routes)
    games,
    groups,
    nights,
    openapi,
    ratings,
    referee,
    rules_listing,
    scoring,
    trust,
)
from .blueprint import PREFIX, bp


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    # API clients send no CSRF token: a JSON body is their proof (see json_only), and a
    # PIN game's changes take the PIN with every request.
    csrf.exempt(bp)


def serves(path: str) -> bool:
    """Whether *path* is the API's, so its errors are JSON even with no route matched."""
    return path.startswith(PREFIX + "/")


def http_error(error: HTTPException) -> Response:
    """Under /api/v1 every answer is JSON, even an unknown path or a wrong method, in the
    reader's language (the factory sends the API's errors here)."""
    response = jsonify(error=sentence(error))
    response.status_code = error.code or 500
    # A 405 says which methods the address takes (RFC 9110).
    if allow := error.get_response().headers.get("Allow"):
        response.headers["Allow"] = allow
    return response
