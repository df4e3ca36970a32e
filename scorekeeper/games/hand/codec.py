"""Hand's values to and from JSON: rules and wilds named in a body, a deal as the table
reports it, and a game's state as the API answers it. The JSON API reads its bodies with
these, the pages build the same body from their form and read it with these too, and the
exports and the audit trail write deals with them — one translator per direction, so a
deal means the same whichever way it came. Anything malformed raises
:class:`~scorekeeper.codec.PayloadError` (or the engine's
:class:`~scorekeeper.rulekit.RulesError`) with one sentence naming the field."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import chain
from typing import Any, TypedDict

from scorekeeper.codec import PayloadError, cards_of, cards_out
from scorekeeper.i18n import say
from scorekeeper.rulekit.messages import N_, msg

from .rules import (
    Bonus,
    Card,
    Deal,
    Finish,
    FirstMeld,
    GameState,
    IndicatorError,
    Outcome,
    PlayerHand,
    RoundResult,
    Rules,
    RulesError,
    Wilds,
    parse_cards,
    settle_first_melds,
)
from .rules.outlook import Outlook, outlook
from .rules.winning import check_claim, finish_of, rule_winning_hand

SCORING_FIELDS = ("winner", "finish", "bonuses", "hands", "winner_cards", "winner_melds",
                  "winner_discard")
#: Every field a deal's body may hold at its top level (docs/api.md, "Games").
DEAL_FIELDS = frozenset({"deal", "outcome", "version", "indicator", "first_melds",
                         *SCORING_FIELDS})


def rules_of(data: Mapping[str, Any]) -> Rules:
    if "rules" not in data:
        raise PayloadError(msg(N_("Say which rules apply: “rules” is a preset name such as "
                                  "“levant”, or an object with a “preset” and options.")))
    return Rules.from_spec(data["rules"])


def wilds_of(data: Mapping[str, Any], rules: Rules) -> Wilds:
    """The deal's wilds from the body's ``indicator`` (ignored by forms without one)."""
    indicator = data.get("indicator")
    card = None if indicator is None else Card.parse(indicator)
    return Wilds.for_deal(rules, card if rules.uses_indicator else None)


def _text(data: Mapping[str, Any], field: str) -> str:
    value = data.get(field)
    if not isinstance(value, str):
        raise PayloadError(msg(N_("The field “%(field)s” must be a name."), field=field))
    return value


def _choice(value: object, field: str, choices: list[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise PayloadError(msg(N_("The field “%(field)s” must be one of %(choices)s."),
                               field=field, choices=", ".join(choices)))
    return value


def _hand(name: str, value: object) -> PlayerHand:
    if not isinstance(value, dict):
        raise PayloadError(msg(N_("The hand of %(name)s must be an object like "
                                  "{\"melded\": true, \"points\": 25}."), name=name))
    melded = value.get("melded")
    mistake = value.get("mistake", False)
    if not isinstance(melded, bool) or not isinstance(mistake, bool):
        raise PayloadError(msg(N_("For %(name)s, “melded” (and “mistake”, if given) must be "
                                  "true or false."), name=name))
    points = value.get("points")
    if points is not None and (isinstance(points, bool) or not isinstance(points, int)):
        raise PayloadError(msg(N_("%(name)s's points must be a whole number."), name=name))
    cards = cards_of(value, "cards") if value.get("cards") is not None else None
    return PlayerHand(melded, points, cards, mistake)


def result_from_json(data: Mapping[str, Any], rules: Rules | None = None) -> RoundResult:
    """The round result in *data*: who went out, how, and each other player's hand. The
    winner's cards, when given, decide the finish and bonuses under *rules* (docs/api.md,
    "Deals from the cards")."""
    bonuses = data.get("bonuses", [])
    if not isinstance(bonuses, list):
        raise PayloadError(msg(N_("The field “bonuses” must be a list.")))
    hands = data.get("hands")
    if not isinstance(hands, dict):
        raise PayloadError(msg(N_("The field “hands” must map each player's name to how they "
                                  "finished.")))
    indicator = data.get("indicator")
    finish = (None if data.get("finish") is None and _has_cards(data) else
              Finish(_choice(data.get("finish"), "finish", [f.value for f in Finish])))
    result = RoundResult(
        winner=_text(data, "winner"),
        finish=finish or Finish.PARTIAL,
        hands={name: _hand(name, hand) for name, hand in hands.items()},
        bonuses=tuple(Bonus(_choice(b, "bonuses", [x.value for x in Bonus]))
                      for b in bonuses),
        indicator=_indicator(indicator),
    )
    return _with_cards(result, data, rules, finish) if _has_cards(data) else result


def _indicator(text: object) -> Card | None:
    try:
        return None if text is None else Card.parse(text)
    except RulesError as refusal:
        raise IndicatorError(refusal.message) from None


def _has_cards(data: Mapping[str, Any]) -> bool:
    return any(data.get(field) is not None
               for field in ("winner_cards", "winner_melds", "winner_discard"))


def _with_cards(result: RoundResult, data: Mapping[str, Any], rules: Rules | None,
                finish: Finish | None) -> RoundResult:
    """*result* with the winner's cards as its evidence, its finish and bonuses decided
    by them (a finish or bonuses reported besides must agree)."""
    loose = data.get("winner_cards") is not None
    if loose == (data.get("winner_melds") is not None or
                 data.get("winner_discard") is not None):
        raise PayloadError(msg(N_("Give the winner's cards as “winner_cards” (15 cards) or as "
                                  "“winner_melds” with “winner_discard”, not both.")))
    laid: list[tuple[Card, ...]] = []
    if not loose:
        melds = data.get("winner_melds")
        if not isinstance(melds, list) or not all(isinstance(m, list) for m in melds):
            raise PayloadError(msg(N_("The field “winner_melds” must be a list of melds, each "
                                      "a list of cards like [\"9C\", \"10C\", \"JC\"].")))
        laid = [cards_of({"winner_melds": m}, "winner_melds") for m in melds]
    if rules is None:
        # A deal written by the app (an audit entry, say): its finish and bonuses are
        # there, and the engine checks them against the melds when it scores the deal.
        if laid and finish is not None:
            return replace(result, winner_melds=tuple(laid),
                           winner_discard=cards_of(data, "winner_discard"))
        raise PayloadError(msg(N_("The winner's cards are read under the game's rules; give "
                                  "“rules” too.")))
    cards = cards_of(data, "winner_cards") if loose else ()
    discard = () if loose else cards_of(data, "winner_discard")
    wilds = Wilds.for_cards(rules, result.indicator, chain(cards, *laid, discard))
    if loose:
        ruling = rule_winning_hand(wilds, cards=cards)
    else:
        ruling = rule_winning_hand(wilds, melds=laid, discard=discard)
    check_claim(ruling, wilds, finish, result.bonuses if "bonuses" in data else None)
    decided, bonuses = finish_of(ruling, wilds)
    if decided is not Finish.FULL:
        return replace(result, finish=decided, bonuses=bonuses)
    return replace(result, finish=decided, bonuses=bonuses, winner_melds=ruling.melds,
                   winner_discard=ruling.discard)


def evidence_json(result: RoundResult) -> dict[str, Any]:
    """How the winner went out, as the game state shows it: ``winner_cards`` in the order
    of the ``arrangement`` (melds, then the discard). Empty without the cards."""
    if not result.winner_melds:
        return {}
    melds = [cards_out(m) for m in result.winner_melds]
    discard = cards_out(result.winner_discard)
    return {"winner_cards": [c for m in melds for c in m] + discard,
            "arrangement": {"melds": melds, "discard": discard}}


def deal_from_json(data: Mapping[str, Any], number: int, rules: Rules | None = None) -> Deal:
    """Deal *number* of a game's log as *data* reports it (docs/api.md, "Deals"), under
    *rules* when the winner's cards are to be read."""
    outcome = Outcome(_choice(data.get("outcome"), "outcome", [o.value for o in Outcome]))
    result = None
    if outcome is Outcome.SCORED:
        result = result_from_json(data, rules)
    elif any(field in data for field in SCORING_FIELDS):
        raise PayloadError(msg(N_("A deal that was not scored has no winner or hands; leave "
                                  "them out.")))
    melds = data.get("first_melds", [])
    if not isinstance(melds, list) or not all(
            isinstance(m, dict) and isinstance(m.get("player"), str) for m in melds):
        raise PayloadError(msg(N_("The field “first_melds” must be a list like "
                                  "[{\"player\": \"Sami\", \"value\": 56}].")))
    deal = Deal(number, outcome, result, tuple(_first_meld(m) for m in melds))
    if rules is not None and any(m.melds for m in deal.first_melds):
        deal = settle_first_melds(rules, deal)  # the referee values the cards
    return deal


def _first_meld(data: Mapping[str, Any]) -> FirstMeld:
    """A first meld as its worth, or as the melds laid (issue 13) for the referee."""
    if "melds" not in data:
        return FirstMeld(data["player"], data.get("value"))
    melds = data["melds"]
    if not isinstance(melds, list) or not melds or not all(
            isinstance(m, list) for m in melds):
        raise PayloadError(msg(N_("The first meld of %(name)s: “melds” must be a list of "
                                  "melds, each a list of cards like [\"9C\", \"10C\", "
                                  "\"JC\"]."), name=data["player"]))
    return FirstMeld(data["player"], data.get("value"), tuple(parse_cards(m) for m in melds))


# --- a deal and a game, written -------------------------------------------------------

class HandBody(TypedDict, total=False):
    """A deal's body: what the table reported (a redeal reports nothing)."""

    winner: str | None
    finish: str
    bonuses: list[str]
    hands: dict[str, dict[str, Any]]
    indicator: str
    winner_melds: list[list[str]]
    winner_discard: list[str]
    first_melds: list[dict[str, Any]]


def deal_to_json(deal: Deal) -> HandBody:
    """What the table reported for *deal*, as :func:`deal_from_json` reads it back."""
    out: HandBody = {}
    if deal.result is not None:
        result = deal.result
        out = {
            "winner": result.winner,
            "finish": result.finish.value,
            "bonuses": [b.value for b in result.bonuses],
            "hands": {name: {
                "melded": hand.melded,
                **({"points": hand.points} if hand.points is not None else {}),
                **({"cards": cards_out(hand.cards)} if hand.cards is not None else {}),
                **({"mistake": True} if hand.mistake else {}),
            } for name, hand in result.hands.items()},
        }
        if result.indicator is not None:
            out["indicator"] = str(result.indicator)
        if result.winner_melds:
            # As laid (or as the referee arranged them), so it reads back the same.
            out["winner_melds"] = [cards_out(m) for m in result.winner_melds]
            out["winner_discard"] = cards_out(result.winner_discard)
    if deal.first_melds:
        out["first_melds"] = [{"player": m.player, "value": m.value,
                               **({"melds": [cards_out(c) for c in m.melds]} if m.melds
                                  else {})} for m in deal.first_melds]
    return out


def state_to_json(game_id: str, state: GameState, log: list[Deal], version: str,
                  url: str) -> dict[str, Any]:
    """The game's state as the API answers it, at *version*, with the address of its page
    (or of the view-only link, whose export names only that link)."""
    table = state.table
    out: dict[str, Any] = {
        "id": game_id,
        "version": version,
        # The game's page, so a game made through the API opens on a phone.
        "url": url,
        "rules": table.rules.to_dict(),
        "players": list(table.players),
        "teams": None if table.teams is None else [list(t) for t in table.teams],
        "first_dealer": table.first_dealer,
        "deals": [{
            "number": line.number,
            "outcome": line.outcome.value,
            "dealer": line.dealer,
            "round": line.round,
            "scores": None if line.scores is None else dict(line.scores),
            **({"team_scores": list(line.team_scores)} if line.team_scores else {}),
            **({"points": dict(line.points), "burned": list(line.burned)}
               if line.points is not None else {}),
            **deal_to_json(deal),
            **({} if deal.result is None else evidence_json(deal.result)),
        } for line, deal in zip(state.deals, log, strict=True)],
        "totals": dict(state.totals),
        "dealer": state.dealer,
        "starter": state.starter,
        "next_deal": None if state.finished else state.next_deal,
        "round": state.round,
        "attempt": state.attempt,
        "scored_rounds": state.scored_rounds,
        "rounds_to_play": state.rounds_to_play,
        "tie_break": state.tie_break,
        "finished": state.finished,
        "winners": list(state.winners),
        "notices": [say(n) for n in state.notices] + ([say(msg(
            N_("Game over: %(names)s won."), names=" & ".join(state.winners)))]
            if state.finished else []),
    }
    if state.team_totals is not None:
        out["team_totals"] = list(state.team_totals)
    if state.points is not None:
        out |= {"points": dict(state.points), "pot": state.pot, "burned": list(state.burned)}
    if ahead := outlook(state):
        out["outlook"] = [outlook_json(entry) for entry in ahead]
    return out


def outlook_json(entry: Outlook) -> dict[str, Any]:
    """One side's outlook before the last round (docs/api.md, "The outlook"): a side is
    named as its players joined with " & ", as the winners' notice names them."""
    return {
        "player": " & ".join(entry.side),
        "players": list(entry.side),
        "needs": say(entry.needs),
        "possible": entry.possible,
        "finish": None if entry.finish is None else entry.finish.value,
        "bonuses": [b.value for b in entry.bonuses],
        "pays": {" & ".join(side): points for side, points in entry.pays},
    }
