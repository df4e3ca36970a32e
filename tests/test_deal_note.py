"""Issue 49, point 6: a note on any deal ("misdeal, redealt", "Ali left early"), typed on the
deal form or the correction form of every game, kept in the history when changed (a
correction that changes only the note is a correction), shown on the sheet, the print,
the CSV and the JSON, taken and given by the API (``note`` on a deal), and backed up. It is
declared once, as a typed column of the shared deal record (scorekeeper/deal_fields.py)."""

from __future__ import annotations

import csv
import io
import json
from html.parser import HTMLParser

import pytest
from every_game import GAMES, SAMPLES, start
from test_backup import export, fresh_app, load

API = "/api/v1"
NOTE = "misdeal, redealt"


class _DealForm(HTMLParser):
    """The fields of the page's #deal-form as a browser would post them."""

    def __init__(self) -> None:
        super().__init__()
        self.inside, self.fields, self.select = False, [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("id") == "deal-form":
            self.inside = True
        if not self.inside or "name" not in a and tag != "option":
            return
        if tag == "input":
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind not in ("submit", "button"):
                self.fields.append((a["name"], a.get("value", "on" if kind in (
                    "checkbox", "radio") else "")))
        elif tag == "select":
            self.select = [a["name"], None]
        elif tag == "option" and self.select is not None and (
                "selected" in a or self.select[1] is None):
            self.select[1] = a.get("value", "") if "selected" in a or self.select[1] is None \
                else self.select[1]
            if "selected" in a:
                self.select.append(True)

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select is not None:
            self.fields.append((self.select[0], self.select[1] or ""))
            self.select = None


def form_of(html: str) -> dict[str, str]:
    parser = _DealForm()
    parser.feed(html)
    return dict(parser.fields)


def _state(client, game_id):
    return client.get(f"{API}/games/{game_id}").get_json()


@pytest.mark.parametrize("game", GAMES)
def test_a_note_recorded_through_the_api_is_in_the_state_of_every_game(client, game):
    game_id = start(client, game, deals=0)
    answer = client.post(f"{API}/games/{game_id}/deals",
                         json=SAMPLES[game].first_deal | {"note": f"  {NOTE} "})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    assert answer.get_json()["deals"][0]["note"] == NOTE


@pytest.mark.parametrize("game", GAMES)
def test_a_correction_changing_only_the_note_is_a_correction(client, game):
    game_id = start(client, game)
    assert _state(client, game_id)["deals"][0]["note"] is None
    body = SAMPLES[game].first_deal | {"note": "Ali left early"}
    version = _state(client, game_id)["version"]
    changed = client.put(f"{API}/games/{game_id}/deals/1", json=body,
                         headers={"If-Match": version})
    assert changed.status_code == 200, changed.get_data(as_text=True)
    assert changed.get_json()["version"] != version
    assert changed.get_json()["deals"][0]["note"] == "Ali left early"
    history = client.get(f"/games/{game_id}/changes").get_data(as_text=True)
    assert "Deal 1 corrected" in history and "Note: — → Ali left early" in history
    # The same again changes nothing; a correction leaving the note out keeps it.
    again = client.put(f"{API}/games/{game_id}/deals/1", json=body,
                       headers={"If-Match": changed.get_json()["version"]})
    assert again.get_json()["version"] == changed.get_json()["version"]
    kept = client.put(f"{API}/games/{game_id}/deals/1", json=SAMPLES[game].first_deal,
                      headers={"If-Match": changed.get_json()["version"]})
    assert kept.get_json()["deals"][0]["note"] == "Ali left early"


@pytest.mark.parametrize(("note", "words"), [
    ("x" * 201, "“note” is 201 characters long; it may have at most 200."),
    (7, "“note” must be text (or null), of at most 200 characters."),
    ("a\x00b", "without control characters"),
])
def test_a_note_that_is_not_one_line_of_text_is_refused_by_name(client, note, words):
    game_id = start(client, "hand", deals=0)
    answer = client.post(f"{API}/games/{game_id}/deals",
                         json=SAMPLES["hand"].first_deal | {"note": note})
    assert answer.status_code == 400
    assert words in answer.get_json()["error"]
    assert _state(client, game_id)["deals"] == []


@pytest.mark.parametrize("game", GAMES)
def test_every_games_deal_form_takes_a_note_and_the_sheet_print_and_csv_show_it(client, game):
    game_id = start(client, game, deals=0)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'name="note"' in page and "Anything to keep with this deal" in page
    # Deal 1 recorded through the API, then corrected on its page with a note only.
    client.post(f"{API}/games/{game_id}/deals", json=SAMPLES[game].first_deal)
    edit = client.get(f"/games/{game_id}/deals/1/edit").get_data(as_text=True)
    form = form_of(edit)
    assert form["note"] == ""
    saved = client.post(f"/games/{game_id}/deals/1/edit", data=form | {"note": NOTE})
    assert saved.status_code in (302, 303), saved.get_data(as_text=True)[:2000]
    assert _state(client, game_id)["deals"][0]["note"] == NOTE
    sheet = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f"<bdi>{NOTE}</bdi>" in sheet
    assert f"<bdi>{NOTE}</bdi>" in client.get(f"/games/{game_id}/print").get_data(
        as_text=True)
    assert f'value="{NOTE}"' in client.get(f"/games/{game_id}/deals/1/edit").get_data(
        as_text=True)
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game_id}.csv").get_data(
        as_text=True).lstrip("\ufeff"))))
    assert ["1", "Note", NOTE] in rows
    assert "Note: — → misdeal, redealt" in client.get(f"/games/{game_id}/changes").get_data(
        as_text=True)
    # An empty box clears it.
    form = form_of(client.get(f"/games/{game_id}/deals/1/edit").get_data(as_text=True))
    client.post(f"/games/{game_id}/deals/1/edit", data=form | {"note": ""})
    assert _state(client, game_id)["deals"][0]["note"] is None


def test_a_refused_deal_form_keeps_the_note_typed(client):
    game_id = start(client, "hand", deals=0)
    form = form_of(client.get(f"/games/{game_id}").get_data(as_text=True))
    refused = client.post(f"/games/{game_id}/deals", data=form | {"note": "x" * 201})
    assert refused.status_code == 422
    assert "it may have at most 200" in refused.get_data(as_text=True)
    assert f'value="{"x" * 201}"' in refused.get_data(as_text=True)


def test_a_note_is_backed_up_and_restored(app, client, runner, tmp_path):
    game_id = start(client, "points", deals=0)
    client.post(f"{API}/games/{game_id}/deals",
                json=SAMPLES["points"].first_deal | {"note": "Ali left early"})
    data = export(runner, tmp_path / "notes.json")
    [game] = data["games"]
    assert game["deals"][0]["note"] == "Ali left early"
    assert game["audit"][0]["after"]["note"] == "Ali left early"
    other = fresh_app()
    assert load(other, tmp_path / "notes.json").exit_code == 0
    assert _state(other.test_client(), game_id)["deals"][0]["note"] == "Ali left early"
    # A note the app would never write (a line break) is refused by name.
    game["deals"][0]["note"] = "Ali\nleft"
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    result = load(fresh_app(), tmp_path / "bad.json")
    assert result.exit_code == 1 and "deals[0], 'note': must be text on one line" in \
        result.output
