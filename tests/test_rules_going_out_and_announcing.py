"""A first meld by a player who goes out this turn, and when a Kuwaiti announcement may be
made (scorekeeper/games/hand/rules/initial.py), cited by seed and section.

Seed 000, "Initial Meld", "Exception": "If a player who has not
yet melded is able to get rid all their cards in a single turn by forming melds and
possibly adding some cards to other players' melds, they are allowed to do so even if the
value of the melds they put down is less than 51."

Seed 001, "Turns before announcing": "A player can only announce
when a certain number of cards are played into the field (i.e., turns played). players can
choose to set the number of turns before an announcement is made to be 0, 8 or 16. Ending
the game with a hand doesn't follow this rule." "Announcing special rules": "players can
choose to restrict announcing such that a player must pick up a card from the field played
by the player before him/her, before he/she could announce." "Player mistakes" 5:
"Announcing after taking a card from the deck or prior to the agreed upon number of turns".
"""

import pytest
from rulings import cards, deal

from scorekeeper.games.hand.rules import RulesError, rule_initial_meld

LEVANT = deal("levant", "7C")
# 9 + 10 + 10 and 10 + 10 + 10: 59 — a Gulf first meld, short of a Kuwaiti announcement.
FIFTY_NINE = [cards("9C 10C JC"), cards("QH QS QC")]
# 10 + 10 + 10 + 10, 11 + 11 + 11 and 10 + 10 + 10: 103, enough to announce.
ENOUGH = [cards("10H JH QH KH"), cards("AS AD AC"), cards("KS KD KC")]


# --- seed 000, "Initial Meld", "Exception" --------------------------------------------------

def test_exception_a_player_going_out_this_turn_needs_no_51():
    melds = [cards("2D 3D 4D"), cards("5H 5S 5C")]  # 9 + 15 = 24
    assert not rule_initial_meld(melds, LEVANT).valid
    ruling = rule_initial_meld(melds, LEVANT, going_out=True)
    assert ruling.valid and ruling.waived
    assert (ruling.total, ruling.minimum) == (24, 51)
    assert str(ruling.reason) == (
        "The melds are worth 24, short of the 51 a first meld needs, but a player who goes "
        "out this turn is exempt from the minimum.")


def test_exception_going_out_with_enough_is_an_ordinary_first_meld():
    melds = [cards("KS KH KD"), cards("QS QH QD")]
    ruling = rule_initial_meld(melds, LEVANT, going_out=True)
    assert ruling.valid and not ruling.waived
    assert ruling.reason == rule_initial_meld(melds, LEVANT).reason


def test_exception_going_out_does_not_make_a_bad_meld_good():
    ruling = rule_initial_meld([cards("2D 3D 5D")], LEVANT, going_out=True)
    assert not ruling.valid and "Meld 1 is not valid" in str(ruling.reason)


def test_exception_going_out_also_waives_a_raised_bar():
    """Seed 002, "Hand Saudi": the raised bar is a first meld's bar like any other."""
    ruling = rule_initial_meld(FIFTY_NINE, deal("saudi"), minimum=70, going_out=True)
    assert ruling.valid and ruling.waived and ruling.minimum == 70


# --- seed 001, "Turns before announcing" ------------------------------------------------------

KUWAIT_8 = deal("kuwait", announce_after_turns=8)


def test_turns_before_announcing_too_early_is_refused():
    ruling = rule_initial_meld(ENOUGH, KUWAIT_8, cards_played=5, took_discard=True)
    assert not ruling.valid and ruling.total == 103
    assert str(ruling.reason) == ("Only 5 cards have been played this deal; at this table a "
                                  "player may announce once 8 have been.")


@pytest.mark.parametrize("played", [8, 9, 30])
def test_turns_before_announcing_once_enough_cards_are_played(played):
    assert rule_initial_meld(ENOUGH, KUWAIT_8, cards_played=played, took_discard=True).valid


def test_turns_before_announcing_zero_means_from_the_first_turn():
    assert rule_initial_meld(ENOUGH, deal("kuwait"), cards_played=0, took_discard=True).valid


def test_turns_before_announcing_ending_with_a_hand_does_not_follow_this_rule():
    ruling = rule_initial_meld(FIFTY_NINE, KUWAIT_8, cards_played=2, took_discard=False,
                               going_out=True)
    assert ruling.valid and ruling.waived
    assert "needs no announcement" in str(ruling.reason)


def test_turns_before_announcing_unasked_is_not_checked():
    # An API client that says nothing of the timing gets the verdict on the melds alone.
    assert rule_initial_meld(ENOUGH, KUWAIT_8).valid


@pytest.mark.parametrize("played", [-1, True, "8", 2.5])
def test_turns_before_announcing_cards_played_is_a_count(played):
    with pytest.raises(RulesError, match="whole number"):
        rule_initial_meld(ENOUGH, KUWAIT_8, cards_played=played)


def test_turns_played_mean_nothing_outside_the_announcing_game():
    assert rule_initial_meld(ENOUGH, deal("gulf", announce_after_turns=16),
                             cards_played=0, took_discard=False).valid


# --- seed 001, "Announcing special rules": right after taking the previous discard ------------

def test_announcing_special_rules_only_right_after_taking_the_discard():
    kuwait = deal("kuwait")
    ruling = rule_initial_meld(ENOUGH, kuwait, took_discard=False)
    assert not ruling.valid
    assert str(ruling.reason) == (
        "At this table a player announces only right after taking the previous player's "
        "discard, and this player did not take it.")
    assert rule_initial_meld(ENOUGH, kuwait, took_discard=True).valid
    # The card taken, placed in a meld, says the discard was taken.
    assert rule_initial_meld(ENOUGH, kuwait, took_discard=False, from_discard=(1, 0)).valid


def test_announcing_special_rules_lifted_by_the_table():
    kuwait = deal("kuwait", announce_after_discard=False)
    assert rule_initial_meld(ENOUGH, kuwait, took_discard=False).valid


def test_player_mistakes_1_the_card_taken_goes_into_an_announcement():
    """Seed 001, "Player mistakes" 1: "Taking a card from the field ... without placing the
    card in a meld and making an announcement" — a taker short of the bar must draw."""
    ruling = rule_initial_meld(FIFTY_NINE, deal("kuwait"), from_discard=(0, 2))
    assert not ruling.valid
    assert str(ruling.reason) == (
        "The melds are worth 59, short of the 91 an announcement needs, so the card cannot "
        "be taken from the discard pile: draw from the stock instead.")


def test_too_early_is_said_before_the_worth():
    ruling = rule_initial_meld(FIFTY_NINE, KUWAIT_8, cards_played=0)
    assert "Only 0 cards have been played" in str(ruling.reason)
