"""What a game's page and a save send, trimmed (issue 40). The page, kept compressed once,
carries each form's token at its end, the input naming its form: without JavaScript the
browser must still send each form with its token. A save from a phone holding the empty
deal form is answered without it, and the page ends as a reload shows it."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import later_scripts_ran
from .table import api, new_game
from .test_phones import fill_deal, save
from .test_save_flow import same_as_reload


def test_a_deal_and_its_undo_go_as_plain_forms_from_the_kept_page(no_script_page, live_url,
                                                                   shot, locale):
    page = no_script_page
    game = new_game(live_url)
    opened = page.goto(game["url"])
    # The page came compressed, its tokens gathered at its end, each naming its form.
    assert opened.header_value("content-encoding") in ("gzip", "br")
    assert page.locator("form.deal-form input[name=csrf_token]").count() == 0
    expect(page.locator("body > input[name=csrf_token][form=deal-form]")).to_have_count(1)
    fill_deal(page, "Sami", {"Rana": 20, "Omar": None})
    page.locator("form.deal-form button[type=submit]").click()
    expect(page.locator("#sheet-rows tr[data-deal='1']")).to_have_count(1)
    assert api(live_url, "GET", f"/games/{game['id']}")["next_deal"] == 2
    page.locator("form#undo button[type=submit]").click()
    expect(page.locator("#sheet-rows tr[data-deal='1']")).to_have_count(0)
    assert api(live_url, "GET", f"/games/{game['id']}")["next_deal"] == 1
    shot(page, f"kept-page-no-javascript{'-ar' if locale == 'ar' else ''}")


def test_a_save_answered_without_the_empty_form_shows_the_next_one(page, live_url):
    game = new_game(live_url)
    api(live_url, "POST", f"/games/{game['id']}/deals", {"deal": 1, "outcome": "redeal"})
    page.goto(game["url"])
    later_scripts_ran(page)
    # The first entry fetches the table's empty form, once.
    with page.expect_response(lambda answer: "/form?v=" in answer.url):
        fill_deal(page, "Sami", {"Rana": 20, "Omar": None})
    with page.expect_response(lambda answer: answer.url.endswith("/deals")) as saved:
        save(page)
    assert '<template data-empty-form="3"></template>' in saved.value.text()
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(2)
    form = page.locator("form.deal-form")
    expect(form.locator("input[name=deal]")).to_have_value("3")
    expect(form.locator("button[type=submit]")).to_contain_text("3")
    same_as_reload(page)
    # The next deal goes from the form put in, as from one the server sent.
    fill_deal(page, "Rana", {"Sami": 10, "Omar": 5})
    with page.expect_response(lambda answer: answer.url.endswith("/deals")) as saved:
        save(page)
    assert '<template data-empty-form="4"></template>' in saved.value.text()
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(3)
    assert api(live_url, "GET", f"/games/{game['id']}")["next_deal"] == 4
    same_as_reload(page)
