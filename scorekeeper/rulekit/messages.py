"""Reasons a ruling gives, kept translatable without importing any i18n library.

A reason is a template marked with :func:`N_` plus the values to fill in, so the
web layer can look the template up in a catalogue and format it in the reader's
language, while ``str()`` gives the English sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

#: A translation function from template to template, such as Flask-Babel's ``gettext``.
Gettext = Callable[[str], str]
#: A plural translation function: (singular, plural, count) to template, as ``ngettext``.
Ngettext = Callable[[str, str, int], str]


def N_(template: str) -> str:
    """Mark *template* for extraction into the translation catalogues; return it unchanged."""
    return template


def english_plural(singular: str, plural: str, count: int) -> str:
    """English's choice between *singular* and *plural*; a catalogue has its language's."""
    return singular if count == 1 else plural


@dataclass(frozen=True)
class Message:
    """A sentence for the players: a ``%(name)s`` template and its values.

    >>> str(Message(N_("%(card)s is wild"), {"card": "A♣"}))
    'A♣ is wild'
    """

    template: str
    params: Mapping[str, object] = field(default_factory=dict)
    #: A sentence whose words follow a number: its plural template, and the value naming
    #: the number (``1 copy``, ``2 copies``; Arabic has six forms).
    plural: str | None = None
    count: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def __str__(self) -> str:
        return self.translate(lambda template: template)

    def translate(self, gettext: Gettext, ngettext: Ngettext = english_plural) -> str:
        """The sentence in the language of *gettext*, a function from template to template
        (and *ngettext*, its plural counterpart). Values that are messages themselves (or
        tuples of them) are translated too."""
        if self.plural is not None and self.count is not None:
            template = ngettext(self.template, self.plural, int(str(self.params[self.count])))
        else:
            template = gettext(self.template)
        if not self.params:
            return template
        return template % {key: _fill(value, gettext, ngettext)
                           for key, value in self.params.items()}


def _fill(value: object, gettext: Gettext, ngettext: Ngettext) -> object:
    if isinstance(value, Message):
        return value.translate(gettext, ngettext)
    if isinstance(value, tuple) and value and all(isinstance(v, Message) for v in value):
        return gettext(", ").join(v.translate(gettext, ngettext) for v in value)
    return value


def msg(template: str, **params: object) -> Message:
    """Shorthand for ``Message(template, params)``."""
    return Message(template, params)


class RulesError(ValueError):
    """Bad input to the rules engine: a card that does not parse, an unknown option, too
    many copies of a card. Carries a :class:`Message` so it can be translated."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


def fail(template: str, **params: object) -> RulesError:
    """A :class:`RulesError` built from a template; ``raise fail(...)``."""
    return RulesError(Message(template, params))


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a sentence's *singular* and *plural* templates for extraction; return both."""
    return singular, plural


def msg_count(templates: tuple[str, str], by: str, /, **params: object) -> Message:
    """A message whose words follow the number in *params[by]*, from the pair of
    templates :func:`N_plural` marks:
    ``msg_count(N_plural("%(n)d card", "%(n)d cards"), "n", n=2)``."""
    singular, plural = templates
    return Message(singular, params, plural, by)


def fail_count(templates: tuple[str, str], by: str, /, **params: object) -> RulesError:
    """A :class:`RulesError` whose words follow a number (see :func:`msg_count`)."""
    return RulesError(msg_count(templates, by, **params))
