"""The choices a new game of Hand and Foot adds to the new-game form: its sides (seed 003,
"Introduction") and its house rules (docs/handfoot.md, "House rules"), the common ones in
plain words and the rest folded away. They become the JSON API's rules; the engine
validates them."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import Field, IntegerField, RadioField, StringField
from wtforms.validators import NumberRange, Optional, ValidationError

from scorekeeper.ui.forms import choices

from .rules import PRESET, partnership_sides, teams_of_three
from .rules.house import MOST_ROUNDS


def _minimums(form: Any, field: Field) -> None:
    if field.data and not all(part.isdigit() for part in field.data.replace(",", " ").split()):
        raise ValidationError(_l("Give one whole number per deal, such as 50 90 120 150."))


def setup_fields() -> dict[str, Field]:
    """The fields a game of Hand and Foot adds to the new-game form: its sides (seed 003,
    "Introduction") and its house rules."""
    return {
        "sides": RadioField(_l("Sides (Hand and Foot)"), default="opposite", choices=choices([
            ("opposite", _l("Partners opposite: two teams of two, or three teams of two "
                            "with six players")),
            ("threes", _l("Two teams of three, sitting alternately (six players)")),
            ("alone", _l("Everyone plays alone"))])),
        "hf_rounds": IntegerField(_l("Deals in a game"), validators=[
            Optional(), NumberRange(1, MOST_ROUNDS)]),
        "hf_minimums": StringField(_l("Opening meld at least, deal by deal"),
                                   validators=[Optional(), _minimums]),
        "hf_going_out": IntegerField(_l("Going out scores"),
                                     validators=[Optional(), NumberRange(0, 10000)]),
        "hf_red_three": IntegerField(_l("Each red three scores"),
                                     validators=[Optional(), NumberRange(0, 10000)]),
    }


#: The house rules' fields, in the order the new-game form shows them.
HOUSE_RULES = ("hf_rounds", "hf_minimums", "hf_going_out", "hf_red_three")


def rules_spec(form: Any, preset: str) -> dict[str, object]:
    """The rules the new-game form chose: seed 003's, with the house rules changed."""
    spec: dict[str, object] = {"preset": PRESET}
    for name, field in (("rounds", form.hf_rounds), ("going_out", form.hf_going_out),
                        ("red_three", form.hf_red_three)):
        if field.data is not None:
            spec[name] = field.data
    if form.hf_minimums.data:
        spec["minimums"] = [int(p) for p in form.hf_minimums.data.replace(",", " ").split()]
    return spec


def sides(form: Any, names: list[str]) -> list[list[str]] | None:
    """The sides the table chose; :class:`RulesError` when the players cannot make
    them."""
    if form.sides.data == "threes":
        return [list(side) for side in teams_of_three(names)]
    if form.sides.data == "alone":
        return None
    return [list(side) for side in partnership_sides(names)]
