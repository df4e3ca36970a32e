"""Never lose what a player typed, and say what a save did where the player is looking
(issue 22, points 1 to 4 and 7), for both games, with Flask's test client:

- a deal another phone recorded first keeps this phone's entries in its form, beside the
  other phone's scores for that deal, with one tap to make them its correction or to drop
  them;
- a correction another phone's change got ahead of is offered again, filled as typed,
  against the game as it now stands;
- Undo gives the deal it removes back into the form;
- a save says at the form what the deal scored and who deals next (or who won), for
  screen readers too;
- the answer to an HTMX save carries every part of the page a deal changes.

The browser side (two phones, the scroll, the page after the swap equal to a reload) is
tests/browser/test_save_flow.py.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from game_actions import FIRST_SCORES, deal_form
from pagework import HX, alerts, is_fragment, totals_row

FOOT = ["Ann", "Bob", "Cy", "Dee"]


def value(text: str, name: str) -> str:
    """The value a text field of the page's (first) deal form holds."""
    match = re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', text)
    return html.unescape(match.group(1)) if match else ""


def checked(text: str, name: str) -> list[str]:
    """The values ticked among a group of radio buttons or boxes."""
    return re.findall(rf'<input checked[^>]*name="{name}"[^>]*value="([^"]*)"', text)


def part(text: str, id_: str) -> str:
    """The page from the element with id *id_* on (its opening tag left out)."""
    start = text.index(f'id="{id_}"')
    return text[text.index(">", start) + 1:]


def words(text: str) -> str:
    """The page's text, tags left out and spaces folded."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", text)))


def start_foot(client, rounds: str | None = None) -> str:
    data = {"preset": "hand_and_foot", "first_dealer": "0", "sides": "opposite"}
    data |= {f"player_{i}": name for i, name in enumerate(FOOT)}
    response = client.post("/new", data=data)
    assert response.status_code == 302, alerts(response.text)
    return response.location.rsplit("/", 1)[1]


def foot_deal(number: int, went_out: str, melded: tuple[int, int], left=(0, 0)) -> dict:
    """A deal of Hand and Foot: side 0 went out with its piles when *went_out* is "0"."""
    data = {"deal": str(number), "went_out": went_out}
    for i in (0, 1):
        out = went_out == str(i)
        data |= {f"clean_piles_{i}": "2" if out else "0", f"dirty_piles_{i}": "2" if out
                 else "0", f"wild_piles_{i}": "1" if out else "0", f"red_threes_{i}": "0",
                 f"red_threes_caught_{i}": "0", f"melded_{i}": str(melded[i]),
                 f"left_{i}": str(left[i]), f"melded_cards_{i}": "", f"left_cards_{i}": ""}
    return data


# --- 1. Two phones save the same deal -------------------------------------------------

def test_a_deal_another_phone_recorded_first_stays_in_the_form_beside_theirs(client,
                                                                              actions,
                                                                              played):
    """Deal 1 is on the sheet (Ali 20, Badr -30, Caro 100); this phone sends its own deal
    1, where Caro went out."""
    mine = deal_form(1, winner=2, hands={0: 35, 1: 15})
    response = client.post(f"/games/{played}/deals", data=mine, headers=HX)
    assert response.status_code == 409 and is_fragment(response)
    text = response.text
    # The entries are still in the form, now for the next deal...
    assert checked(text, "winner") == ["2"]
    assert value(text, "points_0") == "35" and value(text, "points_1") == "15"
    assert value(text, "deal") == "2"
    assert "Save mine as deal 2" in text
    # ...said once, at the form, beside what the other phone recorded for deal 1.
    [message] = alerts(text)
    assert message.startswith("Deal 1 was already recorded") and "still in the form" in message
    kept = text[text.index('id="kept"'):]
    assert "On the sheet, deal 1" in words(kept)
    assert "Ali 20 · Badr −30 · Caro 100" in words(kept)
    assert f'formaction="/games/{played}/deals/1/edit"' in kept
    assert "Correct deal 1 with mine" in kept and "Drop mine" in kept
    # The answer scrolls to the choice, next to the save button.
    assert response.headers["HX-Reswap"] == "outerHTML show:#kept:top"
    assert actions.state(played)["totals"] == FIRST_SCORES


def test_one_tap_makes_the_kept_entries_the_correction_of_that_deal(client, actions,
                                                                     played):
    mine = deal_form(1, winner=2, hands={0: 35, 1: 15})
    kept = client.post(f"/games/{played}/deals", data=mine, headers=HX).text
    # The correction button sends the form as it stands, with the version it now carries.
    sent = {"deal": value(kept, "deal"), "version": value(kept, "version")} | {
        k: v for k, v in mine.items() if k not in ("deal", "version")}
    assert sent["version"] == actions.state(played)["version"]
    response = client.post(f"/games/{played}/deals/1/edit", data=sent, headers=HX)
    assert response.status_code == 200 and is_fragment(response)
    data = actions.state(played)
    assert [d["winner"] for d in data["deals"]] == ["Caro"]
    assert data["totals"] == {"Ali": 35, "Badr": 15, "Caro": -30}
    saved = words(part(response.text, "saved")).strip()
    assert saved.startswith("Deal 1 corrected. Ali 35 · Badr 15 · Caro −30")


def test_dropping_the_kept_entries_is_a_link_to_the_fresh_page(client, played):
    text = client.post(f"/games/{played}/deals", data=deal_form(1, winner=2, hands={
        0: 35, 1: 15}), headers=HX).text
    kept = text[text.index('id="kept"'):]
    assert f'href="/games/{played}" hx-get="/games/{played}"' in kept
    fresh = client.get(f"/games/{played}", headers=HX).text
    assert value(fresh, "points_0") == "" and "Save deal 2" in fresh


def test_a_deal_already_in_exactly_as_entered_says_it_was_saved(client, played):
    response = client.post(f"/games/{played}/deals", data=deal_form(), headers=HX)
    assert response.status_code == 409
    assert response.headers["X-Already-Recorded"] == "true"
    saved = words(part(response.text, "saved")).strip()
    assert saved.startswith("Deal 1 saved. Ali 20 · Badr −30 · Caro 100")
    assert "exactly as entered" in saved
    assert value(response.text, "points_0") == ""  # nothing of it is left to enter


def test_a_deal_numbered_past_the_sheet_is_kept_as_the_next_deal(client, actions, played):
    """This phone saw deal 2 as next; another phone undid deal 1 meanwhile."""
    actions.undo(played, 1)
    response = client.post(f"/games/{played}/deals", data=deal_form(2, hands={0: 7, 2: 9}),
                           headers=HX)
    assert response.status_code == 409
    assert value(response.text, "points_0") == "7" and value(response.text, "deal") == "1"
    assert "The next deal to record is deal 1" in alerts(response.text)[0]
    assert "Correct deal" not in response.text  # there is no deal 1 to correct


def test_a_hand_and_foot_deal_another_phone_recorded_first_stays_in_the_form(client):
    game_id = start_foot(client)
    client.post(f"/games/{game_id}/deals", data=foot_deal(1, "0", (2400, 900)))
    response = client.post(f"/games/{game_id}/deals", data=foot_deal(1, "1", (800, 2000)),
                           headers=HX)
    assert response.status_code == 409
    text = response.text
    assert checked(text, "went_out") == ["1"] and value(text, "melded_1") == "2000"
    kept = words(text[text.index('id="kept"'):])
    assert "On the sheet, deal 1" in kept and "Ann & Cy" in kept
    assert "Correct deal 1 with mine" in kept


def test_a_deal_that_lost_the_last_deal_of_the_game_can_still_correct_it(client, actions):
    game_id = actions.create({"preset": "levant", "rounds": 1}, ["Ali", "Badr"])["id"]
    actions.post_deal(game_id, {"deal": 1, "outcome": "scored", "winner": "Ali",
                                "finish": "partial", "hands": {"Badr": {"melded": False}}})
    mine = deal_form(1, winner=1, hands={0: 25})
    response = client.post(f"/games/{game_id}/deals", data=mine, headers=HX)
    assert response.status_code == 409
    text = response.text
    assert "Game over — Ali won." in words(text)
    assert value(text, "points_0") == "25" and "Correct deal 1 with mine" in text
    assert "Save mine as deal" not in text  # the game takes no more deals


# --- 2. A correction that races another phone --------------------------------------------

def test_a_correction_another_phone_got_ahead_of_is_offered_again_as_typed(
        raw_client, actions, played):
    edit = f"/games/{played}/deals/1/edit"
    seen = actions.version_on(edit)
    actions.record(played, 2)  # another phone's deal 2
    typed = deal_form(1, winner=0, hands={1: 5, 2: 45}) | {"version": seen}
    response = raw_client.post(edit, data=typed)
    assert response.status_code == 409
    text = response.text
    # Typed as it was, against the game as it is now.
    assert checked(text, "winner") == ["0"]
    assert value(text, "points_1") == "5" and value(text, "points_2") == "45"
    now = actions.state(played)["version"]
    assert value(text, "version") == now != seen
    [message] = alerts(text)
    assert "(deal 2 recorded)" in message and "nothing was saved" in message
    assert "Your correction is still here" in message
    # The deal as the sheet has it now, beside the save button, and the message in view.
    assert "On the sheet now Ali 20 · Badr −30 · Caro 100" in words(text)
    assert 'id="form-error" tabindex="-1" autofocus' in text
    # Saved again, it is the correction.
    again = raw_client.post(edit, data=typed | {"version": now})
    assert again.status_code == 302
    assert actions.state(played)["deals"][0]["winner"] == "Ali"


def test_a_correction_sent_from_the_game_page_and_refused_takes_the_pages_place(
        raw_client, actions, played):
    """The kept entries made a correction, but another phone changed the game first."""
    seen = actions.version_on(f"/games/{played}")
    actions.correct(played, 1, winner=0, hands={1: 10, 2: None})
    typed = deal_form(1, winner=2, hands={0: 35, 1: 15}) | {"version": seen}
    response = raw_client.post(f"/games/{played}/deals/1/edit", data=typed, headers=HX)
    assert response.status_code == 409
    assert response.headers["HX-Retarget"] == "main"
    assert response.headers["HX-Push-Url"] == f"/games/{played}/deals/1/edit"
    assert "<h1>Correct deal 1</h1>" in response.text and "<html" not in response.text
    assert value(response.text, "points_0") == "35"
    assert "(deal 1 corrected)" in alerts(response.text)[0]


def test_a_correction_of_a_deal_undone_meanwhile_is_offered_as_that_deal_anew(
        raw_client, actions, played):
    edit = f"/games/{played}/deals/1/edit"
    seen = actions.version_on(edit)
    actions.undo(played, 1)
    typed = deal_form(1, winner=0, hands={1: 5, 2: 45}) | {"version": seen}
    response = raw_client.post(edit, data=typed, headers=HX)
    assert response.status_code == 409 and is_fragment(response)
    assert value(response.text, "points_2") == "45" and value(response.text, "deal") == "1"
    assert "Another phone undid deal 1 meanwhile" in alerts(response.text)[0]
    assert actions.state(played)["deals"] == []


# --- 3. Undo gives the deal back -----------------------------------------------------

def test_undo_puts_the_removed_deal_back_in_the_form(client, actions, played):
    actions.record(played, 2, winner=2, hands={0: 35, 1: 15})
    version = actions.state(played)["version"]
    response = client.post(f"/games/{played}/undo", data={"deal": "2", "version": version},
                           headers=HX)
    assert response.status_code == 200 and is_fragment(response)
    text = response.text
    assert checked(text, "winner") == ["2"]
    assert value(text, "points_0") == "35" and value(text, "points_1") == "15"
    assert "Record deal 2" in text and "Save deal 2" in text
    assert "Deal 2 undone. What it recorded is back in the form below" in words(text)
    assert response.headers["HX-Reswap"] == "outerHTML show:#record:top"
    # Fixed and saved again, it is deal 2.
    fixed = deal_form(2, winner=2, hands={0: 30, 1: 15})
    assert client.post(f"/games/{played}/deals", data=fixed).status_code == 302
    assert actions.state(played)["deals"][1]["scores"]["Ali"] == 30


def test_undo_puts_a_hand_and_foot_deal_back_in_the_form(client):
    game_id = start_foot(client)
    client.post(f"/games/{game_id}/deals", data=foot_deal(1, "0", (2400, 900), (0, 120)))
    version = client.get(f"/api/v1/games/{game_id}").get_json()["version"]
    text = client.post(f"/games/{game_id}/undo", data={"deal": "1", "version": version},
                       headers=HX).text
    assert checked(text, "went_out") == ["0"]
    assert value(text, "melded_0") == "2400" and value(text, "left_1") == "120"
    assert value(text, "clean_piles_0") == "2"


# --- 4. What a save did, where the player is looking ---------------------------------------

def test_a_save_says_what_the_deal_scored_and_who_deals_next(client, actions, played):
    response = client.post(f"/games/{played}/deals", data=deal_form(2), headers=HX)
    assert response.headers["HX-Reswap"] == "outerHTML show:#record:top"
    text = response.text
    saved = part(text, "saved")
    saved = saved[:saved.index("</div>")]
    assert '<div class="saved-result" id="saved" role="status">' in text
    state = actions.state(played)
    assert words(saved).strip() == (
        f"Deal 2 saved. Ali 20 · Badr −30 · Caro 100 Next, deal 3: {state['dealer']} deals, "
        f"{state['starter']} starts with 15 cards.")
    # Above the next deal's form.
    assert text.index('id="saved"') < text.index("Record deal 3")


def test_the_first_deal_saved_says_so_too(client, game):
    response = client.post(f"/games/{game}/deals", data=deal_form(), headers=HX)
    assert is_fragment(response)
    assert "Deal 1 saved. Ali 20 · Badr −30 · Caro 100" in words(response.text)


def test_a_hand_and_foot_save_says_each_sides_score_and_who_plays_first(client):
    game_id = start_foot(client)
    client.post(f"/games/{game_id}/deals", data=foot_deal(1, "0", (2400, 900)))
    text = client.post(f"/games/{game_id}/deals", data=foot_deal(2, "1", (900, 2400)),
                       headers=HX).text
    state = client.get(f"/api/v1/games/{game_id}").get_json()
    saved = words(part(text, "saved")[:part(text, "saved").index("Record deal 3")]).strip()
    ours, theirs = state["deals"][1]["team_scores"]
    assert saved.startswith(f"Deal 2 saved. Ann & Cy {ours} · Bob & Dee {theirs} ")
    assert f"Next, deal 3: {state['dealer']} deals the hands, " in saved
    assert "plays first." in saved


def test_the_last_deal_saved_says_who_won_where_the_form_was(client, actions):
    game_id = actions.create({"preset": "levant", "rounds": 1}, ["Ali", "Badr"])["id"]
    response = client.post(f"/games/{game_id}/deals", data=deal_form(1, winner=0, hands={
        1: None}), headers=HX)
    assert response.status_code == 200
    text = response.text
    box = text[text.index('id="game-end"'):]
    assert "Deal 1 saved." in words(box) and "Game over — Ali won." in words(box)
    assert response.headers["HX-Reswap"] == "outerHTML show:#game-end:top"
    assert 'name="winner"' not in text
    # And so on every later visit.
    assert "Game over — Ali won." in words(client.get(f"/games/{game_id}").text)


# --- 7. The saving phone's page is the one a reload shows ---------------------------------

LIVE_IDS = re.compile(r'\bid="([^"]+)"')


def live_part_ids(page: str) -> set[str]:
    """The ids of the live part's own parts (the sheet's rows aside: they are one new row
    each save)."""
    live = page[page.index('id="live"'):page.index("data-outbox")]
    return set(LIVE_IDS.findall(live)) - {"live", "sheet-rows"}


@pytest.mark.parametrize("game_kind", ["hand", "handfoot"])
def test_a_save_sends_every_part_of_the_live_part_that_has_one(client, actions, game_kind):
    if game_kind == "hand":
        game_id = actions.start()
        actions.record(game_id)
        form = deal_form(2)
    else:
        game_id = start_foot(client)
        client.post(f"/games/{game_id}/deals", data=foot_deal(1, "0", (2400, 900)))
        form = foot_deal(2, "1", (900, 2400))
    response = client.post(f"/games/{game_id}/deals", data=form, headers=HX)
    assert response.headers["HX-Retarget"] == "#record"
    sent = set(re.findall(r'\bid="([^"]+)"[^>]*hx-swap-oob="true"', response.text))
    shown = live_part_ids(client.get(f"/games/{game_id}").text)
    # Each part a reload shows is sent, or sits inside one that is.
    assert shown <= set(LIVE_IDS.findall(response.text)), shown - sent
    assert {"status", "under-sheet", "chart", "actions", "sheet-head",
            "sheet-totals"} <= sent


def test_a_full_hand_saved_here_is_listed_under_the_sheet_at_once(client, actions):
    """The list of full hands under the sheet came only with a reload (issue 22, 7). Under
    Egypt with 7♣ turned, these 14 red cards and the wild A♣ thrown are a full hand
    (seed 000, "Bonus Scores")."""
    game_id = actions.start("egypt")
    actions.record(game_id, indicator="7C")
    red_hand = "2H 3H 4H 5D 6D 7D 8D 9H 10H JH QH QD KD AD AC"
    response = client.post(f"/games/{game_id}/deals", data=deal_form(
        2, winner_cards=red_hand, indicator="7C"), headers=HX)
    assert response.status_code == 200, alerts(response.text)
    assert response.headers["HX-Retarget"] == "#record"  # the small answer, not the page
    under = part(response.text, "under-sheet")
    assert "Full hands" in under and "how Badr went out:" in under


def test_the_save_answer_stays_small(client, actions, played):
    for number in range(2, 5):
        actions.record(played, number)
    response = client.post(f"/games/{played}/deals", data=deal_form(5), headers=HX)
    assert response.headers["HX-Retarget"] == "#record"
    assert len(response.data) < 40_000
    assert json.loads(response.headers["HX-Trigger-After-Swap"])["sheet-saved"]["next"] == 6
    assert totals_row(response.text)
