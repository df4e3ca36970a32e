"""Numbers a client writes (a deal, a seat, a card's place, how many melds), read strictly:
ASCII digits only and not too many of them. ``str.isdigit`` would let "²" or "٣" through
to ``int``, which fails on the first and accepts the second, and ``int`` refuses a string
of over 4,300 digits; every route reads its numbers here instead, so a bad one is a clear
refusal (or the field's default), never a server error."""

from __future__ import annotations

import re

from werkzeug.routing import BaseConverter

# Nothing the app counts needs more than nine digits (the deal numbers, seats and points).
MOST_DIGITS = 9
_WHOLE = re.compile(rf"[0-9]{{1,{MOST_DIGITS}}}")


def whole(text: object) -> int | None:
    """The whole number *text* writes in ASCII digits, or None.

    >>> whole("12"), whole(" 7 "), whole("²"), whole("٣"), whole("1" * 5000), whole(None)
    (12, 7, None, None, None, None)
    """
    if not isinstance(text, str):
        return None
    text = text.strip()
    return int(text) if _WHOLE.fullmatch(text) else None


#: Digits an Arabic keyboard types (Arabic-Indic and Extended Arabic-Indic), read as ASCII.
ARABIC_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "0123456789" * 2)


def typed(text: object) -> int | None:
    """A whole number typed on a page's form: :func:`whole`, reading the digits an Arabic
    keyboard types as well (docs/security.md, "Numbers").

    >>> typed("٦٠"), typed("۱۲"), typed("５"), typed("+5")
    (60, 12, None, None)
    """
    return whole(text.translate(ARABIC_DIGITS)) if isinstance(text, str) else None


#: What a phone puts between groups of three digits: a comma, the Arabic thousands
#: separator, spaces (plain, no-break, thin). Never a decimal point ("." or "٫").
_GROUPING = re.compile(r"(?<=\d)[,٬\u0020\u00a0\u202f\u2009](?=\d{3}(?!\d))")


def signed(text: object) -> int | None:
    """A whole number typed on a page that may be below 0 (a running total): :func:`typed`
    after an optional minus sign ("-" or "−"), the groups of three digits a phone may
    separate read as one number.

    >>> signed("-500"), signed("−500"), signed("50,000"), signed("٥٠٬٠٠٠"), signed("1 500")
    (-500, -500, 50000, 50000, 1500)
    >>> signed("5,00"), signed("1.5"), signed("--5"), signed("")
    (None, None, None, None)
    """
    if not isinstance(text, str):
        return None
    text = text.strip()
    sign = -1 if text[:1] in ("-", "−") else 1
    number = typed(_GROUPING.sub("", text[1:] if sign < 0 else text))
    return None if number is None else sign * number


def whole_or(text: object, default: int) -> int:
    """:func:`whole`, or *default* when *text* writes no such number."""
    number = whole(text)
    return default if number is None else number


class WholeNumberConverter(BaseConverter):
    """``<int:...>`` in an address, strictly: ASCII digits only, at most
    :data:`MOST_DIGITS` of them. Werkzeug's own reads ``/deals/١`` as deal 1 (so an undo
    sent there undid deal 1); here anything else matches no route, a 404."""

    regex = rf"[0-9]{{1,{MOST_DIGITS}}}"
    weight = 50

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: object) -> str:
        return str(value)
