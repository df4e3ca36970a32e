"""The referee's addresses, shared by every game: ``/referee`` (the referee of the game the
app opens on, under a preset chosen on the spot), ``/games/<id>/referee/<check>`` (a stored
its rules, for the deal being played) and keeping a ruling in the game's history. Each
hands the question to the game's own referee pages; a ruling to keep is stored here."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ...extensions import db
from ...games import home, kind_of, kind_of_game, presets
from ...models import Game, RulingRecord
from ...storage import load, state_of
from ..common import device
from ..game.setup import preset_name

bp = Blueprint("referee", __name__)


def _presets() -> dict[str, object]:
    return {preset: preset_name(preset) for preset in presets()}


@bp.get("/referee")
def start() -> Response:
    return standalone(home().checks[0])


@bp.get("/referee/<check>")
def standalone(check: str) -> Response:
    preset = request.args.get("preset") or home().info.presets[0]
    kind = kind_of(preset) if preset in presets() else home()
    if kind.pages.referee is None:
        abort(404)  # a game without a referee: no page of questions
    return cast(Response, kind.pages.referee(check, preset, _presets()))


def _game(game_id: str) -> Game:
    game = load(game_id)
    if game is None:
        abort(404)
    return game


def _asked(game: Game) -> Callable[..., BaseResponse]:
    """The game's referee page, or Not Found for a game without a referee."""
    asked = kind_of_game(game).pages.game_referee
    if asked is None:
        abort(404)
    return asked


@bp.get("/games/<game_id>/referee")
def game_start(game_id: str) -> Response:
    game = _game(game_id)
    _asked(game)
    return for_game(game_id, kind_of_game(game).checks[0])


@bp.get("/games/<game_id>/referee/<path:check>")
def for_game(game_id: str, check: str) -> Response:
    game = _game(game_id)
    response = cast(Response, _asked(game)(game, state_of(game), check, device.locked(game),
                                           _presets()))
    return device.remember(response, game.id)


@bp.post("/games/<game_id>/rulings")
def keep(game_id: str) -> ResponseReturnValue:
    """Keep the question on the form as a ruling of the deal being played."""
    game = load(game_id)
    if game is None:
        return render_template("error.html", title=_("The ruling was not kept"),
                               message=_("No game has this address, so the ruling was not "
                                         "kept."), back=url_for("referee.start")), 404
    state = state_of(game)
    kind = kind_of_game(game)
    to_keep = kind.pages.ruling_to_keep
    if to_keep is None:
        return render_template(
            "error.html", title=_("The ruling was not kept"),
            message=_("%(game)s has no referee, so it keeps no rulings.",
                      game=_(kind.info.title)),
            back=url_for("games.show", game_id=game.id)), 422
    kept = to_keep(game, state, request.form, device.locked(game), _presets())
    if not isinstance(kept, tuple):
        return cast(ResponseReturnValue, kept)
    check, inputs = kept
    db.session.add(RulingRecord(game_id=game.id, deal_number=state.next_deal, check=check,
                                inputs=inputs))
    db.session.commit()
    return redirect(url_for("games.show", game_id=game.id, _anchor="rulings"), 303)
