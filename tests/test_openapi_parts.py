"""Each game's part of the OpenAPI description is a typed record (issue 49, point 5: "each
game's OpenAPI part [is a] typed record"), read by name rather than by dictionary keys
that only the merge knew; and the description's modules have room under the ceiling
(issue 49, point 3: api/openapi.py was 425 lines)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.api.openapi import SPEC
from scorekeeper.api.scoring import FIELDS
from scorekeeper.games import games
from scorekeeper.games.openapi_part import OpenApiPart, Question

API = Path(__file__).resolve().parent.parent / "scorekeeper" / "api"


@pytest.mark.parametrize("kind", games(), ids=lambda kind: kind.info.name)
def test_each_games_openapi_part_is_a_typed_record(kind):
    part = kind.openapi()
    assert isinstance(part, OpenApiPart)
    assert all(isinstance(q, Question) for q in part.referee.values())
    assert part.score_round is None or isinstance(part.score_round, Question)


@pytest.mark.parametrize("kind", games(), ids=lambda kind: kind.info.name)
def test_a_questions_required_fields_are_named_beside_its_body_not_inside_it(kind):
    part = kind.openapi()
    questions = [*part.referee.values(), *filter(None, [part.score_round])]
    for question in questions:
        assert "_required" not in question.body
        assert set(question.required) <= set(question.body), question.summary


def test_the_description_requires_what_each_question_names():
    meld = SPEC["paths"]["/api/v1/referee/meld"]["post"]["requestBody"]
    assert meld["content"]["application/json"]["schema"]["required"] == ["rules", "cards"]
    go_out = SPEC["paths"]["/api/v1/referee/go-out"]["post"]["requestBody"]
    assert go_out["content"]["application/json"]["schema"]["required"] == ["rules", "piles"]


def test_the_round_scored_without_a_game_takes_the_fields_its_question_lists():
    (hand,) = [kind for kind in games() if kind.openapi().score_round is not None]
    question = hand.openapi().score_round
    assert {hand.info.name: ("rules", *question.body)} == FIELDS
    assert "_required" not in FIELDS[hand.info.name]


@pytest.mark.parametrize("module", sorted(API.glob("openapi*.py")), ids=lambda p: p.name)
def test_the_description_modules_stay_under_400_lines(module):
    assert len(module.read_text(encoding="utf-8").splitlines()) < 400, module.name
