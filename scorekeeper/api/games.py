"""Stored games (shared/API.md, "Games"): create, read, record a deal, correct one, undo
the last. The game's state is always replayed from its deals."""

from __future__ import annotations

from flask import jsonify, request, url_for

from ..extensions import db
from ..games import (
    DealConflict,
    add_deal,
    correct_deal,
    load,
    log_of,
    new_game,
    remove_last_deal,
    state_of,
)
from ..i18n import say
from ..models import Game
from ..rules.messages import N_, msg
from . import bp
from .payload import PayloadError, body, flag_of
from .results import deal_number, deal_of, state_json


class Missing(Exception):
    """No game, or no such deal in it: a 404 with the sentence given."""

    def __init__(self, message) -> None:
        super().__init__(str(message))
        self.message = message


@bp.errorhandler(Missing)
def missing(error: Missing):
    return jsonify(error=say(error.message)), 404


def _game(game_id: str, deal: int | None = None) -> Game:
    """The game *game_id*, which must hold deal number *deal* if one is named."""
    game = load(game_id)
    if game is None:
        raise Missing(msg(N_("There is no game with that id; check the link.")))
    if deal is not None and not 1 <= deal <= len(game.deals):
        raise Missing(msg(N_("This game has no deal %(number)d."), number=deal))
    return game


@bp.errorhandler(DealConflict)
def deal_conflict(error: DealConflict):
    # Read the game afresh: another phone may have just recorded the deal.
    db.session.expire_all()
    game = load((request.view_args or {}).get("game_id", ""))
    state = None if game is None else state_of(game)
    number = error.expected if state is None else state.next_deal
    answer = {"error": say(msg(N_("That deal is not the next one: the next deal to record "
                                  "is number %(number)d (it may have been recorded from "
                                  "another phone)."), number=number))}
    if game is not None:
        answer["game"] = state_json(game.id, state, log_of(game))
    return jsonify(answer), 409


def _answer(game: Game, state, status: int = 200):
    response = jsonify(state_json(game.id, state, log_of(game)))
    response.status_code = status
    return response


def _players(data) -> list[str]:
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise PayloadError(msg(N_("The field “players” must list the players' names in "
                                  "counter-clockwise seating order.")))
    return [p.strip() for p in players]


@bp.post("/games")
def create_game():
    data = body()
    if "rules" not in data:
        raise PayloadError(msg(N_("Say which rules apply: “rules” is a preset name such as "
                                  "“levant”, or an object with a “preset” and options.")))
    first_dealer = data.get("first_dealer")
    if not isinstance(first_dealer, str):
        raise PayloadError(msg(N_("The field “first_dealer” must name the player who deals "
                                  "first.")))
    game = new_game(data["rules"], _players(data), first_dealer.strip(),
                    flag_of(data, "partnerships"))
    db.session.add(game)
    db.session.commit()
    response = _answer(game, state_of(game), 201)
    response.headers["Location"] = url_for("api.read_game", game_id=game.id)
    return response


@bp.get("/games/<game_id>")
def read_game(game_id: str):
    game = _game(game_id)
    return _answer(game, state_of(game))


@bp.post("/games/<game_id>/deals")
def record_deal(game_id: str):
    game = _game(game_id)
    data = body()
    number = deal_number(data)
    state = add_deal(game, deal_of(data, number))
    return _answer(game, state, 201)


@bp.put("/games/<game_id>/deals/<int:number>")
def update_deal(game_id: str, number: int):
    game = _game(game_id, number)
    data = body()
    if "deal" in data and deal_number(data) != number:
        raise PayloadError(msg(N_("The body is for deal %(body)d but the address names deal "
                                  "%(number)d."), body=data["deal"], number=number))
    return _answer(game, correct_deal(game, deal_of(data, number)))


@bp.delete("/games/<game_id>/deals/<int:number>")
def undo_deal(game_id: str, number: int):
    game = _game(game_id, number)
    if number != len(game.deals):
        return jsonify(error=say(msg(N_("Only the last deal, number %(last)d, can be "
                                        "undone."), last=len(game.deals)))), 409
    return _answer(game, remove_last_deal(game))
