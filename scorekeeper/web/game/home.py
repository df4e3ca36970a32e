"""Home (new game, this phone's games and groups, join by link), history, and the health
check."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from sqlalchemy import select

from ...extensions import db
from ...models import Game, Group, Night
from ...storage import states_of
from ...ui.names import together
from ..common import device
from .setup import game_titles, preset_name

bp = Blueprint("home", __name__)

GAME_ID = re.compile(r"[A-Za-z0-9_-]{16,32}")


# Any: a listing's entries are template rows, read back by their keys here and there
def listing(ids: list[str]) -> list[dict[str, Any]]:
    """This phone's games, most recently opened first, as the lists show them."""
    items = []
    for game, state in states_of(ids):
        status = (_("won by %(names)s", names=together(state.winners)) if state.finished
                  else _("not started") if not state.deals
                  else ngettext("%(num)d round scored", "%(num)d rounds scored",
                                state.scored_rounds))
        form = preset_name(game.rules)
        items.append({"id": game.id, "view_id": game.view_id,
                      "players": list(state.table.players),
                      # "Levant, partnerships": a partnership game said so (issue 39).
                      "preset": _("%(form)s, partnerships", form=form) if game.partnerships
                      else form, "status": status,
                      "finished": state.finished, "created": game.created_at.date(),
                      "updated": game.updated_at.date()})
    return items


def group_listing() -> list[Group]:
    """The groups opened on this phone, most recently opened first."""
    ids = device.opened_groups()[:10]
    if not ids:
        return []
    found = {g.id: g for g in db.session.scalars(select(Group).where(Group.id.in_(ids)))}
    return [found[i] for i in ids if i in found]


def night_listing() -> list[Night]:
    """The nights whose page was opened on this phone, most recently opened first."""
    ids = device.opened_nights()[:10]
    if not ids:
        return []
    found = {n.id: n for n in db.session.scalars(select(Night).where(Night.id.in_(ids)))}
    return [found[i] for i in ids if i in found]


@bp.get("/")
def index() -> str:
    return render_template("home.html", games=listing(device.opened()[:10]),
                           groups=group_listing(), nights=night_listing(),
                           titles=game_titles())


@bp.get("/join")
def join() -> ResponseReturnValue:
    code = request.args.get("code", "").strip()
    if "/view/" in code:
        # A view-only link opens the view-only page, never the game's own.
        match = GAME_ID.search(code.rsplit("/view/", 1)[-1])
        if match and db.session.scalar(select(Game.id).where(
                Game.view_id == match.group())) is not None:
            return redirect(url_for("viewonly.show", view_id=match.group()))
    else:
        match = GAME_ID.search(code.rsplit("/games/", 1)[-1])
        if match and db.session.get(Game, match.group()) is not None:
            return redirect(url_for("games.show", game_id=match.group()))
    return render_template("home.html", games=listing(device.opened()[:10]), code=code,
                           groups=group_listing(), nights=night_listing(),
                           titles=game_titles(),
                           join_error=_("No game found for that link. Check it and try "
                                        "again.")), 404


@bp.get("/history")
def history() -> ResponseReturnValue:
    query = request.args.get("q", "").strip()
    day = request.args.get("date", "").strip()
    items = listing(device.opened())
    error = None
    partial = False
    if query:
        # A player of that name (a whole word of it: "Ali" finds "Ali H.", not "Alice");
        # only when nobody is, the names holding it, and the page says so.
        whole = re.compile(rf"(?<!\w){re.escape(query)}(?!\w)", re.IGNORECASE)
        named = [i for i in items if any(whole.search(p) for p in i["players"])]
        partial = not named
        items = named or [i for i in items if any(query.casefold() in p.casefold()
                                                  for p in i["players"])]
    if day:
        try:
            wanted = date.fromisoformat(day)
        except ValueError:
            error = _("Give the date as year-month-day, like 2026-11-22.")
        else:
            items = [i for i in items if i["created"] <= wanted <= i["updated"]]
    return render_template("history.html", games=items, q=query, day=day, error=error,
                           partial=partial), (
        400 if error else 200)


@bp.get("/healthz")
def healthz() -> dict[str, str]:
    # Trivial endpoint: no database, no templates. Used by benchmarks and probes.
    return {"status": "ok"}
