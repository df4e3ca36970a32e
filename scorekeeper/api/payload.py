"""Reading a JSON request body into the engine's values, with one clear sentence for
anything malformed."""

from __future__ import annotations

import json
from typing import Any

from flask import request

from ..rules import Card, Message, Rules, Wilds, parse_cards
from ..rules.messages import N_, msg


class PayloadError(ValueError):
    """A request body that is not what the endpoint takes."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


def body() -> dict[str, Any]:
    """The request's JSON object."""
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the parser goes; silent= catches only
        data = None         # ValueError
    if not isinstance(data, dict):
        raise PayloadError(msg(N_("The request body must be a JSON object.")))
    try:
        # JSON may spell half a UTF-16 pair ("\ud800"), which no answer or database can
        # hold: refuse it here rather than fail on the way out.
        json.dumps(data, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise PayloadError(msg(N_("The body holds text that is not valid Unicode (a lone "
                                  "surrogate such as \\ud800)."))) from None
    except RecursionError:
        raise PayloadError(msg(N_("The request body is nested too deeply."))) from None
    return data


def rules_of(data: dict[str, Any]) -> Rules:
    if "rules" not in data:
        raise PayloadError(msg(N_("Say which rules apply: “rules” is a preset name such as "
                                  "“levant”, or an object with a “preset” and options.")))
    return Rules.from_spec(data["rules"])


def wilds_of(data: dict[str, Any], rules: Rules) -> Wilds:
    """The deal's wilds from the body's ``indicator`` (ignored by forms without one)."""
    indicator = data.get("indicator")
    card = None if indicator is None else Card.parse(indicator)
    return Wilds.for_deal(rules, card if rules.uses_indicator else None)


def cards_of(data: dict[str, Any], field: str, *, required: bool = True) -> tuple[Card, ...]:
    if field not in data:
        if not required:
            return ()
        raise PayloadError(msg(N_("The field “%(field)s” is missing; give it as a list of "
                                  "cards like [\"9C\", \"10C\", \"JC\"]."), field=field))
    if not isinstance(data[field], list):
        raise PayloadError(msg(N_("The field “%(field)s” must be a list of cards like "
                                  "[\"9C\", \"10C\", \"JC\"]."), field=field))
    return parse_cards(data[field])


def flag_of(data: dict[str, Any], field: str) -> bool:
    value = data.get(field)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise PayloadError(msg(N_("The field “%(field)s” must be true or false."),
                               field=field))
    return value


def choice_of(data: dict[str, Any], field: str, choices: tuple[str, ...]) -> str | None:
    value = data.get(field)
    if value is not None and value not in choices:
        raise PayloadError(msg(N_("The field “%(field)s” must be one of %(choices)s."),
                               field=field, choices=", ".join(choices)))
    return value


def cards_out(cards) -> list[str]:
    return [str(c) for c in cards]
