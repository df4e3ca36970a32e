"""Scoring one round with ``POST /api/v1/score/round`` (docs/api.md, "Scoring"), through
Flask's test client: each form's scoring, bonus hands, partnerships, the Kuwaiti table, and
malformed or impossible tables refused with a 400.

Rules are cited by RULES.md section (docs/rules.md) or by seed text and heading
(seed 000 "End of the Play and Scoring", "Deal", "Bonus Scores"; 001 "Finishing";
002 "Hand Partner", "Hand Saudi", "Hareeqa Rules"). Scores are penalty points: the winner's
are negative and the lowest total wins.
"""

from __future__ import annotations

import pytest
from apiwork import DROP, changed, refused, score
from game_actions import API, FOUR, NAMES, THREE


def test_score_round_partial_levant_values_joker_as_natural_ace_and_wild_ace_at_15(client):
    """RULES.md sections 2 and 5, seed 000 "Wild Cards" and "End of the Play and Scoring":
    with 7♣ turned the A♣ is wild (15 in hand) and a joker is the natural A♣ (11); a
    partial hand is −30 for the winner, the cards left for a melded player, 100 otherwise."""
    data = score(client, {
        "rules": "levant", "players": FOUR, "indicator": "7C", "winner": "Ali",
        "finish": "partial", "hands": {
            "Badr": {"melded": True, "cards": ["JK", "AC", "KH", "5D"]},
            "Caro": {"melded": False},
            "Dina": {"melded": True, "points": 20},
        }})
    assert data == {"scores": {"Ali": -30, "Badr": 11 + 15 + 10 + 5, "Caro": 100,
                               "Dina": 20}}


def test_score_round_full_levant_doubles_the_penalties_and_gives_minus_60(client):
    """RULES.md section 5, seed 000: a full hand is −60, the others' penalties doubled
    (never melded = 200). With an ace turned the jokers are wild (15) and aces natural (11)."""
    data = score(client, {
        "rules": "levant", "players": THREE, "indicator": "AS", "winner": "Caro",
        "finish": "full", "hands": {
            "Ali": {"melded": True, "cards": ["JK", "AC", "9H"]},
            "Badr": {"melded": False},
        }})
    assert data == {"scores": {"Ali": 2 * (15 + 11 + 9), "Badr": 200, "Caro": -60}}


def test_score_round_cards_are_forgiving_and_the_ace_penalty_option_applies(client):
    """RULES.md sections 1 and 5: ``10♥``/``th`` parse; ``ace_penalty`` 10 values a natural
    ace left in hand at 10."""
    data = score(client, {
        "rules": {"preset": "gulf", "ace_penalty": 10}, "players": ["Ali", "Badr"],
        "winner": "Ali", "finish": "partial",
        "hands": {"Badr": {"melded": True, "cards": ["10♥", "th", "as", "jk"]}}})
    assert data["scores"] == {"Ali": -30, "Badr": 10 + 10 + 10 + 15}


@pytest.mark.parametrize(("bonuses", "factor"), [
    (["wild_discard"], 2),
    (["one_colour"], 2),
    (["one_suit"], 4),
    (["two_wilds"], 4),
    (["wild_discard", "one_colour"], 4),
    (["one_suit", "two_wilds"], 16),
])
def test_score_round_egypt_bonus_hands_multiply_a_full_hand(client, bonuses, factor):
    """RULES.md section 5, seed 000 "Bonus Scores": each bonus doubles again (one suit and
    two wilds ×4), combined by multiplication; the largest is −960 / 32× / 3200."""
    data = score(client, {
        "rules": "egypt", "players": THREE, "winner": "Ali", "finish": "full",
        "bonuses": bonuses,
        "hands": {"Badr": {"melded": True, "points": 10}, "Caro": {"melded": False}}})
    assert data["scores"] == {"Ali": -60 * factor, "Badr": 20 * factor, "Caro": 200 * factor}


def test_score_round_egypt_largest_score_is_minus_960_32_times_and_3200(client):
    """Seed 000 "Bonus Scores": single suit with two wilds discarded."""
    data = score(client, {
        "rules": "egypt", "players": THREE, "winner": "Ali", "finish": "full",
        "bonuses": ["one_suit", "two_wilds"],
        "hands": {"Badr": {"melded": True, "points": 1}, "Caro": {"melded": False}}})
    assert data["scores"] == {"Ali": -960, "Badr": 32, "Caro": 3200}


def test_score_round_seed_000_partnership_full_hand_costs_the_other_team_400(client):
    """Seed 000 "End of the Play and Scoring" (partnerships), RULES.md section 5: a full
    hand with neither opponent melded costs the losing team 400; the winner's partner's
    cards do not count."""
    data = score(client, {
        "rules": "levant", "players": FOUR, "teams": [["Ali", "Caro"], ["Badr", "Dina"]],
        "winner": "Ali", "finish": "full",
        "hands": {"Badr": {"melded": False}, "Dina": {"melded": False},
                  "Caro": {"melded": True, "points": 90}}})
    assert data["team_scores"] == [-60, 400]
    assert data["scores"] == {"Ali": -60, "Badr": 200, "Caro": 0, "Dina": 200}


def test_score_round_partnership_partner_may_be_left_out(client):
    """API.md "Scoring": in partnerships the winner's partner may be given and does not
    count; leaving the partner out is fine too."""
    data = score(client, {
        "rules": "gulf", "players": FOUR, "teams": [["Ali", "Caro"], ["Badr", "Dina"]],
        "winner": "Dina", "finish": "partial",
        "hands": {"Ali": {"melded": True, "points": 12}, "Caro": {"melded": False}}})
    assert data["team_scores"] == [112, -30]
    assert data["scores"] == {"Ali": 12, "Badr": 0, "Caro": 100, "Dina": -30}


KUWAIT_ROWS = [
    # finish, bonuses, (winner, did not announce, announced ×, mistake): seed 001 "Finishing"
    ("full", [], (-60, 200, 2, 300)),
    ("full", ["one_colour"], (-120, 400, 4, 600)),
    ("full", ["wild_discard"], (-120, 400, 4, 600)),
    ("full", ["one_suit"], (-240, 800, 8, 1200)),
    ("full", ["two_wilds"], (-240, 800, 8, 1200)),
    ("full", ["two_wilds", "one_colour"], (-480, 1600, 32, 4800)),
]


@pytest.mark.parametrize(("finish", "bonuses", "row"), KUWAIT_ROWS)
def test_score_round_kuwait_uses_the_published_table(client, finish, bonuses, row):
    """RULES.md section 5 (Kuwaiti form), seed 001 "Finishing": the table's rows, including
    its irregular 32× and 4800 cell."""
    winner, fixed, times, mistake = row
    data = score(client, {
        "rules": "kuwait", "players": FOUR, "winner": "Ali", "finish": finish,
        "bonuses": bonuses, "hands": {
            "Badr": {"melded": False},
            "Caro": {"melded": True, "points": 10},
            "Dina": {"melded": True, "points": 10, "mistake": True}}})
    assert data["scores"] == {"Ali": winner, "Badr": fixed, "Caro": 10 * times,
                              "Dina": mistake}


def test_score_round_kuwait_finish_after_announcing_counts_jokers_20(client):
    """Seed 001 "Finishing": finishing after announcing is −30 / 100 / the cards with
    jokers at 20 / 150."""
    data = score(client, {
        "rules": "kuwait", "players": FOUR, "winner": "Ali", "finish": "partial",
        "hands": {"Badr": {"melded": False},
                  "Caro": {"melded": True, "cards": ["JK", "5H", "AS"]},
                  "Dina": {"melded": False, "mistake": True}}})
    assert data["scores"] == {"Ali": -30, "Badr": 100, "Caro": 20 + 5 + 11, "Dina": 150}


SCORE_BASE = {"rules": "egypt", "players": THREE, "winner": "Ali", "finish": "full",
              "hands": {"Badr": {"melded": True, "points": 10}, "Caro": {"melded": False}}}


@pytest.mark.parametrize("body", [
    pytest.param(changed(SCORE_BASE, finish="partial", bonuses=["one_suit"]),
                 id="bonuses-on-a-partial-finish"),
    pytest.param(changed(SCORE_BASE, winner="Zed"), id="unknown-winner"),
    pytest.param(changed(SCORE_BASE, hands={"Badr": {"melded": False}}),
                 id="player-missing-from-hands"),
    pytest.param(changed(SCORE_BASE, hands={"Badr": {"melded": True},
                                             "Caro": {"melded": False}}),
                 id="melded-hand-without-points-or-cards"),
    pytest.param(changed(SCORE_BASE, hands={"Badr": {"melded": True, "points": "10"},
                                             "Caro": {"melded": False}}),
                 id="points-as-a-string"),
    pytest.param(changed(SCORE_BASE, hands={"Badr": {"melded": "yes", "points": 10},
                                             "Caro": {"melded": False}}),
                 id="melded-not-a-bool"),
    pytest.param(changed(SCORE_BASE, players="Ali, Badr, Caro"), id="players-not-a-list"),
    pytest.param(changed(SCORE_BASE, players=["Ali", "Ali", "Caro"]),
                 id="players-repeated"),
    pytest.param(changed(SCORE_BASE, finish=2), id="finish-a-number"),
    pytest.param(changed(SCORE_BASE, hands=[]), id="hands-a-list"),
    pytest.param(changed(SCORE_BASE, bonuses="one_suit"), id="bonuses-not-a-list"),
    pytest.param(changed(SCORE_BASE, bonuses=["rainbow"]), id="unknown-bonus-name"),
    pytest.param(changed(SCORE_BASE, rules=DROP), id="missing-rules"),
    pytest.param(changed(SCORE_BASE, rules="poker"), id="unknown-preset"),
    pytest.param(changed(SCORE_BASE, teams=[["Ali", "Badr"], ["Caro"]]),
                 id="teams-not-two-pairs-of-the-players"),
    pytest.param(changed(SCORE_BASE, rules="levant", finish="partial",
                          hands={"Badr": {"melded": True, "cards": ["5H", "AH"]},
                                 "Caro": {"melded": False}}),
                 id="cards-without-the-indicator-levant-needs"),
    pytest.param(changed(SCORE_BASE, hands={"Badr": {"melded": True, "cards": ["1Z"]},
                                             "Caro": {"melded": False}}),
                 id="card-that-does-not-parse"),
])
def test_score_round_malformed_is_a_400_with_one_sentence(client, body):
    """API.md "Common parts" and "Scoring": malformed input is a 400, never a 500."""
    refused(client.post(f"{API}/score/round", json=body))


@pytest.mark.parametrize("body", [
    pytest.param(changed(SCORE_BASE, rules="levant", finish="partial", players=NAMES,
                          hands={n: {"melded": False} for n in NAMES[1:]}),
                 id="five-players-under-levant"),
    pytest.param(changed(SCORE_BASE, rules="kuwait", finish="partial", players=FOUR,
                          teams=[["Ali", "Caro"], ["Badr", "Dina"]],
                          hands={"Badr": {"melded": False}, "Dina": {"melded": False}}),
                 id="teams-under-kuwait"),
    pytest.param(changed(SCORE_BASE, players=["Ali", "ali", "Caro"],
                          hands={"ali": {"melded": False}, "Caro": {"melded": False}}),
                 id="names-differing-only-by-case"),
    pytest.param(changed(SCORE_BASE, players=["Ali", "", "Caro"],
                          hands={"": {"melded": False}, "Caro": {"melded": False}}),
                 id="a-blank-name"),
])
def test_score_round_refuses_a_table_the_form_does_not_allow(client, body):
    """RULES.md section 10 (levant: 2–4 players; kuwait: no partnerships), section 6 and
    API.md "Common parts": a table ``POST /games`` refuses with a 400 is malformed for
    ``POST /score/round`` too."""
    refused(client.post(f"{API}/score/round", json=body))


def test_a_rounds_unknown_field_is_refused_by_name(client):
    """Issue 39, point 16: a misspelt field ("winer") is refused, not dropped."""
    body = {"rules": "levant", "players": THREE, "winner": "Ali", "finish": "partial",
            "hands": {"Badr": {"melded": True, "points": 20}, "Caro": {"melded": False}}}
    assert score(client, body)["scores"]
    refused(client.post(f"{API}/score/round", json=body | {"winer": "Ali"}), 400,
            "“winer”", "winner")
