"""The deal form's first melds (announcements) and the Kuwaiti mistake offer (issue 13).

Seed 000 "Initial Meld" (51 points); seed 002 "Hand Saudi" ("the sum of the last player
who melded successfully + 1"); seed 001 "Player mistakes" 3 ("declaring hand when a player
does not actually have a hand") and its table's mistake column.
"""

from __future__ import annotations

import html
import re

from game_actions import deal_form
from pagework import HX, alerts

FIFTY_FIVE = "10H JH QH KH / 5S 5D 5C"      # 40 + 15
FIFTY_EIGHT = "QC KC AC / 9D 9S 9H"         # 31 + 27
NO_HAND = "2H 3H 5H 7S 9S JS 2D 4D 6D 8D 10C QC KC AC AH"


def test_a_first_meld_tapped_in_is_valued_and_kept(client, actions):
    """Seed 000 "Initial Meld": Ali's melds are worth 55, over the 51 needed."""
    game_id = actions.start("gulf")
    answer = client.post(f"/games/{game_id}/deals", data=deal_form(first_0=FIFTY_FIVE))
    assert answer.status_code == 302, alerts(answer.text)
    [meld] = actions.state(game_id)["deals"][0]["first_melds"]
    assert meld == {"player": "Ali", "value": 55, "melds": [
        ["10H", "JH", "QH", "KH"], ["5S", "5D", "5C"]]}


def test_a_first_meld_typed_as_its_worth_is_kept(client, actions):
    game_id = actions.start("gulf")
    answer = client.post(f"/games/{game_id}/deals", data=deal_form(first_0="٦٠"))
    assert answer.status_code == 302, alerts(answer.text)
    assert actions.state(game_id)["deals"][0]["first_melds"] == [
        {"player": "Ali", "value": 60}]


def test_hand_saudi_first_melds_are_held_to_the_bar_in_the_order_laid(client, actions):
    """Seed 002 "Hand Saudi": Caro's 55 laid first, Ali's 58 beats it; laid the other
    way round, 55 falls short of the 59 Ali's 58 set."""
    game_id = actions.start("saudi")
    both = dict(first_0=FIFTY_EIGHT, first_2=FIFTY_FIVE, melded_2="yes", points_2="5")
    refused = client.post(f"/games/{game_id}/deals", headers=HX,
                          data=deal_form(**both, first_order="0 2"))
    assert refused.status_code == 422
    assert any("Caro's first meld is refused" in a and "59" in a
               for a in alerts(refused.text))
    answer = client.post(f"/games/{game_id}/deals", data=deal_form(**both,
                                                                    first_order="2 0"))
    assert answer.status_code == 302, alerts(answer.text)
    assert [m["player"] for m in actions.state(game_id)["deals"][0]["first_melds"]] == [
        "Caro", "Ali"]


def test_an_announcement_short_of_the_threshold_is_refused_with_the_reason(client,
                                                                             actions):
    """Seed 001: announcing below the threshold (91 with three players) is refused."""
    game_id = actions.start("kuwait")
    answer = client.post(f"/games/{game_id}/deals", headers=HX,
                         data=deal_form(first_0=FIFTY_EIGHT))
    assert answer.status_code == 422
    assert any("short of the 91 an announcement needs" in a for a in alerts(answer.text))
    assert actions.state(game_id)["deals"] == []


def test_the_correction_form_shows_the_first_meld_cards(client, actions):
    game_id = actions.start("gulf")
    client.post(f"/games/{game_id}/deals", data=deal_form(first_0=FIFTY_FIVE))
    edit = client.get(f"/games/{game_id}/deals/1/edit").text
    assert re.search(r'name="first_0"[^>]*value="10H JH QH KH / 5S 5D 5C"', edit) or (
        'value="10H JH QH KH / 5S 5D 5C"' in edit)


def _ticked(text: str, name: str) -> list[str]:
    """The values of the ticked boxes (or radio buttons) called *name*."""
    inputs = re.findall(rf'<input[^>]*name="{name}"[^>]*>', text)
    return [re.search(r'value="([^"]*)"', i).group(1) for i in inputs if " checked" in i]


def _offer(text: str) -> re.Match | None:
    return re.search(r'<button type="submit" name="as_mistake" value="(\d)"', text)


def test_kuwait_a_refused_full_hand_offers_to_record_the_claimers_mistake(client,
                                                                          actions):
    """Seed 001 "Player mistakes" 3: declaring a hand without one is a mistake. The
    refusal offers it; taking the offer marks Badr's mistake and asks who went out."""
    game_id = actions.start("kuwait")
    claim = deal_form(finish="full", winner_cards=NO_HAND)
    answer = client.post(f"/games/{game_id}/deals", data=claim, headers=HX)
    assert answer.status_code == 422
    assert alerts(answer.text)[0].startswith("These cards are not a full hand")
    assert _offer(answer.text).group(1) == "1"
    preview = client.post(f"/games/{game_id}/preview", data=claim, headers=HX)
    assert _offer(preview.text).group(1) == "1"
    offered = client.post(f"/games/{game_id}/deals", data=claim | {"as_mistake": "1"},
                          headers=HX)
    assert offered.status_code == 200
    assert "Badr's claim of a full hand is marked as a mistake" in html.unescape(
        offered.text)
    assert _ticked(offered.text, "mistake_1") == ["y"]
    assert _ticked(offered.text, "winner") == []
    assert actions.state(game_id)["deals"] == []
    # Ali went out in the end; Badr pays the mistake column (150), Caro never announced.
    done = claim | {"winner": "0", "finish": "partial", "winner_cards": "",
                    "mistake_1": "y", "melded_1": "no", "melded_2": "no"}
    answer = client.post(f"/games/{game_id}/deals", data=done)
    assert answer.status_code == 302, alerts(answer.text)
    assert actions.state(game_id)["deals"][0]["scores"] == {
        "Ali": -30, "Badr": 150, "Caro": 100}


def test_forms_without_mistakes_offer_nothing(client, actions):
    game_id = actions.start("egypt")
    claim = deal_form(finish="full", winner_cards=NO_HAND, indicator="7C")
    answer = client.post(f"/games/{game_id}/deals", data=claim, headers=HX)
    assert answer.status_code == 422 and _offer(answer.text) is None
    ignored = client.post(f"/games/{game_id}/deals", data=claim | {"as_mistake": "1"},
                          headers=HX)
    assert ignored.status_code == 422 and actions.state(game_id)["deals"] == []


def test_a_player_with_a_first_meld_cannot_be_recorded_as_never_melded(client, actions):
    game_id = actions.start("gulf")
    answer = client.post(f"/games/{game_id}/deals", headers=HX,
                         data=deal_form(first_2=FIFTY_FIVE))   # Caro: melded "no"
    assert answer.status_code == 422
    assert "Caro laid a first meld, so Caro melded" in html.unescape(answer.text)
