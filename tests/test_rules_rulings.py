"""Every ruling answers the same way (``upheld`` and ``reason``, the Ruling protocol), and
the referee's checks are a documented enum named as in the API's paths."""

import pytest
from rulings import cards, deal, undocumented_members

from scorekeeper.games.hand.rules import (
    Check,
    HandRuling,
    InitialMeldRuling,
    MeldRuling,
    Message,
    RedealRuling,
    Ruling,
    TableRuling,
    check_hand,
    rule_initial_meld,
    rule_lay_off,
    rule_meld,
    rule_redeal,
    rule_swap,
)

GULF = deal("gulf")
LEVANT = deal("levant", "7C")
FULL = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S JK"
PAIRS = "2H 2H 5S 5S 9D 9D KC KC 3H 4S 6D 8C 10H JS"

# (ruling, the field it always had, the answer expected), a yes and a no for each type.
RULINGS = [
    (rule_meld(cards("9C 10C JC"), GULF), "valid", True),
    (rule_meld(cards("9C 10H JC"), GULF), "valid", False),
    (rule_initial_meld([cards("KS KH KD"), cards("QS QH QD")], GULF), "valid", True),
    (rule_initial_meld([cards("2S 3S 4S")], GULF), "valid", False),
    (rule_lay_off(cards("9C 10C JC"), cards("QC"), GULF), "valid", True),
    (rule_lay_off(cards("9C 10C JC"), cards("2H"), GULF), "valid", False),
    (rule_swap(cards("9C JK JC"), cards("10C"), GULF), "valid", True),
    (rule_swap(cards("9C JK JC"), cards("QC"), GULF), "valid", False),
    (check_hand(cards(FULL), GULF), "hand", True),
    (check_hand(cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S 2S"), GULF), "hand", False),
    (rule_redeal(cards(PAIRS), LEVANT), "allowed", True),
    (rule_redeal(cards(PAIRS), GULF), "allowed", False),
]


@pytest.mark.parametrize(("ruling", "field", "answer"), RULINGS,
                         ids=[f"{type(r).__name__}-{a}" for r, _, a in RULINGS])
def test_every_ruling_says_upheld_and_why(ruling, field, answer):
    assert isinstance(ruling, Ruling)
    assert ruling.upheld is getattr(ruling, field) is answer
    assert isinstance(ruling.reason, Message) and str(ruling.reason)


def test_every_ruling_type_is_covered():
    assert {type(r) for r, _, _ in RULINGS} == {
        MeldRuling, InitialMeldRuling, TableRuling, HandRuling, RedealRuling}


def test_the_checks_are_named_as_in_the_api_paths_and_documented():
    # docs/api.md: /api/v1/referee/<check>; kept rulings store the same names.
    assert [str(c) for c in Check] == ["meld", "initial-meld", "lay-off", "swap", "hand",
                                       "redeal"]
    assert Check("lay-off") is Check.LAY_OFF and Check.LAY_OFF == "lay-off"
    assert undocumented_members(Check) == []
