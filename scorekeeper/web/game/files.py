"""A game's sheet as files: printed, its link's QR code, and the CSV and JSON exports.
Routes of the game pages' blueprint (endpoints ``games.printable`` and the rest), kept
here to hold web/game/routes.py to the pages a table works in."""

from __future__ import annotations

from flask import Response, render_template, url_for

from ...games import kind_of_game
from ...games.kind import State
from ...models import Game
from ...states import state_json
from ...storage import state_and_log, state_of
from .downloads import csv_download, json_download, qr_svg
from .routes import _context, _game, bp


@bp.get("/games/<game_id>/print")
def printable(game_id: str) -> str:
    game = _game(game_id)
    state = state_of(game)
    return printed(game, state, url_for("games.show", game_id=game.id))


def printed(game: Game, state: State, back_url: str) -> str:
    """The printable sheet, whose one link goes back to *back_url*."""
    kind = kind_of_game(game)
    return render_template(f"{kind.info.name}/print.html", **_context(game, kind, state, None),
                           sheet=kind.pages.sheet(state, None), back_url=back_url)


@bp.get("/games/<game_id>/qr.svg")
def qr(game_id: str) -> Response:
    game = _game(game_id)
    return qr_svg(url_for("games.show", game_id=game.id, _external=True))


@bp.get("/games/<game_id>.csv")
def export_csv(game_id: str) -> Response:
    return csv_download(_game(game_id))


@bp.get("/games/<game_id>.json")
def export_json(game_id: str) -> Response:
    game = _game(game_id)
    return json_download(state_json(game, *state_and_log(game)), game.id, game)
