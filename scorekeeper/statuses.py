"""HTTP errors (an unknown address, a wrong method, a server fault) as one sentence in the
reader's language, instead of Werkzeug's English: the pages show it on a page like the
others (scorekeeper.web.common.errors), the JSON API as its ``error`` (scorekeeper.api)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from werkzeug.exceptions import HTTPException

# Set in a request's environ by the server when it refused the body for its size, unread
# (scorekeeper/waitress_refusal.py): the app answers that refusal (413) in its own words.
BODY_REFUSED = "scorekeeper.body_refused"

SENTENCES = {
    400: _l("The request could not be read. Go back and try again."),
    403: _l("This is not open to you."),
    404: _l("There is nothing at this address. Check the link."),
    405: _l("This address does not take that kind of request."),
    413: _l("What was sent is too large."),
    414: _l("This address is too long."),
    415: _l("What was sent is not in a form this address reads."),
    429: _l("Too many tries: wait a minute, then try again."),
    500: _l("Something went wrong on the server. Try again."),
}


def sentence(error: HTTPException) -> str:
    """What to tell the reader: a description the code gave the error itself (already in
    their language), else ours for its status."""
    if error.description and error.description != type(error).description:
        return str(error.description)
    code = error.code or 500
    return str(SENTENCES.get(code) or SENTENCES[500 if code >= 500 else 400])
