"""A game's page kept compressed once (issue 40) carries each form's token at its end, the
input naming its form. Without JavaScript the browser must still send each form with its
token: the deal form and Undo post as plain forms, and are taken."""

from __future__ import annotations

from playwright.sync_api import expect

from .table import api, new_game
from .test_phones import fill_deal


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
