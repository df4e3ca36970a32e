"""What the table types on a deal of any game besides its report (scorekeeper/deal_fields.py)
as the pages show and take it: the boxes at the end of every game's deal form
(templates/games/_deal_form_end.html), each deal's text under its number on the sheet,
the print and the CSV."""

from __future__ import annotations

from flask import Blueprint, request
from flask_babel import gettext

from ...deal_fields import DealField, Typed, deal_fields, shown
from ...models import Game
from ...storage import typed_of

bp = Blueprint("typed", __name__)


@bp.app_template_global()
def deal_field_list() -> tuple[DealField, ...]:
    return deal_fields()


@bp.app_template_global()
def typed_shown(game: object, number: int) -> tuple[tuple[str, str], ...]:
    """Deal *number*'s typed text, each with its label in the reader's language."""
    if not isinstance(game, Game):  # a part shown without its game
        return ()
    typed = typed_of(game)
    if not 1 <= number <= len(typed):
        return ()
    return shown_of(typed[number - 1])


def posted() -> dict[str, str]:
    """The fields as this request's deal form sent them, to show again after a refusal."""
    return {field.name: request.form.get(field.name, "") for field in deal_fields()}


def shown_of(typed: Typed) -> tuple[tuple[str, str], ...]:
    return tuple((gettext(field.label), text) for field, text in shown(typed))


def csv_rows(game: Game) -> list[list[object]]:
    """The deals holding typed text, below the sheet of a CSV: the deal, the field and
    the text."""
    rows: list[list[object]] = [[number, label, text]
                                for number, typed in enumerate(typed_of(game), start=1)
                                for label, text in shown_of(typed)]
    return [[], [gettext("Deal"), gettext("Written on it"), ""], *rows] if rows else []
