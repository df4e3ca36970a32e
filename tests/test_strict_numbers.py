"""Numbers a client writes are read as ASCII digits only (docs/api.md, "Limits of a
request": "Any number a client sends … is parsed strictly as ASCII digits: "²", "٣" or a
5,000-digit string is a 400 naming the field, never a 500"). On the pages such a number is
a refused form or the field's default; every route that reads one is tried here with each
kind of bad number."""

from __future__ import annotations

import pytest
from game_actions import deal_form, new_game_form

from scorekeeper.numbers import whole

BAD = ["²", "1²", "٣", "１", "1" * 5000, "-1", "1.0", " ", ""]


@pytest.mark.parametrize("text", BAD)
def test_only_ascii_digits_make_a_number(text):
    assert whole(text) is None


@pytest.mark.parametrize(("text", "number"), [("0", 0), ("7", 7), (" 12 ", 12),
                                              ("123456789", 123456789)])
def test_ascii_digits_are_read(text, number):
    assert whole(text) == number


@pytest.mark.parametrize("bad", BAD)
def test_the_referee_page_takes_any_count_of_melds(client, bad):
    response = client.get("/referee/initial-meld", query_string={"melds": bad})
    assert response.status_code == 200


@pytest.mark.parametrize("bad", BAD)
def test_the_referee_page_refuses_a_bad_last_first_meld(client, bad):
    response = client.get("/referee/initial-meld",
                          query_string={"preset": "saudi", "previous": bad})
    assert response.status_code < 500


@pytest.mark.parametrize("bad", BAD)
def test_the_card_picker_ignores_a_bad_place(client, bad):
    for field in ("pick", "drag", "select"):
        response = client.get("/referee/meld", query_string={
            "cards": "9C 10C JC", field: f"cards-{bad}", "to": bad})
        assert response.status_code < 500


@pytest.mark.parametrize("field", ["deal", "winner"])
@pytest.mark.parametrize("bad", BAD)
def test_a_deal_with_a_bad_number_is_refused_and_saves_nothing(client, actions, field, bad):
    game_id = actions.start()
    form = deal_form(1) | {field: bad}
    for path in (f"/games/{game_id}/deals", f"/games/{game_id}/preview"):
        assert client.post(path, data=form).status_code < 500
    assert actions.state(game_id)["deals"] == []


@pytest.mark.parametrize("bad", BAD)
def test_a_correction_with_a_bad_winner_is_refused(client, actions, bad):
    game_id = actions.start()
    actions.record(game_id)
    response = client.post(f"/games/{game_id}/deals/1/edit",
                           data=deal_form(1) | {"winner": bad})
    assert response.status_code == 422
    assert actions.state(game_id)["deals"][0]["winner"] == "Badr"


@pytest.mark.parametrize("bad", BAD)
def test_undo_with_a_bad_deal_number_undoes_nothing(client, actions, bad):
    game_id = actions.start()
    actions.record(game_id)
    response = client.post(f"/games/{game_id}/undo", data={"deal": bad})
    assert response.status_code == 409
    assert len(actions.state(game_id)["deals"]) == 1


@pytest.mark.parametrize("bad", BAD)
def test_a_bad_seat_to_move_on_the_new_game_form_moves_nothing(client, bad):
    for move in (f"up-{bad}", f"down-{bad}"):
        response = client.post("/new", data=new_game_form() | {"move": move})
        assert response.status_code == 200
        assert 'value="Ali"' in response.text


@pytest.mark.parametrize("bad", BAD)
def test_a_bad_first_dealer_seat_is_refused(client, bad):
    response = client.post("/new", data=new_game_form(first_dealer=bad))
    assert response.status_code == 422


@pytest.mark.parametrize("bad", BAD)
def test_keeping_a_ruling_with_bad_numbers_answers(client, actions, bad):
    game_id = actions.start()
    response = client.post(f"/games/{game_id}/rulings", data={
        "check": "initial-meld", "melds": bad, "meld1": "9C 10C JC", "previous": bad})
    assert response.status_code < 500


@pytest.mark.parametrize("number", ["١", "²", "1" * 5000, "01x"])
def test_a_deal_number_in_an_address_is_ascii_digits_only(client, actions, number):
    """Werkzeug's own <int:> read /deals/١ as deal 1, so an undo sent there undid it."""
    game_id = actions.create()["id"]
    actions.post_deal(game_id, {"deal": 1, "outcome": "redeal"})
    version = actions.state(game_id)["version"]
    response = client.delete(f"/api/v1/games/{game_id}/deals/{number}",
                             headers={"If-Match": version})
    assert response.status_code == 404
    assert client.get(f"/games/{game_id}/deals/{number}/edit").status_code == 404
    assert len(actions.state(game_id)["deals"]) == 1
