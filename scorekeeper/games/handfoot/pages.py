"""Hand and Foot's part of the pages: what the shared page routes (scorekeeper/web/game/routes.py
and web/referee/routes.py) ask of a game — its new-game choices (sides, house rules), its deal
form turned into a deal and back, its sheet of sides, the context its templates
(templates/handfoot/) need, and its referee pages. It only translates between the form
and the engine."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

from scorekeeper.models import Game
from scorekeeper.ui.names import together

from ..pages import GamePages
from . import refpages
from .codec import deal_from_json
from .forms import STEPPERS, deal_form_class, fill_form, form_body
from .rules import PRESET, HandFootDeal, HandFootState, HandFootTable
from .rules.outlook import outlook
from .setup import SET_NAMES, rules_spec, setup_data, setup_fields, sides
from .sheet import contract_text, csv_rows, rules_summary, sheet_of


def _setup(form: Any, preset: str,
           names: list[str]) -> tuple[dict[str, object], bool, list[list[str]] | None]:
    return rules_spec(form, preset), False, sides(form, names)


def _deal_form(table: HandFootTable, data: Any) -> Any:
    return deal_form_class(table)(formdata=data)


def _ready(form: Any) -> bool:
    """Whether the preview has anything to show: not until the table says who went out
    (or that nobody did)."""
    return bool(form.went_out.data)


def _deal_from(form: Any, table: HandFootTable, number: int) -> HandFootDeal:
    return deal_from_json(form_body(form, table), number)


def _context(game: Game | None, state: HandFootState) -> dict[str, Any]:
    """What Hand and Foot's templates show besides the sheet: each side's name, the deal
    form's steppers, and before the last deal what would put each side in front."""
    return {"house": rules_summary(state.table.rules), "contract_text": contract_text,
            "names": [together(side) for side in state.table.units],
            "steppers": STEPPERS, "outlook": outlook(state)}


PAGES = GamePages[HandFootTable, HandFootDeal, HandFootState](
    preset_names=SET_NAMES, offered={PRESET: _l("Hand and Foot")},
    setup_fields=setup_fields, setup=_setup, setup_data=setup_data, deal_form=_deal_form,
    fill_form=fill_form, ready=_ready, deal_from=_deal_from, context=_context,
    sheet=sheet_of, csv_rows=csv_rows, scripts=("handfoot.js",), blueprint=refpages.bp,
    # Asked at Hand's standalone address, this game's own referee answers.
    referee=refpages.elsewhere, game_referee=refpages.for_game,
    ruling_to_keep=refpages.no_rulings,
    # Hand and Foot's own figures in a group's standings (league.figures).
    league_columns=(("piles.clean", _l("Clean piles")), ("piles.dirty", _l("Dirty piles")),
                    ("piles.wild", _l("Wild piles")),
                    ("red_threes_caught", _l("Red threes caught")),
                    ("average_deal_score", _l("Average deal score"))))
