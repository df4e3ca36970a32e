"""The group's ratings as the pages show them (docs/league.md, "The rating"): a card and a
number for each member on the group's page, how each rating moved in a finished game on
its page, and the ratings page — every member's rating with the moves of the recent games
in words — at the group's link and at its view-only link. The ratings are kept with every
change (scorekeeper/league/ratings.py); nothing here rates a game."""

from __future__ import annotations

from flask import Blueprint, Response, make_response, render_template, request, url_for
from flask_babel import lazy_gettext as _l

from ...i18n import say
from ...league.engine.rating import PROVISIONAL
from ...league.ratings import Change, changes_of, recent_changes
from ...models import Game, Group
from .routes import by_view, find
from .season import kind_shown, kinds_played, rating_rows, unknown_game

bp = Blueprint("ratings", __name__)

#: The finished games whose moves the ratings page lists.
RECENT = 20
#: The card each band is, as a reader hears it (the band itself is written as on cards).
CARD_NAMES = {"A": _l("Ace"), "K": _l("King"), "Q": _l("Queen"), "J": _l("Jack")}


@bp.app_template_global()
def rating_changes(game: Game) -> list[Change] | None:
    """How each member's rating moved in *game*, if it is a finished group game."""
    return changes_of(game)


# A reason (a Message) in the reader's language, on every page that lists moves.
bp.app_template_global("say")(say)


@bp.app_template_filter("member_name")
def member_name(member: int | None, names: dict[int, str]) -> str:
    return names.get(member, "?") if member is not None else "?"


@bp.app_template_filter("signed_tenths")
def signed_tenths(value: float) -> str:
    """A difference to one decimal, its sign written: +1.2, −0.4, 0.0."""
    tenths = round(value, 1)
    return f"+{tenths:.1f}" if tenths > 0 else f"−{-tenths:.1f}" if tenths < 0 else "0.0"


@bp.app_template_global()
def card_name(band: str) -> str:
    return str(CARD_NAMES.get(band, band))


def _page(group: Group, view: str | None) -> Response:
    kind = kind_shown(group)
    names = {m.id: m.name for m in group.members}
    html = render_template(
        "groups/ratings.html", group=group, kind=kind, kinds=kinds_played(group),
        rows=rating_rows(group, kind), provisional=PROVISIONAL, view=view, names=names,
        game_error=unknown_game(request.args.get("game")),
        recent=recent_changes(group.id, kind.info.name, names, RECENT),
        tab_url=lambda name: (url_for("ratings.view", group_view=view, game=name) if view
                              else url_for("ratings.show", group_id=group.id, game=name)),
        back=(url_for("groups.view", group_view=view, game=kind.info.name) if view
              else url_for("groups.show", group_id=group.id, game=kind.info.name)))
    return make_response(html, 400 if unknown_game(request.args.get("game")) else 200)


@bp.get("/groups/<group_id>/ratings")
def show(group_id: str) -> Response:
    return _page(find(group_id), None)


@bp.get("/groups/view/<group_view>/ratings")
def view(group_view: str) -> Response:
    return _page(by_view(group_view), group_view)
