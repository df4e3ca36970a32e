"""The engine's sentences in the reader's language."""

import re

from flask_babel import get_locale, gettext

from .rules import Message

RIGHT_TO_LEFT = {"ar"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")
# FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE: the text between takes the direction of
# its own first letter, left to right when it has none (cards, numbers).
FSI, PDI = "\u2068", "\u2069"


def right_to_left() -> bool:
    """Whether the current request reads right to left."""
    locale = get_locale()
    return locale is not None and locale.language in RIGHT_TO_LEFT


def isolate(template: str) -> str:
    """*template* with each value set apart from the sentence around it. In an Arabic
    sentence a run of cards such as 5♥ 6♥ 7♥ would otherwise be laid out right to left
    (its digits and suits have no direction of their own): reversed, with each suit before
    its rank; and -30 would show as 30-."""
    return PLACEHOLDER.sub(lambda match: FSI + match.group() + PDI, template)


def say(message: Message) -> str:
    """*message* (a rule's reason or refusal) translated for the current request."""
    if right_to_left():
        return message.translate(lambda template: isolate(gettext(template)))
    return message.translate(gettext)
