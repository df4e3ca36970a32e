"""The request's JSON body, read with one clear sentence for anything malformed; its
fields are read into the engine's values by :mod:`scorekeeper.codec`."""

from __future__ import annotations

import json

from flask import request

from ..codec import PayloadError
from ..jsontypes import Unchecked
from ..rulekit.messages import N_, msg


def refuse_unknown(data: Unchecked, known: tuple[str, ...]) -> None:
    """A body's field the address does not take is refused by name, not dropped: a
    misspelt one would otherwise leave out what it meant to say."""
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise PayloadError(msg(N_("Unknown field “%(field)s”; the body has %(fields)s."),
                               field=unknown[0][:60], fields=", ".join(known)))


def body() -> Unchecked:
    """The request's JSON object."""
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the parser goes; silent= catches only
        data = None         # ValueError
    if not isinstance(data, dict):
        raise PayloadError(msg(N_("The request body must be a JSON object.")))
    try:
        # JSON may spell half a UTF-16 pair ("\ud800"), which no answer or database can
        # hold: refuse it here rather than fail on the way out.
        json.dumps(data, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise PayloadError(msg(N_("The body holds text that is not valid Unicode (a lone "
                                  "surrogate such as \\ud800)."))) from None
    except RecursionError:
        raise PayloadError(msg(N_("The request body is nested too deeply."))) from None
    return data
