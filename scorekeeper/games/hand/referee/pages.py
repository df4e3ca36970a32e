"""Hand's referee pages: tap in the cards on the table and get the verdict with its
reason, under the rules of the game being played (``/games/<id>/referee``) or of a form of
Hand chosen on the spot (``/referee``); and a ruling checked for keeping in the game's
history. The routes are shared (scorekeeper/web/referee/routes.py) and hand a game of Hand here.

The picker's taps only read (GET): the question lives in the address, so a reload or a
link shows the same cards, and the table PIN guards nothing but keeping a ruling. The
verdict is :func:`.questions.decide` on the question in the JSON API's
shape, so it is the API's verdict word for word.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import (
    Response,
    abort,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from jinja2_fragments.flask import render_block
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.extensions import htmx
from scorekeeper.i18n import say
from scorekeeper.models import Game
from scorekeeper.numbers import typed
from scorekeeper.ui.forms import Form
from scorekeeper.ui.picker import DECK, MOST_MELDS, limits

from ..rules import (
    JOKER,
    PRESETS,
    Card,
    Check,
    GameState,
    InitialMeldRuling,
    Rules,
    RulesError,
)
from .desk import Desk, build, tab_labels
from .verdicts import headline, kept_rulings, laid_out

# The buttons that change the question; a plain form that sent one is redirected to the
# question's own address, so reloading the page does not tap again.
TAPS = ("tap", "pick", "select", "drag", "act", "clear", "more", "set_indicator",
        "change_indicator")
# Indicators this phone remembers, one per game, for the deal being played.
SESSION_KEY = "referee_indicators"
KEEP = 20

# --- the indicator this phone remembers for a game's deal -----------------------------

def remembered_indicator(game_id: str, deal: int) -> Card | None:
    kept = session.get(SESSION_KEY, {}).get(game_id)
    if not isinstance(kept, list) or len(kept) != 2 or kept[0] != deal:
        return None
    try:
        return Card.parse(kept[1])
    except RulesError:
        return None


def remember_indicator(game_id: str, deal: int, card: Card | None) -> None:
    kept = {k: v for k, v in session.get(SESSION_KEY, {}).items() if k != game_id}
    if card is not None:
        kept = {game_id: [deal, str(card)], **dict(list(kept.items())[:KEEP - 1])}
    if kept != session.get(SESSION_KEY, {}):
        session[SESSION_KEY] = kept


def _previous_first_meld(game: Game, rules: Rules, deal: int) -> int | None:
    """The worth of the last first meld kept as a ruling in this deal, if any."""
    for kept in reversed(kept_rulings(game, rules)):
        ruling = kept.verdict.ruling if kept.verdict else None
        if kept.record.deal_number == deal and isinstance(ruling, InitialMeldRuling) and (
                ruling.upheld):
            return ruling.total
    return None


# --- pages ------------------------------------------------------------------------------

def _render(desk: Desk, *, here: str, status: int, **context: Any) -> Response:
    context = dict(desk=desk, deck=DECK, joker=JOKER, most_melds=MOST_MELDS, Check=Check,
                   full=limits(desk.picker, desk.rules, desk.indicator),
                   tabs=tab_labels(desk.rules), headline=headline, say=say,
                   laid=laid_out(desk.verdict) if desk.verdict else [], **context)
    if htmx and not htmx.boosted and not htmx.history_restore_request:
        response = make_response(render_block("hand/referee/page.html", "referee", **context),
                                 status)
        # The address follows the question, so a reload shows the same cards.
        response.headers["HX-Replace-Url"] = here
    else:
        response = make_response(render_template("hand/referee/page.html", **context), status)
    response.vary.add("HX-Request")
    return response


def _answer(desk: Desk, here: str, **context: Any) -> BaseResponse:
    status = 422 if desk.problems else 200
    if not htmx and not desk.problems and any(t in request.args for t in TAPS):
        return redirect(here, 303)
    return _render(desk, here=here, status=status, **context)


def standalone(check: str, preset: str, presets: Mapping[str, Any]) -> BaseResponse:
    """The referee under a form of Hand chosen on the spot (``/referee``)."""
    try:
        asked = Check(check)
    except ValueError:
        abort(404)
    problem = None
    try:
        rules = Rules.from_spec(preset)
    except RulesError as refusal:
        problem = say(refusal.message)
        preset = "levant"
        rules = PRESETS[preset]
    players, players_problem = _players(preset, request.args)
    if players is not None:
        # The Kuwaiti form plays one pack with two or three players (seed 001), and
        # announces at 71 with five: the same rules a stored game of that size has.
        rules = Rules.for_table(preset, players)
    desk = build(asked, rules, request.args, players=players)
    if problem:
        desk.problems["preset"] = problem
    if players_problem:
        desk.problems["players"] = players_problem
    here = url_for("referee.standalone", check=asked, preset=preset, **desk.state())
    return _answer(desk, here, preset=preset, presets=presets, game=None,
                   table_sizes=_table_sizes(preset)[0])


def _table_sizes(preset: str) -> tuple[tuple[int, ...], int | None]:
    """The table sizes the standalone referee asks about (those that change the rules),
    and the one it assumes until told."""
    rules = PRESETS.get(preset)
    if rules is None or not rules.table_sizes:
        return (), None
    # Until told, the table the preset's own values are written for (the Kuwaiti form's
    # two packs and bar of 91: four players).
    usual = next((n for n in rules.table_sizes if Rules.for_table(preset, n) == rules),
                 None)
    return rules.table_sizes, usual


def _players(preset: str, args: Any) -> tuple[int | None, str | None]:
    """The table's size for *preset*'s standalone referee (``None`` where the form does
    not ask), and what is wrong with the one given."""
    sizes, usual = _table_sizes(preset)
    if not sizes:
        return None, None
    text = args.get("players", "").strip()
    if not text:
        return usual, None
    size = typed(text)
    if size is not None and size in sizes:
        return size, None
    return usual, _("Say how many play at the table: %(sizes)s.",
                    sizes=", ".join(map(str, sizes)))


def _game_desk(game: Game, state: GameState, check: Check, args: Any) -> Desk:
    deal = state.next_deal
    desk = build(check, state.table.rules, args,
                 indicator=remembered_indicator(game.id, deal),
                 previous=_previous_first_meld(game, state.table.rules, deal))
    if desk.rules.uses_indicator and "indicator" not in desk.problems:
        remember_indicator(game.id, deal, desk.indicator)
    return desk


def for_game(game: Game, state: GameState, check: str, locked: bool,
             presets: Mapping[str, Any]) -> BaseResponse:
    """The referee page of a game of Hand, under its rules, for the deal being played."""
    try:
        asked = Check(check)
    except ValueError:
        abort(404)
    desk = _game_desk(game, state, asked, request.args)
    here = url_for("referee.for_game", game_id=game.id, check=check, **desk.state())
    return _answer(desk, here, **_game_context(game, state, locked, presets))


def _game_context(game: Game, state: GameState, locked: bool,
                  presets: Mapping[str, Any]) -> dict[str, Any]:
    return dict(game=game, state=state, preset=game.rules["preset"],
                presets=presets, keep_form=Form(), locked=locked)


def to_keep(game: Game, state: GameState, form: Any, locked: bool,
            presets: Mapping[str, Any]) -> Response | tuple[str, dict[str, Any]]:
    """The question on the form, checked and ruled on, as a ruling to keep for the deal
    being played: its check and inputs; or the page saying why it cannot be kept."""
    try:
        check = Check(form.get("check", ""))
    except ValueError:
        return refused(_("Say which check the ruling is: %(names)s.",
                         names=", ".join(Check)), 422)
    desk = _game_desk(game, state, check, form)
    here = url_for("referee.for_game", game_id=game.id, check=check, **desk.state())
    if state.finished:
        desk.problems["keep"] = _("The game is over: rulings are kept during play.")
    elif desk.verdict is None and not desk.problems:
        desk.problems["keep"] = _("Ask for the verdict first, then keep it.")
    if desk.problems:
        return _render(desk, here=here, status=422,
                       **_game_context(game, state, locked, presets))
    return check.value, desk.question()


def refused(message: str, status: int) -> Response:
    return make_response(render_template(
        "error.html", title=_("The ruling was not kept"), message=message,
        back=url_for("referee.start")), status)
