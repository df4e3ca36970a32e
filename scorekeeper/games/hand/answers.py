"""Hand's answers to the JSON API's game-free questions: the referee's verdict on a
question, one round's scores stored nowhere, and the presets with their options. The API's
routes reach these through the registry; the engine decides every one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext

from scorekeeper.codec import PayloadError
from scorekeeper.rulekit.messages import N_, msg

from .codec import evidence_json, result_from_json, rules_of
from .referee.questions import decide, rules_for
from .rules import OPTIONS, PRESETS, Rules, Table, deal_wilds, score_round
from .rules.options import PRESET_NOTES


def verdict(check: str, data: Mapping[str, Any]) -> dict[str, Any]:
    return decide(check, rules_for(data), data).json()


def round_scores(data: Mapping[str, Any]) -> dict[str, Any]:
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
    answer: dict[str, Any] = {"scores": dict(scored.scores)}
    if result.winner_melds or "winner_cards" in data:
        # What the cards decided (docs/api.md, "Deals from the cards").
        answer |= {"finish": result.finish.value, "bonuses": [b.value for b in result.bonuses],
                   **evidence_json(result)}
    if scored.team_scores is not None:
        answer["team_scores"] = list(scored.team_scores)
    return answer


def listing() -> dict[str, dict[str, Any]]:
    """Hand's presets, and the options every one of them takes."""
    return {
        "presets": {name: {"note": gettext(PRESET_NOTES[name]), "options": preset.to_dict()}
                    for name, preset in PRESETS.items()},
        "options": {name: option.describe() | {"doc": gettext(option.doc)}
                    for name, option in OPTIONS.items()}}
