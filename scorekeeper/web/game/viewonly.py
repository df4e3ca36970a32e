"""The view-only link, ``/view/<view_id>``: a second unguessable token per game that shows
the score sheet, prints it and exports it, and nothing more. There are no write routes
under it, and nothing it answers names the game's own id, so the link cannot be turned
into the one that records deals."""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, url_for
from sqlalchemy import select

from ...extensions import db
from ...games import kind_of_game
from ...league.ratings import changes_of
from ...models import Game
from ...storage import state_and_log, state_of, version_of
from . import live
from .downloads import csv_download, json_download, qr_svg
from .files import printed
from .setup import preset_name

bp = Blueprint("viewonly", __name__, url_prefix="/view")


def _game(view_id: str) -> Game:
    game = db.session.scalars(select(Game).where(Game.view_id == view_id)).first()
    if game is None:
        abort(404)
    return game


def _link(view_id: str) -> str:
    return url_for("viewonly.show", view_id=view_id, _external=True)


@bp.get("/<view_id>")
def show(view_id: str) -> str:
    game = _game(view_id)
    state = state_of(game)
    return render_template("games/view.html", view_id=view_id, state=state,
                           kind=kind_of_game(game),
                           partnerships=game.partnerships, changes=changes_of(game),
                           table=state.table,
                           preset_name=preset_name(game.rules),
                           live_part=live.part(game, state, live.for_view(game, view_id),
                                               editable=False))


@bp.get("/<view_id>/print")
def printable(view_id: str) -> str:
    game = _game(view_id)
    return printed(game, state_of(game), url_for("viewonly.show", view_id=view_id))


@bp.get("/<view_id>/qr.svg")
def qr(view_id: str) -> Response:
    _game(view_id)
    return qr_svg(_link(view_id))


@bp.get("/<view_id>.csv")
def export_csv(view_id: str) -> Response:
    return csv_download(_game(view_id))


@bp.get("/<view_id>.json")
def export_json(view_id: str) -> Response:
    game = _game(view_id)
    # The view-only link stands in for the game's id and page.
    state, log = state_and_log(game)
    answer = kind_of_game(game).state_to_json(view_id, state, log, version_of(game),
                                               _link(view_id))
    return json_download(answer, view_id, game)
