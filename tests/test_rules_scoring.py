"""Round scoring: who pays what when a player goes out (scorekeeper/games/hand/rules/scoring.py).

Sources, cited per test: RULES.md section 5; seed 000 "End of the Play and Scoring" and
"Bonus Scores" (the Levant form and Egypt's bonus hands); seed 001's table (the Kuwaiti
form); seed 002 "Hand Partner" and "Hareeqa Rules". docs/scoring.md states the decisions.
"""

import pytest
from rulings import cards

from scorekeeper.games.hand.rules import (
    Bonus,
    Card,
    Finish,
    PlayerHand,
    RoundResult,
    Rules,
    RulesError,
    deal_wilds,
    score_round,
)
from scorekeeper.games.hand.rules.scoring import kuwait_row

FOUR = ("Ann", "Bob", "Cy", "Dee")
FIVE = ("Ann", "Bob", "Cy", "Dee", "Eve")
# Partners sit opposite: North-South against East-West (seats 1 and 3, seats 2 and 4).
SEATS = ("North", "East", "South", "West")
TEAMS = (("North", "South"), ("East", "West"))

NEVER = PlayerHand(melded=False)


def melded(points: int | str) -> PlayerHand:
    """A player who melded, with the points left in hand, or the cards as a string."""
    if isinstance(points, str):
        return PlayerHand(melded=True, cards=cards(points))
    return PlayerHand(melded=True, points=points)


def score(preset, winner, hands, finish="partial", bonuses=(), indicator=None,
          players=FOUR, teams=None, **options):
    """score_round as the game calls it: the deal's wilds from the result's indicator."""
    rules = Rules.from_spec({"preset": preset, **options})
    result = RoundResult(winner, Finish(finish), hands, tuple(Bonus(b) for b in bonuses),
                         Card.parse(indicator) if indicator else None)
    return score_round(deal_wilds(rules, result), players, result, teams)


# --- seed 000 "End of the Play and Scoring": partial hand (dhamoon) ---------------------

def test_end_of_play_partial_hand_winner_minus_30_melded_pay_cards_never_melded_100():
    # Bob gives his points, Dee her cards (K 10, 9, 2 = 21), Cy never melded.
    result = score("levant", "Ann", {"Bob": melded(23), "Cy": NEVER, "Dee": melded("KD 9H 2S")},
                   indicator="7C")
    assert dict(result.scores) == {"Ann": -30, "Bob": 23, "Cy": 100, "Dee": 21}
    assert result.factor == 1 and result.team_scores is None


def test_end_of_play_a_melded_player_with_no_cards_left_pays_nothing():
    result = score("levant", "Ann", {"Bob": melded(0), "Cy": melded(""), "Dee": NEVER})
    assert dict(result.scores) == {"Ann": -30, "Bob": 0, "Cy": 0, "Dee": 100}


# --- seed 000 "End of the Play and Scoring": full hand ----------------------------------

def test_end_of_play_full_hand_minus_60_and_every_penalty_doubled():
    result = score("levant", "Ann", {"Bob": melded(23), "Cy": NEVER, "Dee": melded("KD 9H 2S")},
                   finish="full", indicator="7C")
    assert dict(result.scores) == {"Ann": -60, "Bob": 46, "Cy": 200, "Dee": 42}
    assert result.factor == 2


@pytest.mark.parametrize("preset", ["levant", "gulf", "saudi"])
def test_end_of_play_never_melded_pays_100_or_200_in_every_standard_form(preset):
    # Seed 002 "Hand Rules" gives the same -30/100 and -60/200 for the Gulf forms.
    hands = {"Bob": NEVER, "Cy": NEVER, "Dee": NEVER}
    assert score(preset, "Ann", hands).scores["Bob"] == 100
    assert score(preset, "Ann", hands, finish="full").scores["Bob"] == 200


# --- seed 000 "End of the Play and Scoring" and "Wild Cards": values of cards in hand ---

@pytest.mark.parametrize(("preset", "indicator", "options", "hand", "value"), [
    # Natural cards: ace 11, court 10, pips face value.
    ("levant", "7D", {}, "AS", 11),
    ("levant", "7D", {}, "KH", 10),
    ("levant", "7D", {}, "QC", 10),
    ("levant", "7D", {}, "JS", 10),
    ("levant", "7D", {}, "10C", 10),
    ("levant", "7D", {}, "9H", 9),
    ("levant", "7D", {}, "2D", 2),
    # Indicator 7♣ (not an ace): the ♣ aces are wild (15), a joker is the natural A♣ (11).
    ("levant", "7C", {}, "AC", 15),
    ("levant", "7C", {}, "JK", 11),
    ("levant", "7C", {}, "AH", 11),
    ("levant", "7C", {}, "AC JK AH 5C", 15 + 11 + 11 + 5),
    # Indicator A♣: the jokers are wild (15), every ace natural — the A♣ too.
    ("levant", "AC", {}, "JK", 15),
    ("levant", "AC", {}, "AC", 11),
    ("levant", "AC", {}, "JK JK AC AD", 15 + 15 + 11 + 11),
    # "Variations", Value of Aces: an ace left in hand may count 10 — a joker playing as
    # the natural ace too; a wild ace still counts 15.
    ("levant", "7C", {"ace_penalty": 10}, "AS", 10),
    ("levant", "7C", {"ace_penalty": 10}, "JK", 10),
    ("levant", "7C", {"ace_penalty": 10}, "AC", 15),
    # Jokers-only forms (seed 002 "Hand Rules": 11 for each ace, 15 for each joker).
    ("gulf", None, {}, "JK AS KD", 15 + 11 + 10),
    ("hareeqa", None, {}, "JK AS", 15 + 11),
    # 104 cards without jokers: the aces of the indicator suit are wild.
    ("levant", "7H", {"wild_mode": "indicator_no_jokers"}, "AH AS", 15 + 11),
])
def test_end_of_play_value_of_cards_left_in_hand(preset, indicator, options, hand, value):
    result = score(preset, "Ann", {"Bob": melded(hand), "Cy": melded(0), "Dee": melded(0)},
                   indicator=indicator, **options)
    assert result.scores["Bob"] == value


def test_end_of_play_points_need_no_indicator_but_cards_do():
    # Under an indicator an ace's or a joker's value depends on it; plain points do not.
    assert score("levant", "Ann", {"Bob": melded(7), "Cy": NEVER, "Dee": NEVER}).scores[
        "Bob"] == 7
    with pytest.raises(RulesError, match="indicator"):
        score("levant", "Ann", {"Bob": melded("7H AH"), "Cy": NEVER, "Dee": NEVER})
    with pytest.raises(RulesError, match="indicator"):
        score("levant", "Ann", {"Bob": melded("7H JK"), "Cy": NEVER, "Dee": NEVER})


def test_cards_whose_value_no_indicator_changes_need_none():
    """Issue 22: a 9♥ left in hand costs 9 whichever card was turned (seed 000, "Wild
    Cards": the indicator picks which aces are wild, and the jokers with them), so the
    indicator is not asked for."""
    assert score("levant", "Ann", {"Bob": melded("9H KC"), "Cy": NEVER, "Dee": NEVER}).scores[
        "Bob"] == 19


# --- seed 000 "Bonus Scores" (Egypt) ------------------------------------------------------

@pytest.mark.parametrize(("bonuses", "winner", "times", "never"), [
    ((), -60, 2, 200),                                    # a plain full hand
    (("wild_discard",), -120, 4, 400),                    # seed: "-120 ... 4× ... +400"
    (("one_colour",), -120, 4, 400),                      # seed: same as the wild discard
    (("one_suit",), -240, 8, 800),                        # seed: "-240, 8×, +800"
    (("two_wilds",), -240, 8, 800),                       # seed: "-240, 8×, +800"
    (("one_colour", "wild_discard"), -240, 8, 800),       # seed's worked combination
    (("one_suit", "wild_discard"), -480, 16, 1600),
    (("one_colour", "two_wilds"), -480, 16, 1600),
    (("one_suit", "two_wilds"), -960, 32, 3200),          # seed: the maximum
])
def test_bonus_scores_each_doubling_multiplies_the_full_hand(bonuses, winner, times, never):
    result = score("egypt", "Ann", {"Bob": melded(10), "Cy": NEVER, "Dee": melded("KD 3S")},
                   finish="full", bonuses=bonuses, indicator="7C")
    assert dict(result.scores) == {"Ann": winner, "Bob": 10 * times, "Cy": never,
                                   "Dee": 13 * times}
    assert result.factor == times


def test_bonus_scores_the_order_bonuses_are_given_in_does_not_matter():
    hands = {"Bob": melded(10), "Cy": NEVER, "Dee": NEVER}
    one = score("egypt", "Ann", hands, finish="full", bonuses=("two_wilds", "one_suit"))
    other = score("egypt", "Ann", hands, finish="full", bonuses=("one_suit", "two_wilds"))
    assert one == other and one.scores["Ann"] == -960


# --- Refusals: RulesError with the reason (RULES.md section 5 and the seeds) --------------

FULL_HANDS = {"Bob": melded(10), "Cy": NEVER, "Dee": NEVER}


@pytest.mark.parametrize(("preset", "kwargs", "match"), [
    # Seed 000 "Bonus Scores": the doublings are for a Full Hand only.
    ("egypt", dict(hands=FULL_HANDS, bonuses=("wild_discard",)), "only for a full hand"),
    # RULES.md section 5: bonuses only where `bonus_hands` is on; the Levant form has none.
    ("levant", dict(hands=FULL_HANDS, finish="full", bonuses=("one_suit",)),
     "no bonus hands"),
    ("gulf", dict(hands=FULL_HANDS, finish="full", bonuses=("wild_discard",)),
     "no bonus hands"),
    ("hareeqa", dict(hands=FULL_HANDS, finish="full", bonuses=("one_colour",)),
     "no bonus hands"),
    # RULES.md section 5: two wilds discarded is "instead of one wild", one suit "instead
    # of colour".
    ("egypt", dict(hands=FULL_HANDS, finish="full", bonuses=("wild_discard", "two_wilds")),
     "one wild or two"),
    ("egypt", dict(hands=FULL_HANDS, finish="full", bonuses=("one_colour", "one_suit")),
     "not also counted as one colour"),
    ("kuwait", dict(hands=FULL_HANDS, finish="full", bonuses=("one_colour", "one_suit")),
     "not also counted as one colour"),
    ("egypt", dict(hands=FULL_HANDS, finish="full", bonuses=("one_suit", "one_suit")),
     "named twice"),
    # The players of the round.
    ("levant", dict(winner="Zed", hands=FULL_HANDS), "“Zed” is not one of the players"),
    ("levant", dict(hands={**FULL_HANDS, "Zed": NEVER}), "“Zed” is not one of the players"),
    ("levant", dict(hands={"Bob": melded(10), "Cy": NEVER}), "Say how Dee finished"),
    # What each player is charged for.
    ("levant", dict(hands={**FULL_HANDS, "Dee": PlayerHand(True)}),
     "Dee melded: give the points"),
    ("levant", dict(hands={**FULL_HANDS, "Dee": PlayerHand(True, 5, cards("5H"))},
                    indicator="7C"), "not both"),
    ("levant", dict(hands={**FULL_HANDS, "Dee": melded(-5)}), "whole number from 0"),
    ("levant", dict(hands={**FULL_HANDS, "Dee": melded(1401)}), "whole number from 0"),
    ("levant", dict(hands={**FULL_HANDS, "Dee": PlayerHand(False, points=40)}),
     "fixed penalty"),
    ("levant", dict(hands={**FULL_HANDS, "Dee": PlayerHand(False, cards=cards("5H"))},
                    indicator="7C"), "fixed penalty"),
    ("levant", dict(hands={**FULL_HANDS, "Ann": melded(5)}), "winner has no cards"),
    ("levant", dict(hands={**FULL_HANDS, "Dee": melded("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH "
                                                        "KH 2S 3S 4S 5S")}, indicator="7C"),
     "more than 15 cards"),
    ("levant", dict(hands={**FULL_HANDS, "Dee": melded("9H 9H 9H")}, indicator="7C"),
     "9"),
    # RULES.md section 5 / seed 001 "Player mistakes": the mistake column is Kuwaiti only.
    ("levant", dict(hands={**FULL_HANDS, "Dee": PlayerHand(False, mistake=True)}),
     "Kuwaiti form"),
    ("gulf", dict(hands={**FULL_HANDS, "Dee": PlayerHand(True, 10, mistake=True)}),
     "Kuwaiti form"),
    # Seed 000 "Deal": under an indicator the cards' values need it.
    ("levant", dict(hands={**FULL_HANDS, "Dee": melded("AC 5H")}), "indicator"),
])
def test_refusals_name_the_problem(preset, kwargs, match):
    kwargs = {"winner": "Ann", **kwargs}
    with pytest.raises(RulesError, match=match):
        score(preset, **kwargs)


def test_refusals_partnerships_are_two_teams_of_the_four_players():
    with pytest.raises(RulesError, match="two teams of two"):
        score("levant", "North", {"East": NEVER, "West": NEVER}, players=SEATS,
              teams=(("North", "South", "East"), ("West",)))


# --- Partnerships: seed 000 end of "End of the Play and Scoring"; seed 002 "Hand Partner" --

def test_partnerships_full_hand_where_neither_opponent_melded_costs_the_team_400():
    result = score("levant", "North", {"East": NEVER, "West": NEVER}, finish="full",
                   players=SEATS, teams=TEAMS)
    assert dict(result.scores) == {"North": -60, "East": 200, "South": 0, "West": 200}
    assert result.team_scores == (-60, 400)


@pytest.mark.parametrize("preset", ["levant", "gulf"])
def test_partnerships_the_losing_team_adds_both_players_penalties(preset):
    result = score(preset, "East", {"North": melded(17), "South": NEVER}, players=SEATS,
                   teams=TEAMS)
    assert result.team_scores == (117, -30)


def test_partnerships_the_winners_partner_counts_nothing_even_if_their_hand_is_given():
    hands = {"East": melded(40), "West": NEVER, "South": melded("KD QD JD")}
    result = score("levant", "North", hands, indicator="7C", players=SEATS, teams=TEAMS)
    assert result.scores["South"] == 0
    assert result.team_scores == (-30, 140)


def test_partnerships_egypt_bonuses_multiply_the_team_scores_too():
    result = score("egypt", "North", {"East": melded(10), "West": NEVER}, finish="full",
                   bonuses=("wild_discard",), players=SEATS, teams=TEAMS)
    assert result.team_scores == (-120, 40 + 400)


# --- The Kuwaiti table (seed 001 "Finishing") ---------------------------------------------

# Every row: the finish and bonuses, then winner / did not announce / announced (times the
# cards, jokers 20) / mistake — the seed's numbers, irregular last row included.
KUWAIT_ROWS = {
    "finish after announcing": ("partial", (), (-30, 100, 1, 150)),
    "regular hand": ("full", (), (-60, 200, 2, 300)),
    "colored hand": ("full", ("one_colour",), (-120, 400, 4, 600)),
    "joker hand": ("full", ("wild_discard",), (-120, 400, 4, 600)),
    "suited hand": ("full", ("one_suit",), (-240, 800, 8, 1200)),
    "double joker hand": ("full", ("two_wilds",), (-240, 800, 8, 1200)),
    "double joker colored hand": ("full", ("two_wilds", "one_colour"), (-480, 1600, 32, 4800)),
}


@pytest.mark.parametrize("row", KUWAIT_ROWS)
def test_kuwait_table_every_row_and_every_column(row):
    finish, bonuses, (winner, fixed, times, mistake) = KUWAIT_ROWS[row]
    hands = {
        "Bob": NEVER,                                    # did not announce
        "Cy": melded("JK 5H KD"),                        # announced: 20 + 5 + 10 = 35
        "Dee": melded(7),                                # announced, points given
        "Eve": PlayerHand(False, mistake=True),          # made a mistake
    }
    result = score("kuwait", "Ann", hands, finish=finish, bonuses=bonuses, players=FIVE)
    assert dict(result.scores) == {"Ann": winner, "Bob": fixed, "Cy": 35 * times,
                                   "Dee": 7 * times, "Eve": mistake}
    assert result.factor == times
    assert kuwait_row(Finish(finish), tuple(Bonus(b) for b in bonuses)) == (
        winner, fixed, times, mistake)


@pytest.mark.parametrize("row", KUWAIT_ROWS)
def test_kuwait_table_an_announcers_jokers_count_20_in_every_row(row):
    finish, bonuses, (_, _, times, _) = KUWAIT_ROWS[row]
    hands = {"Bob": melded("JK"), "Cy": melded("JK AS"), "Dee": NEVER}
    result = score("kuwait", "Ann", hands, finish=finish, bonuses=bonuses)
    assert (result.scores["Bob"], result.scores["Cy"]) == (20 * times, 31 * times)


@pytest.mark.parametrize(("bonuses", "row"), [
    # Not in seed 001's table: the listed factors multiply over a regular hand (RULES.md
    # section 5, "A combination the table does not list multiplies the listed factors").
    (("wild_discard", "one_suit"), (-480, 1600, 16, 2400)),
    (("wild_discard", "one_colour"), (-240, 800, 8, 1200)),
    (("two_wilds", "one_suit"), (-960, 3200, 32, 4800)),
])
def test_kuwait_table_unlisted_combinations_multiply_the_listed_factors(bonuses, row):
    winner, fixed, times, mistake = row
    hands = {"Bob": NEVER, "Cy": melded(10), "Dee": PlayerHand(True, 10, mistake=True)}
    result = score("kuwait", "Ann", hands, finish="full", bonuses=bonuses)
    assert dict(result.scores) == {"Ann": winner, "Bob": fixed, "Cy": 10 * times,
                                   "Dee": mistake}
    assert kuwait_row(Finish.FULL, tuple(Bonus(b) for b in bonuses)) == row


def test_kuwait_table_a_mistake_overrides_announced_or_not():
    # Seed 001 "Player mistakes": the mistake column whatever else the player did.
    hands = {"Bob": PlayerHand(True, 80, mistake=True), "Cy": PlayerHand(False, mistake=True),
             "Dee": melded(80)}
    result = score("kuwait", "Ann", hands, finish="full")
    assert (result.scores["Bob"], result.scores["Cy"], result.scores["Dee"]) == (300, 300, 160)


def test_kuwait_table_bonuses_on_a_finish_after_announcing_are_refused():
    with pytest.raises(RulesError, match="only for a full hand"):
        score("kuwait", "Ann", FULL_HANDS, bonuses=("one_suit",))


# --- Hareeqa (seed 002 "Hareeqa Rules": "there's no doubling if someone throws a hand") ----

@pytest.mark.parametrize("finish", ["partial", "full"])
def test_hareeqa_a_full_hand_is_not_doubled(finish):
    result = score("hareeqa", "Ann", {"Bob": melded(40), "Cy": NEVER, "Dee": melded("JK 9S")},
                   finish=finish)
    assert dict(result.scores) == {"Ann": -30, "Bob": 40, "Cy": 100, "Dee": 24}
    assert result.factor == 1
