"""Issue 22, "Words, not codes": every sentence the pages show — the engines' refusals and
verdicts included — reads in players' words in English and Arabic, never an internal code
such as ``one_colour`` or ``wild_discard``. The crawl visits every page of both games,
every form of Hand, the new-game form with its errors, the deal form and its preview with
each refusal the tables in tests/ hold, and the referee's pages with their refusals; it
reads only what a player sees (not attribute values, scripts or styles).

Also here: the Kuwaiti form's word for a first meld (an announcement) in its refusals, and
the indicator asked for only when a value depends on it, its refusal at its field."""

from __future__ import annotations

import html
import re

import pytest
from game_actions import BAD_DEALS, PRESETS, THREE, deal_form, new_game_form
from pagework import HX, alerts

LANGUAGES = ("en", "ar")
#: A code as the engine and the JSON API write one: words joined by underscores.
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")
HIDDEN = re.compile(r"<(script|style|template)\b.*?</\1>|<!--.*?-->", re.S | re.I)


def visible(page: str) -> str:
    """What a player reads on *page*: its text, without tags, scripts or styles."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", HIDDEN.sub(" ", page))).split())


def codes_in(page: str) -> list[str]:
    return CODE.findall(visible(page))


class Crawl:
    """Pages read through one client, in one language, with the codes each shows."""

    def __init__(self, client, language: str):
        self.client = client
        client.set_cookie("lang", language)
        self.found: dict[str, list[str]] = {}
        self.seen = 0

    def read(self, where: str, response) -> str:
        assert response.status_code < 500, (where, response.status_code)
        text = response.get_data(as_text=True)
        self.seen += 1
        if codes := codes_in(text):
            self.found[where] = codes
        return text

    def get(self, path: str, **kw) -> str:
        return self.read(f"GET {path} {kw}", self.client.get(path, **kw))

    def post(self, path: str, data: dict, label: str = "") -> str:
        return self.read(f"POST {path} {label}", self.client.post(path, data=data,
                                                                   headers=HX))


def start(client, preset: str, players=THREE, **extra) -> str:
    response = client.post("/new", data=new_game_form(preset, players, "0", **extra))
    assert response.status_code == 302, alerts(response.text)
    return response.location.rsplit("/", 1)[1]


FULL_EGYPT = "2H 3H 4H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KC"
#: Deal forms each form of Hand refuses, besides tests/game_actions.py's BAD_DEALS: the
#: bonuses named against each other or the cards, first melds below the bar, a first meld
#: beside "did not meld", an indicator that cannot be one.
MORE_BAD_DEALS = {
    "egypt": {
        "bonuses-both-colour-and-suit": deal_form(finish="full",
                                                  bonuses=["one_colour", "one_suit"]),
        "bonuses-one-and-two-wilds": deal_form(finish="full",
                                               bonuses=["wild_discard", "two_wilds"]),
        "bonuses-the-cards-deny": deal_form(finish="full", bonuses=["one_colour"],
                                            winner_cards=FULL_EGYPT, indicator="7C"),
        "bonus-on-a-partial": deal_form(bonuses=["one_suit"]),
        "indicator-a-joker": deal_form(hands={0: None, 2: None}, indicator="JK") | {
            "melded_0": "yes", "cards_0": "AH"},
    },
    "kuwait": {
        "announcement-below-the-bar": deal_form(first_0="50"),
        "announcement-beside-no": deal_form(first_2="9H 10H JH / QS QD QC"),
        "announcement-that-is-no-meld": deal_form(first_0="9H 10S JH / QS QD QC"),
        "announcement-worth-too-much": deal_form(first_0="900"),
        "full-hand-the-cards-deny": deal_form(finish="full", winner_cards=FULL_EGYPT),
        "bonuses-both-colour-and-suit": deal_form(finish="full",
                                                  bonuses=["one_colour", "one_suit"]),
    },
    "saudi": {
        "first-melds-not-rising": deal_form(first_0="80", first_2="70", first_order="0 2"),
    },
    "hareeqa": {"first-meld-below-the-bar": deal_form(first_0="20")},
}

REFEREE_QUESTIONS = [
    ("meld", {"preset": "gulf", "cards": "JK 9C 10C"}),
    ("meld", {"preset": "gulf", "cards": "JK JK 9C"}),
    ("meld", {"preset": "levant", "indicator": "7D", "cards": "9C AD JC"}),
    ("meld", {"preset": "levant", "indicator": "JK", "cards": "9C AD JC"}),
    ("meld", {"preset": "levant", "cards": "9X 9C"}),
    ("meld", {"preset": "gulf", "cards": "KS AS JK"}),
    ("initial-meld", {"preset": "saudi", "meld1": "9C 10C JC", "meld2": "QH QS QC",
                      "previous": "60"}),
    ("initial-meld", {"preset": "kuwait", "meld1": "9C 10C JC", "meld2": "QH QS QC",
                      "took_discard": "no"}),
    ("initial-meld", {"preset": "kuwait", "meld1": "2C 3C 4C"}),
    ("initial-meld", {"preset": "egypt", "indicator": "7C", "meld1": "2D 3D 4D"}),
    ("lay-off", {"preset": "gulf", "meld": "5S 5D JK", "add": "5C"}),
    ("lay-off", {"preset": "gulf", "meld": "5S 5D JK", "add": "9C"}),
    ("lay-off", {"preset": "levant", "indicator": "7D", "meld": "9C 10C JC", "add": "AD",
                 "end": "low"}),
    ("swap", {"preset": "gulf", "meld": "9C JK JC", "give": "JC"}),
    ("swap", {"preset": "gulf", "meld": "9C JK JC", "give": "10C"}),
    ("hand", {"preset": "egypt", "indicator": "7S", "cards": FULL_EGYPT}),
    ("hand", {"preset": "gulf", "cards": "2H 3H 4H"}),
    ("hand", {"preset": "kuwait", "cards": FULL_EGYPT}),
    ("redeal", {"preset": "gulf", "cards": "2H 2H 3H 3H 4H 4H 5H 5H 6H 7H 8H 9H 10H JH"}),
    ("redeal", {"preset": "levant", "indicator": "7D", "cards": "2H 2H 3H"}),
]
HANDFOOT_QUESTIONS = ["meld?cards=9H+9S+2C", "meld?cards=9H+2C+2S+JK",
                      "initial-meld?melds=9H+9S+9C+2C&deal=2",
                      "pickup?top=9H&hand=9S+9C+2C&deal=1",
                      "go-out?clean=2&dirty=1&wild=1&partner=yes",
                      "go-out?clean=2&dirty=2&wild=1&partner=no", "meld?cards=ZZ"]


def crawl_hand(crawl: Crawl) -> None:
    client = crawl.client
    for page in ("/", "/new", "/history", "/referee", "/history?date=yesterday"):
        crawl.get(page)
    crawl.post("/new", new_game_form("levant", ["Ali"]), "one player")
    crawl.post("/new", new_game_form("levant", THREE, pin="12"), "a short PIN")
    crawl.post("/new", new_game_form("levant", THREE, "4"), "an empty dealer's seat")
    crawl.post("/new", new_game_form("hand_and_foot", THREE, sides="opposite"), "sides")
    crawl.post("/new", new_game_form("hareeqa", THREE, opt_rounds="5"), "hareeqa rounds")
    crawl.post("/new", new_game_form("hareeqa", ["A", "B", "C", "D"], partnerships="y"),
               "hareeqa partners")
    for preset in PRESETS:
        game_id = start(client, preset)
        crawl.get(f"/games/{game_id}")
        bad = {name: form for name, (form, _) in BAD_DEALS.items()}
        for name, form in (bad | MORE_BAD_DEALS.get(preset, {})).items():
            crawl.post(f"/games/{game_id}/deals", form, f"{preset} {name}")
            crawl.post(f"/games/{game_id}/preview", form, f"{preset} {name}")
        crawl.post(f"/games/{game_id}/preview", deal_form(), f"{preset} a good deal")
        client.post(f"/games/{game_id}/deals", data=deal_form())
        for path in ("", "/deals/1/edit", "/print", "/changes", "/referee/meld"):
            crawl.get(f"/games/{game_id}{path}")
    for check, args in REFEREE_QUESTIONS:
        crawl.get(f"/referee/{check}", query_string=args)


def crawl_handfoot(crawl: Crawl) -> None:
    client = crawl.client
    data = {"preset": "hand_and_foot", "first_dealer": "0", "sides": "opposite"}
    data |= {f"player_{i}": name for i, name in enumerate(["Ann", "Bob", "Cy", "Dee"])}
    game_id = client.post("/new", data=data).location.rsplit("/", 1)[1]
    crawl.get(f"/games/{game_id}")
    side = {"clean_piles_0": "2", "dirty_piles_0": "2", "wild_piles_0": "1",
            "melded_0": "2400", "left_0": "0", "clean_piles_1": "1", "dirty_piles_1": "1",
            "melded_1": "900", "left_1": "120"}
    for went_out, extra in (("1", {}), ("0", {"left_cards_1": "ZZ"}),
                            ("none", {"clean_piles_0": "-1"}), ("0", {"melded_1": "x"})):
        form = {"deal": "1", "went_out": went_out, **side, **extra}
        crawl.post(f"/games/{game_id}/deals", form, f"hand and foot {went_out} {extra}")
        crawl.post(f"/games/{game_id}/preview", form, f"hand and foot {went_out} {extra}")
    for path in HANDFOOT_QUESTIONS:
        crawl.get(f"/referee/hand-and-foot/{path}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_or_message_shows_a_code(client, language):
    """Every page of both games, with every refusal the crawl can make, in players'
    words: no snake_case code in what a player reads."""
    crawl = Crawl(client, language)
    crawl_hand(crawl)
    crawl_handfoot(crawl)
    assert crawl.seen > 150
    assert crawl.found == {}


def test_a_code_is_caught_where_a_player_reads_it_and_not_in_attributes():
    assert codes_in('<p class="x" data-x="one_suit">All of one suit</p>') == []
    assert codes_in("<script>var wild_discard;</script><p>ok</p>") == []
    assert codes_in("<p>The bonuses reported (one_colour) are not…</p>") == ["one_colour"]


def test_the_bonuses_the_cards_deny_are_named_in_words(client):
    """The issue's example: the bonuses reported and those the cards bear out, named as
    players call them (seed 000, "Bonus Scores")."""
    game_id = start(client, "egypt")
    form = MORE_BAD_DEALS["egypt"]["bonuses-the-cards-deny"]
    for language, words in (("en", "all of one colour"), ("ar", None)):
        client.set_cookie("lang", language)
        page = client.post(f"/games/{game_id}/deals", data=form, headers=HX).text
        said = " ".join(html.unescape(a) for a in alerts(page))
        assert "bonuses reported" in said or language == "ar", said
        assert "one_colour" not in said and "one_suit" not in said, said
        if words:
            assert words in said, said


# --- The Kuwaiti form's word --------------------------------------------------------------

@pytest.mark.parametrize(("form", "said"), [
    (deal_form(first_0="50"), "Ali's announcement of 50 does not reach the 91 in force."),
    (deal_form(first_0="900"), "Ali's announcement cannot be worth more than 165"),
    (deal_form(first_0="9H 10S JH / QS QD QC"), "Ali's announcement is refused"),
    (deal_form(first_2="9H 10H JH / QS QD QC KS KD KC / AS AD AC"),
     "Caro announced, so answer yes to “Announced?”, or clear the announcement."),
])
def test_kuwaiti_refusals_say_announcement_where_the_table_does(client, form, said):
    """Seed 001, "Announcing": in the Kuwaiti game a first meld is an announcement, and
    the deal form says so; its refusals use the same word, in both languages."""
    game_id = start(client, "kuwait")
    for path in ("deals", "preview"):
        page = html.unescape(client.post(f"/games/{game_id}/{path}", data=form,
                                          headers=HX).text)
        assert said in page
        assert "first meld" not in visible(page).replace("first meld: its worth", "")


def test_other_forms_still_say_first_meld(client):
    game_id = start(client, "levant")
    page = html.unescape(client.post(f"/games/{game_id}/deals", data=deal_form(
        first_0="20"), headers=HX).text)
    assert "Ali's first meld of 20 does not reach the 51 in force." in page


def test_kuwaiti_refusals_in_arabic_use_the_announcement(client):
    game_id = start(client, "kuwait")
    client.set_cookie("lang", "ar")
    page = html.unescape(client.post(f"/games/{game_id}/deals", data=deal_form(
        first_0="50"), headers=HX).text)
    said = " ".join(alerts(page))
    assert "50" in said and "91" in said
    assert "إعلان" in said or "أعلن" in said or "اعلان" in said, said


# --- The indicator, asked for only when it matters -----------------------------------------

def test_cards_left_no_indicator_changes_are_counted_without_one(client, actions):
    """A 9♥ and a K♣ left in hand cost 9 and 10 whichever card was turned (seed 000,
    "Wild Cards": the indicator picks which aces are wild, and the jokers with them), so
    the deal is saved without an indicator."""
    game_id = start(client, "levant")
    form = deal_form(hands={0: None, 2: None}) | {"melded_0": "yes", "cards_0": "9H KC"}
    response = client.post(f"/games/{game_id}/deals", data=form)
    assert response.status_code == 302, alerts(response.text)
    assert actions.state(game_id)["deals"][0]["scores"]["Ali"] == 19


@pytest.mark.parametrize("cards", ["9H AH", "JK 5C"])
def test_an_ace_or_a_joker_left_asks_for_the_indicator_at_its_field(client, cards):
    game_id = start(client, "levant")
    form = deal_form(hands={0: None, 2: None}) | {"melded_0": "yes", "cards_0": cards}
    page = client.post(f"/games/{game_id}/deals", data=form, headers=HX).text
    field = re.search(r'<div class="field indicator has-error">(.*?)</div>', page, re.S)
    assert field, "the indicator's field shows no error"
    assert "say which card is the indicator" in html.unescape(field.group(1))
    # Taken into view when the form comes back (htmx focuses an autofocus field).
    tag = re.search(r'<input[^>]*name="indicator"[^>]*>', field.group(1)).group()
    assert " autofocus" in tag and 'aria-describedby="indicator-error"' in tag


def test_an_indicator_that_is_no_card_is_refused_at_its_field(client):
    game_id = start(client, "levant")
    form = deal_form(hands={0: None, 2: None}, indicator="ZZ") | {
        "melded_0": "yes", "cards_0": "AH"}
    page = client.post(f"/games/{game_id}/deals", data=form, headers=HX).text
    field = re.search(r'<div class="field indicator has-error">(.*?)</div>', page, re.S)
    assert field and "is not a card" in html.unescape(field.group(1))
