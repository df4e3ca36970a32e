"""A deal saved while another phone changes the game (a correction, say) is recorded
when its number is still free, and only a real conflict is answered as one (issue 23,
point 8)."""

from game_actions import API

from scorekeeper import storage


def test_a_deal_losing_a_race_to_a_correction_is_still_recorded(client, monkeypatch):
    game = client.post(f"{API}/games", json={"rules": "levant", "players": [
        "Ali", "Badr", "Caro"], "first_dealer": "Ali"}).get_json()
    claim, lost = storage.changes.claim, []

    def busy(game):  # another phone's change lands between reading and saving, once
        if not lost:
            lost.append(True)
            raise storage.GameChanged
        claim(game)

    monkeypatch.setattr(storage.changes, "claim", busy)
    response = client.post(f"{API}/games/{game['id']}/deals", json={
        "deal": 1, "outcome": "redeal"})
    assert lost and response.status_code == 201, response.get_data(as_text=True)
    assert [d["number"] for d in response.get_json()["deals"]] == [1]


def test_a_deal_whose_number_was_taken_meanwhile_is_a_conflict(client, monkeypatch):
    game = client.post(f"{API}/games", json={"rules": "levant", "players": [
        "Ali", "Badr", "Caro"], "first_dealer": "Ali"}).get_json()
    claim = storage.changes.claim

    def taken(game):  # another phone records deal 1 first
        monkeypatch.setattr(storage.changes, "claim", claim)
        client.post(f"{API}/games/{game.id}/deals", json={"deal": 1, "outcome": "redeal"})
        raise storage.GameChanged

    monkeypatch.setattr(storage.changes, "claim", taken)
    response = client.post(f"{API}/games/{game['id']}/deals", json={
        "deal": 1, "outcome": "redeal"})
    assert response.status_code == 409
    assert response.get_json()["already_recorded"] is True
