"""A points sheet's forms: what it adds to the new-game form (its sides, where it ends, who
wins) and its deal form (each side's points, typed, below 0 too). They only gather what
the table says; the answers become the JSON API's body, and the engine rules on them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import Field, HiddenField, RadioField, StringField
from wtforms.validators import NumberRange, Optional, ValidationError

from scorekeeper.numbers import signed
from scorekeeper.ui.forms import Form, WholeField, choices

from .rules import OPTIONS, PRESET, PointsDeal, PointsTable, side_name

#: The new-game form's fields, named apart from the other games' (one form holds them all).
SIDES, TARGET, DEALS, WINS = "points_sides", "points_target", "points_deals", "points_wins"


def _bound(name: str) -> NumberRange:
    option = OPTIONS[name]
    return NumberRange(option.low, option.high)


def setup_fields() -> dict[str, Field]:
    """Its sides, where the game ends and who wins it."""
    return {
        SIDES: RadioField(_l("Sides (points sheet)"), default="alone", choices=choices([
            ("alone", _l("Everyone plays alone")),
            ("partners", _l("Two sides of partners, sitting alternately (4, 6 or 8 "
                            "players)"))])),
        TARGET: WholeField(_l("Play to (points)"), validators=[Optional(), _bound("target")]),
        DEALS: WholeField(_l("or for a number of deals"),
                          validators=[Optional(), _bound("deals")]),
        WINS: RadioField(_l("Who wins"), default="highest", choices=choices([
            ("highest", _l("The highest total")), ("lowest", _l("The lowest total"))])),
    }


def rules_spec(form: Any, preset: str) -> dict[str, object]:
    """The rules the form chose, as the JSON API takes them; neither a target nor a number
    of deals: the preset's own end."""
    spec: dict[str, object] = {"preset": PRESET, "lowest_wins": form[WINS].data == "lowest"}
    if form[TARGET].data is not None or form[DEALS].data is not None:
        spec |= {"target": form[TARGET].data, "deals": form[DEALS].data}
    return spec


def setup_data(rules: Mapping[str, Any]) -> dict[str, Any]:
    """The form's fields holding *rules* as stored: a group's usual ones offered again."""
    return {"preset": PRESET, TARGET: rules.get("target"), DEALS: rules.get("deals"),
            WINS: "lowest" if rules.get("lowest_wins") else "highest"}


def _points(form: Any, field: Field) -> None:
    text = (field.data or "").strip()
    if text and signed(text) is None:
        raise ValidationError(_l("Type a whole number, with a minus sign if it is below 0."))


def deal_form_class(table: PointsTable) -> Any:
    """A deal form for this table: one points box per side."""

    class PointsDealForm(Form):
        deal = HiddenField()
        version = HiddenField()

    for i, unit in enumerate(table.units):
        setattr(PointsDealForm, f"points_{i}",
                StringField(side_name(unit), validators=[_points]))
    return PointsDealForm


def ready(form: Any) -> bool:
    """Whether the preview has anything to show: once a box holds a number."""
    return any(signed(field.data or "") is not None
               for name, field in form._fields.items() if name.startswith("points_"))


def form_body(form: Any, table: PointsTable) -> dict[str, Any]:
    """The form's answers as the JSON API's body: each side's points by its name; a box
    left empty, or not a number, is passed on as it is for the engine to name."""
    points: dict[str, Any] = {}
    for i, unit in enumerate(table.units):
        text = (form[f"points_{i}"].data or "").strip()
        if text:
            value = signed(text)
            points[side_name(unit)] = text if value is None else value
    return {"points": points}


def fill_form(form: Any, table: PointsTable, deal: PointsDeal) -> None:
    """Put a recorded deal back into the form, to correct it."""
    for name, points in deal.points:
        unit = table.unit_named(name)
        if unit is not None:
            form[f"points_{unit}"].data = str(points)
