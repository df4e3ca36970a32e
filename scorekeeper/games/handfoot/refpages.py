"""Hand and Foot's referee page: is this a meld (and a pile), does this opening meld reach
the deal's minimum, may this player take the discard pile, may this side go out. On its
own (``/referee/hand-and-foot``) or for a game, with the game's rules and the deal being
played. The question is read into the JSON API's body shape and answered by
:func:`scorekeeper.games.handfoot.referee.decide`, so the page says what the API says."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.codec import PayloadError
from scorekeeper.i18n import say
from scorekeeper.models import Game
from scorekeeper.numbers import signed, typed
from scorekeeper.rulekit import Message, RulesError
from scorekeeper.rulekit.messages import N_, msg
from scorekeeper.ui.picker import DECK

from .about import INFO
from .referee import decide
from .rules import PRESET, HandFootRules, HandFootState
from .sheet import contract_text

bp = Blueprint("handfoot", __name__)

QUESTIONS = {
    "meld": _l("Meld"),
    "initial-meld": _l("Opening meld"),
    "pickup": _l("Take the pile"),
    "go-out": _l("Go out"),
}
PILES = ("clean", "dirty", "wild")
#: The go-out question's answers about the partner, in the API's fields: "alone" (no
#: partner; "" too, as links made before it said so) or nothing said, which the referee
#: answers by asking.
PARTNER = {"yes": {"partner_in_foot": True}, "no": {"partner_in_foot": False},
           "alone": {"alone": True}, "": {"alone": True}}


def _cards(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _melds(text: str) -> list[list[str]]:
    """Melds typed or tapped with "/" between them."""
    return [_cards(part) for part in text.split("/") if part.strip()]


def _number(args: Any, key: str, read: Callable[[object], int | None],
            refusal: Message) -> int | None:
    """The number typed in box *key*, read by *read* (:func:`typed` or :func:`signed`):
    ``None`` when the box is empty, *refusal* when it holds no such number — never a 0
    the question was not asked with."""
    text = args.get(key, "").strip()
    if not text:
        return None
    number = read(text)
    if number is None:
        raise PayloadError(refusal)
    return number


def _question(check: str, args: Any, deal: int | None,
              rules: HandFootRules) -> dict[str, Any] | None:
    """The question on the form in the API's body shape; ``None`` until it is asked. The
    deal is the game's (or the one typed); the side's total where minimums go by score."""
    deal = deal or _number(args, "deal", typed, msg(N_(
        "The deal is a whole number, 1 or more, in digits."))) or 0
    total = {"total": _number(args, "total", signed, msg(N_(
        "The side's score so far is a whole number, in digits, with a minus sign when it "
        "is below 0 (such as 1500 or −200)."))) or 0} if rules.by_score else {}
    if check == "meld":
        cards = _cards(args.get("cards", ""))
        return {"cards": cards} if cards else None
    if check == "initial-meld":
        melds = _melds(args.get("melds", ""))
        return {"melds": melds, "deal": deal, **total} if melds else None
    if check == "pickup":
        top = args.get("top", "").strip()
        return {"top": top, "hand": _cards(args.get("hand", "")),
                "table": _melds(args.get("table", "")), "opened": args.get("opened") == "yes",
                "deal": deal, **total} if top else None
    if "clean" not in args:
        return None
    keys = (*PILES, *(rank.value for rank, _n in rules.contract_for(deal or 1).ranks))
    piles = msg(N_("The piles are counted by kind (clean, dirty, wild), each a whole "
                   "number, 0 or more."))
    return {"piles": {key: _number(args, key, typed, piles) or 0 for key in keys},
            **PARTNER.get(args.get("partner", "ask"), {}), **({"deal": deal} if deal else {})}


def _page(check: str, rules_spec: object, *, game: Game | None = None,
          deal: int | None = None, alone: bool = False) -> Response:
    """The page of question *check*; *alone*: everyone at the game's table plays alone,
    so the go-out question starts at "no partner"."""
    rules = HandFootRules.from_spec(rules_spec)
    answer = error = None
    try:
        question = _question(check, request.args, deal, rules)
        if question is not None:
            answer = decide(check, {"rules": rules_spec, **question})
    except (RulesError, PayloadError) as refusal:
        error = say(refusal.message)
    base = (url_for("referee.for_game", game_id=game.id, check=f"{ON_ITS_OWN}/{check}")
            if game else url_for("handfoot.standalone", check=check))
    return make_response(render_template(
        "handfoot/referee.html", check=check, questions=QUESTIONS, args=request.args,
        answer=answer, error=error, game=game, deal=deal, base=base, deck=DECK,
        partner=_partner(request.args.get("partner"), alone),
        rules=rules, contract=rules.contract_for(deal or typed(request.args.get("deal", ""))
                                                 or 1),
        piles=PILES, contract_text=contract_text), 200 if error is None else 422)


def _partner(asked: str | None, alone: bool) -> str | None:
    """The partner's answer the go-out form shows chosen: the one asked, else "alone" at
    a table of players alone; at a table of sides none, so the table says."""
    if asked is None:
        return "alone" if alone else None
    return "alone" if asked == "" else asked


CHECKS = "<any(meld, 'initial-meld', pickup, 'go-out'):check>"
# Hand and Foot's referee pages sit under their own name, beside Hand's.
ON_ITS_OWN = INFO.url_name


@bp.get(f"/referee/{ON_ITS_OWN}")
@bp.get(f"/referee/{ON_ITS_OWN}/{CHECKS}")
def standalone(check: str = "meld") -> Response:
    return _page(check, PRESET)


def elsewhere(check: str, preset: str, presets: Mapping[str, Any]) -> BaseResponse:
    """Asked at Hand's standalone address: this game's own referee answers."""
    return redirect(url_for("handfoot.standalone"))


def for_game(game: Game, state: HandFootState, check: str, locked: bool,
             presets: Mapping[str, Any]) -> BaseResponse:
    """The referee page of a game of Hand and Foot, for the deal being played; a question
    asked at Hand's address goes to this game's own (a meld or an opening meld as
    itself, any other to the meld)."""
    prefix, _slash, asked = check.rpartition("/")
    if prefix == ON_ITS_OWN and asked in QUESTIONS:
        # A game over is asked about its last deal, not one past its end (issue 39).
        deal = state.next_deal - 1 if state.finished and state.deals else state.next_deal
        return _page(asked, game.rules, game=game, deal=deal,
                     alone=state.table.sides is None)
    if prefix:
        abort(404)
    asked = asked if asked in ("meld", "initial-meld") else "meld"
    return redirect(url_for("referee.for_game", game_id=game.id, check=f"{ON_ITS_OWN}/{asked}"))


def no_rulings(game: Game, state: HandFootState, form: Any, locked: bool,
               presets: Mapping[str, Any]) -> Response:
    """The answer to keeping a ruling: this game's referee keeps none."""
    return make_response(render_template(
        "error.html", title=_("The ruling was not kept"),
        message=_("Hand and Foot's referee answers without keeping rulings."),
        back=url_for("handfoot.standalone")), 422)
