"""Hand and Foot's referee page: is this a meld (and a pile), does this opening meld reach
the deal's minimum, may this player take the discard pile, may this side go out. On its
own (``/referee/hand-and-foot``) or for a game, with the game's rules and the deal being
played. The question is read into the JSON API's body shape and answered by
:func:`scorekeeper.footreferee.foot_decide`, so the page says what the API says."""

from __future__ import annotations

from flask import Blueprint, abort, make_response, render_template, request, url_for
from flask_babel import lazy_gettext as _l

from ..codec import PayloadError
from ..footreferee import foot_decide
from ..i18n import say
from ..models import Game
from ..numbers import whole
from ..rules import RulesError
from ..rules.handfoot import PRESET, FootRules
from ..storage import load, state_of
from . import device

bp = Blueprint("footref", __name__)

QUESTIONS = {
    "meld": _l("Meld"),
    "initial-meld": _l("Opening meld"),
    "pickup": _l("Take the pile"),
    "go-out": _l("Go out"),
}
PILES = ("clean", "dirty", "wild")


def _cards(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _melds(text: str) -> list[list[str]]:
    """Melds typed or tapped with "/" between them."""
    return [_cards(part) for part in text.split("/") if part.strip()]


def _question(check: str, args, deal: int | None) -> dict | None:
    """The question on the form in the API's body shape; ``None`` until it is asked."""
    if check == "meld":
        cards = _cards(args.get("cards", ""))
        return {"cards": cards} if cards else None
    if check == "initial-meld":
        melds = _melds(args.get("melds", ""))
        return {"melds": melds, "deal": deal or whole(args.get("deal", "")) or 0} if (
            melds) else None
    if check == "pickup":
        top = args.get("top", "").strip()
        return {"top": top, "hand": _cards(args.get("hand", "")),
                "table": _melds(args.get("table", "")), "opened": args.get("opened") == "yes",
                "deal": deal or whole(args.get("deal", "")) or 0} if top else None
    if "clean" not in args:
        return None
    partner = args.get("partner", "")
    return {"piles": {kind: whole(args.get(kind, "")) or 0 for kind in PILES},
            "partner_in_foot": {"yes": True, "no": False}.get(partner)}


def _page(check: str, rules_spec, *, game: Game | None = None, deal: int | None = None):
    question = _question(check, request.args, deal)
    answer = error = None
    if question is not None:
        try:
            answer = foot_decide(check, {"rules": rules_spec, **question})
        except (RulesError, PayloadError) as refusal:
            error = say(refusal.message)
    base = (url_for("footref.for_game", game_id=game.id, check=check) if game
            else url_for("footref.standalone", check=check))
    return make_response(render_template(
        "foot/referee.html", check=check, questions=QUESTIONS, args=request.args,
        answer=answer, error=error, game=game, deal=deal, base=base,
        rules=FootRules.from_spec(rules_spec), piles=PILES), 200 if error is None else 422)


CHECKS = "<any(meld, 'initial-meld', pickup, 'go-out'):check>"


@bp.get("/referee/hand-and-foot")
@bp.get(f"/referee/hand-and-foot/{CHECKS}")
def standalone(check: str = "meld"):
    return _page(check, PRESET)


@bp.get(f"/games/<game_id>/referee/hand-and-foot/{CHECKS}")
def for_game(game_id: str, check: str):
    """The referee page of a Hand and Foot game, for the deal being played."""
    game = load(game_id)
    if game is None or game.rules.get("preset") != PRESET:
        abort(404)
    state = state_of(game)
    return device.remember(_page(check, game.rules, game=game, deal=state.next_deal),
                           game.id)
