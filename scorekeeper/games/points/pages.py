"""A points sheet's part of the pages: its new-game choices, its deal form turned into a
deal and back, its sheet, and what its templates (templates/points/) need. It has no
referee: the defaults of :class:`~scorekeeper.games.pages.GamePages` say so."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

from scorekeeper.models import Game
from scorekeeper.ui.names import together

from ..pages import GamePages
from .codec import deal_from_json
from .forms import (
    SIDES,
    deal_form_class,
    fill_form,
    form_body,
    ready,
    rules_spec,
    setup_data,
    setup_fields,
)
from .rules import PRESET, PointsDeal, PointsState, PointsTable
from .sheet import csv_rows, ending, sheet_of

NAMES = {PRESET: _l("Points sheet")}


def _setup(form: Any, preset: str,
           names: list[str]) -> tuple[dict[str, object], bool, list[list[str]] | None]:
    return rules_spec(form, preset), form[SIDES].data == "partners", None


def _deal_form(table: PointsTable, data: Any) -> Any:
    return deal_form_class(table)(formdata=data)


def _deal_from(form: Any, table: PointsTable, number: int) -> PointsDeal:
    return deal_from_json(form_body(form, table), number)


def _context(game: Game | None, state: PointsState) -> dict[str, Any]:
    """What its templates show besides the sheet: each side's name and how the game
    ends."""
    return {"names": [together(unit) for unit in state.table.units],
            "ending": ending(state.table.rules)}


PAGES = GamePages[PointsTable, PointsDeal, PointsState](
    preset_names=NAMES, offered=NAMES, setup_fields=setup_fields, setup=_setup,
    setup_data=setup_data, deal_form=_deal_form, fill_form=fill_form, ready=ready,
    deal_from=_deal_from, context=_context, sheet=sheet_of, csv_rows=csv_rows,
    # Its own figures in a group's standings (league.figures).
    league_columns=(("deals", _l("Deals")), ("average_points", _l("Average points")),
                    ("average_deal_points", _l("Average points per deal"))))
