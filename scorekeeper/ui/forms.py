"""What every game's forms share: WTForms' choices, the first thing wrong with a form as
one line, and the table PIN's field check. A game's own forms live in its package; they
only gather what the table says, and the engine checks every rule."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import Field
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError

from ..pins import normal_pin


def choices(pairs: Iterable[tuple[str, Any]]) -> list[SelectChoice]:
    """WTForms 3.3 takes choices as SelectChoice records, no longer as tuples."""
    return [SelectChoice(value, label) for value, label in pairs]


def pin_digits(form: Any, field: Field) -> None:
    if normal_pin(field.data) is None:
        raise ValidationError(_l("A PIN is 4 to 8 digits."))


def first_error(form: Any) -> str:
    """The first thing wrong with a deal form, named by its field, for the one-line
    preview."""
    if "csrf_token" in form and form.csrf_token.errors:
        return str(_l("This form has expired; reload the page and enter the deal again."))
    for field in form:
        if field.errors:
            return f"{field.label.text}: {field.errors[0]}"
    return ""
