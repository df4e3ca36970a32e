"""No phone overwrites what it has not seen (docs/api.md, "Versions"): "The game state
carries `version` … Responses to GET /games/<id> carry it also as an ETag"; PUT and DELETE
of a deal "take the version the client last saw, as If-Match: <version> or a version
field in the body. When the game has changed since, the answer is 409 … and nothing
changes. Without a version the request is refused with 428"; "The pages' correction and
undo forms carry it the same way"."""

from __future__ import annotations

import pytest
from apiwork import refused, scored, unscored
from game_actions import deal_form

API = "/api/v1"


@pytest.fixture
def two_deals(actions) -> str:
    game_id = actions.create()["id"]
    actions.post_deal(game_id, scored(1, "Ali", {"Badr": 10, "Caro": 20}))
    actions.post_deal(game_id, unscored(2))
    return game_id


def test_the_state_carries_its_version_and_the_get_its_etag(client, actions):
    state = actions.create()
    response = client.get(f"{API}/games/{state['id']}")
    assert response.get_json()["version"] == state["version"]
    assert response.headers["ETag"] == f'"{state["version"]}"'


def test_every_change_moves_the_version(client, actions, two_deals):
    seen = [actions.state(two_deals)["version"]]
    actions.post_deal(two_deals, unscored(3))
    seen.append(actions.state(two_deals)["version"])
    client.delete(f"{API}/games/{two_deals}/deals/3", headers={"If-Match": seen[-1]})
    seen.append(actions.state(two_deals)["version"])
    client.put(f"{API}/games/{two_deals}/deals/2", json=unscored(2, "stock_exhausted"),
               headers={"If-Match": seen[-1]})
    seen.append(actions.state(two_deals)["version"])
    assert len(set(seen)) == 4


@pytest.mark.parametrize("how", ["if-match", "quoted", "body"])
def test_a_correction_from_the_current_version_is_saved(raw_client, actions, two_deals,
                                                        how):
    version = actions.state(two_deals)["version"]
    body, headers = unscored(2, "stock_exhausted"), {}
    if how == "body":
        body |= {"version": version}
    else:
        headers["If-Match"] = f'"{version}"' if how == "quoted" else version
    response = raw_client.put(f"{API}/games/{two_deals}/deals/2", json=body, headers=headers)
    assert response.status_code == 200, response.text
    assert response.get_json()["deals"][1]["outcome"] == "stock_exhausted"
    assert response.headers["ETag"] == f'"{response.get_json()["version"]}"'


def test_a_correction_or_undo_without_a_version_is_a_428(raw_client, actions, two_deals):
    before = actions.state(two_deals)
    refused(raw_client.put(f"{API}/games/{two_deals}/deals/2", json=unscored(2)), 428)
    refused(raw_client.delete(f"{API}/games/{two_deals}/deals/2"), 428)
    assert actions.state(two_deals) == before


def test_if_match_star_names_no_version(raw_client, actions, two_deals):
    before = actions.state(two_deals)
    refused(raw_client.delete(f"{API}/games/{two_deals}/deals/2",
                              headers={"If-Match": "*"}), 400)
    assert actions.state(two_deals) == before


def test_a_stale_undo_does_not_remove_the_deal_another_phone_recorded(raw_client, actions,
                                                                      two_deals):
    """The lost update of issue 12: phone A saw deal 2 as the last; phone B undoes it and
    records a new deal 2; A's "undo deal 2" must not remove B's deal."""
    seen = actions.state(two_deals)["version"]
    raw_client.delete(f"{API}/games/{two_deals}/deals/2", headers={"If-Match": seen})
    actions.post_deal(two_deals, scored(2, "Badr", {"Ali": 5, "Caro": 5}))
    now = actions.state(two_deals)
    response = raw_client.delete(f"{API}/games/{two_deals}/deals/2", headers={"If-Match": seen})
    assert "changed since the version you sent" in refused(response, 409)
    assert response.get_json()["game"] == now
    assert actions.state(two_deals) == now


def test_a_stale_correction_changes_nothing(raw_client, actions, two_deals):
    seen = actions.state(two_deals)["version"]
    actions.post_deal(two_deals, unscored(3))
    now = actions.state(two_deals)
    response = raw_client.put(f"{API}/games/{two_deals}/deals/1",
                              json=scored(1, "Caro", {"Ali": 1, "Badr": 1}) | {"version": seen})
    refused(response, 409)
    assert response.get_json()["game"] == now
    assert actions.state(two_deals) == now


# --- the pages -------------------------------------------------------------------------

def test_the_correction_form_and_the_undo_button_carry_the_version(client, actions, played):
    version = actions.state(played)["version"]
    assert actions.version_on(f"/games/{played}/deals/1/edit") == version
    assert actions.version_on(f"/games/{played}") == version


def test_a_correction_from_a_form_opened_before_another_phones_change_is_refused(
        raw_client, actions, played):
    seen = actions.version_on(f"/games/{played}/deals/1/edit")
    actions.record(played, 2)
    actions.correct(played, 1, winner=2, hands={0: 20, 1: 15})  # another phone's
    now = actions.state(played)
    response = raw_client.post(f"/games/{played}/deals/1/edit",
                               data=deal_form(1, winner=0, hands={1: 5, 2: None})
                               | {"version": seen})
    assert response.status_code == 409
    assert "deal 2 recorded, deal 1 corrected" in response.text
    assert "nothing was saved" in response.text
    assert actions.state(played) == now


def test_an_undo_from_a_stale_page_removes_nothing(raw_client, actions, played):
    seen = actions.version_on(f"/games/{played}")
    actions.undo(played, 1)
    actions.record(played, 1, winner=2, hands={0: 20, 1: 15})  # another phone's deal 1
    now = actions.state(played)
    response = raw_client.post(f"/games/{played}/undo", data={"deal": "1", "version": seen})
    assert response.status_code == 409
    assert "deal 1 undone, deal 1 recorded" in response.text
    assert actions.state(played) == now


def test_an_undo_without_a_version_removes_nothing(raw_client, actions, played):
    now = actions.state(played)
    response = raw_client.post(f"/games/{played}/undo", data={"deal": "1"})
    assert response.status_code == 409
    assert actions.state(played) == now
