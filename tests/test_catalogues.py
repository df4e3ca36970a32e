"""The translation catalogues (scorekeeper/translations): the Arabic one holds every string
the code and the templates mark for translation, each translated, none left fuzzy, with
its placeholders intact and the game's terms of docs/glossary.md; and the app reads it.

A new string marked anywhere fails here until ``make messages`` brings it into the
catalogues and someone translates it.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from flask_babel import gettext

from scorekeeper.catalogues import TRANSLATIONS, extract

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
ARABIC = re.compile(r"[\u0600-\u06ff]")


def catalogue(language: str):
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=language)


def msgids(messages) -> set:
    return {m.id for m in messages if m.id}


def forms(message) -> tuple[str, ...]:
    """The translation, as a tuple of its plural forms (one for a plain message)."""
    return message.string if isinstance(message.string, tuple) else (message.string,)


def english(message) -> str:
    """The msgid (its plural form for a plural message)."""
    return message.id[-1] if isinstance(message.id, tuple) else message.id


@pytest.fixture(scope="module")
def arabic():
    return [m for m in catalogue("ar") if m.id]


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    """What the code marks today, extracted afresh."""
    with extract(tmp_path_factory.mktemp("pot") / "messages.pot").open("rb") as pot:
        return msgids(read_po(pot))


@pytest.mark.parametrize("language", ["ar", "en"])
def test_the_catalogues_hold_exactly_the_strings_the_code_marks(source, language):
    held = msgids(catalogue(language))
    new, gone = sorted(source - held, key=str), sorted(held - source, key=str)
    assert not new, (f"strings missing from the {language} catalogue (run `make messages`, "
                     "then translate them):\n" + "\n".join(map(str, new)))
    assert not gone, (f"strings no longer in the code, still in the {language} catalogue "
                      "(run `make messages`):\n" + "\n".join(map(str, gone)))


def test_every_arabic_string_is_translated(arabic):
    untranslated = [english(m) for m in arabic if not all(forms(m))]
    assert not untranslated, "untranslated:\n" + "\n".join(untranslated)


def test_no_arabic_translation_is_left_fuzzy(arabic):
    # `make messages` marks a guess from a similar old string fuzzy; the app ignores it.
    fuzzy = [english(m) for m in arabic if m.fuzzy]
    assert not fuzzy, "fuzzy, to check and unmark:\n" + "\n".join(fuzzy)


def test_arabic_translations_keep_every_placeholder(arabic):
    wrong = []
    for m in arabic:
        expected = sorted(PLACEHOLDER.findall(english(m)))
        for text in forms(m):
            found = sorted(PLACEHOLDER.findall(text))
            # A plural form may leave out the count ("one card" has no number).
            if found != expected and not (isinstance(m.id, tuple) and set(found) <= set(
                    expected)):
                wrong.append(f"{english(m)!r}: {expected} -> {text!r}: {found}")
    assert not wrong, "placeholders changed:\n" + "\n".join(wrong)


class Anything(dict):
    """Any value a placeholder asks for: a number fits both %(x)d and %(x)s."""

    def __missing__(self, key):
        return 7


def test_arabic_translations_format_without_error(arabic):
    # Templates always format what _() gives back (Jinja's new-style gettext), so a stray
    # "%" would break the page even in a sentence without placeholders.
    broken = []
    for m in arabic:
        for text in forms(m):
            try:
                text % Anything()
            except (ValueError, TypeError, KeyError) as error:
                broken.append(f"{text!r}: {error}")
    assert not broken, "\n".join(broken)


def test_arabic_translations_are_in_arabic(arabic):
    # Only names the same in both languages (CSV, JSON, JK) may stay in Latin letters.
    latin = [english(m) for m in arabic
             if re.search(r"[a-z]{2}", english(m)) and not all(map(ARABIC.search, forms(m)))]
    assert not latin, "left in English:\n" + "\n".join(latin)


# docs/glossary.md: each English term (a pattern) and what its Arabic must contain. Field
# names, quoted values and placeholders are left out of the English before looking.
GLOSSARY = {
    r"\bHand\b": "هاند",
    r"\bfull hands?\b": "هاند",
    r"\bdeals?\b": "وز",
    r"\bdealer\b": "موزّع",
    r"\brounds?\b": "جول",
    r"\bmelds?\b": "تركيب|نز",
    r"\bfirst meld": "نزول|نزوله",
    r"\bsequences?\b": "سلسل",
    r"\bgroups?\b": "مجموع",
    r"\bwilds?\b": "جوكر",
    r"\bjokers?\b": "جوكر",
    r"\bindicator\b": "كشف|كشوف",
    r"\baces?\b": "آص",
    r"\bsuits?\b": "شكل",
    r"\bcolour\b": "لون",
    r"\bstock\b": "الكومة",
    r"\bdiscard": "رم",
    r"\b(go|goes|going|went) out\b": "خلّص",
    r"\bredeal\b": "إعادة",
    r"\bpairs?\b": "زوج|أزواج",
    r"\bbonus\b": "مضاعف",
    r"\bannounc": "علن|علان",
    r"\bpartnerships?\b": "شراك",
    r"\bHareeqa\b": "حريق",
    r"\bburn": "حتر",
    r"\bpot\b": "الصندوق",
    r"\b(score )?sheet\b": "ورقة (ال)?حساب",
    r"\breferees?\b": "حَكَم|يحكم",
    r"\b(verdict|ruling)s?\b": "قرار",
    r"\bPINs?\b": "رمز|رموز",
    r"\btotals?\b": "مجموع",
}
QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"|\{[^}]*\}|\[[^\]]*\]|%\(\w+\)[sd]|\b\w+_\w+\b")


def test_arabic_uses_the_glossary_terms(arabic):
    astray = []
    for m in arabic:
        text = QUOTED.sub(" ", english(m))
        for term, arabic_term in GLOSSARY.items():
            if re.search(term, text, re.IGNORECASE if term.islower() else 0) and not all(
                    re.search(arabic_term, form) for form in forms(m)):
                astray.append(f"{term} / {arabic_term}: {english(m)!r} -> {forms(m)[0]!r}")
    assert not astray, "glossary term not used:\n" + "\n".join(astray)


def test_the_app_reads_every_arabic_translation(app, arabic):
    # Through Flask-Babel, as a page does: the compiled catalogue matches the .po.
    with app.test_request_context(headers={"Accept-Language": "ar"}):
        stale = [m.id for m in arabic if not isinstance(m.id, tuple)
                 and gettext(m.id) != m.string]
    assert not stale, "the compiled catalogue differs:\n" + "\n".join(stale)
