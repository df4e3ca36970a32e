"""A kept game page is compressed once, whatever number of phones read it (issue 40: "keep
the compressed bytes once and give the token another way"). Each phone's CSRF tokens are
the page's only difference between phones: every token's input names its form, so the
kept page gathers them at its end, and an answer is the page's compressed head, kept, with
that short tail added (scorekeeper/web/game/pressed.py). The browser reads one page, its own
tokens in it, in brotli and in gzip alike."""

from __future__ import annotations

import gzip
import re

import brotli
import pytest
from game_actions import FOUR, GameActions, csrf_token, deal_form

from scorekeeper.web.game import pressed
from scorekeeper.web.game.pressed import TOKEN_SLOT, Pressed, kept_pages

BR, GZIP = {"Accept-Encoding": "br"}, {"Accept-Encoding": "gzip"}
TOKEN_VALUE = re.compile(r'(name="csrf_token"[^>]*value=")[^"]+"')


def read(answer) -> str:
    encoding = answer.headers.get("Content-Encoding")
    data = {"br": brotli.decompress, "gzip": gzip.decompress}.get(encoding, bytes)(answer.data)
    return data.decode()


def tokenless(page: str) -> str:
    return TOKEN_VALUE.sub(r'\1T"', page)


@pytest.fixture
def guarded(app):
    app.config["WTF_CSRF_ENABLED"] = True
    return app


@pytest.fixture
def heads(monkeypatch):
    """How many times a page's head was compressed, by encoding."""
    count = {"br": 0, "gzip": 0}
    compressobj, compressor = pressed.zlib.compressobj, brotli.Compressor

    def counted_gzip(*args):
        count["gzip"] += 1
        return compressobj(*args)

    def counted_br(**kwargs):
        count["br"] += 1
        return compressor(**kwargs)

    monkeypatch.setattr(pressed.zlib, "compressobj", counted_gzip)
    monkeypatch.setattr(brotli, "Compressor", counted_br)
    return count


def test_a_kept_page_is_compressed_once_for_every_phone(guarded, heads):
    phones = [guarded.test_client() for _ in range(4)]
    game_id = GameActions(phones[0]).start()
    for phone in phones:
        for headers in (BR, GZIP, BR):
            assert phone.get(f"/games/{game_id}", headers=headers).status_code == 200
    assert heads == {"br": 1, "gzip": 1}


@pytest.mark.parametrize("headers", [BR, GZIP], ids=["brotli", "gzip"])
def test_each_phone_reads_the_whole_page_with_its_own_token(guarded, headers):
    one, two = guarded.test_client(), guarded.test_client()
    game_id = GameActions(one).start()
    plain = one.get(f"/games/{game_id}").text
    for number, phone in enumerate((one, two), start=1):
        answer = phone.get(f"/games/{game_id}", headers=headers)
        assert answer.headers["Content-Encoding"] == headers["Accept-Encoding"]
        assert "Accept-Encoding" in answer.headers["Vary"]
        page = read(answer)
        assert tokenless(page) == tokenless(plain)
        # The token read off the compressed page is the one this phone's session takes.
        saved = phone.post(f"/games/{game_id}/deals", data=deal_form(
            number, winner=0, hands={1: 15, 2: 30}) | {"csrf_token": csrf_token(page)})
        assert saved.status_code == 302, saved.text
        plain = one.get(f"/games/{game_id}").text


def kept_page_of(game_id: str) -> Pressed:
    [page] = [page for key, page in kept_pages.parts.items() if key[1] == game_id]
    return page


def forms_and_tokens(page: str) -> tuple[set[str], set[str]]:
    """The ids of the page's forms that post, and the forms its token inputs name."""
    forms = {re.search(r'\bid="([^"]+)"', tag).group(1) if ' id="' in tag else tag
             for tag in re.findall(r"<form\b[^>]*>", page) if 'method="post"' in tag}
    named = set(re.findall(r'<input form="([^"]+)"[^>]*name="csrf_token"', page)
                + re.findall(r'name="csrf_token" value="[^"]*" form="([^"]+)"', page))
    return forms, named


def test_every_form_of_a_game_page_names_its_token_so_the_page_is_kept_compressed(guarded):
    # A page in each of the states that show a form: the deal form and Undo, the PIN's
    # lock, "I am …" with a deal to confirm or dispute, and a finished game's Play again.
    table, visitor = guarded.test_client(), guarded.test_client()
    games = GameActions(table)
    running = games.create()["id"]
    games.post_deal(running, {"deal": 1, "outcome": "redeal"})
    locked = games.start(pin="2468")
    trusted = games.create({"preset": "levant"}, FOUR, partnerships=True,
                           confirm="other_side")["id"]
    games.post_deal(trusted, {"deal": 1, "outcome": "scored", "winner": "Ali",
                              "finish": "partial", "recorded_by": "Ali",
                              "hands": {"Badr": {"melded": False}, "Dina": {"melded": False}}})
    finished = games.create({"preset": "levant", "rounds": 1}, FOUR[:2])["id"]
    games.post_deal(finished, {"deal": 1, "outcome": "scored", "winner": "Ali",
                               "finish": "partial", "hands": {"Badr": {"melded": False}}})
    shown = {"deal-form", "undo", "unlock-form", "whoami", "confirm-1", "dispute-1",
             "play-again"}
    seen: set[str] = set()
    for phone, game_id in ((table, running), (visitor, locked), (table, trusted),
                           (table, finished)):
        page = phone.get(f"/games/{game_id}").text
        forms, named = forms_and_tokens(page)
        assert forms and forms == named, (game_id, forms, named)
        kept = kept_page_of(game_id)
        assert kept.head and TOKEN_SLOT not in kept.head.decode()
        seen |= forms
    assert shown <= seen, shown - seen


def test_a_page_with_a_token_in_its_head_is_compressed_whole_and_still_right():
    # A form's token that names no form cannot leave it: the page is sent as before.
    page = Pressed(f'<form><input name="csrf_token" value="{TOKEN_SLOT}"></form></body>')
    assert page.head == b"" and page.page("abc").startswith('<form><input name="csrf_token" '
                                                             'value="abc">')


@pytest.mark.parametrize("size", [1, 65_536, 65_537, 200_000])
def test_a_tail_of_any_length_reads_back_in_brotli_and_gzip(size):
    # Brotli holds at most 65,536 bytes in one uncompressed meta-block: a longer tail
    # takes several.
    page = Pressed("<p>" + "Ali & Badr " * 500 + "</p></body>")
    tail = ("x" * size).encode()
    whole = page.head + tail
    assert brotli.decompress(page.brotli(tail)) == whole
    assert gzip.decompress(page.gzip(tail)) == whole


@pytest.mark.parametrize(("size", "quality"), [(30_000, 10), (200_000, 5)])
def test_a_long_page_is_compressed_as_quickly_as_an_answer(monkeypatch, size, quality):
    # Compressed once, a game's page takes brotli's 10 (a seventh smaller than 5); a page
    # of hundreds of deals would take 50 ms and more at 10, and takes 5, as answers do.
    asked = []
    compressor = brotli.Compressor

    def noted(**kwargs):
        asked.append(kwargs["quality"])
        return compressor(**kwargs)

    monkeypatch.setattr(brotli, "Compressor", noted)
    page = Pressed("<p>" + "x" * size + "</p></body>")
    assert brotli.decompress(page.brotli(b"</body>")) == page.head + b"</body>"
    assert asked == [quality]
