"""The group pages' forms: a new group (its name and members, typed once), members added,
renamed, merged and removed, the group's PIN, and the season and the two members the
standings are asked for (read from the address, so a season is a link). They only
gather what was typed; the league's core (scorekeeper.league.groups,
scorekeeper.league.members) checks names and says what is wrong."""

from __future__ import annotations

import re
from datetime import date

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, RadioField, SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Optional, ValidationError

from ...i18n import say
from ...league import groups
from ...rulekit import RulesError
from ...ui.forms import Form, choices, pin_digits

#: Names typed in one box: one a line, or separated by commas (an Arabic keyboard's too).
SEPARATORS = re.compile(r"[\n\r,،]+")
#: More text than any group's names, refused before it is read.
LONGEST_LIST = 4000


def names_in(text: str | None) -> list[str]:
    """The names typed in a box, in the order typed, blanks left out."""
    return [name.strip() for name in SEPARATORS.split(text or "") if name.strip()]


def _group_name(form: FlaskForm, field: Field) -> None:
    try:
        field.data = groups.group_name(field.data or "")
    except RulesError as refusal:
        raise ValidationError(say(refusal.message)) from None


def _not_too_long(form: FlaskForm, field: Field) -> None:
    if len(field.data or "") > LONGEST_LIST:
        raise ValidationError(_l("That is more names than a group holds."))


class NewGroupForm(Form):
    name = StringField(_l("The group's name"), validators=[_group_name])
    members = TextAreaField(_l("Who plays (one name per line)"),
                            validators=[_not_too_long])
    pin = StringField(_l("PIN for changes (optional)"), validators=[Optional(), pin_digits])

    def validate_members(self, field: Field) -> None:
        if len(names_in(field.data)) < 2:
            raise ValidationError(_l("A group is at least two people: give their names, "
                                     "one per line."))


class MembersForm(Form):
    """New members, typed at once."""

    members = TextAreaField(_l("New members (one name per line)"),
                            validators=[_not_too_long])

    def validate_members(self, field: Field) -> None:
        if not names_in(field.data):
            raise ValidationError(_l("Type the name of who joins the group."))


class RenameForm(Form):
    """A member's new name: it follows into every game they sat in."""

    member = SelectField(_l("Member"), validate_choice=False,
                         validators=[InputRequired(_l("Choose who to rename."))])
    name = StringField(_l("New name"), validators=[
        InputRequired(_l("Type the member's new name."))])


class MergeForm(Form):
    """Two members who are one person (entered twice, by a typo): the first's games
    become the second's, and the first leaves the group."""

    gone = SelectField(_l("This member"), validate_choice=False,
                       validators=[InputRequired(_l("Choose the member entered twice."))])
    into = SelectField(_l("is the same person as"), validate_choice=False,
                       validators=[InputRequired(_l("Choose the member to keep."))])


class RemoveForm(Form):
    """A member who never played, to remove."""

    member = SelectField(_l("Member"), validate_choice=False,
                         validators=[InputRequired(_l("Choose who to remove."))])


class GroupPinForm(Form):
    """The PIN a group's changes then need."""

    pin = StringField(_l("PIN for changes"), validators=[
        InputRequired(_l("Type a PIN of 4 to 8 digits.")), pin_digits])


class AddGameForm(Form):
    """A game on this phone, to count for the group."""

    game = StringField(validators=[InputRequired()])


def _day(form: FlaskForm, field: Field) -> None:
    if field.data:
        try:
            field.data = date.fromisoformat(field.data.strip()).isoformat()
        except ValueError:
            raise ValidationError(_l("Give the date as year-month-day, like "
                                     "2026-11-22.")) from None


#: The seasons the standings are asked for.
PERIODS = (("month", _l("This month")), ("year", _l("This year")),
           ("all", _l("All time")), ("dates", _l("Dates")))


def _stripped(value: object) -> object:
    return value.strip() if isinstance(value, str) else value


class SeasonForm(Form):
    """The season and the head-to-head the standings show, from the address's query: the
    game, a period or dates, and two members."""

    class Meta:
        csrf = False  # a link, not a change

    game = StringField()
    season = RadioField(_l("Season"), choices=choices(PERIODS), default="year",
                        validators=[Optional()])
    # A day of spaces only is no day (a blank field sent as " "), not a bad one.
    since = StringField(_l("From"), validators=[Optional(), _day], filters=[_stripped])
    until = StringField(_l("To"), validators=[Optional(), _day], filters=[_stripped])
    a = SelectField(_l("Member"), validate_choice=False, validators=[Optional()])
    b = SelectField(_l("Against"), validate_choice=False, validators=[Optional()])

    def validate_until(self, field: Field) -> None:
        if (self.since.data and field.data and not self.since.errors
                and field.data < self.since.data):
            raise ValidationError(_l("The last day comes on or after the first."))
