"""Partnerships offered only where the form of Hand has them (issue 39, point 6): Kuwait
offered "Play in partnerships", then refused with "Partnerships are for four players, in a
form of Hand that has them". The box names the forms that have them, the page's script
turns it off for the others, and a form without them sent anyway (no script) is refused
naming the forms that have them."""

from __future__ import annotations

import html
import re

from pagework import alerts

FOUR = {"player_0": "Ali", "player_1": "Badr", "player_2": "Caro", "player_3": "Dina",
        "first_dealer": "0", "partnerships": "y"}


def test_the_box_names_the_forms_with_partnerships_and_lists_them_for_the_script(client):
    page = html.unescape(client.get("/new").text)
    assert ("Play in partnerships (four players, partners opposite): Levant, Egypt, Gulf, "
            "Hand Saudi") in page
    assert re.search(r'data-presets="levant egypt gulf saudi"[^>]*name="partnerships"|'
                     r'name="partnerships"[^>]*data-presets="levant egypt gulf saudi"', page)


def test_a_form_without_partnerships_is_refused_naming_those_with_them(client):
    response = client.post("/new", data=FOUR | {"preset": "kuwait"})
    assert response.status_code == 422
    assert ("Partnerships are played in Levant, Egypt, Gulf, Hand Saudi; Kuwait is played "
            "by players alone.") in alerts(response.text)
    assert client.post("/new", data=FOUR | {"preset": "levant"}).status_code == 302
