"""Property tests of stored games through the JSON API (Hypothesis): random games of every
form keep totals that are the sums of the deal scores, score each deal as
``POST /score/round`` does, and come back the same after ``GET`` and after an undo and a
redo.

Rules are cited by RULES.md section (docs/rules.md) or by seed text and heading
(seed 000 "End of the Play and Scoring", "Deal", "Bonus Scores"; 001 "Finishing";
002 "Hand Partner", "Hand Saudi", "Hareeqa Rules"). Scores are penalty points: the winner's
are negative and the lowest total wins.
"""

from __future__ import annotations

import json

from apiwork import PARTNER_PRESETS, score, without_version
from depth import examples
from game_actions import API, NAMES, PRESETS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PROPERTY = settings(max_examples=examples(25), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])
BONUS_WILD = [None, "wild_discard", "two_wilds"]
BONUS_COLOUR = [None, "one_colour", "one_suit"]


@st.composite
def deal_bodies(draw, preset: str, players: list[str], teams) -> dict:
    """A valid deal body (without its number) for a game of *players* under *preset*."""
    outcomes = ["scored"] * 4 + ["stock_exhausted"]
    if preset in ("levant", "egypt"):
        outcomes.append("redeal")
    body: dict = {"outcome": draw(st.sampled_from(outcomes))}
    layers = draw(st.permutations(players))[:draw(st.integers(0, len(players)))]
    if layers:
        bar = 91 if preset == "kuwait" else 51
        increasing = preset in ("saudi", "kuwait")
        melds, value = [], bar + draw(st.integers(0, 20))
        for name in layers:
            melds.append({"player": name, "value": value})
            value = (value + 1 if increasing else bar) + draw(st.integers(0, 20))
        body["first_melds"] = melds
    if body["outcome"] != "scored":
        return body
    winner = draw(st.sampled_from(players))
    partner = None
    if teams is not None:
        partner = next(p for t in teams if winner in t for p in t if p != winner)
    finish = draw(st.sampled_from(["partial", "full"]))
    held = {}
    for name in players:
        if name in (winner, partner):
            continue
        hand: dict = {"melded": draw(st.booleans())}
        if hand["melded"]:
            hand["points"] = draw(st.integers(0, 120))
        if preset == "kuwait" and draw(st.integers(0, 4)) == 0:
            hand["mistake"] = True
        held[name] = hand
    body |= {"winner": winner, "finish": finish, "hands": held}
    if finish == "full" and preset in ("egypt", "kuwait"):
        body["bonuses"] = [b for b in (draw(st.sampled_from(BONUS_WILD)),
                                       draw(st.sampled_from(BONUS_COLOUR))) if b]
    return body


@st.composite
def plans(draw):
    """(preset, players, partnerships, first dealer, deal bodies)."""
    preset = draw(st.sampled_from(PRESETS))
    players = NAMES[:draw(st.integers(2, 4))]
    partnerships = len(players) == 4 and preset in PARTNER_PRESETS and draw(st.booleans())
    teams = ((players[0], players[2]), (players[1], players[3])) if partnerships else None
    first = draw(st.sampled_from(players))
    deals = draw(st.lists(deal_bodies(preset, players, teams), min_size=1, max_size=12))
    return preset, players, partnerships, first, deals


def _round_scores(client, state: dict, body: dict) -> dict:
    """What ``POST /score/round`` says for a stored deal's result."""
    request = {"rules": state["rules"], "players": state["players"],
               **{k: body[k] for k in ("winner", "finish", "hands", "bonuses") if k in body}}
    if state["teams"] is not None:
        request["teams"] = state["teams"]
    return score(client, request)


@PROPERTY
@given(plan=plans())
def test_property_random_games_keep_totals_and_survive_get_and_undo_redo(client, actions,
                                                                         plan):
    """Totals are the sums of the deal scores (RULES.md section 5; not Hareeqa, whose burns
    reset scores, section 8); each deal scores as ``/score/round`` does; GET after a POST
    equals the POST's answer; DELETE of the last deal then the same POST is the identity."""
    preset, players, partnerships, first, deals = plan
    state = actions.create(preset, players, first, partnerships=partnerships)
    game_id = state["id"]
    for deal in deals:
        if state["finished"]:
            break
        body = {"deal": state["next_deal"], **deal}
        before = state
        state = actions.post_deal(game_id, body)
        assert actions.state(game_id) == state

        undone = client.delete(f"{API}/games/{game_id}/deals/{body['deal']}")
        assert undone.status_code == 200
        # The same sheet as before, at a new version: undoing is a change too.
        assert without_version(undone.get_json()) == without_version(before)
        assert undone.get_json()["version"] != before["version"]
        redone = actions.post_deal(game_id, body)
        assert without_version(redone) == without_version(state)
        state = redone
        assert actions.state(game_id) == state

        line = state["deals"][-1]
        assert line["number"] == body["deal"] and line["outcome"] == body["outcome"]
        assert line["dealer"] == before["dealer"]
        if body["outcome"] == "scored":
            expected = _round_scores(client, state, body)
            assert line["scores"] == expected["scores"]
            assert line.get("team_scores") == expected.get("team_scores")
        else:
            assert line["scores"] is None
            assert state["scored_rounds"] == before["scored_rounds"]
            if state["finished"]:
                # RULES.md section 6 (seed 000): the last round dealt too often without a
                # score ends the game, so nobody deals next.
                assert state["dealer"] is None
            else:
                assert state["dealer"] == before["dealer"]
        if preset != "hareeqa":
            sums = {p: sum(d["scores"][p] for d in state["deals"] if d["scores"])
                    for p in players}
            assert state["totals"] == sums
            if partnerships:
                assert state["team_totals"] == [sum(sums[p] for p in team)
                                                for team in state["teams"]]
    assert json.loads(json.dumps(state)) == state
