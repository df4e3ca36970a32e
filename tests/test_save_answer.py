"""A save sends only what changed (issue 40: "every save re-sends the 15.5 KB empty deal
form … send only what changed"). A phone that fetched its table's empty form once
(static/record.js) says so when saving, and the answer carries a stand-in where the form
goes; filled with the form the phone holds, it is the answer the server sends a phone that
holds none."""

from __future__ import annotations

import re

import pytest
from game_actions import GameActions, deal_form

from scorekeeper.web.game.routes import NUMBER_SLOT

HX = {"HX-Request": "true"}
FORM = re.compile(r'<form id="deal-form".*?</form>', re.S)


def blank_of(page: str) -> str:
    return re.search(r'data-blank="([^"]+)"', page).group(1).replace("&amp;", "&")


def save(client, game_id: str, number: int, held: str | None = None):
    headers = HX | ({"HX-Empty-Form": held} if held else {})
    answer = client.post(f"/games/{game_id}/deals", headers=headers,
                         data=deal_form(number, winner=0, hands={1: 15, 2: 30}))
    assert answer.status_code == 200, answer.text
    return answer.text


def test_the_empty_form_is_fetched_once_with_its_stand_in_number(client, game):
    address = blank_of(client.get(f"/games/{game}").text)
    answer = client.get(address)
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store"
    assert str(NUMBER_SLOT) in answer.text and FORM.fullmatch(answer.text.strip())


def test_a_save_from_a_phone_holding_the_empty_form_is_answered_without_it(client, actions,
                                                                          played):
    # Deal 2: the first deal's answer is the whole game part, whatever the phone holds.
    address = blank_of(client.get(f"/games/{played}").text)
    blank = client.get(address).text
    short = save(client, played, 2, held=address)
    assert '<template data-empty-form="3"></template>' in short
    assert 'class="deal-form' not in short and str(NUMBER_SLOT) not in short
    # The same save from a phone holding no form: the whole form, numbered 3 ...
    actions.undo(played, 2)
    whole = save(client, played, 2)
    assert '<template data-empty-form' not in whole
    assert len(short) < len(whole) / 2
    # ... which is the stand-in filled with the form the phone holds.
    filled = short.replace('<template data-empty-form="3"></template>',
                           blank.replace(str(NUMBER_SLOT), "3"))
    assert FORM.search(filled).group(0) == FORM.search(whole).group(0)
    assert 'name="deal" type="hidden" value="3"' in FORM.search(filled).group(0)


@pytest.mark.parametrize("held", ["/games/x/form?v=0000000000000000", "yes", ""])
def test_a_phone_holding_another_form_or_none_gets_the_whole_form(client, played, held):
    answer = save(client, played, 2, held=held)
    assert '<template data-empty-form' not in answer and 'id="deal-form"' in answer


def test_the_held_form_is_named_by_its_language_and_table(client, actions):
    english = actions.create()["id"]
    actions.post_deal(english, {"deal": 1, "outcome": "redeal"})
    address = blank_of(client.get(f"/games/{english}").text)
    arabic = blank_of(client.get(f"/games/{english}", headers={"Accept-Language": "ar"}).text)
    assert address != arabic
    other = actions.create(players=["Ali", "Badr", "Dana"])["id"]
    assert blank_of(client.get(f"/games/{other}").text).split("v=")[1] != address.split("v=")[1]
    # A phone holding the English form saving from an Arabic page gets the whole form.
    answer = client.post(f"/games/{english}/deals", data=deal_form(2, winner=0, hands={
        1: 15, 2: 30}), headers=HX | {"HX-Empty-Form": address, "Accept-Language": "ar"})
    assert '<template data-empty-form' not in answer.text


def test_no_empty_form_for_a_finished_game_or_a_locked_phone(app, client, finished):
    assert client.get(f"/games/{finished}/form").status_code == 404
    table, visitor = app.test_client(), app.test_client()
    locked = GameActions(table).start(pin="2468")
    assert table.get(f"/games/{locked}/form").status_code == 200
    assert visitor.get(f"/games/{locked}/form").status_code == 404
