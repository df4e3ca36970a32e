"""The audit trail (issue 6, "Nothing lost"): every deal recorded, corrected or undone leaves
an entry — what it was before and after, and when — written in the change's own
transaction, from the pages and the API alike; the game's page shows them as its history
of changes."""

from __future__ import annotations

import html
import re

import pytest
from sqlalchemy import select
from tables import API, new_game, scored, unscored

from scorekeeper.extensions import db
from scorekeeper.models import AuditEntry

HX = {"HX-Request": "true"}
XSS = "<script>alert(1)</script>"


def entries(app, game_id: str) -> list[AuditEntry]:
    with app.app_context():
        return list(db.session.scalars(select(AuditEntry).where(
            AuditEntry.game_id == game_id).order_by(AuditEntry.id)))


def history(client, game_id: str, headers=None) -> list[str]:
    """The history of changes as read: one line per change, newest first."""
    text = client.get(f"/games/{game_id}/changes", headers=headers or {}).text
    items = re.findall(r"<li>(.*?)</li>", text, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", i)).split()) for i in items]


def test_recording_a_deal_writes_its_entry_with_the_deal_as_sent_and_its_scores(app, client):
    game_id = new_game(client)
    response = client.post(f"{API}/games/{game_id}/deals", json=scored(1, "Sami", {
        "Rana": 35, "Omar": None}))
    [entry] = entries(app, game_id)
    assert (entry.action, entry.deal_number, entry.before) == ("record", 1, None)
    assert entry.after == scored(1, "Sami", {"Rana": 35, "Omar": None}) | {
        "bonuses": [], "scores": response.get_json()["totals"]}
    # Stamped with the game's own change time: one moment for the deal and its entry.
    assert entry.at is not None


def test_a_correction_keeps_the_deal_before_and_after(app, client):
    game_id = new_game(client)
    client.post(f"{API}/games/{game_id}/deals", json=scored(1, "Sami", {"Rana": 35,
                                                                        "Omar": 10}))
    client.put(f"{API}/games/{game_id}/deals/1", json=scored(1, "Sami", {"Rana": 25,
                                                                         "Omar": 10}))
    record, correct = entries(app, game_id)
    assert correct.action == "correct" and correct.deal_number == 1
    assert correct.before == record.after
    assert correct.after["hands"]["Rana"] == {"melded": True, "points": 25}
    assert correct.after["scores"]["Rana"] == 25


def test_an_undo_keeps_the_deal_it_removed_which_restores_it(app, client):
    """Nothing lost: the entry of an undo is a body that records the deal again."""
    game_id = new_game(client)
    client.post(f"{API}/games/{game_id}/deals", json=scored(1))
    before = client.get(f"{API}/games/{game_id}").get_json()
    client.delete(f"{API}/games/{game_id}/deals/1")
    undo = entries(app, game_id)[-1]
    assert (undo.action, undo.deal_number, undo.after) == ("undo", 1, None)
    again = client.post(f"{API}/games/{game_id}/deals", json=undo.before)
    assert again.status_code == 201
    assert again.get_json()["deals"] == before["deals"]


def test_the_pages_write_entries_too(app, client):
    game_id = new_game(client)
    form = {"deal": "1", "outcome": "scored", "winner": "0", "finish": "partial",
            "indicator": "", "melded_1": "yes", "points_1": "20", "melded_2": "no"}
    client.post(f"/games/{game_id}/deals", data=form)
    client.post(f"/games/{game_id}/deals/1/edit", data=form | {"points_1": "5"})
    client.post(f"/games/{game_id}/undo", data={"deal": "1"})
    assert [(e.action, e.deal_number) for e in entries(app, game_id)] == [
        ("record", 1), ("correct", 1), ("undo", 1)]


def test_a_refused_deal_leaves_no_entry(app, client):
    """The entry is part of the change: a deal not saved (already recorded, or refused by
    the rules) writes none."""
    game_id = new_game(client)
    client.post(f"{API}/games/{game_id}/deals", json=scored(1))
    assert client.post(f"{API}/games/{game_id}/deals", json=scored(1)).status_code == 409
    assert client.post(f"{API}/games/{game_id}/deals", json=scored(
        2, "Nobody")).status_code == 400
    assert [e.action for e in entries(app, game_id)] == ["record"]


def test_the_history_reads_what_changed_newest_first(client):
    game_id = new_game(client)
    client.post(f"{API}/games/{game_id}/deals", json=scored(1, "Sami", {"Rana": 35,
                                                                        "Omar": 10}))
    client.post(f"{API}/games/{game_id}/deals", json=unscored(2))
    client.put(f"{API}/games/{game_id}/deals/1", json=scored(1, "Sami", {"Rana": 25,
                                                                         "Omar": 10}))
    client.delete(f"{API}/games/{game_id}/deals/2")
    lines = history(client, game_id)
    assert len(lines) == 4
    assert re.fullmatch(r"Deal 2 undone \d\d:\d\d UTC it had: redeal", lines[0])
    assert re.fullmatch(r"Deal 1 corrected \d\d:\d\d UTC Rana 35 → 25", lines[1])
    assert re.fullmatch(r"Deal 2 recorded \d\d:\d\d UTC redeal", lines[2])
    assert re.fullmatch(r"Deal 1 recorded \d\d:\d\d UTC Sami −30 Rana 35 Omar 10", lines[3])


@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "htmx"])
def test_the_history_is_a_page_or_the_list_alone_for_htmx(client, headers):
    game_id = new_game(client)
    client.post(f"{API}/games/{game_id}/deals", json=scored(1))
    response = client.get(f"/games/{game_id}/changes", headers=headers)
    assert response.status_code == 200
    assert ("<html" in response.text) is not bool(headers)
    assert 'class="changes"' in response.text


def test_the_game_page_holds_the_history_folded(client):
    game_id = new_game(client)
    page = client.get(f"/games/{game_id}").text
    folded = re.search(r'<details class="audit" id="audit".*?</details>', page, re.S).group()
    assert f'hx-get="/games/{game_id}/changes"' in folded
    assert f'href="/games/{game_id}/changes"' in folded  # without JavaScript, a page


def test_a_game_without_changes_says_so_and_an_unknown_game_is_404(client):
    game_id = new_game(client)
    assert "No changes yet." in client.get(f"/games/{game_id}/changes").text
    assert client.get("/games/nosuchgame0123456789/changes").status_code == 404


def test_a_hostile_player_name_is_shown_as_text_in_the_history(client):
    game_id = new_game(client, ["Sami", XSS])
    client.post(f"{API}/games/{game_id}/deals", json=scored(1, "Sami", {XSS: 5},
                                                            ["Sami", XSS]))
    text = client.get(f"/games/{game_id}/changes").text
    assert XSS not in text
    assert html.escape(XSS) in text
