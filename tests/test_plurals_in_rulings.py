"""The engine's sentences whose words follow a number say "1 copy", "2 copies" — and take
Arabic's six forms (issue 22, point 13: "Plurals … in both languages"). A one-pack table
(seed 001: one pack and two jokers for two or three players) is where "1 copies" showed."""

from __future__ import annotations

import pytest

from scorekeeper.games.hand.rules import Rules, Wilds
from scorekeeper.games.hand.rules.melds import rule_meld
from scorekeeper.i18n import say
from scorekeeper.rulekit import RulesError
from scorekeeper.rulekit.cards import Card, check_copies


def _refusal(cards: str, packs: int) -> RulesError:
    with pytest.raises(RulesError) as refused:
        check_copies([Card.parse(c) for c in cards.split()], packs=packs, jokers=2)
    return refused.value


@pytest.mark.parametrize(("packs", "cards", "english"), [
    (1, "9S 9S", "9♠ appears 2 times, but the packs hold only 1 copy of it."),
    (2, "9S 9S 9S", "9♠ appears 3 times, but the packs hold only 2 copies of it."),
])
def test_copies_of_a_card_are_counted_in_words_that_follow_the_number(packs, cards, english):
    assert str(_refusal(cards, packs).message) == english


@pytest.mark.parametrize(("packs", "cards", "arabic"), [
    (1, "9S 9S", "نسخة واحدة"), (2, "9S 9S 9S", "نسختان")])
def test_arabic_counts_copies_in_its_own_forms(app, packs, cards, arabic):
    with app.test_request_context(headers={"Accept-Language": "ar"}):
        assert arabic in say(_refusal(cards, packs).message)


@pytest.mark.parametrize(("cards", "english"), [
    ("5H 7H 8H", "5♥ 7♥ 8♥ has 1 missing card in its run"),
    ("5H 8H 9H", "5♥ 8♥ 9♥ has 2 missing cards in its run"),
])
def test_missing_cards_of_a_run_are_counted_in_words(cards, english):
    ruling = rule_meld(tuple(Card.parse(c) for c in cards.split()),
                       Wilds.for_deal(Rules.from_spec("gulf"), None))
    assert not ruling.valid
    assert str(ruling.reason).startswith(english), str(ruling.reason)
