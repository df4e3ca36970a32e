"""Hand and Foot's deal form: per side, steppers for the piles and red threes, and the
points melded and left (typed, or the cards tapped in). It only gathers what the table
says; the answers become the JSON API's body and the engine rules on them. The new-game
choices are in :mod:`.setup`."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, RadioField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional

from .rules import HandFootDeal, HandFootTable
from .rules.scoring import COUNTS

#: The steppers of a side, with their labels.
STEPPERS = {
    "clean_piles": _l("Clean piles"),
    "dirty_piles": _l("Dirty piles"),
    "wild_piles": _l("Wild piles"),
    "red_threes": _l("Red threes laid"),
    "red_threes_caught": _l("Red threes caught"),
}
NOBODY = "none"
MOST_POINTS = 100000


def deal_form_class(table: HandFootTable) -> Any:
    """A deal form for this table: one block of fields per side."""
    choices = [SelectChoice(str(i), name) for i, name in enumerate(table.players)]
    choices.append(SelectChoice(NOBODY, _l("Nobody: the stock ran out")))

    class HandFootDealForm(FlaskForm):
        deal = HiddenField()
        version = HiddenField()
        went_out = RadioField(_l("Who went out?"), choices=choices, validate_choice=False)

    for i in range(len(table.units)):
        for name in COUNTS:
            setattr(HandFootDealForm, f"{name}_{i}", IntegerField(
                STEPPERS[name], validators=[Optional(), NumberRange(0, 99)], default=0))
        setattr(HandFootDealForm, f"melded_{i}", IntegerField(
            _l("Points melded"), validators=[Optional(), NumberRange(0, MOST_POINTS)]))
        setattr(HandFootDealForm, f"melded_cards_{i}", StringField(_l("or the cards melded")))
        setattr(HandFootDealForm, f"left_{i}", IntegerField(
            _l("Points left in hands and feet"),
            validators=[Optional(), NumberRange(0, MOST_POINTS)]))
        setattr(HandFootDealForm, f"left_cards_{i}", StringField(_l("or the cards left")))
    return HandFootDealForm


def form_body(form: Any, table: HandFootTable) -> dict[str, Any]:
    """The form's answers as the JSON API's body for the deal (docs/api.md, "Hand and
    Foot"): a seat becomes a name, the text of cards a list; a points box left empty
    with no cards counts nothing."""
    seat = form.went_out.data
    went_out = None
    if seat not in (None, "", NOBODY):
        index = int(seat) if str(seat).isdigit() else -1
        went_out = table.players[index] if 0 <= index < len(table.players) else str(seat)
    sides = []
    for i in range(len(table.units)):
        side: dict[str, Any] = {name: form[f"{name}_{i}"].data or 0 for name in COUNTS}
        for points, cards in (("melded", "melded_cards"), ("left", "left_cards")):
            text = (form[f"{cards}_{i}"].data or "").replace(",", " ").split()
            if text:
                side[cards] = text
            elif form[f"{points}_{i}"].data is not None:
                side[points] = form[f"{points}_{i}"].data
        sides.append(side)
    return {"outcome": "scored", "went_out": went_out, "sides": sides}


def fill_form(form: Any, table: HandFootTable, deal: HandFootDeal) -> None:
    """Put a recorded deal back into the form, to correct it."""
    form.went_out.data = NOBODY if deal.went_out is None else str(
        table.players.index(deal.went_out))
    for i, side in enumerate(deal.sides):
        for name in COUNTS:
            form[f"{name}_{i}"].data = getattr(side, name)
        for points, cards in (("melded", "melded_cards"), ("left", "left_cards")):
            form[f"{points}_{i}"].data = getattr(side, points)
            given = getattr(side, cards)
            form[f"{cards}_{i}"].data = "" if given is None else " ".join(map(str, given))
