"""The result picture to share (``GET /games/<id>/result.png``, issue 25): drawn as a PNG
of the game's result in the reader's language — Arabic joined and laid right to left —
for a finished game and one in play, of every game, through the game's link and the
view-only link, with an ETag; offered on a finished game's page. The pictures are saved in
tests/screenshots/ (result-*.png), to look at."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from every_game import GAMES, SAMPLES, start
from game_actions import NAMES
from pagework import view_id
from PIL import Image

from scorekeeper.extensions import db
from scorekeeper.models import Game, Group
from scorekeeper.ui.picture import SIZE, Result, Standing, draw, visual

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
PNG = b"\x89PNG\r\n\x1a\n"
POINTS = ((0, 0, 0), (20, 0, 45), (20, 85, 60), (-30, 95, 120), (10, 215, 245))


def result(arabic: bool, **changes) -> Result:
    english = dict(
        title="Levant", note="Game over", headline="Ali won.", day="26 November 2026",
        group="Thursday night", points=POINTS, footer="Hand Scorekeeper",
        standings=(Standing("Ali", 10, True), Standing("Badr", 215, False),
                   Standing("Caro", 245, False)), right_to_left=False)
    words = dict(english | dict(
        title="شامي", note="انتهت اللعبة", headline="فاز علي.", day="26 نوفمبر 2026",
        group="سهرة الخميس", footer="حاسبة الهاند",
        standings=(Standing("علي", 10, True), Standing("بدر", 215, False),
                   Standing("كارو", 245, False)), right_to_left=True)) if arabic else english
    return Result(**(words | changes))


def picture(data: bytes) -> Image.Image:
    assert data.startswith(PNG)
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def ink(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int],
        ) -> int:
    """How many pixels of *box* are near *colour*."""
    data = image.crop(box).tobytes()  # RGB, three bytes a pixel
    return sum(1 for i in range(0, len(data), 3)
               if sum(abs(data[i + k] - colour[k]) for k in range(3)) < 60)


def save(name: str, data: bytes) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / f"{name}.png").write_bytes(data)


# --- the drawing ----------------------------------------------------------------------

WHITE = (255, 255, 255)
TITLE = (0, 20, SIZE, 110)  # the title's line in the green header


def test_the_picture_is_a_square_png_readable_on_a_phone():
    image = picture(draw(result(False)))
    assert image.size == (SIZE, SIZE)
    # The header is the app's green, the page its background.
    assert image.getpixel((SIZE - 5, 5)) == (0x0B, 0x6E, 0x4F)
    assert image.getpixel((SIZE // 2, SIZE - 5)) == (0xFB, 0xFA, 0xF7)


def test_english_starts_on_the_left_and_arabic_on_the_right():
    english, arabic = picture(draw(result(False))), picture(draw(result(True)))
    half = SIZE // 2
    left, right = (0, 20, half, 110), (half, 20, SIZE, 110)
    assert ink(english, left, WHITE) > 200 and ink(english, right, WHITE) == 0
    assert ink(arabic, right, WHITE) > 200 and ink(arabic, left, WHITE) == 0
    assert english.tobytes() != arabic.tobytes()


def test_the_same_words_right_to_left_are_the_mirror_of_left_to_right():
    # The rows too: a total stands at the end of its row, on the left in Arabic.
    ltr = picture(draw(result(False, right_to_left=False)))
    rtl = picture(draw(result(False, right_to_left=True)))
    totals_ltr = ink(ltr, (SIZE - 200, 390, SIZE, 620), (0x1D, 0x1D, 0x1F))
    totals_rtl = ink(rtl, (0, 390, 200, 620), (0x1D, 0x1D, 0x1F))
    assert totals_ltr > 300 and totals_rtl > 300


def test_arabic_letters_are_joined_and_read_right_to_left():
    shown = visual("لينا", True)
    # Each letter in the form it takes beside its neighbours (Arabic Presentation
    # Forms-B), the first on the right: final alef, medial noon and yeh, initial lam.
    assert shown == "\ufe8e\ufee8\ufef4\ufedf"
    # A Latin name inside an Arabic sentence keeps its own order; numbers are untouched.
    assert "Ann" in visual("فاز Ann.", True)
    assert visual("-30", True) == "-30" and visual("Ann & Cy", True) == "Ann & Cy"


def test_long_names_are_made_to_fit():
    long = "Maximiliano Fernández de la Santísima Trinidad y Bourbon-Parma"
    data = draw(result(False, standings=(Standing(long, 10, True),
                                         Standing("Badr", 215, False))))
    assert picture(data).size == (SIZE, SIZE)


def test_a_game_without_a_scored_deal_has_no_chart_and_six_sides_fit():
    six = tuple(Standing(f"Player {i}", 0, True) for i in range(6))
    image = picture(draw(result(False, standings=six, points=((0,) * 6,))))
    assert image.size == (SIZE, SIZE)


def test_a_tally_is_shown_beside_the_totals():
    tallied = tuple(Standing(s.name, s.total, s.leading, tally=t)
                    for s, t in zip(result(False).standings, (3, 1, 0), strict=True))
    plain = draw(result(False))
    assert draw(result(False, standings=tallied, tally_label="Points")) != plain


# --- the route ------------------------------------------------------------------------


def finish(actions, game: str) -> str:
    """A finished game of *game*, one deal long."""
    sample = SAMPLES[game]
    created = actions.create(sample.rules_of_one_deal(), sample.create["players"],
                             **{k: v for k, v in sample.create.items()
                                if k not in ("rules", "players", "first_dealer")})
    state = actions.post_deal(created["id"], sample.first_deal)
    assert state["finished"] is True
    return created["id"]


def language(client, code: str) -> None:
    client.set_cookie("lang", code)


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_answers_its_picture_in_either_language(client, actions, game):
    game_id = finish(actions, game)
    seen = {}
    for code in ("en", "ar"):
        language(client, code)
        answer = client.get(f"/games/{game_id}/result.png")
        assert answer.status_code == 200 and answer.mimetype == "image/png"
        assert picture(answer.data).size == (SIZE, SIZE)
        assert answer.headers["ETag"] and "no-cache" in answer.headers["Cache-Control"]
        disposition = answer.headers["Content-Disposition"]
        assert disposition.startswith("inline;") and ".png" in disposition
        assert game_id not in disposition  # the file never names the game's link
        seen[code] = answer.data
        save(f"result-{game}-{code}", answer.data)
    assert seen["en"] != seen["ar"]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_in_play_answers_its_picture_too(client, game):
    for deals in (0, 1):
        game_id = start(client, game, deals=deals)
        answer = client.get(f"/games/{game_id}/result.png")
        assert answer.status_code == 200 and answer.mimetype == "image/png"
        assert picture(answer.data).size == (SIZE, SIZE)


def test_an_unchanged_game_answers_304_and_a_change_moves_the_etag(client, actions):
    game_id = actions.create("levant", NAMES[:3])["id"]
    first = client.get(f"/games/{game_id}/result.png")
    tag = first.headers["ETag"]
    again = client.get(f"/games/{game_id}/result.png", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    actions.post_deal(game_id, SAMPLES["hand"].first_deal)
    changed = client.get(f"/games/{game_id}/result.png", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    # The language is part of what the picture shows.
    language(client, "ar")
    arabic = client.get(f"/games/{game_id}/result.png",
                        headers={"If-None-Match": changed.headers["ETag"]})
    assert arabic.status_code == 200


def test_the_group_s_name_is_on_the_picture(app, client, finished):
    before = client.get(f"/games/{finished}/result.png")
    with app.app_context():
        group = Group(name="Thursday night")
        db.session.add(group)
        db.session.get(Game, finished).group = group
        db.session.commit()
    after = client.get(f"/games/{finished}/result.png",
                       headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.data != before.data
    save("result-group-en", after.data)


def test_an_unknown_game_or_view_only_link_is_a_404(client):
    assert client.get("/games/nosuchgame/result.png").status_code == 404
    assert client.get("/view/nosuchview/result.png").status_code == 404


def test_the_view_only_link_gets_the_same_picture(app, client, finished):
    viewed = client.get(f"/view/{view_id(app, finished)}/result.png")
    assert viewed.status_code == 200 and viewed.mimetype == "image/png"
    assert viewed.data == client.get(f"/games/{finished}/result.png").data
    assert finished not in viewed.headers["Content-Disposition"]


def test_a_finished_game_s_page_offers_the_picture(app, client, finished):
    page = client.get(f"/games/{finished}").text
    assert f'href="/games/{finished}/result.png" download data-share-result' in page
    assert "Download the result picture" in page and "share.js" in page
    view = client.get(f"/view/{view_id(app, finished)}").text
    assert f'href="/view/{view_id(app, finished)}/result.png" download' in view
    assert finished not in view.split("result.png")[0].rsplit("href=", 1)[1]


def test_a_game_in_play_offers_no_picture(app, client, played):
    assert "data-share-result" not in client.get(f"/games/{played}").text
    assert "data-share-result" not in client.get(f"/view/{view_id(app, played)}").text


def test_without_the_picture_extra_the_address_says_so(app, client, finished, monkeypatch):
    # An install without Pillow (a phone's): importing the drawing fails.
    monkeypatch.setitem(sys.modules, "scorekeeper.ui.picture", None)
    answer = client.get(f"/games/{finished}/result.png")
    assert answer.status_code == 501 and "picture extra" in answer.text
    from scorekeeper.web.game import share

    assert share.available() is False
    monkeypatch.setitem(app.jinja_env.globals, "result_picture", False)
    # An install without the extra never kept a page with the button: forget the pages
    # this process kept rendered before the extra went (scorekeeper.web.game.pressed).
    from scorekeeper.web.game import pressed

    pressed.kept_pages.parts.clear()
    assert "data-share-result" not in client.get(f"/games/{finished}").text


def test_the_arabic_day_stays_whole_beside_a_latin_group_name():
    """Issue 39, point 4: "28 · Thursday table نوفمبر 2026" — the day split from its month
    when the group's name is Latin. Each part is set apart, and drawn whole."""
    from scorekeeper.ui.picture import header_line, visual
    day = "28 نوفمبر 2026"
    line = visual(header_line("Thursday table", day), True)
    assert visual(day, True) in line and "Thursday table" in line
    assert not any("\u2066" <= c <= "\u2069" for c in line)
    assert visual(header_line("Thursday", "2026-11-28"), False) == "Thursday · 2026-11-28"
