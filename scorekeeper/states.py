"""A game's state as JSON, as the API answers it and the pages' JSON download holds it:
what its game writes (``state_to_json``), with the address of its page, and the games
before and after it — the one it is a rematch of, and its own rematch (looked for only
once the game is over). Below the pages and the API alike, which never import each
other."""

from __future__ import annotations

from typing import cast

from flask import url_for

from .games import kind_of_game
from .games.kind import Deal, State
from .i18n import say
from .jsontypes import JSONObject
from .league.ratings import changes_of
from .league.rematch import rematch_id
from .models import Game
from .storage import typed_of, version_of
from .trust.confirmations import marks_of
from .trust.signatures import as_json, signatures_of


def state_json(game: Game, state: State, log: list[Deal]) -> JSONObject:
    answer = kind_of_game(game).state_to_json(game.id, state, log, version_of(game),
                                               _page(game.id))
    answer["rematch_of"] = _link(game.rematch_of)
    answer["rematch"] = _link(rematch_id(game.id)) if state.finished else None
    if game.night is not None:
        # A table's game of a night (scorekeeper/night/store.py): the night's view-only page,
        # never its id, which is the organiser's link (docs/security.md, "Links").
        answer["night"] = {"name": game.night.name, "view_url": url_for(
            "nights.view", night_view=game.night.view_id, _external=True)}
    # What the table typed on each deal besides (scorekeeper/deal_fields.py).
    for line, typed in zip(_deals(answer), typed_of(game), strict=False):
        line.update(typed)
    _trust(game, answer)
    changes = changes_of(game)
    if changes is not None:
        # A finished group game: how each member's rating moved, and why.
        answer["rating_changes"] = [{"player": c.name, "before": c.move.before.shown,
                                     "after": c.move.after.shown, "reason": say(c.reason)}
                                    for c in changes]
    return answer


def _deals(answer: JSONObject) -> list[JSONObject]:
    # Every game's state lists its deals as objects (``GameState`` in docs/api.md).
    return cast(list[JSONObject], answer["deals"])


def _trust(game: Game, answer: JSONObject) -> None:
    """Who recorded, confirmed or disputed each deal (scorekeeper/trust/confirmations.py); a
    game whose deals wait for the other side is not over yet, and names no winner."""
    answer["confirm"] = game.confirm or "off"
    answer["auto_confirm"] = bool(game.auto_confirm)
    marks = marks_of(game)
    answer["unconfirmed"] = [m.number for m in marks if m.status != "confirmed"]
    # Every confirmation, dispute and change of a confirmed deal, oldest first: what the
    # deals' marks alone no longer say once a deal was changed or a dispute answered.
    answer["signatures"] = [as_json(s) for s in signatures_of(game)]
    for line, mark in zip(_deals(answer), marks, strict=False):
        line["recorded_by"] = mark.recorded_by
        line["confirmed"] = None if mark.confirmed_by is None else {
            "by": mark.confirmed_by,
            "at": mark.confirmed_at.isoformat() if mark.confirmed_at else None}
        line["disputed"] = None if mark.disputed_by is None else {
            "by": mark.disputed_by, "reason": mark.reason}
    if answer["unconfirmed"] and answer["finished"]:
        answer["finished"], answer["winners"], answer["rematch"] = False, [], None


def _page(game_id: str) -> str:
    return url_for("games.show", game_id=game_id, _external=True)


def _link(game_id: str | None) -> dict[str, str] | None:
    """Another game as a state links it: its id and its page."""
    return None if game_id is None else {"id": game_id, "url": _page(game_id)}
