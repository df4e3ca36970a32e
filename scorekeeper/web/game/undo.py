"""Undoing the last deal from the game's page: a route of the game pages' blueprint, kept
here to hold web/game/routes.py to recording and correcting. What the undone deal recorded goes
back into the form, to fix and save again."""

from __future__ import annotations

from flask import redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ...extensions import htmx
from ...games import kind_of_game
from ...i18n import say
from ...rulekit import RulesError
from ...storage import GameChanged, Stale, log_of, remove_last_deal
from ...trust import confirmations as trust
from . import conflicts
from .marks import me
from .routes import _deal_form, _game, bp, game_page


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> BaseResponse:
    # The CSRF token was checked before this view (scorekeeper.web.security).
    game = _game(game_id)
    if refused := conflicts.undo_refused(game, request.form.get("deal", "")):
        return game_page(game, error=refused, status=409)
    removed = log_of(game)[-1]
    try:
        state = remove_last_deal(game, request.form.get("version", ""), *trust.passed(
            trust.undoing(game, len(game.deals), me(game), request.form.get("reason"))))
    except RulesError as refusal:
        return game_page(game, error=say(refusal.message), status=422)
    except Stale as stale:
        return game_page(_game(game_id), error=conflicts.stale(game, stale), status=409)
    except GameChanged:
        return game_page(_game(game_id), error=conflicts.changed(), status=409)
    if htmx:
        # What the undone deal recorded goes back into the form, to fix and save again.
        kind = kind_of_game(game)
        form = _deal_form(kind, state.table, state.next_deal, record=removed)
        return game_page(game, form, state=state, restored=removed.number)
    return redirect(url_for("games.show", game_id=game.id))
