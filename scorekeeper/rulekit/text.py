"""Free text a person types — a name, the reason for a dispute or for changing a confirmed
deal — read by one rule wherever it comes in (docs/security.md, "Forms, input and
output"). White space of any kind, tabs and line breaks included, is read as one space
between words; any other control character is refused. A NUL byte is the reason: a
PostgreSQL text column refuses it (the request failed), SQLite stored it, and a game
holding it could then not be restored from its export. Nothing a person means to write
is a control character."""

from __future__ import annotations

import unicodedata

from .messages import fail

# Control characters (Cc: NUL, escape, a backspace...) and half a UTF-16 pair (Cs), which
# no database or answer can hold. Format characters (Cf) are not among them: direction
# marks are welcome in Arabic text; names refuse the ones that hide or reverse text on
# their own (scorekeeper/rulekit/names.py).
CONTROLS = frozenset(("Cc", "Cs"))


def one_line(text: str) -> str:
    """*text* as it is kept: trimmed, each run of white space (a tab, a line break) made
    one space.

    >>> one_line("  Caro had\\t40,\\r\\nnot 30 ")
    'Caro had 40, not 30'
    """
    return " ".join(text.split())


def has_control(text: str) -> bool:
    """Whether *text* holds a control character.

    >>> has_control("Ali"), has_control("A\\x00li"), has_control("A\\x1bli")
    (False, True, True)
    >>> has_control("\\u200fعلي"), has_control("A\\ud800")
    (False, True)
    """
    return any(unicodedata.category(c) in CONTROLS for c in text)


def plain_text(text: str, refusal: str) -> str:
    """*text* on one line (:func:`one_line`); :class:`RulesError` with *refusal* (a
    template marked with ``N_``) if it holds a control character."""
    kept = one_line(text)
    if has_control(kept):
        raise fail(refusal)
    return kept
