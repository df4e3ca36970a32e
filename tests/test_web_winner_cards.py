"""The winner's cards on the deal form (issue 13): typed or tapped in, they decide the
finish and bonuses; a full hand they do not bear out is refused with the referee's reason
before anything is saved; the sheet, the printed sheet and the CSV show how the winner
went out, and a correction can change the cards."""

from __future__ import annotations

import csv
import io

from game_actions import deal_form
from pagework import HX, alerts

# Under Egypt with 7♣ turned, A♣ is the wild card: 14 red cards and a wild thrown are a
# full hand of one colour with a wild discarded (seed 000, "Bonus Scores").
RED_HAND = "2H 3H 4H 5D 6D 7D 8D 9H 10H JH QH QD KD AD AC"
NO_HAND = "2H 3H 5H 7S 9S JS 2D 4D 6D 8D 10C QC KC AC AH"


def form(cards: str, **extra) -> dict:
    # Badr (seat 1) goes out; Ali kept 20 points; Caro never melded.
    return deal_form(winner_cards=cards, indicator="7C", **extra)


def test_the_cards_alone_record_a_full_hand_with_its_bonuses(client, actions):
    game_id = actions.start("egypt")
    assert client.post(f"/games/{game_id}/deals", data=form(RED_HAND)).status_code == 302
    deal = actions.state(game_id)["deals"][0]
    assert (deal["finish"], sorted(deal["bonuses"])) == ("full", ["one_colour",
                                                                  "wild_discard"])
    # -30 doubled for the full hand, twice more for the two bonuses.
    assert deal["scores"]["Badr"] == -240
    page = client.get(f"/games/{game_id}").text
    assert "how Badr went out:" in page
    assert "A♣</span></span>" in page  # the wild thrown, after the melds


def test_a_full_hand_the_cards_do_not_bear_out_is_refused_with_the_reason(client, actions):
    game_id = actions.start("egypt")
    answer = client.post(f"/games/{game_id}/deals", data=form(NO_HAND, finish="full"),
                         headers=HX)
    assert answer.status_code == 422
    [alert] = alerts(answer.text)
    # Issue 39, point 7: said once ("These cards are not a full hand: Not a full hand: …"
    # said it twice), with the reason after it.
    assert alert == ("These cards are not a full hand: they cannot be laid as melds of 14 "
                     "cards with one card left to discard.")
    assert actions.state(game_id)["deals"] == []


def test_cards_that_are_no_full_hand_record_a_finish_over_several_turns(client, actions):
    game_id = actions.start("egypt")
    assert client.post(f"/games/{game_id}/deals", data=form(NO_HAND)).status_code == 302
    assert actions.state(game_id)["deals"][0]["finish"] == "partial"


def test_the_preview_lays_out_the_hand_the_cards_make(client, actions):
    game_id = actions.start("egypt")
    preview = client.post(f"/games/{game_id}/preview", data=form(RED_HAND), headers=HX)
    assert "A full hand, as the referee lays it:" in preview.text
    assert "−240" in preview.text or "-240" in preview.text


def test_the_printed_sheet_and_the_csv_show_how_the_winner_went_out(client, actions):
    game_id = actions.start("egypt")
    client.post(f"/games/{game_id}/deals", data=form(RED_HAND))
    assert "how Badr went out:" in client.get(f"/games/{game_id}/print").text
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game_id}.csv").text)))
    assert rows[0][-1] == "Full hand"
    assert rows[1][-1].endswith("→ AC")


def test_a_correction_can_change_the_cards(client, actions):
    game_id = actions.start("egypt")
    client.post(f"/games/{game_id}/deals", data=form(RED_HAND))
    edit = client.get(f"/games/{game_id}/deals/1/edit").text
    assert 'name="winner_cards"' in edit and "AC" in edit
    version = actions.state(game_id)["version"]
    mixed = "2H 3H 4H 5S 6S 7S 8S 8D 9D 10D 10C JC QC KC 9C"
    answer = client.post(f"/games/{game_id}/deals/1/edit",
                         data=form(mixed, version=version, finish="full"))
    assert answer.status_code == 302, alerts(answer.text)
    deal = actions.state(game_id)["deals"][0]
    assert (deal["finish"], deal["bonuses"]) == ("full", [])
    assert sorted(deal["winner_cards"]) == sorted(mixed.split())
