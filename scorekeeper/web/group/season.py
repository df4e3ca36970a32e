"""A group's season as its pages show it: the game and the days asked for (the address's
query, through :class:`~scorekeeper.web.group.forms.SeasonForm`), and what the league's
core adds up over them — the standings with the game's own figures (its kind says which,
:attr:`~scorekeeper.games.kind.GamePages.league_columns`), the wins after each game as a
chart, two members head to head, and the partners. Nothing here decides a rule."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime

from flask import request
from flask_babel import LazyString
from flask_babel import gettext as _
from sqlalchemy import select

from ...extensions import db
from ...games import games, home, kind_called, kind_named
from ...games.kind import AnyKind
from ...jsontypes import JSONObject, JSONValue
from ...league.engine.rating import best_first
from ...league.engine.standings import (
    Meeting,
    Played,
    head_to_head,
    partners,
    standings,
    wins_over_time,
)
from ...league.ratings import Change, chances_of, ratings, recent_changes
from ...league.results import season
from ...models import GameResult, Group
from ...ui.sheet import Sheet
from .forms import SeasonForm


@dataclass
class Row:
    """One member's line of the standings, as the table shows it."""

    name: str
    games: int
    wins: int
    win_rate: int  # in per cent
    streak: int
    best_streak: int
    figures: list[str]


@dataclass(frozen=True)
class RatingRow:
    """One member's rating, as the group's pages show it."""

    name: str
    shown: int
    band: str
    games: int
    provisional: bool


def rating_rows(group: Group, kind: AnyKind) -> list[RatingRow]:
    """The group's members rated at *kind* (every finished game, whatever the season),
    best first."""
    names = {m.id: m.name for m in group.members}
    return [RatingRow(names[member], s.shown, s.band, s.games, s.provisional)
            for member, s in best_first(ratings(group.id, kind.info.name))
            if member in names]


@dataclass
class SeasonView:
    """Everything the standings part of a group's page shows."""

    form: SeasonForm
    kind: AnyKind
    kinds: list[AnyKind]  # the games the group has played: one tab each
    period: str
    since: date | None
    until: date | None
    played: int = 0
    rows: list[Row] = field(default_factory=list)
    columns: list[LazyString] = field(default_factory=list)
    chart: dict[str, object] | None = None
    meeting: Meeting | None = None
    a_name: str = ""
    b_name: str = ""
    pairs: list[dict[str, object]] = field(default_factory=list)
    members: list[tuple[str, str]] = field(default_factory=list)
    ratings: list[RatingRow] = field(default_factory=list)
    game_error: str | None = None  # a ``game`` no game answers to
    last_moves: list[Change] = field(default_factory=list)

    def query(self, **changes: str) -> dict[str, str]:
        """This season's query with *changes*: a tab's or a period's link."""
        args = {"game": self.kind.info.name, "season": self.period}
        if self.period == "dates":
            args |= {"since": self.since.isoformat() if self.since else "",
                     "until": self.until.isoformat() if self.until else ""}
        if self.form.a.data and self.form.b.data:
            args |= {"a": self.form.a.data, "b": self.form.b.data}
        return {k: v for k, v in (args | changes).items() if v}


def percent(part: int, whole: int) -> int:
    """*part* of *whole* in whole per cent, a half rounded up as a reader expects (15 of
    24 is 63 %, not the 62 % rounding half to even gives)."""
    return (200 * part + whole) // (2 * whole) if whole else 0


def kinds_played(group: Group) -> list[AnyKind]:
    """The games the group has played, in the registry's order."""
    played = set(db.session.scalars(select(GameResult.kind).where(
        GameResult.group_id == group.id).distinct()))
    return [kind for kind in games() if kind.info.name in played]


def _last_kind(group: Group) -> AnyKind | None:
    name = db.session.scalar(select(GameResult.kind).where(
        GameResult.group_id == group.id).order_by(GameResult.played_at.desc()).limit(1))
    return kind_named(name) if name else None


def kind_shown(group: Group) -> AnyKind:
    """The game the address names (``game``), else the one the group played last."""
    return _named(request.args.get("game")) or _last_kind(group) or home()


def _named(name: str | None) -> AnyKind | None:
    """The game *name* names, by the pages' name (``handfoot``) or the API's
    (``hand_and_foot``): one address takes both."""
    return kind_named(name or "") or kind_called(name or "")


def unknown_game(name: str | None) -> str | None:
    """What is wrong with a ``game`` no game answers to (None when it names one, or none
    is given)."""
    if not name or _named(name) is not None:
        return None
    return str(_("There is no game “%(name)s”: the standings are of %(games)s.",
                 name=name[:40], games=_(" or ").join(_(k.info.title) for k in games())))


def _figure(figures: JSONObject, key: str) -> str:
    value: JSONValue = figures
    for part in key.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    if value is None:
        return "—"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _chart(names: list[str], series: dict[int, list[int]], order: list[int]) -> dict[str, object]:
    """The wins after each game, one line per member, drawn as the game's chart is."""
    games_played = len(next(iter(series.values()), []))
    running = tuple(tuple(series[m][i] for m in order) for i in range(games_played))
    return Sheet(tuple(names), (), (), (), running=running).chart()


def season_of(group: Group) -> SeasonView:
    """The season the request asks for, added up."""
    form = SeasonForm(request.args)
    members = {m.id: m.name for m in group.members}
    form.a.choices = form.b.choices = [(str(i), n) for i, n in members.items()]
    valid = form.validate()
    kinds = kinds_played(group)
    kind = _named(form.game.data) or _last_kind(group) or home()
    period = form.season.data if not form.season.errors else "year"
    today = datetime.now(UTC).date()
    since = until = None
    if period == "month":
        since = today.replace(day=1)
    elif period == "year":
        since = today.replace(month=1, day=1)
    elif period == "dates" and valid:
        since = date.fromisoformat(form.since.data) if form.since.data else None
        until = date.fromisoformat(form.until.data) if form.until.data else None
    view = SeasonView(form, kind, kinds, period or "year", since, until,
                      members=[(str(i), n) for i, n in members.items()],
                      ratings=rating_rows(group, kind),
                      game_error=unknown_game(form.game.data))
    last = recent_changes(group.id, kind.info.name, members, 1)
    view.last_moves = last[0][1] if last else []
    if period == "dates" and not valid:
        return view  # the dates' errors are shown at their fields, nothing added up
    games_in = season(group.id, kind.info.name, since, until)
    _add_up(view, games_in, members, group.id)
    return view


def _add_up(view: SeasonView, played: list[Played], members: dict[int, str],
            group_id: str) -> None:
    kind = view.kind
    view.played = len(played)
    view.columns = [label for _key, label in kind.pages.league_columns]
    keys = [key for key, _label in kind.pages.league_columns]
    rows = standings(played)
    for row in rows:
        figures = kind.league_figures(row.figures)
        view.rows.append(Row(members.get(row.member, "?"), row.games, row.wins,
                             percent(row.wins, row.games), row.streak, row.best_streak,
                             [_figure(figures, key) for key in keys]))
    if played:
        order = [row.member for row in rows]
        view.chart = _chart([members.get(m, "?") for m in order], wins_over_time(played),
                            order)
    view.pairs = [{"names": (members.get(p.members[0], "?"), members.get(p.members[1], "?")),
                   "games": p.games, "wins": p.wins,
                   "rate": percent(p.wins, p.games),
                   "expected": p.expected or 0.0, "above": p.wins - (p.expected or 0.0)}
                  for p in partners(played, chances_of(group_id, kind.info.name))]
    a, b = _pick(view.form.a.data, members), _pick(view.form.b.data, members)
    if (a is None or b is None) and len(rows) >= 2 and not (
            view.form.a.data or view.form.b.data):
        # Until two are chosen: the two at the top.
        a, b = rows[0].member, rows[1].member
        view.form.a.data, view.form.b.data = str(a), str(b)
    if a is not None and b is not None and a != b:
        view.meeting = head_to_head(played, a, b)
        view.a_name, view.b_name = members[a], members[b]


def _pick(value: str | None, members: dict[int, str]) -> int | None:
    member = (int(value) if value and len(value) <= 12 and value.isascii() and value.isdigit()
              else None)
    return member if member in members else None
