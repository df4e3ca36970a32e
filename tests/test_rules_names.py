"""A new game's names are kept in one normal form, and names the table could not tell apart
on the sheet are refused (issue 12: "invisible, look-alike and right-to-left-override player
names are accepted (normalise and refuse what cannot be told apart on the sheet)")."""

from __future__ import annotations

import pytest

from scorekeeper.games.hand.rules import RulesError, new_names, normal_name


@pytest.mark.parametrize(("given", "kept"), [
    ("Ali", "Ali"), ("  Ali  ", "Ali"), ("Ali   Hassan", "Ali Hassan"),
    ("Ａｌｉ", "Ali"),            # full-width letters
    ("ﬁras", "firas"),          # a ligature
    ("سامي", "سامي"), ("Rana\u200f", "Rana\u200f"),  # a direction mark stays
])
def test_a_name_is_kept_in_normal_form(given, kept):
    assert normal_name(given) == kept


@pytest.mark.parametrize("name", [
    "\u202eilA",          # right-to-left override: shows as "Ali"
    "A\u200bli",          # zero-width space
    "Al\u2060i",          # word joiner
    "\ufeffAli",          # byte-order mark
    "Ali\u2066x\u2069",   # an isolate
    "Om\u00adar",         # soft hyphen
])
def test_a_name_with_a_hiding_or_reversing_mark_is_refused(name):
    with pytest.raises(RulesError, match="invisible or direction-reversing"):
        new_names(("Sami", name))


@pytest.mark.parametrize(("first", "second"), [
    ("Ali", "Аli"),               # Cyrillic A
    ("Omar", "Οmar"),             # Greek Omicron
    ("Sami", "Sаmі"),             # Cyrillic a and i
    ("Ali", "A\u200dli"),         # a zero-width joiner shows nothing
    ("علي", "علی"),               # Persian yeh for Arabic yeh
    ("Player 1", "Player ١"),     # Arabic-Indic one
    ("Ali", "AIi"),               # a capital I for the small l
    ("Player 1", "Player l"),     # a small l for the digit one
    ("Omar", "0mar"),             # a zero for the O
    ("سامي", "ســامي"),           # the stretching tatweel
])
def test_names_that_look_the_same_are_refused(first, second):
    with pytest.raises(RulesError, match="look the same on the sheet"):
        new_names((first, second))


def test_the_same_name_twice_is_left_to_the_tables_own_refusal():
    assert new_names(("Ali", "ali")) == ("Ali", "ali")


def test_names_that_differ_to_the_eye_are_kept():
    assert new_names(("José", "Jose", "Rana", "Rania")) == ("José", "Jose", "Rana", "Rania")


@pytest.mark.parametrize(("first", "second"), [
    ("Ali", "All"), ("Player I", "Player L"), ("Bill", "Bili"), ("Rami", "Raml"),
    ("Player 1", "Player L"), ("omar", "0mar"),
])
def test_names_whose_strokes_differ_to_the_eye_are_kept(first, second):
    """Issue 39, point 18: a small i has its dot and a capital L its foot; only strokes
    drawn alike in the same place (capital I, small l, the digit 1) are refused."""
    assert new_names((first, second)) == (first, second)


def test_a_new_game_keeps_its_names_in_normal_form(client):
    response = client.post("/api/v1/games", json={
        "rules": "levant", "players": ["Ａli", "Badr  Omar", "Caro"], "first_dealer": "Ａli"})
    assert response.status_code == 201
    assert response.get_json()["players"] == ["Ali", "Badr Omar", "Caro"]
    assert response.get_json()["first_dealer"] == "Ali"


def test_a_new_game_with_look_alike_names_is_refused_on_the_page_and_in_the_api(client):
    api = client.post("/api/v1/games", json={
        "rules": "levant", "players": ["Ali", "Аli"], "first_dealer": "Ali"})
    assert api.status_code == 400 and "look the same" in api.get_json()["error"]
    page = client.post("/new", data={"preset": "levant", "first_dealer": "0",
                                     "player_0": "Ali", "player_1": "Аli"})
    assert page.status_code == 422 and "look the same on the sheet" in page.text
