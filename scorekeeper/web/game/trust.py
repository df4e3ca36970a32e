"""The other side's actions on the pages (docs/trust.md): "I am …" (the phone remembers
who records from it), Confirm and Dispute on a deal. Each turns a form into a call of
scorekeeper/trust/confirmations.py; a refusal shows the game's page with what is wrong.
Confirming and disputing need no table PIN: they are the other side's, on their own phone
or on the one handed across."""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, abort, redirect, request, session, url_for
from flask.typing import ResponseReturnValue

from ...i18n import say
from ...models import Game
from ...rulekit import RulesError
from ...storage import GameChanged, Stale, load
from ...trust import confirmations as trust
from . import conflicts
from .routes import game_page

bp = Blueprint("trust", __name__)

#: The games a phone remembers who it is for (the newest kept).
REMEMBERED = 30


def _game(game_id: str) -> Game:
    game = load(game_id)
    if game is None:
        abort(404)
    return game


def _back(game: Game) -> ResponseReturnValue:
    return redirect(url_for("games.show", game_id=game.id) + "#trust", 303)


@bp.post("/games/<game_id>/me")
def set_me(game_id: str) -> ResponseReturnValue:
    """"I am …": the phone remembers who records from it at this table."""
    game = _game(game_id)
    try:
        seat = trust.seat_named(game, request.form.get("name"), "name")
    except RulesError as refusal:
        return _refused(game, say(refusal.message), 422)
    kept = {k: v for k, v in session.get("me", {}).items() if k != game.id}
    session["me"] = dict(list(kept.items())[-(REMEMBERED - 1):]) | {game.id: seat}
    # Said on a correction's page: back to that correction, now the phone may make it.
    deal = request.form.get("deal", "")
    if deal.isascii() and deal.isdigit() and 1 <= int(deal) <= len(game.deals):
        return redirect(url_for("games.edit", game_id=game.id, number=int(deal)), 303)
    return _back(game)


@bp.post("/games/<game_id>/deals/<int:number>/confirm")
def confirm(game_id: str, number: int) -> ResponseReturnValue:
    return _act(game_id, number, lambda game: trust.confirm(
        game, number, request.form.get("by"), request.form.get("version", "")))


@bp.post("/games/<game_id>/deals/<int:number>/dispute")
def dispute(game_id: str, number: int) -> ResponseReturnValue:
    return _act(game_id, number, lambda game: trust.dispute(
        game, number, request.form.get("by"), request.form.get("reason"),
        request.form.get("version", "")))


def _act(game_id: str, number: int, action: Callable[[Game], None]) -> ResponseReturnValue:
    game = _game(game_id)
    if not 1 <= number <= len(game.deals):
        abort(404)
    try:
        action(game)
    except RulesError as refusal:
        return _refused(game, say(refusal.message), 422)
    except Stale as stale:
        return _refused(_game(game_id), conflicts.stale(game, stale), 409)
    except GameChanged:
        return _refused(_game(game_id), conflicts.changed(), 409)
    return _back(game)


def _refused(game: Game, message: str, status: int) -> ResponseReturnValue:
    return game_page(game, error=message, status=status)
