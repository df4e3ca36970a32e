"""Hand and Foot's deal form and status show only what the set plays, and a count by kind
says the points it makes so far (issue 39, point 9)."""

from __future__ import annotations

import html

from pagework import alerts
from test_web_handfoot import MELDED_38, MELDED_38_POINTS, deal, inputs, kinds, side, start


def test_a_set_without_wild_melds_asks_for_no_wild_piles(client):
    """The rising contract set (no meld of wild cards only): no wild-piles stepper on the
    deal form, no "0 wild piles" in the status, and a deal saved without one."""
    game_id = start(client, hf_set="hand_and_foot_rising")
    page = html.unescape(client.get(f"/games/{game_id}").text)
    assert 'name="clean_piles_0"' in page and 'name="dirty_piles_0"' in page
    assert "wild_piles_" not in page
    assert "To go out: 1 clean and 1 dirty piles." in page
    assert "wild piles" not in page.casefold()
    out = {k: v for k, v in side(0, clean=1, dirty=1, melded=900, left=0).items()
           if not k.startswith("wild_piles")}
    behind = {k: v for k, v in side(1, melded=300, left=120).items()
              if not k.startswith("wild_piles")}
    saved = client.post(f"/games/{game_id}/deals", data=deal(1, "0", out, behind))
    assert saved.status_code == 302, alerts(saved.text)
    [report] = client.get(f"/api/v1/games/{game_id}").get_json()["deals"]
    assert report["sides"][0]["wild_piles"] == 0


def test_a_set_with_wild_melds_still_counts_wild_piles(client):
    game_id = start(client)
    page = html.unescape(client.get(f"/games/{game_id}").text)
    assert 'name="wild_piles_0"' in page and "wild piles" in page


def test_a_count_by_kind_says_its_points_so_far(client):
    """Seed 003 "Card Values": the steppers' cards make MELDED_38_POINTS, said beside
    them as the form comes back (here refused for a missing answer)."""
    game_id = start(client)
    form = deal(1, "", side(0, clean=2, dirty=2, wild=1), side(1, melded=300)) | kinds(
        0, "melded", **MELDED_38)
    del form["went_out"]
    answer = client.post(f"/games/{game_id}/deals", data=form)
    assert answer.status_code == 422
    page = html.unescape(answer.text)
    assert f"So far: {MELDED_38_POINTS} points" in page
    assert "So far: 0 points" in page  # side 1 counted nothing by kind
    assert inputs(page)["kind_melded_joker_0"] == str(MELDED_38["joker"])
    assert 'data-each="50"' in page  # what the page's script adds up
