"""The printable sheet, the CSV and JSON exports and the QR code of a game, through
Flask's test client.

The forms are posted as a browser posts them (every field of the form, empty ones too);
what was stored is read back through the JSON API (``actions.state``). CSRF is off in the
test app (tests/conftest.py).
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from game_actions import FOUR
from pagework import totals_row


def test_print_page_has_the_sheet_and_the_print_stylesheet(client, played):
    response = client.get(f"/games/{played}/print")
    assert response.status_code == 200
    text = response.text
    assert re.search(r'<link rel="stylesheet" href="/static/print.css\?v=[0-9a-f]{12}" '
                     r'media="print">', text)
    assert 'class="sheet"' in text
    assert totals_row(text) == [20, -30, 100]
    assert "first dealer: Ali" in text
    # Paper has no buttons to correct or record.
    assert 'class="edit"' not in text
    assert 'class="deal-form"' not in text


def test_print_page_of_a_finished_game_names_the_winner(client, finished):
    assert "Ali won." in client.get(f"/games/{finished}/print").text


def test_csv_export_has_the_players_a_row_per_deal_and_the_totals(client, actions, played):
    actions.redeal(played, 2)
    response = client.get(f"/games/{played}.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    # Issue 22: named after the players and the day, not the game's secret id.
    assert re.fullmatch(r"""attachment; filename="hand-Ali-Badr-Caro-(\d{4}-\d\d-\d\d).csv"; """
                        r"filename\*=UTF-8''hand-Ali-Badr-Caro-\1.csv",
                        response.headers["Content-Disposition"])
    rows = list(csv.reader(io.StringIO(response.text)))
    # Issue 22: who went out of each deal, and how.
    assert rows == [
        ["Deal", "Round", "Dealer", "Ali", "Badr", "Caro", "Went out", "How"],
        ["1", "1", "Ali", "20", "-30", "100", "Badr", "partial hand"],
        ["2", "redeal", "Caro", "", "", "", "", ""],
        ["Total", "", "", "20", "-30", "100", "", ""],
    ]


def test_csv_export_of_a_partnership_game_has_a_column_per_team(client, actions):
    game_id = actions.start("levant", FOUR, partnerships="y")
    header = next(csv.reader(io.StringIO(client.get(f"/games/{game_id}.csv").text)))
    assert header == ["Deal", "Round", "Dealer", "Ali & Caro", "Badr & Dina", "Went out", "How"]


def test_json_export_is_an_attachment_of_the_api_state(client, actions, played):
    response = client.get(f"/games/{played}.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"] == (
        f"attachment; filename=hand-{played}.json")
    assert response.get_json() == actions.state(played)


def test_qr_code_is_an_svg(client, game):
    response = client.get(f"/games/{game}/qr.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.text.lstrip().startswith("<svg")


@pytest.mark.parametrize("path", ["/print", ".csv", ".json", "/qr.svg"])
def test_exports_of_an_unknown_game_are_404(client, path):
    assert client.get(f"/games/AAAAAAAAAAAAAAAAAAAAAAAA{path}").status_code == 404


def test_api_state_links_to_the_game_page(client, actions, game):
    url = actions.state(game)["url"]
    assert url == f"http://localhost/games/{game}"
    assert client.get(url.removeprefix("http://localhost")).status_code == 200
