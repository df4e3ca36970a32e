"""Cards: forgiving input, canonical output, and the copies two packs hold
(RULES.md section 1; seed 000 "Players and Cards"; seed 001 for the one-pack game)."""

import subprocess
import sys
from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rulings import cards, deal

from scorekeeper.games.hand.rules import JOKER, Card, Joker, NaturalCard, Rank, RulesError, Suit
from scorekeeper.rulekit.cards import NATURAL_CARDS, check_copies


@pytest.mark.parametrize(("text", "canonical"), [
    ("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("10♥", "10H"), ("10♡", "10H"),
    ("A♠", "AS"), ("as", "AS"), (" q d ", "QD"), ("kc", "KC"), ("2♦", "2D"), ("j♣", "JC"),
    ("JK", "JK"), ("jk", "JK"), ("joker", "JK"), ("JOKER", "JK"), ("*", "JK"),
])
def test_cards_forgiving_input_canonical_output(text, canonical):
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["", "1H", "11H", "10", "H", "ZZ", "10X", "AH2", "jokers"])
def test_cards_bad_text_is_an_error_naming_it(text):
    with pytest.raises(RulesError) as caught:
        Card.parse(text)
    assert f"“{text}”" in str(caught.value)


@pytest.mark.parametrize("value", [10, None, ["AH"], 1.5])
def test_cards_non_text_is_an_error(value):
    with pytest.raises(RulesError, match="not a card"):
        Card.parse(value)


@given(st.sampled_from([*NATURAL_CARDS, JOKER]))
def test_cards_parsing_the_canonical_form_gives_the_same_card(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.symbol) == card
    assert Card.parse(str(card).lower()) == card
    assert eval(repr(card), {"Card": Card}) == card


def test_cards_the_joker_is_a_value_of_its_own():
    joker = Card.parse("joker")
    assert joker is JOKER and joker == Joker() and hash(joker) == hash(Joker())
    assert isinstance(joker, Card) and not isinstance(joker, NaturalCard)
    assert joker.is_joker and not Card.parse("AS").is_joker
    assert (str(joker), joker.symbol, repr(joker)) == ("JK", "JK", "Card.parse('JK')")
    assert eval(repr(joker), {"Card": Card}) is JOKER
    # Neither a rank nor a suit to forget to check: asking for one fails at once.
    assert not hasattr(joker, "rank") and not hasattr(joker, "suit")
    assert joker != NaturalCard(Rank.ACE, Suit.SPADES)


def test_cards_are_frozen_and_a_card_is_always_one_kind():
    with pytest.raises(FrozenInstanceError):
        Card.parse("AS").rank = Rank.KING
    with pytest.raises(TypeError):
        Card()
    assert NaturalCard(Rank.TEN, Suit.HEARTS) == Card.parse("10H")
    assert repr(NaturalCard(Rank.TEN, Suit.HEARTS)) == "Card.parse('10H')"


def test_cards_a_joker_without_a_part_in_the_deal_has_no_natural_card():
    # 104 cards: no joker can be among the cards, so none has a natural card to play as.
    wilds = deal("levant", "7H", wild_mode="indicator_no_jokers")
    with pytest.raises(RulesError, match="without jokers"):
        wilds.natural(JOKER)
    # Under an indicator the jokers play as the wild aces' natural twins.
    assert wilds.natural(cards("9D")[0]) == cards("9D")[0]
    assert str(deal("levant", "7H").natural(JOKER)) == "AH"


def test_cards_natural_values_from_seed_000():
    # seed 000 "Players and Cards": A=11, K Q J=10, pip cards face value.
    assert [r.points for r in Rank] == [11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_cards_suit_colours():
    assert [s.red for s in Suit] == [False, True, True, False]


def test_cards_two_packs_hold_two_copies_of_each_card_and_two_jokers():
    check_copies([Card.parse("AH")] * 2 + [JOKER] * 2, packs=2, jokers=2)
    with pytest.raises(RulesError, match="A♥ appears 3 times"):
        check_copies([Card.parse("AH")] * 3, packs=2, jokers=2)
    with pytest.raises(RulesError, match="JK appears 3 times"):
        check_copies([JOKER] * 3, packs=2, jokers=2)


def test_cards_one_pack_holds_one_copy():
    # seed 001: one pack and two jokers for two or three players.
    with pytest.raises(RulesError, match="only 1 copy of it"):
        check_copies([Card.parse("9S")] * 2, packs=1, jokers=2)


def test_rules_engine_imports_no_web_code():
    code = ("import sys, scorekeeper.games.hand.rules; "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('flask', 'flask_sqlalchemy', 'sqlalchemy', 'werkzeug', 'jinja2')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
