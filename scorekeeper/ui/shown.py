"""Numbers as the pages print them: a number below 0 with the minus sign (U+2212 "−"),
never the hyphen, on every page and in every part the pages send (issue 39, point 8: the
sheet said "-30" where its deal lines said "−30"). The forms read both back
(scorekeeper.numbers.signed)."""

from __future__ import annotations

import re

from markupsafe import Markup

MINUS = "\u2212"
# A hyphen-minus before a digit that starts a number (not inside a word, a date or an id).
_HYPHEN = re.compile(r"(?<![\w\-.])-(?=\d)")


def shown(value: object) -> object:
    """What a page's ``{{ … }}`` prints for *value*: a negative whole number with the
    minus sign, anything else as it is (Jinja's ``finalize``).

    >>> shown(-30), shown(30), shown(0), shown("-30"), shown(True)
    ('−30', 30, 0, '-30', True)
    """
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return f"{MINUS}{-value}"
    return value


def minus(text: str) -> str:
    """A sentence with its numbers below 0 written with the minus sign: for a sentence a
    page formats itself (``_("total %(t)d", t=-30)`` says "total -30").

    >>> minus("total -30, points -4, now -8"), minus("2026-12-06 · id ab-3c")
    ('total −30, points −4, now −8', '2026-12-06 · id ab-3c')
    """
    shown_text = _HYPHEN.sub(MINUS, str(text))
    return Markup(shown_text) if isinstance(text, Markup) else shown_text
