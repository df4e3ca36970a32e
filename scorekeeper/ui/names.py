"""Players' names as pages put them together: a team or side, the winners. The joiner is
the reader's own word ("Lina & Omar", in Arabic "لينا وعمر"); the names stored and the
JSON API keep theirs."""

from __future__ import annotations

from collections.abc import Iterable

from flask_babel import gettext as _


def together(names: Iterable[str]) -> str:
    """*names* as one: "Ann & Cy & Ed", in Arabic each name after the first taking و."""
    joined = ""
    for name in names:
        joined = _("%(names)s & %(name)s", names=joined, name=name) if joined else name
    return joined
