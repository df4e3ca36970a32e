"""What every game's forms share: WTForms' choices, the first thing wrong with a form as
one line, and the table PIN's field check. A game's own forms live in its package; they
only gather what the table says, and the engine checks every rule."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from babel.support import NullTranslations, Translations
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import Field, IntegerField
from wtforms.fields.choices import SelectChoice
from wtforms.i18n import messages_path
from wtforms.validators import ValidationError
from wtforms.widgets import TextInput

from ..numbers import typed
from ..pins import normal_pin


@lru_cache(maxsize=16)
def _wtforms_messages(locale: str) -> NullTranslations:
    return Translations.load(messages_path(), [locale], domain="wtforms")


class Form(FlaskForm):
    """Every form of the app: a FlaskForm whose WTForms messages (its own sentences, such
    as a choice that is not one) come in the page's language from a catalogue read once
    per language — Flask-WTF reads it from disk again at every request, a few
    milliseconds of every page that shows a form (docs/performance.md)."""

    class Meta(FlaskForm.Meta):
        def get_translations(self, form: FlaskForm) -> NullTranslations:
            return _wtforms_messages(str(get_locale() or "en"))


class DigitsInput(TextInput):
    """A box for a whole number that takes the digits an Arabic keyboard types: a
    ``type="number"`` box drops them as they are typed (Chromium, whatever the page's
    language), and the deal was then saved without them. ``inputmode`` still brings up
    the phone's number pad; the server checks the number (:class:`WholeField`)."""

    def __call__(self, field: Field, **kwargs: object) -> Markup:
        kwargs.setdefault("inputmode", "numeric")
        kwargs.setdefault("autocomplete", "off")
        markup: Markup = super().__call__(field, **kwargs)
        return markup


class WholeField(IntegerField):
    """A whole number typed on a phone, read strictly (docs/security.md, "Numbers"): ASCII
    digits or those an Arabic keyboard types (٠–٩, ۰–۹), at most nine of them; a sign, an
    underscore, a space inside, another script's digits or a fraction is a field error,
    never a number WTForms' ``int()`` would have made of it (``+5``, ``1_0``, ``５``)."""

    widget = DigitsInput()

    def process_formdata(self, valuelist: list[str]) -> None:
        if not valuelist:
            return
        text = str(valuelist[0]).strip()
        if not text:
            self.data = None
            return
        self.data = typed(text)
        if self.data is None:
            if typed(text.lstrip("-−")) is not None:
                raise ValueError(_l("No minus sign here: type a whole number, in digits only."))
            raise ValueError(_l("Not a valid integer: type a whole number, in digits only."))


def choices(pairs: Iterable[tuple[str, object]]) -> list[SelectChoice]:
    """WTForms 3.3 takes choices as SelectChoice records, no longer as tuples."""
    return [SelectChoice(value, label) for value, label in pairs]


def pin_digits(form: FlaskForm, field: Field) -> None:
    if normal_pin(field.data) is None:
        raise ValidationError(_l("A PIN is 4 to 8 digits."))


def first_error(form: FlaskForm) -> str:
    """The first thing wrong with a deal form, named by its field, for the one-line
    preview."""
    if "csrf_token" in form and form.csrf_token.errors:
        return str(_l("This form has expired; reload the page and enter the deal again."))
    for field in form:
        if field.errors:
            return f"{field.label.text}: {field.errors[0]}"
    return ""
