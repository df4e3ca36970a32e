"""CSRF protection on the page forms, switched on as in production (tests/conftest.py
turns it off): the token every form carries is accepted, and a post without it saves
nothing and says why. The JSON API needs no token.

The forms are posted as a browser posts them (every field of the form, empty ones too);
what was stored is read back through the JSON API.
"""

from __future__ import annotations

import pytest
from game_actions import GameActions, csrf_token, deal_form, new_game_form
from pagework import alerts, game_count


@pytest.fixture
def guarded(app):
    """A client of the app with CSRF protection on (tests/conftest.py turns it off)."""
    app.config["WTF_CSRF_ENABLED"] = True
    return app.test_client()


def test_forms_carry_a_csrf_token_that_is_accepted(guarded):
    actions = GameActions(guarded)  # each action reads the token off its form's page
    game_id = actions.start()
    actions.record(game_id)
    actions.correct(game_id, 1, hands={0: 7, 2: None})
    undo_form = guarded.get(f"/games/{game_id}").text.split('action="/games/')[-1]
    undone = guarded.post(f"/games/{game_id}/undo", data={
        "csrf_token": csrf_token(undo_form), "deal": "1"})
    assert undone.status_code == 302
    assert actions.state(game_id)["deals"] == []


def test_posts_without_a_csrf_token_save_nothing(app, guarded):
    actions = GameActions(guarded)
    assert guarded.post("/new", data=new_game_form()).status_code == 422
    assert game_count(app) == 0
    game_id = actions.create()["id"]  # the JSON API needs no token
    assert guarded.post(f"/games/{game_id}/deals", data=deal_form()).status_code == 422
    assert actions.state(game_id)["deals"] == []
    actions.post_deal(game_id, {"deal": 1, "outcome": "redeal"})
    assert guarded.post(f"/games/{game_id}/deals/1/edit",
                        data=deal_form()).status_code == 422
    assert guarded.post(f"/games/{game_id}/undo").status_code == 400
    assert [d["outcome"] for d in actions.state(game_id)["deals"]] == ["redeal"]


@pytest.mark.parametrize("path", ["/new", "/games/{id}/deals", "/games/{id}/deals/1/edit"])
def test_a_missing_csrf_token_is_explained(guarded, path):
    actions = GameActions(guarded)
    game_id = actions.create()["id"]
    actions.post_deal(game_id, {"deal": 1, "outcome": "redeal"})
    form = new_game_form() if path == "/new" else deal_form(2)
    response = guarded.post(path.format(id=game_id), data=form)
    assert response.status_code in (400, 422)
    assert alerts(response.text)
