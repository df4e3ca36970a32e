"""Cards taken from the discard pile (scorekeeper/games/hand/rules/discard.py, and the meld,
first-meld and lay-off rulings that hear of one), cited by seed and section.

Seed 000, "Play", restriction 1: "A player who takes the top
card from the discard pile in step 1 must place it on the table in step 2 together with
at least two cards from hand to form a new meld." And after the restrictions: "If a wild
Ace is discarded, the player taking it can only use it as a natural Ace of the suit
printed on it. If a wild Joker is discarded, the player taking it can use it as an Ace of
any suit, but not as any other card."

Seed 000, "Variations: Taking a discarded card": the card may be "added to an existing
meld on the table ... provided that the player who discarded the card already has meld on
the table"; a discarded wild "only if it is melded in a group of Aces"; "do not allow a
discarded wild card to be taken ... in any circumstances"; "use it in any meld where a
wild card could normally be used".

Places (``from_discard``) count from 0, as the JSON API's do.
"""

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from rulings import cards, deal, shown

from scorekeeper.games.hand.rules import (
    MeldKind,
    RulesError,
    rule_initial_meld,
    rule_lay_off,
    rule_meld,
    rule_taken_meld,
)

# Indicator 9♣: the two A♣ are wild, the jokers play as natural A♣.
CLUBS = deal("levant", "9C")
# Indicator A♠: the jokers are wild, every ace is natural.
ACE_TURNED = deal("levant", "AS")


# --- "Play": a discarded wild ace only as the ace printed on it ------------------------------

def test_play_a_discarded_wild_ace_cannot_fill_a_gap():
    """The issue's example: 7♦ A♣ 9♦ with 9♣ turned is a meld from hand, not with the A♣
    taken from the discard pile."""
    assert rule_meld(cards("7D AC 9D"), CLUBS).valid
    ruling = rule_taken_meld(cards("7D AC 9D"), CLUBS, 1)
    assert not ruling.valid
    assert str(ruling.reason) == ("A wild A♣ taken from the discard pile may be used only as "
                                  "the natural A♣ printed on it, not as 8♦.")
    assert shown(ruling.cards) == "7D AC 9D"


@pytest.mark.parametrize(("meld", "at", "value"), [
    ("QC KC AC", 2, 31),   # Q-K-A: the A♣ at its own place
    ("AC 2C 3C", 0, 16),   # A-2-3, the ace worth 11 in the Levant game
    ("AH AS AC", 2, 33),   # a group of three natural aces
])
def test_play_a_discarded_wild_ace_plays_as_the_natural_ace(meld, at, value):
    ruling = rule_taken_meld(cards(meld), CLUBS, at)
    assert ruling.valid, ruling.reason
    # Played as a natural card, the ace is no wild in the meld.
    assert ruling.wild is None
    assert ruling.value == value
    assert "plays as the natural A♣ printed on it" in str(ruling.reason)


def test_play_a_group_of_two_aces_and_the_discarded_ace_is_a_natural_group():
    # From hand the wild A♣ would stand for the A♦ and the A♣; taken from the discard pile
    # it is the A♣ alone, so the group later takes the A♦ by itself.
    assert shown(rule_meld(cards("AH AS AC"), CLUBS).wild.represents) == "AD AC"
    ruling = rule_taken_meld(cards("AH AS AC"), CLUBS, 2)
    assert ruling.kind is MeldKind.GROUP and ruling.wild is None


def test_play_the_other_wild_ace_stays_wild_beside_the_discarded_one():
    # A♣ Q♣ K♣ A♣: from hand, two wilds in one meld; with the last A♣ taken from the
    # discard pile it is the natural A♣ and the first A♣ the one wild, standing for J♣.
    assert not rule_meld(cards("AC QC KC AC"), CLUBS).valid
    ruling = rule_taken_meld(cards("AC QC KC AC"), CLUBS, 3)
    assert ruling.valid, ruling.reason
    assert str(ruling.wild.card) == "AC" and shown(ruling.wild.represents) == "JC"


@pytest.mark.parametrize("meld", ["JK 2H 3H", "QD KD JK", "AH AD JK"])
def test_play_a_discarded_joker_may_be_an_ace_of_any_suit(meld):
    ruling = rule_taken_meld(cards(meld), ACE_TURNED, meld.split().index("JK"))
    assert ruling.valid, ruling.reason
    assert "may stand only for an ace, as it does here" in str(ruling.reason)


def test_play_a_discarded_joker_is_no_other_card():
    ruling = rule_taken_meld(cards("7D JK 9D"), ACE_TURNED, 1)
    assert not ruling.valid
    assert str(ruling.reason) == ("A joker taken from the discard pile may be used only as "
                                  "an ace, not as 8♦.")
    # A group of sevens: the joker would stand for two sevens.
    assert "not as 7♦ + 7♣" in str(rule_taken_meld(cards("7H 7S JK"), ACE_TURNED, 2).reason)


def test_play_a_card_that_is_not_wild_is_not_limited():
    # With 9♣ turned the joker plays as the natural A♣: taken from the discard pile it is
    # that ace and nothing more to limit; the A♥ is a plain ace.
    assert rule_taken_meld(cards("QC KC JK"), CLUBS, 2).reason == rule_meld(
        cards("QC KC JK"), CLUBS).reason
    assert rule_taken_meld(cards("9D 10D JD"), CLUBS, 0).valid


def test_play_an_invalid_meld_keeps_its_own_reason():
    ruling = rule_taken_meld(cards("7D AC"), CLUBS, 1)
    assert not ruling.valid and "at least three cards" in str(ruling.reason)


# --- "Taking a discarded card": the variants --------------------------------------------------

def test_taking_a_discarded_card_only_in_a_group_of_aces():
    rules = {"discarded_wild": "aces_group"}
    ruling = rule_taken_meld(cards("AH AS AC"), deal("levant", "9C", **rules), 2)
    assert ruling.valid and "only into a group of aces, as it does here" in str(ruling.reason)
    # "not in a sequence A-2-3 or J-Q-K"
    for meld, at in (("AC 2C 3C", 0), ("JD QD JK", 2)):
        ruling = rule_taken_meld(cards(meld), deal("levant", "9C" if "AC" in meld else "AS",
                                                   **rules), at)
        assert not ruling.valid
        assert "only in a group of aces" in str(ruling.reason)


def test_taking_a_discarded_card_a_wild_never_taken():
    wilds = deal("levant", "9C", discarded_wild="never")
    for meld, at in (("QC KC AC", 2), ("AH AS AC", 2)):
        ruling = rule_taken_meld(cards(meld), wilds, at)
        assert not ruling.valid
        assert str(ruling.reason) == ("At this table a wild card thrown on the discard pile "
                                      "may not be taken.")
    # A natural card is taken as ever.
    assert rule_taken_meld(cards("9D 10D JD"), wilds, 0).valid


def test_taking_a_discarded_card_a_wild_anywhere():
    wilds = deal("levant", "9C", discarded_wild="anywhere")
    ruling = rule_taken_meld(cards("7D AC 9D"), wilds, 1)
    assert ruling.valid and ruling.reason == rule_meld(cards("7D AC 9D"), wilds).reason


def test_the_gulf_game_sets_no_limit_on_a_discarded_joker():
    """Seed 002, "Cards and Dealing": a player who picks the discard "is obliged to meld
    using this card" — nothing limits what a joker picked so stands for."""
    assert rule_taken_meld(cards("7D JK 9D"), deal("gulf"), 1).valid


@pytest.mark.parametrize("at", [3, -1, True, "1"])
def test_the_taken_card_must_be_one_of_the_cards(at):
    with pytest.raises(RulesError, match="must be one of the cards asked about"):
        rule_taken_meld(cards("9D 10D JD"), CLUBS, at)


# --- a first meld with the card taken --------------------------------------------------------

def test_play_a_first_meld_with_the_discarded_ace_counts_it_as_natural():
    ruling = rule_initial_meld([cards("9H 9S 9D"), cards("QC KC AC")], CLUBS,
                               from_discard=(1, 2))
    assert ruling.valid and ruling.total == 58
    assert ruling.melds[1].wild is None


def test_play_a_first_meld_that_uses_the_discarded_wild_as_a_filler_is_refused():
    ruling = rule_initial_meld([cards("KH KS KD"), cards("7D AC 9D 10D JD")], CLUBS,
                               from_discard=(1, 1))
    assert not ruling.valid
    assert str(ruling.reason).startswith("Meld 2 is not valid: A wild A♣ taken from the "
                                         "discard pile")


def test_play_a_first_meld_short_of_51_with_the_taken_card_must_draw_from_the_stock():
    """Seed 000, "Play", restriction 1: "If this is not possible, ... because the player
    has not yet melded and cannot satisfy the minimum meld requirement, the player must
    draw from the stock pile." """
    ruling = rule_initial_meld([cards("2D 3D 4D"), cards("9H 9S 9D")], CLUBS,
                               from_discard=(0, 0))
    assert not ruling.valid
    assert str(ruling.reason) == (
        "The melds are worth 36, short of the 51 a first meld needs, so the card cannot be "
        "taken from the discard pile: draw from the stock instead.")


@pytest.mark.parametrize("place", [(2, 0), (0, 3), (-1, 0)])
def test_a_first_meld_names_a_taken_card_that_is_not_there(place):
    with pytest.raises(RulesError, match="discard pile"):
        rule_initial_meld([cards("9H 9S 9D"), cards("QC KC AC")], CLUBS, from_discard=place)


# --- adding the card taken to a table meld -------------------------------------------------------

def test_play_the_card_taken_cannot_be_added_to_a_table_meld():
    """Seed 000, "Play", the note: "the next player is not allowed to take the discarded
    card and add it to a meld on the table"."""
    ruling = rule_lay_off(cards("9D 10D JD"), cards("QD"), CLUBS, from_discard=0,
                          discarder_melded=True)
    assert not ruling.valid
    assert str(ruling.reason) == (
        "A card taken from the discard pile must start a new meld with at least two cards "
        "from the player's hand; it cannot be added to a meld on the table.")
    assert shown(ruling.meld) == "9D 10D JD"
    # From hand the same card may be added.
    assert rule_lay_off(cards("9D 10D JD"), cards("QD"), CLUBS).valid


def test_taking_a_discarded_card_added_when_its_discarder_has_melded():
    """Seed 000, "Taking a discarded card": "provided that the player who discarded the
    card already has meld on the table"."""
    wilds = deal("levant", "9C", discard_lay_off=True)
    ruling = rule_lay_off(cards("9D 10D JD"), cards("QD KD"), wilds, from_discard=0,
                          discarder_melded=True)
    assert ruling.valid and shown(ruling.meld) == "9D 10D JD QD KD"
    assert "as its discarder has melded" in str(ruling.reason)
    ruling = rule_lay_off(cards("9D 10D JD"), cards("QD"), wilds, from_discard=0)
    assert not ruling.valid
    assert "only when the player who discarded it has melded" in str(ruling.reason)


def test_taking_a_discarded_card_a_wild_ace_added_only_at_its_own_place():
    wilds = deal("levant", "9C", discard_lay_off=True)
    # J♣ Q♣ K♣: at the high end the A♣ is the ace printed on it, wherever the player said
    # nothing; at the low end it would be the 10♣.
    ruling = rule_lay_off(cards("JC QC KC"), cards("AC"), wilds, from_discard=0,
                          discarder_melded=True)
    assert ruling.valid and shown(ruling.meld) == "JC QC KC AC"
    ruling = rule_lay_off(cards("2C 3C 4C"), cards("AC"), wilds, from_discard=0,
                          discarder_melded=True)
    assert ruling.valid and shown(ruling.meld) == "AC 2C 3C 4C"
    ruling = rule_lay_off(cards("JC QC KC"), cards("AC"), wilds, end="low", from_discard=0,
                          discarder_melded=True)
    assert not ruling.valid and "not as 10♣" in str(ruling.reason)
    ruling = rule_lay_off(cards("5H 6H 7H"), cards("AC"), wilds, from_discard=0,
                          discarder_melded=True)
    assert not ruling.valid and "only as the natural A♣" in str(ruling.reason)


def test_taking_a_discarded_card_a_wild_never_taken_is_not_added_either():
    wilds = deal("levant", "9C", discard_lay_off=True, discarded_wild="never")
    ruling = rule_lay_off(cards("JC QC KC"), cards("AC"), wilds, from_discard=0,
                          discarder_melded=True)
    assert not ruling.valid and "may not be taken" in str(ruling.reason)


# --- properties -------------------------------------------------------------------------------

_CARDS = ["AC", "2C", "3C", "QC", "KC", "7D", "8D", "9D", "AH", "AS", "AD", "JK", "9C"]


@settings(max_examples=examples(200), deadline=None)
@given(laid=st.lists(st.sampled_from(_CARDS), min_size=1, max_size=5), data=st.data(),
       indicator=st.sampled_from(["9C", "AS", "7D"]))
def test_taking_a_discarded_card_limits_only_wilds_and_only_as_the_option_says(laid, data,
                                                                                indicator):
    meld = cards(" ".join(laid))
    at = data.draw(st.integers(0, len(meld) - 1))
    anywhere = deal("levant", indicator, discarded_wild="anywhere")
    assert rule_taken_meld(meld, anywhere, at) == rule_meld(meld, anywhere)
    for variant in ("as_ace", "aces_group", "never"):
        wilds = deal("levant", indicator, discarded_wild=variant)
        taken = rule_taken_meld(meld, wilds, at)
        if not wilds.is_wild(meld[at]):
            assert taken == rule_meld(meld, wilds)
        elif variant == "never":
            assert not taken.valid
        elif variant == "aces_group" and taken.valid:
            assert taken.kind is MeldKind.GROUP and taken.rank.value == "A"
        elif variant == "as_ace" and taken.valid and taken.wild is not None and (
                taken.cards[taken.wild_at] is meld[at]):
            # The taken card, when it stays wild, stands for aces only (another wild, from
            # hand, stands for anything: A♣ A♣ 3♣ with the first A♣ taken is A-2-3).
            assert all(c.rank.value == "A" for c in taken.wild.represents)
