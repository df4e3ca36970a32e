"""Whole games through the JSON API (docs/api.md, "Games"), deal by deal with Flask's test
client: who deals next in each form, unscored deals, how and when a game ends (the last
round dealt too often, ties played off), first melds, partnerships, Kuwaiti announcements
and mistakes, bonuses, the indicator, Hareeqa's points and pot.

Rules are cited by RULES.md section (docs/rules.md) or by seed text and heading
(seed 000 "End of the Play and Scoring", "Deal", "Bonus Scores"; 001 "Finishing";
002 "Hand Partner", "Hand Saudi", "Hareeqa Rules"). Scores are penalty points: the winner's
are negative and the lowest total wins.
"""

from __future__ import annotations

from apiwork import has_notice, refused, scored, six_rounds, unscored
from game_actions import API, FOUR, NAMES, THREE

#: A levant game of four, the loser dealing (seed 000 "Deal", RULES.md section 6):
#: (body, who deals next). None = never melded.
LEVANT_GAME = [
    # Caro's 60 is the round's worst: Caro deals next.
    (scored(1, "Ali", {"Badr": 10, "Caro": 60, "Dina": 20}), "Caro"),
    # Unscored deals: the same dealer again, and they do not count as rounds.
    (unscored(2, "redeal"), "Caro"),
    (unscored(3, "stock_exhausted"), "Caro"),
    # A tie for worst that includes the dealer keeps the dealer.
    (scored(4, "Badr", {"Ali": 40, "Caro": 40, "Dina": 5}), "Caro"),
    # A tie without the dealer: the first tied player counter-clockwise from Caro is Dina
    # (not Ali, who comes first in the list).
    (scored(5, "Caro", {"Ali": 35, "Badr": 35, "Dina": 35}), "Dina"),
    # ... and counter-clockwise from Dina wraps round to Ali (before Caro).
    (scored(6, "Badr", {"Ali": 45, "Caro": 45, "Dina": 10}), "Ali"),
    (scored(7, "Ali", {"Badr": None, "Caro": 12, "Dina": 3}), "Badr"),
    (scored(8, "Caro", {"Ali": 7, "Badr": 9, "Dina": 70}), "Dina"),
]
#: Round 7: Dina's full hand ends the game.
LEVANT_LAST = scored(9, "Dina", {"Ali": 10, "Badr": 5, "Caro": None}, "full")


def test_levant_game_loser_deals_unscored_deals_repeat_and_seven_rounds_end_it(client,
                                                                               actions):
    """RULES.md sections 5–6, seed 000 "Deal" and "End of the Play and Scoring"."""
    state = actions.create("levant", FOUR, "Ali")
    game_id = state["id"]
    dealer = "Ali"
    scored_rounds = 0
    for body, next_dealer in LEVANT_GAME:
        state = actions.post_deal(game_id, body)
        line = state["deals"][-1]
        assert line["number"] == body["deal"]
        assert line["dealer"] == dealer
        assert state["dealer"] == next_dealer, body
        assert state["starter"] == FOUR[(FOUR.index(next_dealer) + 1) % 4]
        if body["outcome"] == "scored":
            scored_rounds += 1
            assert line["round"] == scored_rounds
        else:
            assert line["round"] is None and line["scores"] is None
            assert has_notice(state, "deals again")
        assert state["scored_rounds"] == scored_rounds
        assert state["rounds_to_play"] == 7 - scored_rounds
        assert state["round"] == scored_rounds + 1
        assert state["finished"] is False
        dealer = next_dealer
    assert state["attempt"] == 1
    assert state["deals"][1]["outcome"] == "redeal"
    assert state["deals"][2]["outcome"] == "stock_exhausted"

    final = actions.post_deal(game_id, LEVANT_LAST)
    assert final["deals"][-1]["scores"] == {"Ali": 20, "Badr": 10, "Caro": 200, "Dina": -60}
    assert final["deals"][-1]["dealer"] == "Dina"
    assert final["scored_rounds"] == 7 and final["rounds_to_play"] == 0
    assert final["finished"] is True
    assert final["totals"] == {"Ali": 87, "Badr": 104, "Caro": 297, "Dina": 83}
    assert final["winners"] == ["Dina"]  # the lowest total wins
    assert final["dealer"] is None and final["starter"] is None
    assert has_notice(final, "dina won")
    assert actions.state(game_id) == final

    # Nothing follows the end of the game.
    refused(client.post(f"{API}/games/{game_id}/deals", json=unscored(10, "redeal")))
    refused(client.post(f"{API}/games/{game_id}/deals",
                        json=scored(10, "Ali", {"Badr": 1, "Caro": 1, "Dina": 1})))
    assert actions.state(game_id) == final


def test_last_round_dealt_three_times_without_a_score_ends_on_six_rounds(client, actions):
    """RULES.md section 6, seed 000 "End of the Play and Scoring": the last round may be
    dealt at most three times; if the third is unscored too, the game stands on six."""
    game_id = six_rounds(actions)
    first = actions.post_deal(game_id, unscored(7, "redeal"))
    assert first["finished"] is False and first["attempt"] == 2
    assert not has_notice(first, "last round")
    second = actions.post_deal(game_id, unscored(8, "stock_exhausted"))
    assert second["finished"] is False and second["attempt"] == 3
    assert has_notice(second, "last round")  # warned before the third deal
    third = actions.post_deal(game_id, unscored(9, "redeal"))
    assert third["finished"] is True
    assert third["scored_rounds"] == 6 and third["rounds_to_play"] == 0
    assert third["winners"] == ["Ali"]
    assert third["totals"] == {"Ali": -180, "Badr": 60, "Caro": 120}
    assert has_notice(third, "not played")
    refused(client.post(f"{API}/games/{game_id}/deals", json=unscored(10, "redeal")))


def test_a_tie_on_six_rounds_after_an_abandoned_last_round_is_played_off(actions):
    """RULES.md section 6: the game stands on six rounds, and a tie for lowest there is
    played off like any other."""
    game_id = actions.create("levant", THREE)["id"]
    for number in range(1, 7):
        winner, loser = ("Ali", "Badr") if number % 2 else ("Badr", "Ali")
        actions.post_deal(game_id, scored(number, winner, {loser: 30, "Caro": None}))
    for number in (7, 8, 9):
        state = actions.post_deal(game_id, unscored(number))
    assert state["totals"] == {"Ali": 0, "Badr": 0, "Caro": 600}
    assert state["tie_break"] is True and state["finished"] is False
    assert state["scored_rounds"] == 6 and state["rounds_to_play"] == 0
    state = actions.post_deal(game_id, unscored(10, "stock_exhausted"))
    assert state["tie_break"] is True and state["finished"] is False
    state = actions.post_deal(game_id, scored(11, "Caro", {"Ali": 1, "Badr": 2}))
    assert state["finished"] is True and state["winners"] == ["Ali"]


def test_a_game_won_in_a_tie_break_does_not_claim_to_stand_on_the_earlier_rounds(actions):
    """RULES.md section 6: the abandoned-last-round notice is true only while no later
    round has been scored."""
    game_id = actions.create("levant", THREE)["id"]
    for number in range(1, 7):
        winner, loser = ("Ali", "Badr") if number % 2 else ("Badr", "Ali")
        actions.post_deal(game_id, scored(number, winner, {loser: 30, "Caro": None}))
    for number in (7, 8, 9):
        actions.post_deal(game_id, unscored(number))
    state = actions.post_deal(game_id, scored(10, "Caro", {"Ali": 1, "Badr": 2}))
    assert state["finished"] is True and state["scored_rounds"] == 7
    assert not has_notice(state, "earlier rounds"), state["notices"]


def test_a_scored_last_round_after_two_unscored_deals_is_played_normally(actions):
    """RULES.md section 6: the third deal of the last round, when scored, is round 7."""
    game_id = six_rounds(actions)
    actions.post_deal(game_id, unscored(7))
    actions.post_deal(game_id, unscored(8))
    state = actions.post_deal(game_id, scored(9, "Badr", {"Ali": 5, "Caro": 5}))
    assert state["finished"] is True and state["scored_rounds"] == 7
    assert state["totals"] == {"Ali": -175, "Badr": 30, "Caro": 125}


def test_a_tie_for_lowest_after_the_last_round_is_played_off(actions):
    """RULES.md section 6, seed 000: a tie for the lowest total means more rounds until one
    player is alone lowest."""
    game_id = actions.create("levant", ["Ali", "Badr"])["id"]
    plan = [("Ali", 30), ("Badr", 30), ("Ali", 30), ("Badr", 30), ("Ali", 30),
            ("Badr", 90), ("Ali", 30)]
    for number, (winner, points) in enumerate(plan, start=1):
        loser = "Badr" if winner == "Ali" else "Ali"
        state = actions.post_deal(game_id, scored(number, winner, {loser: points}))
    assert state["totals"] == {"Ali": 30, "Badr": 30}
    assert state["tie_break"] is True
    assert state["rounds_to_play"] == 0
    assert state["finished"] is False and state["winners"] == []
    assert state["dealer"] is not None
    assert has_notice(state, "tie")
    done = actions.post_deal(game_id, scored(8, "Badr", {"Ali": 5}))
    assert done["finished"] is True and done["tie_break"] is False
    assert done["scored_rounds"] == 8
    assert done["winners"] == ["Badr"]


def test_gulf_game_rotates_the_deal_after_scored_rounds_and_ends_after_five(client,
                                                                            actions):
    """RULES.md section 6 (`rotate`), seed 002: five rounds; the deal passes to the right
    after each scored round; an exhausted stock keeps the dealer. Gulf has no redeal
    claims (RULES.md section 10)."""
    game_id = actions.create("gulf", THREE, "Badr")["id"]
    state = actions.post_deal(game_id, scored(1, "Ali", {"Badr": 10, "Caro": 20}))
    assert state["deals"][0]["dealer"] == "Badr"
    assert (state["dealer"], state["starter"]) == ("Caro", "Ali")
    state = actions.post_deal(game_id, unscored(2, "stock_exhausted"))
    assert state["dealer"] == "Caro" and state["scored_rounds"] == 1
    refused(client.post(f"{API}/games/{game_id}/deals", json=unscored(3, "redeal")))
    assert len(actions.state(game_id)["deals"]) == 2
    dealers = ["Caro", "Ali", "Badr", "Caro"]
    for number, dealer in enumerate(dealers, start=3):
        state = actions.post_deal(game_id, scored(number, "Caro", {"Ali": 1, "Badr": 2}))
        assert state["deals"][-1]["dealer"] == dealer
    assert state["finished"] is True and state["scored_rounds"] == 5
    assert state["totals"] == {"Ali": -30 + 4, "Badr": 10 + 8, "Caro": 20 - 120}
    assert state["winners"] == ["Caro"]


def test_saudi_first_melds_must_each_beat_the_previous_one(client, actions):
    """RULES.md section 4 (`initial_increasing`), seed 002 "Hand Saudi": after the first
    player's 51, each first meld must reach the previous one + 1."""
    game_id = actions.create("saudi", THREE)["id"]
    melds = [{"player": "Badr", "value": 51}, {"player": "Caro", "value": 52},
             {"player": "Ali", "value": 70}]
    state = actions.post_deal(game_id, scored(1, "Ali", {"Badr": 10, "Caro": 5},
                                              first_melds=melds))
    assert state["deals"][0]["first_melds"] == melds
    for bad in (
        [{"player": "Badr", "value": 60}, {"player": "Caro", "value": 60}],
        [{"player": "Badr", "value": 50}],
        [{"player": "Badr", "value": 60}, {"player": "Badr", "value": 70}],
    ):
        body = scored(2, "Ali", {"Badr": 10, "Caro": 5}, first_melds=bad)
        refused(client.post(f"{API}/games/{game_id}/deals", json=body))
    assert actions.state(game_id) == state
    # The bar starts again at 51 in each deal.
    state = actions.post_deal(game_id, unscored(2, "stock_exhausted")
                      | {"first_melds": [{"player": "Caro", "value": 51}]})
    assert state["deals"][1]["first_melds"] == [{"player": "Caro", "value": 51}]


def test_levant_first_melds_need_only_reach_51_each(actions):
    """RULES.md section 4: without `initial_increasing` every first meld needs only 51."""
    game_id = actions.create("levant", THREE)["id"]
    melds = [{"player": "Badr", "value": 70}, {"player": "Caro", "value": 51}]
    state = actions.post_deal(game_id, scored(1, "Ali", {"Badr": 10, "Caro": 5},
                                              first_melds=melds))
    assert state["deals"][0]["first_melds"] == melds


def test_partnership_game_keeps_team_totals_and_both_partners_win(actions):
    """RULES.md section 5 (partnerships), seed 000 and seed 002 "Hand Partner": partners
    sit opposite (seats 1 & 3, 2 & 4); the lower team total after seven rounds wins."""
    state = actions.create("levant", FOUR, "Ali", partnerships=True)
    game_id = state["id"]
    assert state["teams"] == [["Ali", "Caro"], ["Badr", "Dina"]]
    assert state["team_totals"] == [0, 0]
    # Seed 000's example: a full hand with neither opponent melded costs them 400.
    state = actions.post_deal(game_id, scored(1, "Ali", {"Badr": None, "Dina": None},
                                              "full"))
    assert state["deals"][0]["team_scores"] == [-60, 400]
    assert state["team_totals"] == [-60, 400]
    # Badr and Dina tie for worst; the dealer (Ali) is not in the tie: Badr, next to him.
    assert state["dealer"] == "Badr"
    for number in range(2, 8):
        # The winner's partner may be given; their cards do not count.
        if number % 2:
            state = actions.post_deal(game_id, scored(
                number, "Caro", {"Ali": 10, "Badr": 20, "Dina": 5}))
            assert state["deals"][-1]["scores"]["Ali"] == 0
        else:
            state = actions.post_deal(game_id, scored(
                number, "Dina", {"Ali": 30, "Caro": 5, "Badr": 99}))
            assert state["deals"][-1]["scores"]["Badr"] == 0
    # Rounds 3, 5, 7: Caro wins (−30), Badr and Dina pay 25.
    # Rounds 2, 4, 6: Dina wins (−30), Ali and Caro pay 35.
    assert state["team_totals"] == [-60 - 90 + 105, 400 + 75 - 90]
    assert state["team_totals"] == [sum(state["totals"][p] for p in team)
                                    for team in state["teams"]]
    assert state["finished"] is True
    assert state["winners"] == ["Ali", "Caro"]


def test_kuwait_game_scores_announced_not_announced_and_mistakes(client, actions):
    """RULES.md sections 5 and 7, seed 001 "Finishing": announcements are the deal's first
    melds (91 with four players, each beating the last)."""
    game_id = actions.create("kuwait", FOUR)["id"]
    body = {"deal": 1, "outcome": "scored", "winner": "Ali", "finish": "partial",
            "first_melds": [{"player": "Caro", "value": 91}, {"player": "Ali", "value": 95}],
            "hands": {"Badr": {"melded": False},
                      "Caro": {"melded": True, "cards": ["JK", "5H"]},
                      "Dina": {"melded": False, "mistake": True}}}
    state = actions.post_deal(game_id, body)
    assert state["deals"][0]["scores"] == {"Ali": -30, "Badr": 100, "Caro": 25, "Dina": 150}
    assert state["deals"][0]["hands"]["Dina"] == {"melded": False, "mistake": True}
    body = scored(2, "Badr", {"Ali": None, "Caro": 10, "Dina": 10}, "full",
                  bonuses=["two_wilds", "one_colour"])
    body["hands"]["Dina"]["mistake"] = True
    state = actions.post_deal(game_id, body)
    assert state["deals"][1]["scores"] == {"Ali": 1600, "Badr": -480, "Caro": 320,
                                           "Dina": 4800}
    assert state["deals"][1]["bonuses"] == ["two_wilds", "one_colour"]
    # An announcement below 91, or not beating the one before, is refused.
    for melds in ([{"player": "Caro", "value": 90}],
                  [{"player": "Caro", "value": 95}, {"player": "Ali", "value": 95}]):
        bad = scored(3, "Ali", {"Badr": None, "Caro": None, "Dina": None},
                     first_melds=melds)
        refused(client.post(f"{API}/games/{game_id}/deals", json=bad))
    assert actions.state(game_id) == state


def test_kuwait_game_of_five_announces_at_71(actions):
    """RULES.md section 7: usually 71 with five players."""
    game_id = actions.create("kuwait", NAMES)["id"]
    body = scored(1, "Ali", {"Badr": None, "Caro": None, "Dina": None, "Emad": 4},
                  first_melds=[{"player": "Emad", "value": 71}])
    assert actions.post_deal(game_id, body)["totals"]["Emad"] == 4


def test_egypt_game_bonuses_multiply_and_are_stored(client, actions):
    """RULES.md section 5, seed 000 "Bonus Scores"."""
    game_id = actions.create("egypt", THREE)["id"]
    state = actions.post_deal(game_id, scored(
        1, "Ali", {"Badr": 10, "Caro": None}, "full", bonuses=["wild_discard", "one_colour"]))
    assert state["deals"][0]["scores"] == {"Ali": -240, "Badr": 80, "Caro": 800}
    assert state["deals"][0]["bonuses"] == ["wild_discard", "one_colour"]
    refused(client.post(f"{API}/games/{game_id}/deals", json=scored(
        2, "Ali", {"Badr": 10, "Caro": None}, "partial", bonuses=["one_suit"])))
    assert actions.state(game_id) == state


def test_levant_game_refuses_bonuses(client, actions):
    """RULES.md section 5: bonus hands only where `bonus_hands` is on."""
    game_id = actions.create("levant", THREE)["id"]
    refused(client.post(f"{API}/games/{game_id}/deals", json=scored(
        1, "Ali", {"Badr": 10, "Caro": None}, "full", bonuses=["one_suit"])))


def test_levant_game_values_cards_with_the_deals_indicator_and_stores_it(actions):
    """RULES.md sections 1–2 and 5: cards in a stored deal are valued with that deal's
    indicator and shown canonically."""
    game_id = actions.create("levant", THREE)["id"]
    body = {"deal": 1, "outcome": "scored", "winner": "Ali", "finish": "partial",
            "indicator": "7♣", "hands": {"Badr": {"melded": True, "cards": ["jk", "A♣"]},
                                          "Caro": {"melded": True, "points": 4}}}
    state = actions.post_deal(game_id, body)
    line = state["deals"][0]
    assert line["scores"] == {"Ali": -30, "Badr": 11 + 15, "Caro": 4}
    assert line["indicator"] == "7C"
    assert line["hands"]["Badr"] == {"melded": True, "cards": ["JK", "AC"]}
    assert line["winner"] == "Ali" and line["finish"] == "partial"


def test_hareeqa_game_points_burns_pot_and_the_last_one_standing(client, actions):
    """RULES.md section 8, seed 002 "Hareeqa Rules": scores never doubled; points start at
    −3; a win moves 1 point (2 for a full hand) from each other player; a score of 201+
    burns: 2 points into the pot, the score reset to the highest other score; when one
    player is left unburned the game ends, that player takes the pot, most points wins."""
    state = actions.create("hareeqa", THREE, "Ali")
    game_id = state["id"]
    assert state["points"] == {"Ali": -3, "Badr": -3, "Caro": -3}
    assert state["pot"] == 0 and state["burned"] == []
    assert state["rounds_to_play"] is None

    state = actions.post_deal(game_id, scored(1, "Ali", {"Badr": 150, "Caro": None}))
    assert state["totals"] == {"Ali": -30, "Badr": 150, "Caro": 100}
    assert state["points"] == {"Ali": -1, "Badr": -4, "Caro": -4}

    # A full hand is not doubled, but moves 2 points. Badr reaches 210 and burns; Caro's
    # 200 does not.
    state = actions.post_deal(game_id, scored(2, "Ali", {"Badr": 60, "Caro": None}, "full"))
    line = state["deals"][-1]
    assert line["scores"] == {"Ali": -30, "Badr": 60, "Caro": 100}
    assert line["burned"] == ["Badr"]
    assert state["totals"] == {"Ali": -60, "Badr": 200, "Caro": 200}
    assert state["pot"] == 2 and state["burned"] == ["Badr"]
    assert state["points"] == {"Ali": 3, "Badr": -8, "Caro": -6}
    assert line["points"] == {"Ali": 4, "Badr": -4, "Caro": -2}

    # Badr burns again (205): reset to Caro's 170.
    state = actions.post_deal(game_id, scored(3, "Caro", {"Ali": 20, "Badr": 5}))
    assert state["totals"] == {"Ali": -40, "Badr": 170, "Caro": 170}
    assert state["pot"] == 4 and state["burned"] == ["Badr"]
    assert state["points"] == {"Ali": 2, "Badr": -11, "Caro": -4}
    assert state["finished"] is False
    assert [d["dealer"] for d in state["deals"]] == ["Ali", "Badr", "Caro"]  # rotate

    # Caro burns (210): only Ali is left unburned, takes the pot, no points move.
    state = actions.post_deal(game_id, scored(4, "Ali", {"Badr": 10, "Caro": 40}))
    assert state["totals"] == {"Ali": -70, "Badr": 180, "Caro": 180}
    assert state["burned"] == ["Badr", "Caro"]
    assert state["pot"] == 0
    assert state["points"] == {"Ali": 8, "Badr": -11, "Caro": -6}
    assert sum(state["points"].values()) == -9  # points only move, pot included
    assert state["finished"] is True and state["winners"] == ["Ali"]
    refused(client.post(f"{API}/games/{game_id}/deals", json=scored(
        5, "Ali", {"Badr": 1, "Caro": 1})))


def test_hareeqa_has_no_redeal_claims_but_an_exhausted_stock_is_unscored(client, actions):
    game_id = actions.create("hareeqa", THREE)["id"]
    refused(client.post(f"{API}/games/{game_id}/deals", json=unscored(1, "redeal")))
    state = actions.post_deal(game_id, unscored(1, "stock_exhausted"))
    assert state["points"] == {"Ali": -3, "Badr": -3, "Caro": -3}
    assert state["dealer"] == "Ali"
