"""A group's PIN for changes works as a game's table PIN (scorekeeper/pins.py): its hash,
the right PIN, a wrong one, and the same limit on wrong tries, counted in the database
apart from every game's."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper import pins
from scorekeeper.extensions import db
from scorekeeper.league import groups
from scorekeeper.models import Game, Group, PinAttempt

PIN = "2468"


@pytest.fixture
def limited(app: Flask) -> Flask:
    app.config["RATELIMIT_ENABLED"] = True
    return app


def _group() -> Group:
    group = groups.new_group("Thursday", ["Ali", "Badr"])
    pins.set_pin(group, PIN)
    db.session.add(group)
    db.session.commit()
    return group


def test_a_group_pin_is_right_or_wrong_and_arabic_digits_count(limited):
    with limited.test_request_context():
        group = _group()
        assert group.pin_hash and PIN not in group.pin_hash
        assert pins.attempt(group, PIN) is pins.Attempt.RIGHT
        assert pins.attempt(group, "٢٤٦٨") is pins.Attempt.RIGHT
        assert pins.attempt(group, "1357") is pins.Attempt.WRONG
        assert pins.attempt(group, None) is pins.Attempt.WRONG
        # The wrong tries are counted for the group, none for any game.
        tries = db.session.scalars(db.select(PinAttempt)).all()
        assert [(t.group_id, t.game_id) for t in tries] == [(group.id, None)] * 2


def test_a_group_takes_five_wrong_pins_a_minute_then_refuses_even_the_right_one(limited):
    with limited.test_request_context():
        group = _group()
        for n in range(pins.LIMIT):
            assert pins.attempt(group, f"{1000 + n}") is pins.Attempt.WRONG
        assert pins.attempt(group, PIN) is pins.Attempt.LIMITED
        assert pins.refusal(pins.Attempt.WRONG, group) == "That is not the group's PIN."
        assert pins.refusal(pins.Attempt.WRONG) == "That is not the table's PIN."


def test_a_group_and_a_game_count_their_wrong_tries_apart(limited, actions):
    game_id = actions.create("levant", ["Ali", "Badr"], pin=PIN)["id"]
    with limited.test_request_context():
        group = _group()
        game = db.session.get(Game, game_id)
        for n in range(pins.LIMIT):
            assert pins.attempt(group, f"{1000 + n}") is pins.Attempt.WRONG
        assert pins.attempt(game, PIN) is pins.Attempt.RIGHT
        for n in range(pins.LIMIT):
            assert pins.attempt(game, f"{1000 + n}") is pins.Attempt.WRONG
        assert pins.attempt(game, PIN) is pins.Attempt.LIMITED
        assert pins.attempt(group, PIN) is pins.Attempt.LIMITED

