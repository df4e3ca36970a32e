"""Players' names as the sheet shows them: a new game's names are written in one normal
form, and two names a player could not tell apart on the sheet are refused, as are marks
that hide or reverse what is written (docs/security.md). Only a new game's names are
checked; a game already stored keeps the names it was created with."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from .messages import N_, fail

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
    return " ".join(unicodedata.normalize("NFKC", name).split())


# A capital I, a small l and the digit 1 are one stroke in the sans-serif type phones use,
# as are a capital O and a zero. Case is set aside first, so a small i counts as a stroke
# too: "Rami" and "Raml" are refused together, a small price for "Ali" and "AIi".
STROKES = str.maketrans({"i": "l", "1": "l", "|": "l", "0": "o"})


def skeleton(name: str) -> str:
    """What a reader sees of *name*: case, direction marks, joiners and look-alike letters
    set aside. Two names with one skeleton cannot be told apart on the sheet.

    >>> skeleton("Ali") == skeleton("АLI") == skeleton("A\\u200dli") == skeleton("AIi")
    True
    >>> skeleton("Omar") == skeleton("0mar"), skeleton("Ali") == skeleton("Alia")
    (True, False)
    >>> skeleton("أحمد") == skeleton("احمد"), skeleton("فاطمة") == skeleton("فاطمه")
    (True, True)
    >>> skeleton("عَلِي") == skeleton("علي"), skeleton("José") == skeleton("Jose")
    (True, False)
    """
    # Decomposed, an Arabic letter's marks come apart from it and are dropped: vowel
    # marks and shadda, the hamza or madda over an alef ("أحمد" is "احمد" as people type
    # it). A Latin accent is seen ("José" and "Jose" are two names), so it is put back.
    seen = "".join(c for c in unicodedata.normalize("NFD", normal_name(name).casefold())
                   if unicodedata.category(c) != "Cf" and not _arabic_mark(c))
    return unicodedata.normalize("NFC", seen).translate(LOOK_ALIKES).translate(STROKES)


def _arabic_mark(c: str) -> bool:
    return unicodedata.category(c) == "Mn" and "\u0610" <= c <= "\u06ed"


def new_names(players: tuple[str, ...]) -> tuple[str, ...]:
    """The names of a new game's players in normal form; :class:`RulesError` for a name
    holding a mark that hides or reverses text, or two names that look the same."""
    out: list[str] = []
    seen: dict[str, str] = {}
    for given in players:
        name = normal_name(given)
        if any(c in HIDING for c in name):
            raise fail(N_("“%(name)s” holds an invisible or direction-reversing mark; type "
                          "the name again without it."), name=name)
        key = skeleton(name)
        # The same name twice is the table's own refusal (Table), in its own words.
        if key in seen and seen[key].casefold() != name.casefold():
            raise fail(N_("“%(first)s” and “%(second)s” look the same on the sheet; give "
                          "them names the table can tell apart."),
                       first=seen[key], second=name)
        seen.setdefault(key, name)
        out.append(name)
    return tuple(out)


LONGEST_NAME = 40


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
        if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
            # Tabs, line breaks and NUL bytes cannot be shown on the sheet (and a
            # PostgreSQL text column refuses NUL), nor half a UTF-16 pair stored;
            # direction marks are welcome.
            raise fail(N_("A name can hold letters, digits, spaces and signs, but no "
                          "control characters such as tabs or line breaks."))
        if name.casefold() in seen:
            raise fail(N_("Two players are called “%(name)s”; give them different "
                          "names."), name=name)
        seen.add(name.casefold())
