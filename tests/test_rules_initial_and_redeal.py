"""First melds against the bar in force (RULES.md section 4) and redeal claims (RULES.md
section 5, seed 000 "Deal")."""

import pytest
from rulings import cards, deal

from scorekeeper.games.hand.rules import RulesError, rule_initial_meld, rule_redeal

LEVANT = deal("levant", "7C")


def test_initial_meld_counts_every_meld_and_the_wild_as_what_it_stands_for():
    # 7♦ A♣(8♦) 9♦ = 24, Q♠ Q♥ Q♦ = 30: 54 with the wild worth 8.
    ruling = rule_initial_meld([cards("7D AC 9D"), cards("QS QH QD")], LEVANT)
    assert ruling.valid and ruling.total == 54
    assert [m.value for m in ruling.melds] == [24, 30]


def test_initial_meld_exactly_at_the_bar_is_enough():
    ruling = rule_initial_meld([cards("KS KH KD"), cards("7H 7S 7D")], LEVANT, minimum=51)
    assert ruling.valid and ruling.total == 51


def test_initial_meld_names_the_invalid_meld():
    ruling = rule_initial_meld([cards("KS KH KD"), cards("7H 8S 9D")], LEVANT)
    assert not ruling.valid and "Meld 2 is not valid" in str(ruling.reason)


def test_initial_meld_needs_a_meld():
    ruling = rule_initial_meld([], LEVANT)
    assert not ruling.valid and "at least one meld" in str(ruling.reason)


@pytest.mark.parametrize("minimum", [-1, "60", 60.5, True, 1001])
def test_initial_meld_minimum_must_be_a_sensible_whole_number(minimum):
    with pytest.raises(RulesError, match="minimum"):
        rule_initial_meld([cards("KS KH KD")], LEVANT, minimum=minimum)


def test_initial_meld_minimum_option_sets_the_bar():
    melds = [cards("KS KH KD"), cards("QS QH QD")]  # 60
    assert rule_initial_meld(melds, deal("gulf", initial_minimum=61)).minimum == 61
    assert not rule_initial_meld(melds, deal("gulf", initial_minimum=61)).valid


def test_redeal_claims_only_where_the_form_has_them():
    hand = cards("5C 5C 7D 7D JD JD QS QS 2S 4S 6H 8H 10H KC")
    assert rule_redeal(hand, deal("levant", "9S")).allowed
    ruling = rule_redeal(hand, deal("gulf"))
    assert not ruling.allowed and "no redeal" in str(ruling.reason)
    assert rule_redeal(hand, deal("gulf", redeal_claims=True)).allowed


def test_redeal_claim_reports_the_pairs_and_wilds():
    hand = cards("5C 5C 7D 7D JD JD AS 2S 4S 6H 8H 10H QH KC")
    ruling = rule_redeal(hand, deal("levant", "9S"))
    assert [str(c) for c in ruling.pairs] == ["5C", "7D", "JD"] and ruling.wilds == 1


def test_redeal_wild_pair_counts_as_two_wilds_not_a_pair():
    # A♠ A♠ are wild under a ♠ indicator: with two real pairs that is enough.
    hand = cards("5C 5C 7D 7D AS AS 2S 4S 6H 8H 10H QH KC 9D")
    ruling = rule_redeal(hand, deal("levant", "9S"))
    assert ruling.allowed and ruling.wilds == 2 and len(ruling.pairs) == 2


@pytest.mark.parametrize("count", [13, 16])
def test_redeal_claim_is_made_on_14_or_15_cards(count):
    hand = cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2H 3H 4H 5H")[:count]
    with pytest.raises(RulesError, match="14 cards, or 15"):
        rule_redeal(hand, deal("levant", "9D"))
