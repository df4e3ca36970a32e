"""What every page does with what players type and which language it speaks: a player's
name shown as text, never as markup (pages, fragment and preview), and ``<html lang dir>``
in English, left to right, or in Arabic, right to left.

The forms are posted as a browser posts them (every field of the form, empty ones too);
what was stored is read back through the JSON API (``actions.state``). CSRF is off in the
test app (tests/conftest.py).
"""

from __future__ import annotations

import html

import pytest
from game_actions import deal_form
from pagework import HX, XSS


@pytest.mark.parametrize("path", ["/games/{id}", "/games/{id}/print", "/", "/history",
                                  "/games/{id}/deals/1/edit"])
def test_a_players_name_is_escaped(client, actions, path):
    game_id = actions.start(players=[XSS, "Badr"])
    actions.record(game_id, winner=1, hands={0: 5})
    text = client.get(path.format(id=game_id)).text
    assert XSS not in text
    assert html.escape(XSS, quote=False) in text


def test_a_players_name_is_escaped_in_the_fragment_and_preview(client, actions):
    game_id = actions.start(players=[XSS, "Badr"])
    fragment = client.get(f"/games/{game_id}", headers=HX).text
    preview = client.post(f"/games/{game_id}/preview",
                          data=deal_form(winner=1, hands={0: 5})).text
    for text in (fragment, preview):
        assert XSS not in text
        assert html.escape(XSS, quote=False) in text


PAGES = ["/", "/new", "/history", "/join?code=nothing", "/games/{id}", "/games/{id}/print",
         "/games/{id}/deals/1/edit"]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_english_left_to_right_by_default(client, played, path):
    text = client.get(path.format(id=played)).text
    assert '<html lang="en" dir="ltr">' in text


@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_right_to_left_in_arabic(client, played, path):
    text = client.get(path.format(id=played), headers={"Accept-Language": "ar"}).text
    assert '<html lang="ar" dir="rtl">' in text
