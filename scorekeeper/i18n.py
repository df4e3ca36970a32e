"""The engine's sentences in the reader's language."""

from flask_babel import gettext

from .rules import Message


def say(message: Message) -> str:
    """*message* (a rule's reason or refusal) translated for the current request."""
    return message.translate(gettext)
