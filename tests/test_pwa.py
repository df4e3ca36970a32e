"""The app as phones install it, seen by the server (scorekeeper/web/common/pwa.py): the manifest
in each language, the service worker at the root and what it is told, the offline page,
the header that tells a phone a deal it sends again is already in, and the clear error
when DATABASE_URL names PostgreSQL without its driver. The browser side is
tests/browser/test_phones.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from every_game import GAMES, start
from game_actions import deal_form

from scorekeeper import ROOT


@pytest.mark.parametrize(("query", "headers", "language"), [
    ("", {}, "en"),
    ("", {"Accept-Language": "ar"}, "ar"),
    ("?lang=ar", {}, "ar"),
    ("?lang=en", {"Accept-Language": "ar"}, "en"),
    ("?lang=xx", {"Accept-Language": "ar"}, "ar"),
])
def test_the_manifest_speaks_the_language_asked(client, query, headers, language):
    response = client.get(f"/manifest.webmanifest{query}", headers=headers)
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    assert response.headers["Cache-Control"] == "no-cache"
    manifest = json.loads(response.data)
    assert manifest["lang"] == language
    assert manifest["dir"] == ("rtl" if language == "ar" else "ltr")
    assert manifest["short_name"] == ("هاند" if language == "ar" else "Hand")
    assert manifest["display"] == "standalone"
    assert {icon["purpose"] for icon in manifest["icons"]} == {"any", "maskable"}


def test_every_page_links_the_manifest_in_its_own_language(client, game):
    for path in ("/", "/new", "/history", "/referee", f"/games/{game}"):
        for language in ("en", "ar"):
            text = client.get(path, headers={"Accept-Language": language}).text
            assert f'<link rel="manifest" href="/manifest.webmanifest?lang={language}">' \
                in text, path
            assert '<meta name="theme-color" content="#0b6e4f">' in text
            # Issue 24: the phone's script comes once the page is shown, not up front.
            assert re.search(r'data-after-load="/static/phone\.js\?v=[0-9a-f]{12}', text)


def test_the_service_worker_is_served_at_the_root_and_never_cached(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Service-Worker-Allowed"] == "/"
    config = json.loads(re.search(r"^const CONFIG = (.*);$", response.text, re.M)[1])
    # What it keeps ahead of time: the very addresses the pages load, digests and all.
    page = client.get("/").text
    loaded = re.findall(r'<(?:link rel="stylesheet"|script) (?:href|src)="([^"]+)"', page)
    assert loaded and set(loaded) <= set(config["shell"])
    assert all("?v=" in url for url in config["shell"])
    assert config["offline"] == {"en": "/offline?lang=en", "ar": "/offline?lang=ar"}
    assert re.fullmatch(r"[0-9a-f]{12}", config["version"])


def test_the_worker_keeps_ahead_what_pages_show_and_no_home_screen_icon(client):
    # Issue 40: the iPhone's home-screen icon (10 KB) is fetched when the page is added to
    # the home screen, not to show one; the tab's icon is shown by every page, the offline
    # ones too. The install hint's picture comes with the hint, fetched when it is shown.
    shell = json.loads(re.search(r"^const CONFIG = (.*);$", client.get("/sw.js").text,
                                 re.M)[1])["shell"]
    icons = sorted(url.split("?")[0] for url in shell if "/icons/" in url)
    assert icons == ["/static/icons/icon-32.png"]
    assert 'rel="apple-touch-icon"' in client.get("/offline?lang=en").text


def test_the_worker_keeps_game_pages_by_their_own_address_only(client):
    pages = json.loads(re.search(r"^const CONFIG = (.*);$", client.get("/sw.js").text,
                                 re.M)[1])["pages"]

    def kept(path: str) -> bool:
        return any(re.search(pattern, path) for pattern in pages)

    assert kept("/games/abcdefghijklmnopqrstuvwx") and kept("/view/abcdefghijklmnopqrstuvwx")
    assert kept("/groups/abcdefghijklmnopqrstuvwx")
    assert kept("/groups/view/abcdefghijklmnopqrstuvwx")
    for path in ("/groups/abc/qr.svg", "/groups/abc/new", "/groups/view/abc/qr.svg",
                 "/games/abc/print", "/games/abc.csv", "/games/abc.json", "/games/abc/sheet",
                 "/games/abc/deals/1/edit", "/games/abc/qr.svg", "/api/v1/games/abc",
                 "/view/abc/print", "/offline"):
        assert not kept(path), path


@pytest.mark.parametrize(("language", "heading"), [("en", "No connection"),
                                                   ("ar", "لا اتصال")])
def test_the_offline_page_in_each_language(client, language, heading):
    response = client.get(f"/offline?lang={language}")
    assert response.status_code == 200
    assert response.headers["Content-Language"] == language
    assert f"<h1>{heading}</h1>" in response.text
    assert f'lang="{language}"' in response.text


def test_the_language_chosen_on_this_phone_names_the_manifest(client):
    client.set_cookie("lang", "ar")
    assert 'href="/manifest.webmanifest?lang=ar"' in client.get("/").text
    assert json.loads(client.get("/manifest.webmanifest").data)["lang"] == "ar"


def test_pages_say_their_language(client):
    assert client.get("/", headers={"Accept-Language": "ar"}).headers[
        "Content-Language"] == "ar"
    assert "Content-Language" not in client.get("/api/v1/rules").headers


def test_a_deal_sent_again_is_said_to_be_in(client, actions, game):
    actions.record(game, 1)
    again = client.post(f"/games/{game}/deals", data=deal_form(1),
                        headers={"HX-Request": "true"})
    assert again.status_code == 409
    assert again.headers["X-Already-Recorded"] == "true"
    other = client.post(f"/games/{game}/deals", data=deal_form(1, winner=2, hands={0: 20, 1: None}),
                        headers={"HX-Request": "true"})
    assert other.status_code == 409
    assert other.headers["X-Already-Recorded"] == "false"


def test_the_game_page_carries_the_outbox_and_the_awake_switch(client, game):
    page = client.get(f"/games/{game}").text
    assert f'data-record="/games/{game}/deals"' in page
    assert "data-awake hidden" in page
    # The outbox's own words (a deal's number, "no such deal"); what a deal must say
    # before it is kept, and how it is described, are the game's form's (issue 35).
    assert page.count("data-outbox-text=") == 2
    assert 'data-keep-refusal="Say who went out."' in page
    assert 'data-describe="Ali did not meld"' in page


def test_postgresql_without_its_driver_says_what_to_install(tmp_path):
    # psycopg hidden from a fresh interpreter, as on a machine that installed no extra.
    script = """
import sys
sys.modules["psycopg"] = None
from scorekeeper import create_app
try:
    create_app({"SQLALCHEMY_DATABASE_URI": "postgresql://u@h/db", "SECRET_KEY": "x"})
except RuntimeError as error:
    print(error)
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=ROOT, env={"SCOREKEEPER_INSTANCE": str(tmp_path), "PATH": ""},
                         timeout=60)
    assert "pip install '.[postgres]'" in run.stdout, run.stderr[-2000:]


@pytest.mark.parametrize("path", ["/sw.js", "/manifest.webmanifest?lang=ar"])
def test_what_a_phone_checks_at_each_visit_is_not_sent_again_unchanged(client, path):
    # Issue 24: "the warm second visit stays under 8 KB": the worker and the manifest
    # are checked at each visit (no-cache), and answered "not modified" when unchanged.
    first = client.get(path, headers={"Accept-Encoding": "br, gzip"})
    again = client.get(path, headers={"Accept-Encoding": "br, gzip",
                                      "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize(("language", "words"), [("en", "Keep the score of Hand"),
                                                 ("ar", "هاند")])
def test_every_page_describes_the_app_for_search_engines(client, game, language, words):
    # Issue 24: "SEO with a meta description".
    for path in ("/", "/new", "/history", "/referee", f"/games/{game}"):
        text = client.get(path, headers={"Accept-Language": language}).text
        found = re.search(r'<meta name="description" content="([^"]+)">', text)
        assert found and words in found[1], path


@pytest.mark.parametrize("game", GAMES)
def test_a_games_own_styles_load_on_its_pages_alone_and_are_kept_ahead(client, game):
    """Issue 35: a game's own script and styles are its own files, linked by its
    templates (templates/<game>/_head.html) on its game page and correction form, and
    kept by the service worker before it takes over, so its pages work offline at once."""
    game_id = start(client, game)
    page = client.get(f"/games/{game_id}").text
    edit = client.get(f"/games/{game_id}/deals/1/edit").text
    config = json.loads(re.search(r"^const CONFIG = (.*);$", client.get("/sw.js").text,
                                  re.M)[1])
    own = re.findall(r'<link rel="stylesheet" href="(/static/handfoot\.css\?v=[^"]+)"', page)
    if game == "handfoot":
        assert own and own[0] in edit and own[0] in config["shell"]
    else:
        assert not own and "handfoot.css" not in edit


def test_the_shared_styles_hold_no_game_of_their_own():
    shared = (ROOT / "static" / "style.css").read_text()
    assert not re.search(r"\.foot-|\.stepper", shared)


@pytest.mark.parametrize(("lang", "words"), [("en", "Not now"), ("ar", "ليس الآن")])
def test_the_install_hint_comes_when_shown_in_the_pages_language(client, lang, words):
    # Issue 40: its words went with every page (0.3 KB of an Arabic game's first load);
    # static/phone.js fetches them from the address the page names, when it offers them.
    # static/phone.js asks beside the worker, in the page's language.
    page = client.get("/", headers={"Accept-Language": lang}).text
    assert "data-install-hint" not in page
    assert f'lang="{lang}"' in page and 'data-service-worker="/sw.js"' in page
    address = f"/install-hint?lang={lang}"
    hint = client.get(address)
    assert hint.status_code == 200 and hint.headers["Cache-Control"] == "no-cache"
    assert "data-install-hint" in hint.text and words in hint.text
    assert client.get(address, headers={"If-None-Match": hint.headers["ETag"]}
                      ).status_code == 304
