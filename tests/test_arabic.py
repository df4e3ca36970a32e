"""The app in Arabic through Flask's test client: the language follows the browser's
Accept-Language, or the switch in every page's header (kept in a cookie on the device);
Arabic pages are right to left with nothing left in English; the JSON API's reasons and
errors follow Accept-Language alone, with English field names.

Arabic text is looked up in the catalogue (``ar``) rather than written here, so these tests
check that the pages use the translations, whatever their wording.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

import pytest
from flask_babel import force_locale, gettext
from game_actions import GameActions
from pagework import view_id

from scorekeeper.i18n import FSI, PDI

API = "/api/v1"
ARABIC = {"Accept-Language": "ar"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}
# Arabic names, so that any English left on a page stands out.
PLAYERS = ["سامي", "رنا", "عمر"]
HTML_TAG = re.compile(r'<html lang="(\w+)" dir="(\w+)">')


@pytest.fixture
def ar(app):
    """ar("English msgid") -> its Arabic translation, as the app has it."""

    def translate(text: str) -> str:
        with app.test_request_context(), force_locale("ar"):
            return gettext(text)

    return translate


@pytest.fixture
def game(actions) -> str:
    """A Levant game of three, its first deal recorded."""
    game_id = actions.start(players=PLAYERS)
    actions.record(game_id)
    return game_id


@pytest.fixture
def pages(app, client, game) -> list[str]:
    """Every kind of page, with a game to show."""
    view = f"/view/{view_id(app, game)}"
    return ["/", "/new", "/history", f"/games/{game}", f"/games/{game}/print",
            f"/games/{game}/changes", f"/games/{game}/deals/1/edit", view, f"{view}/print",
            "/referee/meld?preset=gulf", f"/games/{game}/referee"]


def language_of(response) -> tuple[str, str]:
    match = HTML_TAG.search(response.text)
    assert match, "no <html lang dir> on the page"
    return match.groups()


class Visible(HTMLParser):
    """What a reader sees or hears of a page: text (not scripts or the links shown as code)
    and the labels in attributes."""

    SPOKEN = {"aria-label", "title", "alt", "placeholder", "hx-confirm"}
    HIDDEN = {"script", "style", "code"}

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.skipping += 1
        self.parts += [value for name, value in attrs if name in self.SPOKEN and value]

    def handle_endtag(self, tag):
        if tag in self.HIDDEN:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


# Latin words an Arabic page may show: the other language's name in the switch, file
# formats, and cards as players write them (5H, JK).
SAME_IN_BOTH = {"English", "CSV", "JSON", "API", "QR", "JK"}
CARD = re.compile(r"\b(10|[2-9AJQK])[SHDC]\b")


def english_words(html: str) -> set[str]:
    reader = Visible()
    reader.feed(html)
    text = CARD.sub(" ", " ".join(reader.parts))
    return set(re.findall(r"[A-Za-z]{2,}", text)) - SAME_IN_BOTH


# --- The language of the pages ---------------------------------------------------------

def test_accept_language_ar_gives_arabic_pages_right_to_left(client, pages, ar):
    for path in pages:
        response = client.get(path, headers=ARABIC)
        assert response.status_code == 200, path
        assert language_of(response) == ("ar", "rtl"), path
        assert ar("Hand Scorekeeper") in response.text, path


def test_arabic_pages_leave_nothing_in_english(client, pages):
    for path in pages:
        left = english_words(client.get(path, headers=ARABIC).text)
        assert not left, f"English words on the Arabic {path}: {sorted(left)}"


def test_pages_are_english_left_to_right_for_other_languages(client, game):
    for headers in ({}, ENGLISH, {"Accept-Language": "fr-FR,fr;q=0.9"}):
        response = client.get(f"/games/{game}", headers=headers)
        assert language_of(response) == ("en", "ltr")
        assert "Hand Scorekeeper" in response.text


def test_a_preferred_arabic_wins_over_a_later_english(client):
    response = client.get("/", headers={"Accept-Language": "ar-JO,ar;q=0.9,en;q=0.8"})
    assert language_of(response) == ("ar", "rtl")


def test_pages_say_caches_must_key_on_the_language(client, pages):
    for path in pages:
        vary = client.get(path).vary
        assert {"Accept-Language", "Cookie"} <= set(vary), path


def test_a_locked_game_asks_for_its_pin_in_arabic(app, ar):
    owner = app.test_client()
    game_id = GameActions(owner).start(players=PLAYERS, pin="2468")
    visitor = app.test_client()
    response = visitor.get(f"/games/{game_id}", headers=ARABIC)
    assert ar("This table has a PIN") in response.text
    assert not english_words(response.text)


# --- The switch in the header -----------------------------------------------------------

def switch_link(html: str) -> str:
    match = re.search(r'<a class="language" href="([^"]+)"', html)
    assert match, "no language switch on the page"
    return match.group(1).replace("&amp;", "&")


def test_every_page_links_to_the_other_language_and_back_to_itself(client, pages):
    for path in pages:
        english = urlsplit(switch_link(client.get(path).text))
        assert english.path == "/language/ar"
        assert parse_qs(english.query)["next"] == [path], path
        arabic = urlsplit(switch_link(client.get(path, headers=ARABIC).text))
        assert arabic.path == "/language/en"
        assert parse_qs(arabic.query)["next"] == [path], path


def test_the_switch_is_named_in_the_language_it_opens(client):
    assert re.search(r'<a class="language"[^>]*lang="ar"[^>]*>العربية</a>', client.get("/").text)
    arabic = client.get("/", headers=ARABIC).text
    assert re.search(r'<a class="language"[^>]*lang="en"[^>]*>English</a>', arabic)


def test_switching_to_arabic_is_remembered_and_switching_back_gives_english(client, game,
                                                                              pages):
    page = f"/games/{game}"
    response = client.get(switch_link(client.get(page, headers=ENGLISH).text))
    assert response.status_code == 303
    assert response.location == page
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("lang=ar;")
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie
    assert int(re.search(r"Max-Age=(\d+)", cookie)[1]) >= 365 * 24 * 3600

    # The browser still asks for English: the device's choice wins, on every page.
    for path in pages:
        assert language_of(client.get(path, headers=ENGLISH)) == ("ar", "rtl"), path

    back = client.get(switch_link(client.get(page, headers=ENGLISH).text))
    assert back.location == page
    assert back.headers["Set-Cookie"].startswith("lang=en;")
    assert language_of(client.get(page, headers=ARABIC)) == ("en", "ltr")


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/games",
                                    "/\\evil.example", "javascript:alert(1)", ""])
def test_the_switch_never_leads_to_another_site(client, target):
    response = client.get("/language/ar", query_string={"next": target})
    assert response.status_code == 303
    assert response.location == "/"


def test_an_unknown_language_sets_nothing(client):
    response = client.get("/language/fr", query_string={"next": "/history"})
    assert response.location == "/history"
    assert "Set-Cookie" not in response.headers
    assert language_of(client.get("/history")) == ("en", "ltr")


def test_a_bad_language_cookie_falls_back_to_the_browser(client):
    client.set_cookie("lang", "xx")
    assert language_of(client.get("/", headers=ARABIC)) == ("ar", "rtl")
    assert language_of(client.get("/")) == ("en", "ltr")


def test_after_a_refused_form_the_switch_returns_to_the_page_it_came_from(client):
    # A form's answer (422 here) has no address of its own to fetch again.
    refused = client.post("/new", data={"preset": "levant", "first_dealer": "0"})
    assert refused.status_code == 422
    link = switch_link(refused.text)
    assert "next" not in parse_qs(urlsplit(link).query)
    response = client.get(link, headers={"Referer": "http://localhost/new"})
    assert response.location == "/new"
    # Someone else's page as the Referer leads home instead.
    response = client.get(link, headers={"Referer": "https://evil.example/new"})
    assert response.location == "/"


def test_the_switch_returns_to_the_page_as_the_browser_last_showed_it(client):
    # htmx moves the referee's address along with the cards picked; the header, and its
    # link, were drawn before.
    response = client.get("/language/ar", query_string={"next": "/referee/meld"},
                          headers={"Referer": "http://localhost/referee/meld?cards=5H+6H"})
    assert response.location == "/referee/meld?cards=5H+6H"


# --- A game kept in Arabic --------------------------------------------------------------

def test_a_game_set_up_kept_and_printed_in_arabic(client, actions, ar):
    form = client.get("/new", headers=ARABIC).text
    for label in ("New game", "Levant", "Start the game", "House rules"):
        assert ar(label) in form, label
    assert ar("Player %(number)d") % {"number": 1} in form

    game_id = actions.start(players=PLAYERS)
    shown = client.get(f"/games/{game_id}", headers=ARABIC).text
    assert ar("Record deal %(n)d") % {"n": 1} in shown.replace(FSI, "").replace(PDI, "")
    actions.record(game_id)
    shown = client.get(f"/games/{game_id}", headers=ARABIC).text
    for label in ("Score sheet", "Total", "Undo deal %(n)d", "Print the sheet"):
        assert ar(label).split("%")[0] in shown, label

    response = client.get(f"/games/{game_id}/print", headers=ARABIC)
    assert language_of(response) == ("ar", "rtl")
    printed = response.text
    assert ar("Hand score sheet") in printed
    assert ar(", ").join(PLAYERS) in printed
    # The first deal (game_actions.deal_form): رنا went out, سامي kept 20, عمر never melded.
    assert re.search(r'<td><span class="score">−30</span>', printed)


def test_the_csv_export_heads_its_columns_in_arabic(client, game, ar):
    heading = client.get(f"/games/{game}.csv", headers=ARABIC).text.splitlines()[0]
    assert ar("Deal") in heading
    assert all(name in heading for name in PLAYERS)


# --- The engine's sentences --------------------------------------------------------------

def meld(client, cards, headers):
    response = client.post(f"{API}/referee/meld", json={"rules": "gulf", "cards": cards},
                           headers=headers)
    assert response.status_code == 200
    return response.get_json()


def test_the_api_gives_reasons_in_arabic_with_english_field_names(client):
    english, arabic = (meld(client, ["5H", "6H", "7H"], h) for h in (ENGLISH, ARABIC))
    assert list(arabic) == list(english)
    assert {k: v for k, v in arabic.items() if k != "reason"} == {
        k: v for k, v in english.items() if k != "reason"}
    assert re.search(r"[\u0600-\u06ff]", arabic["reason"])
    assert not re.search(r"[\u0600-\u06ff]", english["reason"])


def test_the_api_gives_errors_in_arabic(client):
    for url, body in ((f"{API}/referee/meld", {"rules": "gulf", "cards": ["5H", "XX"]}),
                      (f"{API}/games/nosuchgame0000000", None),
                      (f"{API}/games", {"rules": "levant", "players": ["سامي"]})):
        response = (client.post(url, json=body, headers=ARABIC) if body
                    else client.get(url, headers=ARABIC))
        assert response.status_code >= 400, url
        assert list(response.get_json()) == ["error"], url
        assert re.search(r"[\u0600-\u06ff]", response.get_json()["error"]), url


def test_the_api_goes_by_accept_language_not_the_pages_cookie(client):
    client.get("/language/ar")
    assert meld(client, ["5H", "6H", "7H"], ENGLISH)["reason"] == meld(
        client, ["5H", "6H", "7H"], {})["reason"]
    assert not re.search(r"[\u0600-\u06ff]", meld(client, ["5H", "6H", "7H"], ENGLISH)["reason"])


def test_cards_in_an_arabic_reason_keep_their_order_left_to_right(client):
    # Each value is set apart (first-strong isolate): a run of cards keeps its order and a
    # rank stays before its suit inside the right-to-left sentence.
    reason = meld(client, ["5H", "6H", "7H"], ARABIC)["reason"]
    assert f"{FSI}5♥ 6♥ 7♥{PDI}" in reason
    assert FSI not in meld(client, ["5H", "6H", "7H"], ENGLISH)["reason"]


def test_a_meld_refereed_on_the_arabic_page(client, ar):
    response = client.get("/referee/meld", headers=ARABIC, query_string={
        "preset": "gulf", "cards": "5H 6H JK", "ruled": "yes"})
    assert response.status_code == 200
    text = response.text
    assert ar("A valid meld") in text
    # The cards in the verdict's row, left to right, whatever the page's direction.
    row = re.search(r'<div class="card-row meld">(.*?)</div>\s*(?:<|$)', text, re.S)
    assert row, "no meld shown with the verdict"
    assert re.findall(r'<span class="rank">([^<]+)</span>', row.group(1))[:2] == ["5", "6"]


# --- Errors ------------------------------------------------------------------------------

def test_an_unknown_address_answers_a_page_in_the_readers_language(client, ar):
    arabic = client.get("/no/such/page", headers=ARABIC)
    assert arabic.status_code == 404
    assert language_of(arabic) == ("ar", "rtl")
    assert ar("There is nothing at this address. Check the link.") in arabic.text
    english = client.get("/no/such/page", headers=ENGLISH)
    assert english.status_code == 404
    assert language_of(english) == ("en", "ltr")
    assert "There is nothing at this address. Check the link." in english.text


def test_a_wrong_method_answers_a_page_that_names_the_right_ones(client, ar):
    response = client.post("/history", headers=ARABIC)
    assert response.status_code == 405
    assert "GET" in response.headers["Allow"]
    assert ar("This address does not take that kind of request.") in response.text


def test_the_api_answers_unknown_addresses_and_methods_in_arabic(client, ar):
    missing = client.get(f"{API}/no/such/thing", headers=ARABIC)
    assert missing.status_code == 404
    assert missing.get_json() == {"error": ar("There is nothing at this address. "
                                              "Check the link.")}
    wrong = client.delete(f"{API}/rules", headers=ARABIC)
    assert wrong.status_code == 405
    assert wrong.get_json() == {"error": ar("This address does not take that kind of "
                                            "request.")}


@pytest.mark.parametrize("target", ["/\r\nSet-Cookie: evil=1", "/games\n", "/\x00", "/\x7f"])
def test_a_language_switch_back_to_an_address_with_control_characters_goes_home(client,
                                                                                target):
    response = client.get("/language/ar", query_string={"next": target})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"
    assert "evil" not in response.headers.get("Set-Cookie", "")
