"""Names as the pages show them — a player's, a member's, a group's, a night's: a new name
is written in one normal form, and two names a player could not tell apart on the sheet
are refused, as are control characters and marks that hide or reverse what is written
(docs/security.md), by one rule (:func:`shown_name`). Only new names are checked; a game
already stored keeps the names it was created with."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from .messages import N_, fail
from .text import has_control, one_line

# Marks that reorder or hide the text around them: an override (U+202E) would show
# "ilA" as "Ali", an invisible space would make "Ali" and "A\u200bli" two players.
HIDING = frozenset(
    "\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180e\u200b\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\u3164\ufeff\uffa0")
# Letters of other scripts drawn like Latin ones, and Persian letters drawn like Arabic
# ones: in a name they read as the letter they copy.
LOOK_ALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d",
    "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ё": "e",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ζ": "z", "μ": "m",
    # Persian and Urdu letters drawn as the Arabic ones
    "\u06cc": "\u064a", "\u06a9": "\u0643", "\u06c1": "\u0647", "\u0649": "\u064a",
    # The stretching tatweel lengthens a stroke and is no letter.
    "\u0640": None,
    # Alef wasla is written as a plain alef, and a taa marbuta is often typed as a haa:
    # "فاطمه" is Fatima as surely as "فاطمة". (Hamzas and madda over an alef, and vowel
    # marks, are set apart with the other combining marks: skeleton.)
    "\u0671": "\u0627", "\u0629": "\u0647",
    # Digits of other scripts
    "\u0660": "0", "\u0661": "1", "\u0662": "2", "\u0663": "3", "\u0664": "4",
    "\u0665": "5", "\u0666": "6", "\u0667": "7", "\u0668": "8", "\u0669": "9",
    "\u06f0": "0", "\u06f1": "1", "\u06f2": "2", "\u06f3": "3", "\u06f4": "4",
    "\u06f5": "5", "\u06f6": "6", "\u06f7": "7", "\u06f8": "8", "\u06f9": "9",
})


def normal_name(name: str) -> str:
    """*name* in the form it is kept: compatibility characters written plainly (NFKC:
    full-width "Ａli" is "Ali"), spaces trimmed and runs of them made one.

    >>> normal_name("  Ａli   Hassan ")
    'Ali Hassan'
    """
    return one_line(unicodedata.normalize("NFKC", name))


# Capitals of other scripts drawn like Latin ones, for the reading that keeps letter case
# (a capital nu is an N, where a small one is a v).
CAPITAL_LOOK_ALIKES = str.maketrans({
    # Cyrillic
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ӏ": "I",
    "Ё": "E",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
})
# A capital I, a small l, the digit 1 and a bar are one stroke in the sans-serif type
# phones use, as are a capital O and a zero. Only in the reading that keeps letter case:
# a small i has its dot and a capital L its foot, so "Ali" and "All", "Player I" and
# "Player L" are told apart.
STROKES = str.maketrans({"I": "l", "1": "l", "|": "l", "0": "O"})


def skeletons(name: str) -> tuple[str, str]:
    """What a reader sees of *name*, two ways: letter case set aside, and letter case kept
    with the strokes that look alike made one. Both set aside direction marks, joiners,
    Arabic vowel marks and letters of other scripts drawn alike. Two names sharing either
    reading cannot be told apart on the sheet (:func:`look_alike`)."""
    # Decomposed, an Arabic letter's marks come apart from it and are dropped: vowel
    # marks and shadda, the hamza or madda over an alef ("أحمد" is "احمد" as people type
    # it). A Latin accent is seen ("José" and "Jose" are two names), so it is put back.
    seen = "".join(c for c in unicodedata.normalize("NFD", normal_name(name))
                   if unicodedata.category(c) != "Cf" and not _arabic_mark(c))
    seen = unicodedata.normalize("NFC", seen).translate(CAPITAL_LOOK_ALIKES)
    return (seen.casefold().translate(LOOK_ALIKES),
            seen.translate(LOOK_ALIKES).translate(STROKES))


def look_alike(first: str, second: str) -> bool:
    """Whether a reader could take *first* for *second* on the sheet (the same name in
    another letter case included).

    >>> all(look_alike("Ali", other) for other in ("АLI", "A\u200dli", "AIi", "ali"))
    True
    >>> look_alike("Omar", "0mar"), look_alike("Ali", "Alia"), look_alike("Ali", "All")
    (True, False, False)
    >>> look_alike("Player I", "Player l"), look_alike("Player I", "Player L")
    (True, False)
    >>> look_alike("أحمد", "احمد"), look_alike("فاطمة", "فاطمه"), look_alike("محمد", "محمود")
    (True, True, False)
    >>> look_alike("عَلِي", "علي"), look_alike("José", "Jose"), look_alike("Bill", "Bili")
    (True, False, False)
    """
    return any(a == b for a, b in zip(skeletons(first), skeletons(second), strict=True))


def _arabic_mark(c: str) -> bool:
    return unicodedata.category(c) == "Mn" and "\u0610" <= c <= "\u06ed"


LONGEST_NAME = 40
# Tabs, line breaks and NUL bytes cannot be shown on the sheet (and a PostgreSQL text
# column refuses NUL), nor half a UTF-16 pair stored; direction marks are welcome.
_CONTROL_IN_NAME = N_("A name can hold letters, digits, spaces and signs, but no control "
                      "characters such as tabs or line breaks.")


def shown_name(name: str) -> None:
    """Raise :class:`RulesError` unless *name* (in normal form) shows as it is written:
    no control character, no mark that hides or reverses text. The one rule for every
    new name: players', members', groups' and nights'."""
    if has_control(name):
        raise fail(_CONTROL_IN_NAME)
    if any(c in HIDING for c in name):
        # Named without its marks: an override would reverse the sentence naming it.
        raise fail(N_("“%(name)s” holds an invisible or direction-reversing mark; type "
                      "the name again without it."),
                   name="".join(c for c in name if c not in HIDING))


def new_names(players: tuple[str, ...]) -> tuple[str, ...]:
    """The names of a new game's players in normal form; :class:`RulesError` for a name
    :func:`shown_name` refuses, or two names that look the same."""
    out: list[str] = []
    seen: tuple[dict[str, str], dict[str, str]] = ({}, {})
    for given in players:
        name = normal_name(given)
        shown_name(name)
        for key, names in zip(skeletons(name), seen, strict=True):
            # The same name twice is the table's own refusal (Table), in its own words.
            if key in names and names[key].casefold() != name.casefold():
                raise fail(N_("“%(first)s” and “%(second)s” look the same on the sheet; "
                              "give them names the table can tell apart."),
                           first=names[key], second=name)
            names.setdefault(key, name)
        out.append(name)
    return tuple(out)


def check_names(players: Sequence[object], longest: int = LONGEST_NAME) -> None:
    """Raise :class:`RulesError` unless every player has a name the sheet can show (at
    most *longest* characters), and no two share one (letter case aside)."""
    seen = set()
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise fail(N_("Every player needs a name."))
        if len(name) > longest:
            raise fail(N_("Keep names to %(count)d characters: “%(name)s” is longer."),
                       count=longest, name=name[:longest] + "…")
        if has_control(name):
            raise fail(_CONTROL_IN_NAME)
        if name.casefold() in seen:
            raise fail(N_("Two players are called “%(name)s”; give them different "
                          "names."), name=name)
        seen.add(name.casefold())
