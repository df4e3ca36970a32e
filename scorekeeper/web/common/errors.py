"""HTTP errors on the pages: a page like the others, in the reader's language."""

from __future__ import annotations

from flask import make_response, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import lazy_gettext as _l
from werkzeug.exceptions import HTTPException

from ...statuses import sentence

TITLES = {404: _l("Page not found"), 500: _l("Server error")}


def page(error: HTTPException) -> ResponseReturnValue:
    """The error as a page; a redirect (also an HTTPException) goes through as it is."""
    if (error.code or 500) < 400:
        return error
    response = make_response(render_template(
        "error.html", title=TITLES.get(error.code or 500, _l("That did not work")),
        message=sentence(error), back=url_for("home.index")), error.code)
    # A 405 says which methods the address takes.
    if allow := error.get_response().headers.get("Allow"):
        response.headers["Allow"] = allow
    return response
