"""``POST /api/v1/score/round``: one round's scores, stored nowhere (shared/API.md,
"Scoring")."""

from flask import jsonify

from ..codec import PayloadError, evidence_json, result_from_json, rules_of
from ..rules import Rules, Table, deal_wilds, score_round
from ..rules.messages import N_, msg
from . import bp
from .payload import body


@bp.post("/score/round")
def score():
    data = body()
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players) or len(
            players) < 2:
        raise PayloadError(msg(N_("The field “players” must list two or more different "
                                  "names.")))
    rules = Rules.for_table(data["rules"], len(players)) if "rules" in data else rules_of(data)
    teams = data.get("teams")
    if teams is not None and not (isinstance(teams, list) and all(
            isinstance(t, list) and all(isinstance(p, str) for p in t) for t in teams)):
        raise PayloadError(msg(N_("The field “teams” must be two lists of names.")))
    # The same table checks as a stored game: names, how many players, partnerships.
    Table(rules, tuple(players), players[0], partnerships=teams is not None)
    result = result_from_json(data, rules)
    scored = score_round(deal_wilds(rules, result), tuple(players), result, teams)
    answer = {"scores": dict(scored.scores)}
    if result.winner_melds or "winner_cards" in data:
        # What the cards decided (shared/API.md, "Deals from the cards").
        answer |= {"finish": result.finish.value, "bonuses": [b.value for b in result.bonuses],
                   **evidence_json(result)}
    if scored.team_scores is not None:
        answer["team_scores"] = list(scored.team_scores)
    return jsonify(answer)
