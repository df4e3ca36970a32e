"""A Hand and Foot game's pages: the sheet of sides, the deal form and its preview, the
correction form, the printed sheet and the CSV. The game routes of :mod:`.games` hand a
game of that preset here; like them, these views only translate between HTTP and the
engine (scorekeeper.rules.handfoot)."""

from __future__ import annotations

import csv
import io

from flask import Response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from jinja2_fragments.flask import render_block
from markupsafe import Markup

from ..codec import PayloadError
from ..extensions import htmx
from ..footcodec import foot_deal_from_json
from ..i18n import say
from ..models import Game
from ..numbers import whole_or
from ..rules import RulesError
from ..rules.handfoot import FootState, FootTable, replay, side_name
from ..storage import (
    DealConflict,
    GameChanged,
    Stale,
    add_deal,
    correct_deal,
    log_of,
    state_of,
    table_of,
    version_of,
)
from . import conflicts, device, live
from .footforms import STEPPERS, fill_foot_form, foot_body, foot_form_class
from .forms import first_error
from .labels import PRESET_NAMES
from .picker import DECK
from .sheet import Sheet
from .sheet import csv_cell as _cell


def _form(table: FootTable, number: int, data=None, record=None):
    form_class = foot_form_class(table)
    form = form_class(formdata=data) if data is not None else form_class(formdata=None)
    if data is None:
        form.deal.data = str(number)
        if record is not None:
            fill_foot_form(form, table, record)
    return form


def _context(game: Game, state: FootState, form) -> dict:
    return dict(game=game, state=state, table=state.table, form=form,
                undo_form=FlaskForm(), say=say, live=live.for_game(game),
                version=version_of(game), deck=DECK, steppers=STEPPERS, kept=[],
                sheet=Sheet.of(state),
                names=[side_name(side) for side in state.table.units],
                preset_name=PRESET_NAMES["hand_and_foot"])


def page(game: Game, form=None, error=None, status=200, form_error=None, state=None):
    """The game's page (or its HTMX part)."""
    state = state or state_of(game)
    if state.finished:
        form, error = None, error or form_error
    fresh = form is None and not state.finished
    if fresh:
        form = _form(state.table, state.next_deal)
    locked = device.locked(game)
    context = _context(game, state, form) | dict(error=error, form_error=form_error,
                                                 locked=locked)
    context["live_part"] = live.part(game, state, context["live"], editable=not locked)
    if form is not None and not locked:
        def record() -> str:
            return render_template("foot/_record.html", **context)
        # The next deal's empty form, as this version of the game starts it, is rendered
        # once and kept like Hand's (web/live.py); a form sent back with errors is not.
        context["record_part"] = (live.kept(("foot-record", context["live"].etag), record)
                                  if fresh else Markup(record()))
    block = "game" if htmx and not htmx.boosted else None
    html = (render_block("games/show.html", block, **context) if block
            else render_template("games/show.html", **context))
    response = Response(html, status)
    response.headers["Vary"] = "HX-Request"
    return device.remember(response, game.id)


def _deal(form, table: FootTable, number: int):
    return foot_deal_from_json(foot_body(form, table), number)


def preview(game: Game):
    table, log = table_of(game), log_of(game)
    form = _form(table, 0, request.form)
    number = min(max(whole_or(form.deal.data, len(log) + 1), 1), len(log) + 1)
    if not form.went_out.data:
        return ""  # nothing to show until the table says who went out
    if not form.validate():
        return render_template("foot/_preview.html", error=first_error(form))
    try:
        state = replay(table, [*log[:number - 1], _deal(form, table, number),
                               *log[number:]])
    except (RulesError, PayloadError) as refusal:
        return render_template("foot/_preview.html", error=say(refusal.message))
    return render_template("foot/_preview.html", line=state.deals[number - 1], state=state,
                           names=[side_name(side) for side in table.units])


def record(game: Game):
    table = table_of(game)
    form = _form(table, 0, request.form)
    if not form.validate():
        return page(game, form, status=422, form_error=first_error(form))
    try:
        add_deal(game, _deal(form, table, whole_or(form.deal.data, 0)))
    except (RulesError, PayloadError) as refusal:
        return page(game, form, status=422, form_error=say(refusal.message))
    except DealConflict as conflict:
        response = page(game, None, conflicts.recorded(conflict), 409)
        response.headers["X-Already-Recorded"] = "true" if conflict.repeat else "false"
        return response
    if htmx:
        return page(game)
    return redirect(url_for("games.show", game_id=game.id))


def edit(game: Game, number: int, refetch):
    table, log = table_of(game), log_of(game)
    error = None
    if request.method == "POST":
        form = _form(table, number, request.form)
        if not form.validate():
            error = first_error(form)
        else:
            try:
                correct_deal(game, _deal(form, table, number), form.version.data or "")
            except (RulesError, PayloadError) as refusal:
                error = say(refusal.message)
            except Stale as stale:
                return page(refetch(), error=conflicts.stale(game, stale), status=409)
            except GameChanged:
                return page(refetch(), error=conflicts.changed(), status=409)
            else:
                return redirect(url_for("games.show", game_id=game.id))
    else:
        form = _form(table, number, record=log[number - 1])
        form.version.data = version_of(game)
    state = state_of(game)
    return render_template(
        "games/edit.html", **_context(game, state, form), number=number, form_error=error,
        deal_form="foot/_deal_form.html",
        action=url_for("games.edit", game_id=game.id, number=number)), (
        422 if request.method == "POST" else 200)


def printed(game: Game, state: FootState, back_url: str) -> str:
    return render_template("foot/print.html", **_context(game, state, None),
                           back_url=back_url)


def csv_download(game: Game, state: FootState, name: str) -> Response:
    """The sheet as CSV: a row per deal, each side's score and its parts, then totals."""
    table = state.table
    names = [side_name(side) for side in table.units]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_("Deal"), _("Dealer"), _("Minimum"), _("Went out"),
                     *map(_cell, names)])
    for line in state.deals:
        writer.writerow([line.number, _cell(line.dealer), line.minimum,
                         _cell(line.went_out or _("nobody (stock ran out)")),
                         *[s.total for s in line.scores]])
    writer.writerow([_("Total"), "", "", "", *state.team_totals])
    return Response(out.getvalue(), mimetype="text/csv", headers={
        "Content-Disposition": f"attachment; filename=hand-{name}.csv"})
