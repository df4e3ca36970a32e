"""The digits a form accepts (issue 23, points 2 and 6; docs/security.md, "Numbers"):
ASCII digits and those an Arabic keyboard types (٠–٩, ۰–۹); a sign, an underscore,
another script's digits or an absurd length is refused at the field, never a 500."""

import html

import pytest
from pagework import HX
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Night

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def start(client, **extra):
    data = {"preset": "hand_and_foot", "first_dealer": "0", "sides": "opposite", **extra}
    data |= {f"player_{i}": name for i, name in enumerate(FOUR)}
    return client.post("/new", data=data)


def deal(melded: str) -> dict:
    return {"deal": "1", "went_out": "none", "clean_piles_0": "1", "melded_0": melded}


@pytest.mark.parametrize(("typed", "points"), [
    ("1200", 1200), ("١٢٠٠", 1200), ("۱۲۰۰", 1200), (" 1200 ", 1200)])
def test_ascii_and_arabic_keyboard_digits_are_read(client, typed, points):
    game_id = start(client).location.rsplit("/", 1)[1]
    response = client.post(f"/games/{game_id}/deals", data=deal(typed))
    assert response.status_code == 302
    state = client.get(f"/api/v1/games/{game_id}").get_json()
    assert state["deals"][0]["sides"][0]["melded"] == points


@pytest.mark.parametrize("typed", ["+5", "1_0", "５", "१२", "²", "-5", "1.5", "1 0",
                                   "0" * 18 + "5", "9" * 5000])
def test_other_characters_are_refused_at_the_field(client, typed):
    game_id = start(client).location.rsplit("/", 1)[1]
    response = client.post(f"/games/{game_id}/deals", data=deal(typed), headers=HX)
    assert response.status_code == 422
    assert "type a whole number, in digits only." in html.unescape(response.text)
    assert client.get(f"/api/v1/games/{game_id}").get_json()["deals"] == []


@pytest.mark.parametrize(("pin", "locked"), [("   ", False), ("١٢٣٤", True)])
def test_a_pin_of_spaces_is_none_and_an_arabic_one_is_kept(client, pin, locked):
    response = start(client, pin=pin)
    assert response.status_code == 302
    game_id = response.location.rsplit("/", 1)[1]
    other = client.application.test_client()
    answer = other.post(f"/api/v1/games/{game_id}/deals", json={
        "deal": 1, "went_out": None, "sides": [{}, {}]})
    assert (answer.status_code == 403) is locked


def test_another_scripts_digits_are_no_pin(client):
    response = start(client, pin="१२३४")
    assert response.status_code == 422
    assert "A PIN is 4 to 8 digits." in html.unescape(response.text)


NIGHT = {"name": "Thursday", "preset": "levant", "players": "\n".join(FOUR),
         "format": "rotating", "table_size": "4", "first_dealer": "random",
         "sit_out": "average"}


@pytest.mark.parametrize("field", ["minutes", "rounds"])
@pytest.mark.parametrize("typed", ["+5", "1_0", "５", "６０", "-5", "1.5", "9" * 5000])
def test_the_new_night_form_reads_its_numbers_by_the_same_rule(app, client, field, typed):
    """Issue 48, point 12: WTForms' own IntegerField read "+5", "1_0" and full-width
    digits as numbers; the night's form reads them as every other form does."""
    response = client.post("/nights/new", data=NIGHT | {field: typed})
    assert response.status_code == 422
    assert "type a whole number, in digits only." in html.unescape(response.text)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Night)) == 0


def test_the_new_night_form_takes_an_arabic_keyboards_digits(app, client):
    response = client.post("/nights/new", data=NIGHT | {"minutes": "٢٠", "rounds": "۲"})
    assert response.status_code == 303
    with app.app_context():
        night = db.session.scalars(select(Night)).one()
        assert (night.minutes, night.rounds) == (20, 2)
