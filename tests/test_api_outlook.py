"""The outlook in a game's state through the JSON API (docs/api.md, "The outlook"): only
while the next deal plays the last round (a tie-break round too), for every player or
side not alone in front; never under Hareeqa or in a Hand and Foot game to a target.
Every answer is checked against the OpenAPI description by the test client
(tests/phone_client.py), so the field is described as it is sent.

The rules behind each sentence are tests/test_rules_outlook.py's.
"""

from __future__ import annotations

from game_actions import API

THREE = ["Ali", "Bashar", "Caro"]


def won(number, winner, finish="partial", **points):
    """*winner* goes out; each other player melded with the points given (None: never
    melded)."""
    return {"deal": number, "outcome": "scored", "winner": winner, "finish": finish,
            "hands": {name: {"melded": False} if value is None else
                      {"melded": True, "points": value} for name, value in points.items()}}


def test_a_levant_game_has_an_outlook_only_before_its_last_round(actions):
    """Seed 000 "End of the Play and Scoring": the lowest score at the end of the rounds
    wins — here a game of three rounds; a full hand scores -60 and doubles the others'
    penalties, "so an opponent who has not melded scores 200 penalty points"."""
    game = actions.create({"preset": "levant", "rounds": 3}, THREE)
    assert "outlook" not in game
    state = actions.post_deal(game["id"], won(1, "Ali", "full", Bashar=20, Caro=None))
    assert state["rounds_to_play"] == 2 and "outlook" not in state
    state = actions.post_deal(game["id"], won(2, "Ali", "full", Bashar=20, Caro=None))
    assert state["totals"] == {"Ali": -120, "Bashar": 80, "Caro": 400}
    # Bashar's partial hand leaves 50, and Ali cannot be charged 171 (107 in cards, 100
    # never melded); a full hand leaves 20: Ali pays 141, doubled cards come in twos.
    assert state["outlook"] == [
        {"player": "Bashar", "players": ["Bashar"], "possible": True,
         "needs": "a full hand, with Ali paying at least 142", "finish": "full",
         "bonuses": [], "pays": {"Ali": 142}},
        {"player": "Caro", "players": ["Caro"], "possible": False,
         "needs": "cannot catch up this round — play for the honour", "finish": None,
         "bonuses": [], "pays": {}},
    ]
    assert actions.state(game["id"])["outlook"] == state["outlook"]
    over = actions.post_deal(game["id"], won(3, "Ali", Bashar=10, Caro=10))
    assert over["finished"] and "outlook" not in over


def test_partners_are_named_as_a_side(actions):
    """Seed 002 "Hand Partner": "the losing team members get their scores calculated
    according to standard rules and summed up for their team score"."""
    game = actions.create({"preset": "gulf", "rounds": 2}, ["Ali", "Bashar", "Caro", "Dina"],
                          partnerships=True)
    state = actions.post_deal(game["id"], won(1, "Ali", Bashar=60, Dina=80))
    assert state["team_totals"] == [-30, 140]
    assert state["outlook"] == [
        {"player": "Bashar & Dina", "players": ["Bashar", "Dina"], "possible": True,
         "needs": "a partial hand, with Ali & Caro paying at least 141",
         "finish": "partial", "bonuses": [], "pays": {"Ali & Caro": 141}}]


def test_hareeqa_never_has_an_outlook(actions):
    """Seed 002 "Hareeqa Rules": the burns end the game, in no round known before."""
    game = actions.create("hareeqa", THREE)
    for number in range(1, 4):
        state = actions.post_deal(game["id"], won(number, "Ali", Bashar=40, Caro=10))
        assert "outlook" not in state


CONTRACT = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1}


def handfoot_deal(number):
    return {"deal": number, "outcome": "scored", "went_out": "Ann",
            "sides": [{**CONTRACT, "melded": 500}, {"melded": 200}]}


def test_hand_and_foot_the_points_behind_before_the_last_deal(actions):
    """Seed 003 "Players, Cards, Deal": "A complete game consists of four deals"."""
    game = actions.create({"preset": "hand_and_foot", "rounds": 2}, ["Ann", "Ben"])
    state = actions.post_deal(game["id"], handfoot_deal(1))
    assert state["outlook"] == [
        {"player": "Ben", "players": ["Ben"], "possible": True,
         "needs": "outscoring Ann by more than 3500 points this deal",
         "behind": {"Ann": 3500}}]
    assert "outlook" not in actions.post_deal(game["id"], handfoot_deal(2))


def test_hand_and_foot_to_a_target_has_no_outlook(actions):
    """RULES.md section 9a: with a target no deal is known to be the last."""
    game = actions.create({"preset": "hand_and_foot", "target": 20000}, ["Ann", "Ben"])
    for number in range(1, 4):
        assert "outlook" not in actions.post_deal(game["id"], handfoot_deal(number))


def test_the_outlook_follows_the_request_language(client, actions):
    """docs/api.md: sentences follow Accept-Language; values keep their names."""
    game = actions.create({"preset": "levant", "rounds": 2}, THREE)
    actions.post_deal(game["id"], won(1, "Ali", Bashar=40, Caro=120))
    arabic = client.get(f"{API}/games/{game['id']}", headers={"Accept-Language": "ar"})
    entry = arabic.get_json()["outlook"][0]
    assert entry["player"] == "Bashar" and entry["pays"] == {"Ali": 41}
    assert "\u2068" in entry["needs"]  # each value set apart in right-to-left text
