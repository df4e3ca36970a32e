"""Correcting a deal from its own page (or from a kept deal on the game's page): a route of
the game pages' blueprint, kept here to hold web/game/routes.py to the page and recording. The
correction is read as the deal form reads a new deal; a change by another phone
meanwhile is shown beside what was typed, which is offered again."""

from __future__ import annotations

from flask import abort, make_response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from jinja2_fragments.flask import render_block

from ... import deal_fields
from ...codec import PayloadError
from ...extensions import htmx
from ...games import kind_of_game
from ...i18n import say
from ...league.rematch import follow
from ...models import Game
from ...rulekit import RulesError
from ...storage import GameChanged, correct_deal, log_of, state_of, table_of, version_of
from ...trust import confirmations as trust
from ...ui.forms import first_error
from . import conflicts
from .marks import me, unnamed
from .routes import _context, _deal_form, _game, _result, bp, game_page
from .saved import Kept, line_of
from .typed import posted


@bp.route("/games/<game_id>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit(game_id: str, number: int) -> ResponseReturnValue:
    game = _game(game_id)
    kind = kind_of_game(game)
    table, log = table_of(game), log_of(game)
    if not 1 <= number <= len(log):
        if number == len(log) + 1 and _stale_post(game):
            # The deal was undone by another phone since this correction was opened: what
            # was typed is offered again, as that deal recorded anew.
            form = _deal_form(kind, table, 0, request.form)
            form.deal.data = str(number)
            return game_page(game, form, status=409,
                             form_error=conflicts.undone_meanwhile(number),
                             kept=Kept(None, None))
        abort(404)
    error = note = offer = theirs = None
    status = 200
    retried = kind.pages.retry(request.form, table)
    if retried is not None:
        data, note = retried
        form = _deal_form(kind, table, number, data)
    elif request.method == "POST":
        form = _deal_form(kind, table, number, request.form)
        status = 422
        if not form.validate():
            error = first_error(form)
        elif refused := unnamed(game):
            error = refused
        else:
            try:
                written = deal_fields.columns(deal_fields.from_form(request.form))
                state = correct_deal(game, kind.pages.deal_from(form, table, number),
                                     form.version.data or "", *trust.passed(trust.changing(
                                         game, number, me(game), request.form.get("reason"))
                                         .plus(written)))
                follow(game)
            except (RulesError, PayloadError) as refusal:
                error = say(refusal.message)
                offer = kind.pages.offer(refusal, form, table)
            except GameChanged as changed:
                # Nothing was saved: the typed correction is offered again against the
                # game as it now stands, with what changed and that deal as it is now.
                game = _game(game_id)
                if number > len(game.deals):
                    form.deal.data = str(number)
                    return game_page(game, form, status=409,
                                     form_error=conflicts.undone_meanwhile(number),
                                     kept=Kept(None, None))
                error = conflicts.correction_refused(game, changed)
                form.version.data = version_of(game)
                theirs = line_of(kind.pages.sheet(state_of(game), None), number)
                status = 409
            else:
                if htmx:
                    return game_page(game, state=state,
                                     result=_result(game, state, number, corrected=True))
                return redirect(url_for("games.show", game_id=game.id))
    else:
        form = _deal_form(kind, table, number, record=log[number - 1])
        form.version.data = version_of(game)
    state = state_of(game)
    context = _context(game, kind, state, form, whole=False) | dict(
        number=number, form_error=error, offer=offer, form_note=note, theirs=theirs,
        action=url_for("games.edit", game_id=game.id, number=number),
        typed=posted() if request.method == "POST" else deal_fields.of_record(
            game.deals[number - 1]))
    if htmx and not htmx.boosted:
        # A correction sent from the game's page (a kept deal made a correction) that is
        # refused: the correction form takes the page's place, still holding what was typed.
        response = make_response(render_block("games/edit.html", "content", **context),
                                 status)
        response.headers["HX-Retarget"] = "main"
        response.headers["HX-Reswap"] = "innerHTML show:#form-error:top"
        response.headers["HX-Push-Url"] = context["action"]
        response.headers["Vary"] = "HX-Request"
        return response
    return render_template("games/edit.html", **context), status


def _stale_post(game: Game) -> bool:
    """Whether this is a correction sent from a form opened on an older version of the
    game (so about a deal that was there then)."""
    seen = request.form.get("version", "")
    return request.method == "POST" and bool(seen) and seen != version_of(game)
