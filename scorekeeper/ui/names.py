"""Players' names as pages put them together: a team or side, the winners. The joiner is
the reader's own word ("Lina & Omar", in Arabic "لينا وعمر"); the names stored and the
JSON API keep theirs."""

from __future__ import annotations

from collections.abc import Iterable

from flask_babel import gettext as _

from ..i18n import FSI, PDI, right_to_left


def together(names: Iterable[str]) -> str:
    """*names* as one: "Ann & Cy & Ed", in Arabic each name after the first taking و.
    On a right-to-left page each name is set apart (a Unicode isolate): "Alice وCathy"
    would otherwise be drawn in the order of its first letter's script, Alice on the left
    in a column header and on the right in a sentence (issue 39, point 3); isolated, both
    read from the right, in the page's order."""
    rtl = right_to_left()
    joined = ""
    for name in names:
        shown = f"{FSI}{name}{PDI}" if rtl else name
        joined = _("%(names)s & %(name)s", names=joined, name=shown) if joined else shown
    return joined
