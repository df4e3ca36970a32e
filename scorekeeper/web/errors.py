"""HTTP errors (an unknown address, a wrong method, a server fault) in the reader's
language: a page like the others for the pages, one sentence for the JSON API, instead of
Werkzeug's English."""

from __future__ import annotations

from flask import make_response, render_template, url_for
from flask_babel import lazy_gettext as _l
from werkzeug.exceptions import HTTPException

SENTENCES = {
    400: _l("The request could not be read. Go back and try again."),
    403: _l("This is not open to you."),
    404: _l("There is nothing at this address. Check the link."),
    405: _l("This address does not take that kind of request."),
    413: _l("What was sent is too large."),
    415: _l("What was sent is not in a form this address reads."),
    429: _l("Too many tries: wait a minute, then try again."),
    500: _l("Something went wrong on the server. Try again."),
}
TITLES = {404: _l("Page not found"), 500: _l("Server error")}


def sentence(error: HTTPException) -> str:
    """What to tell the reader: a description the code gave the error itself (already in
    their language), else ours for its status."""
    if error.description and error.description != type(error).description:
        return str(error.description)
    code = error.code or 500
    return str(SENTENCES.get(code) or SENTENCES[500 if code >= 500 else 400])


def page(error: HTTPException):
    """The error as a page; a redirect (also an HTTPException) goes through as it is."""
    if (error.code or 500) < 400:
        return error
    response = make_response(render_template(
        "error.html", title=TITLES.get(error.code, _l("That did not work")),
        message=sentence(error), back=url_for("home.index")), error.code)
    # A 405 says which methods the address takes.
    if allow := error.get_response().headers.get("Allow"):
        response.headers["Allow"] = allow
    return response
