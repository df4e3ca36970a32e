"""A game replayed from its table and its log of deals (scorekeeper/games/hand/rules/replay.py).

Sources, cited per test: RULES.md sections 5–8; seed 000 "Deal", "End of the Play and
Scoring" and "Variations: Dealing"; seed 001 (the Kuwaiti form); seed 002 "Hand Rules",
"Hand Partner", "Hand Saudi" and "Hareeqa Rules". docs/scoring.md states the decisions
taken where the sources are silent.
"""

from dataclasses import replace

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games.hand.rules import (
    Bonus,
    Deal,
    Finish,
    Outcome,
    PlayerHand,
    RoundResult,
    Rules,
    RulesError,
    Table,
    first_meld_bar,
    replay,
)

# Seating order is counter-clockwise: each player's right is the next one in the list.
FOUR = ("Ann", "Bob", "Cy", "Dee")
SEATS = ("North", "East", "South", "West")


def table(preset="levant", players=FOUR, dealer=None, partnerships=False, **options):
    rules = Rules.for_table({"preset": preset, **options}, len(players))
    return Table(rules, tuple(players), dealer or players[0], partnerships)


def win(winner, finish="partial", first_melds=(), **penalties):
    """A scored deal (numbered by :func:`play`): each named player's points left in hand,
    or None for a player who never melded; players not named melded with nothing left."""
    return Deal(0, Outcome.SCORED, _result(winner, finish, penalties), tuple(first_melds))


def _result(winner, finish, penalties):
    hands = {name: PlayerHand(False) if points is None else PlayerHand(True, points)
             for name, points in penalties.items()}
    return _Lazy(winner, Finish(finish), hands)


class _Lazy:
    """A result whose players who are not named are filled in by :func:`play`."""

    def __init__(self, winner, finish, hands):
        self.winner, self.finish, self.hands = winner, finish, hands

    def build(self, players):
        hands = {p: PlayerHand(True, 0) for p in players if p != self.winner}
        return RoundResult(self.winner, self.finish, hands | self.hands)


STOCK = Deal(0, Outcome.STOCK_EXHAUSTED)
REDEAL = Deal(0, Outcome.REDEAL)


def numbered(tbl, deals):
    """The deals numbered 1, 2, … with each result filled in for *tbl*'s players."""
    out = []
    for number, deal in enumerate(deals, 1):
        result = deal.result.build(tbl.players) if isinstance(deal.result, _Lazy) else (
            deal.result)
        out.append(replace(deal, number=number, result=result))
    return out


def play(tbl, *deals):
    return replay(tbl, numbered(tbl, deals))


def dealers(state):
    return [line.dealer for line in state.deals]


def notices(state):
    return " | ".join(map(str, state.notices))


# --- Seating and the deal: seed 000 "Deal"; RULES.md section 6 ---------------------------

@pytest.mark.parametrize(("dealer", "starter"), [
    ("Ann", "Bob"), ("Bob", "Cy"), ("Cy", "Dee"), ("Dee", "Ann"),
])
def test_deal_the_starter_is_the_dealers_right(dealer, starter):
    state = replay(table(dealer=dealer), [])
    assert (state.dealer, state.starter) == (dealer, starter)
    assert (state.round, state.attempt, state.scored_rounds) == (1, 1, 0)
    assert state.totals == dict.fromkeys(FOUR, 0) and not state.finished


def test_variations_dealing_rotate_passes_the_deal_right_after_each_scored_round_only():
    # Seed 000 "Variations: Dealing" (the Gulf presets rotate): unscored deals keep it.
    state = play(table("gulf"), win("Cy"), STOCK, STOCK, win("Ann", Cy=100), win("Bob"),
                 win("Bob"))
    assert dealers(state) == ["Ann", "Bob", "Bob", "Bob", "Cy", "Dee"]
    assert [line.round for line in state.deals] == [1, None, None, 2, 3, 4]
    assert (state.dealer, state.starter, state.scored_rounds) == ("Ann", "Bob", 4)


@pytest.mark.parametrize(("preset", "outcome"), [
    ("levant", REDEAL), ("levant", STOCK), ("gulf", STOCK), ("kuwait", STOCK),
])
def test_deal_an_unscored_deal_keeps_the_dealer_and_counts_no_round(preset, outcome):
    # Seed 000 "Deal": "In a round that ends with no score, the same dealer deals again."
    state = play(table(preset, dealer="Cy"), outcome, outcome)
    assert dealers(state) == ["Cy", "Cy"]
    assert [line.round for line in state.deals] == [None, None]
    assert [line.scores for line in state.deals] == [None, None]
    assert (state.dealer, state.starter) == ("Cy", "Dee")
    assert (state.scored_rounds, state.round, state.attempt) == (0, 1, 3)
    assert state.totals == dict.fromkeys(FOUR, 0)
    assert "Cy deals again" in notices(state)


# --- loser_deals: seed 000 "Deal" -----------------------------------------------------------

def test_deal_loser_deals_the_highest_round_score_deals_next():
    state = play(table(dealer="Ann"), win("Bob", Ann=5, Cy=40, Dee=10))
    assert (state.dealer, state.starter) == ("Cy", "Dee")


def test_deal_loser_deals_a_player_who_never_melded_pays_most_and_deals():
    state = play(table(dealer="Ann"), win("Bob", Ann=99, Cy=None, Dee=10))
    assert state.dealer == "Cy"


def test_deal_loser_deals_a_tie_that_includes_the_dealer_keeps_the_dealer():
    state = play(table(dealer="Cy"), win("Bob", Ann=40, Cy=40, Dee=10))
    assert state.dealer == "Cy"


@pytest.mark.parametrize(("dealer", "tied", "next_dealer"), [
    # First tied player counter-clockwise (to the right) from the dealer, which is not
    # the first in the seating list when the search wraps round.
    ("Cy", ("Ann", "Bob"), "Ann"),
    ("Bob", ("Ann", "Dee"), "Dee"),
    ("Ann", ("Bob", "Dee"), "Bob"),
    ("Dee", ("Bob", "Cy"), "Bob"),
])
def test_deal_loser_deals_a_tie_without_the_dealer_goes_counter_clockwise(dealer, tied,
                                                                          next_dealer):
    winner = next(p for p in FOUR if p not in tied and p != dealer)
    penalties = {p: 50 if p in tied else 10 for p in FOUR if p != winner}
    state = play(table(dealer=dealer), win(winner, **penalties))
    assert state.dealer == next_dealer


def test_deal_loser_deals_in_partnerships_compares_individual_round_scores():
    # East 30 + West 40 lose as a team; West's own 40 is the highest score, so West deals.
    state = play(table(players=SEATS, partnerships=True), win("North", East=30, West=40))
    assert state.deals[0].team_scores == (-30, 70)
    assert state.dealer == "West"


@pytest.mark.parametrize(("dealer", "next_dealer"), [
    # Seed 000, "Deal": "the player with the highest (worst) score for the previous round
    # is the dealer"; "End of the Play and Scoring": "The winner's partner's cards are not
    # counted and have no effect on the score". North wins, East and West both lose 0: the
    # tie is between the losers only, never the winner's partner South.
    ("South", "West"),   # the dealer is out of the tie: the first loser to South's right
    ("East", "East"),    # a loser who dealt is in the tie and deals again
    ("West", "West"),
    ("North", "East"),
])
def test_deal_loser_deals_in_partnerships_the_winners_partner_never_deals_for_a_tie(
        dealer, next_dealer):
    state = play(table(players=SEATS, partnerships=True, dealer=dealer),
                 win("North", East=0, West=0, South=0))
    assert state.deals[0].scores == {"North": -30, "East": 0, "South": 0, "West": 0}
    assert state.dealer == next_dealer


# --- Rounds and the end of the game: seed 000 end of "End of the Play and Scoring" --------

@pytest.mark.parametrize(("preset", "rounds"), [("levant", 7), ("egypt", 7), ("gulf", 5),
                                                ("saudi", 5), ("kuwait", 7)])
def test_end_of_play_a_game_is_7_rounds_levant_and_5_gulf(preset, rounds):
    tbl = table(preset)
    deals = [win("Ann", Bob=10, Cy=20, Dee=30)] * rounds
    before = play(tbl, *deals[:-1])
    assert not before.finished and before.rounds_to_play == 1 and before.round == rounds
    state = play(tbl, *deals)
    assert state.finished and state.winners == ("Ann",)
    assert state.scored_rounds == rounds and state.rounds_to_play == 0
    assert (state.dealer, state.starter, state.round, state.attempt) == (None,) * 4
    assert state.totals["Ann"] == -30 * rounds
    assert state.winners == ("Ann",)
    with pytest.raises(RulesError, match="game is over"):
        play(tbl, *deals, win("Ann"))


def test_end_of_play_rounds_option_sets_the_game_length():
    # Seed 001 "Beginning the game": 5 to 15 hands by agreement.
    tbl = table("kuwait", rounds=9)
    assert not play(tbl, *[win("Ann")] * 8).finished
    assert play(tbl, *[win("Ann")] * 9).finished


SIX = [win("Ann", Bob=10, Cy=20, Dee=30)] * 6


def test_end_of_play_the_last_round_is_dealt_at_most_three_times():
    tbl = table()
    two = play(tbl, *SIX, STOCK, REDEAL)
    assert not two.finished and (two.round, two.attempt) == (7, 3)
    # The notice before the third deal of the last round.
    assert "last round's deal number 3" in notices(two)
    assert "not scored either, the game ends on the earlier rounds" in notices(two)
    three = play(tbl, *SIX, STOCK, REDEAL, STOCK)
    assert three.finished and three.winners == ("Ann",)
    assert three.scored_rounds == 6
    assert "dealt 3 times without a score" in notices(three)
    with pytest.raises(RulesError, match="game is over"):
        play(tbl, *SIX, STOCK, REDEAL, STOCK, win("Ann"))


def test_end_of_play_a_scored_third_deal_plays_the_last_round():
    state = play(table(), *SIX, STOCK, STOCK, win("Bob"))
    assert state.finished and state.scored_rounds == 7


def test_end_of_play_the_three_deal_limit_is_for_the_last_round_only():
    state = play(table(), win("Ann"), STOCK, STOCK, STOCK, STOCK)
    assert not state.finished and (state.round, state.attempt) == (2, 5)
    assert "last round" not in notices(state)


def test_end_of_play_no_limit_without_last_round_deals():
    state = play(table("gulf"), *[win("Ann")] * 4, *[STOCK] * 5)
    assert not state.finished and state.attempt == 6


def tied_after_seven():
    # Ann and Bob each win three; the seventh round leaves them level on -50.
    return [win("Ann", Bob=10), win("Bob", Ann=10)] * 3 + [win("Cy", Ann=10, Bob=10)]


def test_end_of_play_a_tie_for_lowest_is_played_off_with_more_rounds():
    tbl = table()
    tied = play(tbl, *tied_after_seven())
    assert tied.totals == {"Ann": -50, "Bob": -50, "Cy": -30, "Dee": 0}
    assert not tied.finished and tied.tie_break and tied.rounds_to_play == 0
    assert "play another round" in notices(tied)
    still = play(tbl, *tied_after_seven(), win("Dee"))
    assert not still.finished and still.tie_break
    done = play(tbl, *tied_after_seven(), win("Dee"), win("Bob"))
    assert done.finished and done.winners == ("Bob",) and done.scored_rounds == 9


def test_end_of_play_tie_break_rounds_may_be_redealt_without_limit():
    state = play(table(), *tied_after_seven(), *[STOCK] * 4)
    assert not state.finished and state.tie_break and state.attempt == 5
    assert "last round's deal number" not in notices(state)


def test_end_of_play_a_tie_after_the_last_round_is_abandoned_goes_to_tie_break():
    # After six rounds Ann and Bob are level; the seventh is dealt three times unscored.
    six = [win("Ann", Bob=10), win("Bob", Ann=10)] * 3
    tbl = table()
    state = play(tbl, *six, STOCK, STOCK, STOCK)
    assert not state.finished and state.tie_break and state.scored_rounds == 6
    assert "dealt 3 times" in notices(state) and "play another round" in notices(state)
    done = play(tbl, *six, STOCK, STOCK, STOCK, STOCK, win("Ann"))
    assert done.finished and done.winners == ("Ann",)


def test_partnerships_team_totals_decide_the_game():
    # East is the lowest player, but North-South is the lower team.
    deals = [win("East", North=0, South=30)] * 4 + [win("North", East=0, West=None)] * 3
    state = play(table(players=SEATS, partnerships=True), *deals)
    assert state.totals == {"North": -90, "East": -120, "South": 120, "West": 300}
    assert state.team_totals == (30, 180)
    assert state.finished and state.winners == ("North", "South")


def test_partnerships_a_team_tie_is_played_off():
    deals = [win("North", East=0, West=0), win("East", North=10, South=0)] * 3 + [
        win("North", East=0, West=0)]
    state = play(table(players=SEATS, partnerships=True), *deals)
    assert state.team_totals == (-90, -90)
    assert not state.finished and state.tie_break


# --- Refused logs -----------------------------------------------------------------------

def test_redeal_is_refused_where_redeal_claims_is_off():
    # RULES.md section 5: redeals for identical pairs are seed 000's; the Gulf forms have
    # no such claim unless the table turns the option on.
    with pytest.raises(RulesError, match="no redeal"):
        play(table("gulf"), REDEAL)
    state = play(table("gulf", redeal_claims=True), REDEAL)
    assert state.deals[0].outcome is Outcome.REDEAL and state.dealer == "Ann"


@pytest.mark.parametrize(("deals", "match"), [
    ([replace(STOCK, number=2)], "This is deal 1, not deal 2"),
    ([replace(STOCK, number=1), replace(STOCK, number=1)], "This is deal 2, not deal 1"),
    ([replace(STOCK, number=1), replace(STOCK, number=3)], "This is deal 2, not deal 3"),
    ([replace(STOCK, number=1, result=RoundResult("Ann", Finish.PARTIAL, {}))],
     "not scored has no winner"),
    ([Deal(1, Outcome.SCORED)], "needs its winner"),
    ([Deal(1, Outcome.SCORED, RoundResult("Ann", Finish.PARTIAL, {"Bob": PlayerHand(False)}))],
     "Say how Cy finished"),
])
def test_refused_logs_name_the_deal_that_cannot_be(deals, match):
    with pytest.raises(RulesError, match=match):
        replay(table(), deals)


# --- Table validation: RULES.md sections 5 and 10 ------------------------------------------

@pytest.mark.parametrize(("preset", "players", "kwargs", "match"), [
    ("levant", ("Ann",), {}, "at least 2 players"),
    ("levant", ("A", "B", "C", "D", "E"), {}, "at most 4 players"),
    ("gulf", ("A", "B", "C", "D", "E", "F"), {}, "at most 5 players"),
    ("levant", ("Ann", "Bob", "ann"), {}, "Two players are called “ann”"),
    ("levant", ("Ann", "Bob", "ÅSA", "åsa"), {}, "Two players"),
    ("levant", ("Ann", ""), {}, "needs a name"),
    ("levant", ("Ann", "   "), {}, "needs a name"),
    ("levant", ("Ann", "x" * 41), {}, "40 characters"),
    ("levant", ("Ann", "Bob", "Cy"), {"partnerships": True}, "Partnerships are for four"),
    ("gulf", ("A", "B", "C", "D", "E"), {"partnerships": True}, "Partnerships are for four"),
    ("kuwait", FOUR, {"partnerships": True}, "Partnerships are for four"),
    ("hareeqa", FOUR, {"partnerships": True}, "Partnerships are for four"),
    ("levant", FOUR, {"dealer": "Zed"}, "first dealer “Zed”"),
])
def test_table_validation(preset, players, kwargs, match):
    with pytest.raises(RulesError, match=match):
        table(preset, players, **kwargs)


def test_table_partners_sit_opposite():
    assert table(players=SEATS, partnerships=True).teams == (("North", "South"),
                                                           ("East", "West"))
    assert table().teams is None


@pytest.mark.parametrize(("spec", "players", "packs", "announce"), [
    # Seed 001: one pack for two or three players, two for four or five; announce at 71
    # with five players, 91 with three or four.
    ("kuwait", 2, 1, 91),
    ("kuwait", 3, 1, 91),
    ("kuwait", 4, 2, 91),
    ("kuwait", 5, 2, 71),
    ({"preset": "kuwait", "packs": 2}, 3, 2, 91),
    ({"preset": "kuwait", "announce_minimum": 91}, 5, 2, 91),
    ({"preset": "kuwait", "announce_minimum": 101}, 5, 2, 101),
    ("gulf", 3, 2, 91),
    ("hareeqa", 5, 2, 91),
])
def test_rules_for_table_kuwait_packs_and_announce_bar(spec, players, packs, announce):
    rules = Rules.for_table(spec, players)
    assert (rules.packs, rules.announce_minimum) == (packs, announce)


# --- First melds: Hand Saudi (seed 002) and the Kuwaiti announcement bar (seed 001) -------

@pytest.mark.parametrize(("spec", "earlier", "bar"), [
    ("levant", [], 51),
    ("levant", [56, 70], 51),
    ("gulf", [60], 51),
    ("saudi", [], 51),
    ("saudi", [56], 57),
    ("saudi", [56, 60], 61),
    ({"preset": "saudi", "initial_minimum": 71}, [], 71),
    ("kuwait", [], 91),
    ("kuwait", [95], 96),
    ({"preset": "levant", "initial_increasing": True}, [56], 57),
])
def test_first_meld_bar(spec, earlier, bar):
    assert first_meld_bar(Rules.from_spec(spec), earlier) == bar


def test_first_meld_bar_kuwait_five_players_announce_from_71():
    assert first_meld_bar(Rules.for_table("kuwait", 5), []) == 71
    assert first_meld_bar(Rules.for_table("kuwait", 5), [75]) == 76


@pytest.mark.parametrize(("preset", "melds"), [
    ("saudi", [("Ann", 56), ("Bob", 57), ("Cy", 80)]),
    ("levant", [("Ann", 56), ("Bob", 51), ("Cy", 51)]),
    ("kuwait", [("Bob", 91), ("Cy", 92)]),
])
def test_first_melds_in_a_deal_that_reach_the_bar(preset, melds):
    state = play(table(preset), win("Ann", first_melds=melds), replace(STOCK, first_melds=(
        ("Dee", 120),)))
    assert state.scored_rounds == 1


@pytest.mark.parametrize(("preset", "melds", "match"), [
    ("saudi", [("Ann", 56), ("Bob", 56)], "Bob's first meld of 56 does not reach the 57"),
    ("saudi", [("Ann", 50)], "does not reach the 51"),
    ("levant", [("Ann", 56), ("Bob", 50)], "does not reach the 51"),
    ("kuwait", [("Ann", 90)], "does not reach the 91"),
    ("kuwait", [("Ann", 95), ("Bob", 95)], "does not reach the 96"),
    ("saudi", [("Ann", 56), ("Ann", 60)], "only once in a deal"),
    ("saudi", [("Zed", 56)], "“Zed” is not one of the players"),
    ("saudi", [("Ann", -1)], "whole number"),
    ("saudi", [("Ann", True)], "whole number"),
])
def test_first_melds_that_break_the_bar_are_refused(preset, melds, match):
    with pytest.raises(RulesError, match=match):
        play(table(preset), win("Ann", first_melds=melds))
    with pytest.raises(RulesError, match=match):
        play(table(preset), replace(STOCK, first_melds=tuple(melds)))


# --- Hareeqa: seed 002 "Hareeqa Rules"; RULES.md section 8 ---------------------------------

THREE = ("Ann", "Bob", "Cy")


def hareeqa(players=THREE, **options):
    return table("hareeqa", players, **options)


def test_hareeqa_points_start_at_minus_3_and_the_game_has_no_round_limit():
    state = play(hareeqa(), *[win("Ann")] * 12)
    assert state.pot == 0 and state.burned == () and not state.finished
    assert state.rounds_to_play is None and not state.tie_break
    fresh = replay(hareeqa(), [])
    assert fresh.points == dict.fromkeys(THREE, -3)


@pytest.mark.parametrize(("finish", "moved"), [("partial", 1), ("full", 2)])
def test_hareeqa_every_other_player_gives_the_winner_1_point_or_2_for_a_hand(finish, moved):
    state = play(hareeqa(FOUR), win("Bob", finish, Ann=40, Cy=None))
    assert state.deals[0].points == {"Ann": -moved, "Bob": 3 * moved, "Cy": -moved,
                                     "Dee": -moved}
    assert state.points == {"Ann": -3 - moved, "Bob": -3 + 3 * moved, "Cy": -3 - moved,
                            "Dee": -3 - moved}
    # The score is Hand's without doubling.
    assert state.deals[0].scores == {"Ann": 40, "Bob": -30, "Cy": 100, "Dee": 0}


def burn_bob():
    # Bob reaches 100, 200 (not yet burned), then 201.
    return [win("Ann", Bob=None, Cy=50), win("Ann", Bob=None, Cy=50), win("Ann", Bob=1, Cy=10)]


def test_hareeqa_a_score_of_201_burns_into_the_pot_and_resets_to_the_highest_other():
    tbl = hareeqa()
    at_200 = play(tbl, *burn_bob()[:2])
    assert at_200.totals["Bob"] == 200 and at_200.burned == ()
    state = play(tbl, *burn_bob())
    line = state.deals[-1]
    assert line.burned == ("Bob",) and state.burned == ("Bob",)
    # Cy's 110 is the highest score of the players not burning.
    assert state.totals == {"Ann": -90, "Bob": 110, "Cy": 110}
    assert state.pot == 2
    # The round's points still move (two players remain), and Bob pays 2 into the pot.
    assert line.points == {"Ann": 2, "Bob": -3, "Cy": -1}
    assert state.points == {"Ann": 3, "Bob": -8, "Cy": -6}
    assert not state.finished


def test_hareeqa_players_burning_together_reset_to_the_highest_score_of_the_rest():
    tbl = hareeqa(FOUR)
    deals = [win("Ann", Bob=None, Cy=None, Dee=0)] * 2 + [win("Ann", Bob=1, Cy=5, Dee=20)]
    state = play(tbl, *deals)
    assert state.deals[-1].burned == ("Bob", "Cy")
    assert state.totals == {"Ann": -90, "Bob": 20, "Cy": 20, "Dee": 20}
    assert state.pot == 4 and not state.finished


def test_hareeqa_burn_options():
    state = play(hareeqa(burn_score=150, burn_points=3, start_points=0),
                 win("Ann", Bob=None), win("Ann", Bob=50))
    assert state.burned == ("Bob",) and state.pot == 3
    assert state.points == {"Ann": 4, "Bob": -5, "Cy": -2}


def test_hareeqa_a_burned_player_can_burn_again_and_pays_again():
    # Decision (docs/scoring.md): a reset score can reach 201 again; each burn pays.
    state = play(hareeqa(), *burn_bob(), win("Ann", Bob=91, Cy=0))
    assert state.deals[-1].burned == ("Bob",) and state.burned == ("Bob",)
    assert state.totals == {"Ann": -120, "Bob": 110, "Cy": 110}
    assert state.pot == 4 and state.points == {"Ann": 5, "Bob": -11, "Cy": -7}
    assert not state.finished


@pytest.mark.parametrize("option", [{"rounds": 3}, {"partnerships": True}])
def test_hareeqa_has_no_rounds_and_no_partnerships(option):
    # RULES.md sections 8 and 10: Hareeqa runs until the burns end it, players alone.
    with pytest.raises(RulesError, match="Hareeqa"):
        Rules.from_spec({"preset": "hareeqa", **option})


def test_a_game_other_than_hareeqa_needs_a_number_of_rounds():
    with pytest.raises(RulesError, match="how many rounds"):
        Rules.from_spec({"preset": "levant", "rounds": None})


def test_hareeqa_the_last_player_never_burned_takes_the_pot_and_no_points_move():
    tbl = hareeqa(("Ann", "Bob"))
    deals = [win("Ann", Bob=None), win("Ann", Bob=None), win("Ann", Bob=1)]
    state = play(tbl, *deals)
    assert state.finished and state.burned == ("Bob",)
    # Ann +1, +1, then no move in the last round; Bob's 2 go to the pot, which Ann takes.
    assert state.deals[-1].points == {"Ann": 2, "Bob": -2}
    assert state.points == {"Ann": 1, "Bob": -7} and state.pot == 0
    assert state.winners == ("Ann",)
    assert state.dealer is None and state.starter is None
    with pytest.raises(RulesError, match="game is over"):
        play(tbl, *deals, win("Ann"))


def test_hareeqa_the_game_ends_when_at_most_one_player_was_never_burned():
    # Bob burned in round 3; Cy burns in round 5 while Bob wins it: Ann, never burned,
    # takes the pot although she did not win the round.
    deals = [*burn_bob(), win("Ann", Bob=0, Cy=50), win("Bob", Cy=50)]
    state = play(hareeqa(), *deals)
    assert state.burned == ("Bob", "Cy") and state.finished
    assert state.deals[-1].points == {"Ann": 4, "Bob": 0, "Cy": -2}
    assert state.winners == ("Ann",)


def test_hareeqa_if_nobody_is_left_standing_the_rounds_winner_takes_the_pot():
    deals = [
        win("Bob", Ann=None), win("Bob", Ann=101),      # Ann burns (reset to Cy's 0)
        win("Ann", Bob=None, Cy=None), win("Ann", Bob=None, Cy=None),  # Bob 140, Cy 200
        win("Ann", Bob=None, Cy=1),                      # Bob and Cy burn together
    ]
    state = play(hareeqa(), *deals)
    assert state.burned == ("Ann", "Bob", "Cy") and state.finished
    assert state.deals[-1].burned == ("Bob", "Cy")
    assert state.pot == 0 and state.points == {"Ann": 3, "Bob": -3, "Cy": -9}
    assert state.winners == ("Ann",)


def test_hareeqa_players_level_on_most_points_share_the_win():
    # Bob wins twice (Bob -1, Ann -5); Bob burns in the third round, which moves no points:
    # his 2 go to the pot and Ann, left standing, takes them — both end on -3.
    deals = [win("Bob", Ann=0), win("Bob", Ann=0), win("Ann", Bob=261)]
    state = play(hareeqa(("Ann", "Bob")), *deals)
    assert state.finished and state.points == {"Ann": -3, "Bob": -3}
    assert state.winners == ("Ann", "Bob")
    assert state.winners == ("Ann", "Bob")


def test_hareeqa_redeal_is_refused_but_an_exhausted_stock_is_allowed():
    with pytest.raises(RulesError, match="no redeal"):
        play(hareeqa(), REDEAL)
    state = play(hareeqa(), STOCK, win("Ann"))
    assert dealers(state) == ["Ann", "Ann"] and state.dealer == "Bob"


# --- Properties of any valid log ---------------------------------------------------------

PRESET_NAMES = ["levant", "egypt", "gulf", "saudi", "kuwait", "hareeqa"]
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
BONUS_SETS = [(), ("wild_discard",), ("two_wilds",), ("one_colour",), ("one_suit",),
              ("wild_discard", "one_colour"), ("two_wilds", "one_suit")]


@st.composite
def tables(draw):
    preset = draw(st.sampled_from(PRESET_NAMES))
    rules = Rules.from_spec(preset)
    n = draw(st.integers(max(2, rules.min_players), rules.max_players))
    partners = n == 4 and rules.partnerships and draw(st.booleans())
    players = NAMES[:n]
    return table(preset, players, dealer=draw(st.sampled_from(players)),
                 partnerships=partners)


def draw_deal(draw, tbl):
    rules, players = tbl.rules, tbl.players
    first, values = [], []
    for name in draw(st.permutations(players))[:draw(st.integers(0, len(players)))]:
        value = first_meld_bar(rules, values) + draw(st.integers(0, 20))
        first.append((name, value))
        values.append(value)
    kinds = ["scored"] * 6 + ["stock"] + (["redeal"] if rules.redeal_claims else [])
    kind = draw(st.sampled_from(kinds))
    if kind != "scored":
        outcome = Outcome.STOCK_EXHAUSTED if kind == "stock" else Outcome.REDEAL
        return Deal(0, outcome, first_melds=tuple(first))
    winner = draw(st.sampled_from(players))
    finish = draw(st.sampled_from(list(Finish)))
    bonuses = draw(st.sampled_from(BONUS_SETS)) if (
        finish is Finish.FULL and rules.bonus_hands) else ()
    hands = {}
    for name in players:
        if name == winner:
            continue
        mistake = rules.scoring == "kuwait" and draw(st.integers(0, 9)) == 0
        if draw(st.booleans()):
            hands[name] = PlayerHand(True, draw(st.integers(0, 100)), mistake=mistake)
        else:
            hands[name] = PlayerHand(False, mistake=mistake)
    result = RoundResult(winner, finish, hands, tuple(Bonus(b) for b in bonuses))
    return Deal(0, Outcome.SCORED, result, tuple(first))


@settings(max_examples=examples(150), deadline=None)
@given(data=st.data(), tbl=tables(), length=st.integers(1, 24))
def test_properties_of_any_valid_log(data, tbl, length):
    log: list[Deal] = []
    state = replay(tbl, [])
    before = state
    while len(log) < length and not state.finished:
        before = state
        log.append(replace(draw_deal(data.draw, tbl), number=len(log) + 1))
        state = replay(tbl, log)
    rules = tbl.rules

    # (a) The totals are the sums of the deal lines' scores (Hareeqa's burns reset
    # scores, so there the points are checked instead: they only move, into the pot too).
    if rules.scoring != "hareeqa":
        for name in tbl.players:
            assert state.totals[name] == sum(line.scores[name] for line in state.deals
                                             if line.scores is not None)
        if tbl.teams is not None:
            assert state.team_totals == tuple(
                sum(line.team_scores[i] for line in state.deals if line.team_scores)
                for i in range(2))
    else:
        assert sum(state.points.values()) + state.pot == len(tbl.players) * rules.start_points
        assert all(total < rules.burn_score for total in state.totals.values())
    assert state.scored_rounds == sum(line.round is not None for line in state.deals)

    # (b) Replaying is a pure function of the table and the log.
    assert replay(tbl, log) == state
    assert replay(tbl, list(log)) == replay(tbl, log)

    # (c) Undo (drop the last deal) gives the earlier state; redo gives this one again,
    # and the earlier deals' lines are unchanged.
    assert replay(tbl, log[:-1]) == before
    assert replay(tbl, log[:-1] + log[-1:]) == state
    assert state.deals[:-1] == before.deals

    # (d) Dealers and starters are players; the starter sits on the dealer's right; an
    # unscored deal keeps its dealer, and under rotate a scored one passes the deal right.
    for line in state.deals:
        assert line.dealer in tbl.players
    for line, after in zip(state.deals, state.deals[1:], strict=False):
        if line.round is None:
            assert after.dealer == line.dealer
        elif rules.dealer_rule == "rotate":
            assert after.dealer == tbl.right_of(line.dealer)
    if state.finished:
        assert state.dealer is None and state.starter is None and state.winners
        assert set(state.winners) <= set(tbl.players)
    else:
        assert state.dealer in tbl.players
        assert state.starter == tbl.right_of(state.dealer) != state.dealer
        if rules.rounds is not None and not state.tie_break:
            assert state.scored_rounds < rules.rounds


def test_leaders_are_the_lowest_total_or_under_hareeqa_the_most_points():
    # RULES.md section 5 (lowest total wins) and section 8 (Hareeqa: most points wins).
    levant = table("levant", THREE)
    assert replay(levant, []).leaders == ()
    state = play(levant, win("Ann", Bob=10, Cy=10))
    assert state.leaders == ("Ann",)
    state = play(hareeqa(), win("Bob", Ann=5, Cy=5))
    assert state.leaders == ("Bob",)
