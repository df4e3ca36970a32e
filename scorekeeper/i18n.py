"""The engine's sentences in the reader's language."""

import re

from babel.support import NullTranslations
from flask import current_app
from flask_babel import get_locale, get_translations

from .rulekit import Message

RIGHT_TO_LEFT = {"ar"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")
# FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE: the text between takes the direction of
# its own first letter, left to right when it has none (cards, numbers).
FSI, PDI = "\u2068", "\u2069"


def catalogue() -> tuple[NullTranslations, bool]:
    """The current request's catalogue, and whether its language reads right to left.
    Flask-Babel finds the catalogue anew at each call (tens of microseconds, and a page
    asks fifty times): here it is kept by language, for each app."""
    locale = get_locale()
    language = str(locale)
    kept: dict[str, tuple[NullTranslations, bool]] = current_app.extensions.setdefault(
        "hand_catalogues", {})
    found = kept.get(language)
    if found is None:
        found = kept[language] = (get_translations(),
                                  locale is not None and locale.language in RIGHT_TO_LEFT)
    return found


def right_to_left() -> bool:
    """Whether the current request reads right to left."""
    return bool(catalogue()[1])


def isolate(template: str) -> str:
    """*template* with each value set apart from the sentence around it. In an Arabic
    sentence a run of cards such as 5♥ 6♥ 7♥ would otherwise be laid out right to left
    (its digits and suits have no direction of their own): reversed, with each suit before
    its rank; and -30 would show as 30-."""
    return PLACEHOLDER.sub(lambda match: FSI + match.group() + PDI, template)


def say(message: Message) -> str:
    """*message* (a rule's reason or refusal) translated for the current request."""
    translations, rtl = catalogue()
    if rtl:
        return message.translate(
            lambda template: isolate(translations.ugettext(template)),
            lambda one, many, n: isolate(translations.ungettext(one, many, n)))
    return message.translate(translations.ugettext, translations.ungettext)
