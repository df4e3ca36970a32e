"""Reading a round's result (winner, finish, bonuses, each player's hand) from a JSON body
and writing scores and game states back, for the scoring and games endpoints."""

from __future__ import annotations

from typing import Any

from flask import url_for

from ..games import reported
from ..i18n import say
from ..rules import Bonus, Card, Deal, Finish, GameState, Outcome, PlayerHand, RoundResult
from ..rules.messages import N_, msg
from .payload import PayloadError, cards_of

SCORING_FIELDS = ("winner", "finish", "bonuses", "hands")


def _text(data: dict, field: str) -> str:
    value = data.get(field)
    if not isinstance(value, str):
        raise PayloadError(msg(N_("The field “%(field)s” must be a name."), field=field))
    return value


def _choice(value: object, field: str, choices: list[str]) -> str:
    if value not in choices:
        raise PayloadError(msg(N_("The field “%(field)s” must be one of %(choices)s."),
                               field=field, choices=", ".join(choices)))
    return value  # type: ignore[return-value]


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


def result_of(data: dict[str, Any]) -> RoundResult:
    """The round result in *data*."""
    bonuses = data.get("bonuses", [])
    if not isinstance(bonuses, list):
        raise PayloadError(msg(N_("The field “bonuses” must be a list.")))
    hands = data.get("hands")
    if not isinstance(hands, dict):
        raise PayloadError(msg(N_("The field “hands” must map each player's name to how they "
                                  "finished.")))
    indicator = data.get("indicator")
    return RoundResult(
        winner=_text(data, "winner"),
        finish=Finish(_choice(data.get("finish"), "finish", [f.value for f in Finish])),
        hands={name: _hand(name, hand) for name, hand in hands.items()},
        bonuses=tuple(Bonus(_choice(b, "bonuses", [x.value for x in Bonus]))
                      for b in bonuses),
        indicator=None if indicator is None else Card.parse(indicator),
    )


def deal_of(data: dict[str, Any], number: int) -> Deal:
    """A deal of the log from a request body."""
    outcome = Outcome(_choice(data.get("outcome"), "outcome", [o.value for o in Outcome]))
    result = None
    if outcome is Outcome.SCORED:
        result = result_of(data)
    elif any(field in data for field in SCORING_FIELDS):
        raise PayloadError(msg(N_("A deal that was not scored has no winner or hands; leave "
                                  "them out.")))
    melds = data.get("first_melds", [])
    if not isinstance(melds, list) or not all(
            isinstance(m, dict) and isinstance(m.get("player"), str) for m in melds):
        raise PayloadError(msg(N_("The field “first_melds” must be a list like "
                                  "[{\"player\": \"Sami\", \"value\": 56}].")))
    return Deal(number, outcome, result, tuple((m["player"], m.get("value")) for m in melds))


def deal_number(data: dict[str, Any]) -> int:
    number = data.get("deal")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise PayloadError(msg(N_("The field “deal” must be the number of this deal: 1 for "
                                  "the first.")))
    return number


def state_json(game_id: str, state: GameState, log: list[Deal],
               url: str | None = None) -> dict[str, Any]:
    """The game's state as the API answers it; *url* replaces the game's page (the
    view-only link's export names only that link)."""
    table = state.table
    out: dict[str, Any] = {
        "id": game_id,
        # The game's page, so a game made through the API opens on a phone.
        "url": url or url_for("games.show", game_id=game_id, _external=True),
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
            **reported(deal),
        } for line, deal in zip(state.deals, log, strict=True)],
        "totals": dict(state.totals),
        "dealer": state.dealer,
        "starter": state.starter,
        "next_deal": state.next_deal,
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
    return out
