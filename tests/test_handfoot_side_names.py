"""A Hand and Foot side named in the engine's sentences is joined in the reader's words:
"Bob & Dee" in English, "Bob وDee" in Arabic (issue 22, point 13: "Arabic team names joined
with و, not &"); the game keeps "Bob & Dee" for its stored scores and the API."""

from __future__ import annotations

import pytest
from test_handfoot_game import FOUR, LOSE, RULES, WIN, deal

from scorekeeper.games.handfoot.rules import HandFootTable, partnership_sides, replay
from scorekeeper.i18n import say
from scorekeeper.rulekit import RulesError

TABLE = HandFootTable(RULES, FOUR, "Ann", partnership_sides(FOUR))


def _refusal() -> RulesError:
    with pytest.raises(RulesError) as refused:
        replay(TABLE, [deal(1, "Bob", WIN, LOSE)])
    return refused.value


def test_a_side_in_an_english_sentence_is_its_players_joined_with_and():
    assert str(_refusal().message).startswith("Bob & Dee cannot have gone out")


def test_a_side_in_an_arabic_sentence_is_joined_with_wa(app):
    with app.test_request_context(headers={"Accept-Language": "ar"}):
        said = say(_refusal().message)
    assert "و\u2068Dee" in said or "وDee" in said, said
    assert "&" not in said


def test_the_game_keeps_its_own_name_for_a_side():
    state = replay(TABLE, [deal(1, "Ann", WIN, LOSE)])
    assert state.deals[0].names == ("Ann & Cy", "Bob & Dee")
