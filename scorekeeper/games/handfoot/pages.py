"""Hand and Foot's part of the pages: what the shared page routes (scorekeeper/web/games.py
and web/referee.py) ask of a game — its new-game choices (sides, house rules), its deal
form turned into a deal and back, its sheet of sides, the context its templates
(templates/handfoot/) need, and its referee pages. It only translates between the form
and the engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, redirect, url_for
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.models import Game
from scorekeeper.ui.names import together
from scorekeeper.ui.sheet import Sheet

from . import refpages
from .codec import deal_from_json
from .forms import STEPPERS, deal_form_class, fill_form, form_body
from .rules import MOST_PLAYERS, PRESET, HandFootDeal, HandFootState, HandFootTable
from .rules.outlook import outlook
from .setup import SET_NAMES, rules_spec, setup_data, setup_fields, sides
from .sheet import contract_text, csv_rows, rules_summary, sheet_of


class HandFootPages:
    preset_names = SET_NAMES
    offered = {PRESET: _l("Hand and Foot")}
    most_players = MOST_PLAYERS
    blueprint = refpages.bp
    #: Hand and Foot's own figures in a group's standings (league.figures).
    league_columns = (("piles.clean", _l("Clean piles")), ("piles.dirty", _l("Dirty piles")),
                      ("piles.wild", _l("Wild piles")),
                      ("red_threes_caught", _l("Red threes caught")),
                      ("average_deal_score", _l("Average deal score")))

    # --- a new game ------------------------------------------------------------------

    def setup_fields(self) -> dict[str, Any]:
        return setup_fields()

    def setup(self, form: Any, preset: str,
              names: list[str]) -> tuple[dict[str, object], bool, list[list[str]] | None]:
        return rules_spec(form, preset), False, sides(form, names)

    def setup_data(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        return setup_data(rules)

    # --- the deal form ---------------------------------------------------------------

    def deal_form(self, table: HandFootTable, data: Any = None) -> Any:
        return deal_form_class(table)(formdata=data)

    def fill_form(self, form: Any, table: HandFootTable, deal: HandFootDeal) -> None:
        fill_form(form, table, deal)

    def ready(self, form: Any) -> bool:
        """Whether the preview has anything to show: not until the table says who went
        out (or that nobody did)."""
        return bool(form.went_out.data)

    def deal_from(self, form: Any, table: HandFootTable, number: int) -> HandFootDeal:
        return deal_from_json(form_body(form, table), number)

    def offer(self, refusal: Exception, form: Any, table: HandFootTable) -> int | None:
        return None  # nothing here is recorded as a player's mistake instead

    def retry(self, data: MultiDict[str, str],
              table: HandFootTable) -> tuple[MultiDict[str, str], str] | None:
        return None

    # --- the sheet -------------------------------------------------------------------

    def context(self, game: Game | None, state: HandFootState) -> dict[str, Any]:
        """What Hand and Foot's templates show besides the sheet: each side's name, the
        deal form's steppers, and before the last deal what would put each side in
        front."""
        return {"house": rules_summary(state.table.rules), "contract_text": contract_text,
                "names": [together(side) for side in state.table.units],
                "steppers": STEPPERS, "outlook": outlook(state)}

    def sheet(self, state: HandFootState, last: int | None = None) -> Sheet:
        return sheet_of(state, last)

    def csv_rows(self, state: HandFootState) -> list[list[Any]]:
        return csv_rows(state)

    def outcome_note(self, outcome: str | None) -> str:
        return ""  # every deal of Hand and Foot is scored

    # --- the referee -----------------------------------------------------------------

    def referee(self, check: str, preset: str,
                presets: Mapping[str, Any]) -> BaseResponse:
        """Asked at Hand's standalone address: this game's own referee answers."""
        return redirect(url_for("handfoot.standalone"))

    def game_referee(self, game: Game, state: HandFootState, check: str, locked: bool,
                     presets: Mapping[str, Any]) -> BaseResponse:
        return refpages.for_game(game, state, check)

    def ruling_to_keep(self, game: Game, state: HandFootState, form: Any, locked: bool,
                       presets: Mapping[str, Any]) -> Response | tuple[str, dict[str, Any]]:
        return refpages.no_rulings()
