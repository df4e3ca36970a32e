"""Several phones on one game: a deal is recorded once whatever the taps, retries and races
(issue 6, "Concurrency"), SQLite waits for a busy writer instead of failing, and no undo
or correction acts on a game that changed under it.

The races run real threads against a SQLite file, each request in its own session, as the
server's threads do; the rest uses the test client (tests/conftest.py)."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.orm.attributes import set_committed_value
from tables import API, new_game, scored, unscored

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import AuditEntry, DealRecord
from scorekeeper.sqlite import BUSY_TIMEOUT_MS
from scorekeeper.storage import load, state_and_log, state_of

HX = {"HX-Request": "true"}


@pytest.fixture
def file_app(tmp_path):
    """The app on a SQLite file, as served: every thread opens its own connection."""
    app = create_app({"TESTING": True, "SECRET_KEY": "tests", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'games.sqlite'}"})
    with app.app_context():
        db.create_all()
    return app


def deals_of(client, game_id: str) -> list[dict]:
    return client.get(f"{API}/games/{game_id}").get_json()["deals"]


def audit_actions(app, game_id: str) -> list[tuple[str, int]]:
    with app.app_context():
        return [(e.action, e.deal_number) for e in db.session.scalars(
            select(AuditEntry).where(AuditEntry.game_id == game_id)
            .order_by(AuditEntry.id))]


# --- SQLite -------------------------------------------------------------------------------

def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(file_app):
    with file_app.app_context():
        connection = db.session.connection()
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA busy_timeout")).scalar() == BUSY_TIMEOUT_MS
        # FULL (2): a commit is on disk before the answer goes out.
        assert connection.execute(text("PRAGMA synchronous")).scalar() == 2


def test_a_second_writer_waits_for_the_first_instead_of_failing(file_app):
    """Issue 6: concurrent writers wait rather than fail. One connection holds the write
    lock for half a second; a deal saved meanwhile waits for it and is recorded."""
    client = file_app.test_client()
    game_id = new_game(client)
    holding, released = threading.Event(), threading.Event()

    def hold_the_lock():
        with file_app.app_context():
            db.session.execute(text("UPDATE games SET first_dealer = first_dealer"))
            holding.set()
            released.wait(0.5)
            db.session.commit()

    holder = threading.Thread(target=hold_the_lock)
    holder.start()
    holding.wait(5)
    response = client.post(f"{API}/games/{game_id}/deals", json=scored(1))
    released.set()
    holder.join()
    assert response.status_code == 201, response.get_data(as_text=True)
    assert len(deals_of(client, game_id)) == 1


# --- the same deal again ------------------------------------------------------------------

def test_resubmitting_the_same_deal_is_409_already_recorded_with_the_current_game(client):
    """Issue 6: a second submit of the same deal gets a clear "already recorded" answer and
    the current sheet, never a duplicate."""
    game_id = new_game(client)
    first = client.post(f"{API}/games/{game_id}/deals", json=scored(1))
    again = client.post(f"{API}/games/{game_id}/deals", json=scored(1))
    assert again.status_code == 409
    answer = again.get_json()
    assert answer["already_recorded"] is True
    assert "Deal 1 is already recorded, exactly as sent" in answer["error"]
    assert "number 2" in answer["error"]
    assert answer["game"] == first.get_json()
    assert len(deals_of(client, game_id)) == 1


def test_a_different_deal_under_a_recorded_number_is_a_conflict_naming_the_next(client):
    game_id = new_game(client)
    client.post(f"{API}/games/{game_id}/deals", json=scored(1, "Sami"))
    response = client.post(f"{API}/games/{game_id}/deals", json=scored(1, "Rana"))
    assert response.status_code == 409
    answer = response.get_json()
    assert answer["already_recorded"] is False
    assert "the next deal to record is number 2" in answer["error"]
    assert [d["winner"] for d in deals_of(client, game_id)] == ["Sami"]


def test_an_old_deal_sent_again_after_others_is_still_already_recorded(client):
    """A phone that lost its answer for deal 1 retries after deal 2 is in."""
    game_id = new_game(client)
    for number in (1, 2):
        client.post(f"{API}/games/{game_id}/deals", json=scored(number))
    response = client.post(f"{API}/games/{game_id}/deals", json=scored(1))
    assert response.status_code == 409
    assert response.get_json()["already_recorded"] is True
    assert "number 3" in response.get_json()["error"]


def test_a_double_tap_on_save_records_the_deal_once(client):
    """Issue 6: two quick posts of the page's deal form."""
    game_id = new_game(client)
    form = {"deal": "1", "outcome": "scored", "winner": "0", "finish": "partial",
            "indicator": "", "melded_1": "yes", "points_1": "20", "melded_2": "no"}
    first = client.post(f"/games/{game_id}/deals", data=form)
    second = client.post(f"/games/{game_id}/deals", data=form, headers=HX)
    assert first.status_code == 302
    assert second.status_code == 409
    assert "Deal 1 was already recorded, exactly as entered" in second.text
    assert "Record deal 2" in second.text  # the sheet as it stands, ready for deal 2
    assert len(deals_of(client, game_id)) == 1


def test_a_stale_page_saving_other_scores_is_told_they_were_not_saved(client):
    game_id = new_game(client)
    client.post(f"{API}/games/{game_id}/deals", json=scored(1, "Rana"))
    form = {"deal": "1", "outcome": "scored", "winner": "0", "finish": "partial",
            "indicator": "", "melded_1": "yes", "points_1": "20", "melded_2": "no"}
    response = client.post(f"/games/{game_id}/deals", data=form)
    assert response.status_code == 409
    assert "with other scores; what you entered was not saved" in response.text
    assert [d["winner"] for d in deals_of(client, game_id)] == ["Rana"]


# --- races --------------------------------------------------------------------------------

def race(app, requests: list) -> list:
    """Send *requests* (functions of a test client) at the same moment from as many
    threads; their answers in the same order."""
    start = threading.Barrier(len(requests))
    answers: list = [None] * len(requests)

    def send(i, request):
        client = app.test_client()
        start.wait()
        answers[i] = request(client)

    threads = [threading.Thread(target=send, args=(i, r)) for i, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return answers


@pytest.mark.parametrize("same", [True, False], ids=["same-deal", "different-deals"])
def test_phones_racing_on_one_deal_number_record_exactly_one(file_app, same):
    """Issue 6: two threads posting the same deal number concurrently, exactly one
    recorded; here four phones, deal after deal. The others get 409, told whether it was
    their very deal that went in."""
    client = file_app.test_client()
    game_id = new_game(client)
    winners = ["Sami", "Rana", "Omar", "Sami"]
    for number in range(1, 7):
        bodies = [scored(number, "Sami" if same else w) for w in winners]
        answers = race(file_app, [
            lambda c, b=b: c.post(f"{API}/games/{game_id}/deals", json=b) for b in bodies])
        codes = sorted(a.status_code for a in answers)
        assert codes == [201, 409, 409, 409], [a.get_data(as_text=True) for a in answers]
        won = next(b for b, a in zip(bodies, answers, strict=True) if a.status_code == 201)
        for body, answer in zip(bodies, answers, strict=True):
            if answer.status_code == 409:
                assert answer.get_json()["already_recorded"] is (body == won)
    deals = deals_of(client, game_id)
    assert [d["number"] for d in deals] == list(range(1, 7))
    assert audit_actions(file_app, game_id) == [("record", n) for n in range(1, 7)]


def test_two_phones_undoing_at_once_undo_one_deal(file_app):
    client = file_app.test_client()
    game_id = new_game(client)
    for number in (1, 2, 3):
        client.post(f"{API}/games/{game_id}/deals", json=scored(number))
    answers = race(file_app, [lambda c: c.delete(f"{API}/games/{game_id}/deals/3")] * 3)
    # One undoes deal 3. The others are refused: 409 if they read the game before that
    # undo was saved, 404 (no deal 3) if after.
    codes = sorted(a.status_code for a in answers)
    assert codes[0] == 200 and set(codes[1:]) <= {404, 409}, codes
    assert [d["number"] for d in deals_of(client, game_id)] == [1, 2]
    assert audit_actions(file_app, game_id)[-1] == ("undo", 3)
    assert audit_actions(file_app, game_id).count(("undo", 3)) == 1


def test_a_correction_racing_an_undo_of_its_deal_changes_nothing_twice(file_app):
    """Whichever comes first wins; the other is a 409 and the game is one or the other."""
    client = file_app.test_client()
    game_id = new_game(client)
    for number in (1, 2):
        client.post(f"{API}/games/{game_id}/deals", json=scored(number))
    corrected = scored(2, "Omar")
    correct, undo = race(file_app, [
        lambda c: c.put(f"{API}/games/{game_id}/deals/2", json=corrected),
        lambda c: c.delete(f"{API}/games/{game_id}/deals/2")])
    deals = deals_of(client, game_id)
    if undo.status_code == 200:
        # Corrected then undone, or undone first: the correction then read a game with
        # no deal 2 (404), or was refused on saving (409).
        assert correct.status_code in (200, 404, 409), correct.get_data(as_text=True)
        assert [d["number"] for d in deals] == [1]
    else:
        # Corrected first; the undo, having read the game before, was refused: by the
        # version it carried, or, had it passed that check first, on saving.
        assert (correct.status_code, undo.status_code) == (200, 409)
        error = undo.get_json()["error"]
        assert ("Another phone changed this game" in error
                or "This game has changed since the version you sent" in error), error
        assert deals[1]["winner"] == "Omar"
    with file_app.app_context():
        stored = db.session.scalar(select(func.count()).select_from(DealRecord))
    assert stored == len(deals)


def test_a_change_saved_from_a_stale_read_is_refused(app, client, monkeypatch):
    """The game changes between a request reading it and saving: the correction is a
    409 with the game as it stands, and nothing is changed."""
    import scorekeeper.api.games as games_api

    game_id = new_game(client)
    client.post(f"{API}/games/{game_id}/deals", json=scored(1))
    real = games_api.correct_deal

    def correct_after_another_phone(game, deal, seen):
        with app.app_context():  # its own session, as on another phone
            client.post(f"{API}/games/{game_id}/deals", json=unscored(2))
        return real(game, deal, seen)

    monkeypatch.setattr(games_api, "correct_deal", correct_after_another_phone)
    response = client.put(f"{API}/games/{game_id}/deals/1", json=scored(1, "Omar"))
    assert response.status_code == 409
    assert response.get_json()["game"]["next_deal"] == 3
    assert [d["winner"] for d in deals_of(client, game_id)[:1]] == ["Sami"]
    assert audit_actions(app, game_id) == [("record", 1), ("record", 2)]


def test_the_databases_own_guard_turns_a_taken_deal_number_into_a_conflict(file_app,
                                                                             monkeypatch):
    """Behind the claim on the game's row, the database keeps one deal per number: a deal
    row that got in without moving the game (another process, an old version) makes the
    save a 409 with the game as it stands — never a 500, nothing of it saved. A deal is
    written as rows at once (issue 24), not at the commit, and is guarded all the same."""
    import scorekeeper.storage as storage

    client = file_app.test_client()
    game_id = new_game(client)
    client.post(f"{API}/games/{game_id}/deals", json=scored(1))
    real = storage.changes.claim

    def claim_after_a_stray_row(game):
        with db.engine.connect() as other:  # its own connection, committed
            other.execute(DealRecord.__table__.insert().values(
                game_id=game_id, number=2, report={
                    "outcome": "redeal", "winner": None, "finish": None, "bonuses": [],
                    "indicator": None, "first_melds": [], "winner_hand": None,
                    "hands": []}))
            other.commit()
        real(game)

    monkeypatch.setattr(storage.changes, "claim", claim_after_a_stray_row)
    response = client.post(f"{API}/games/{game_id}/deals", json=scored(2, "Omar"))
    assert response.status_code == 409, response.get_json()
    assert response.get_json()["already_recorded"] is False
    with file_app.app_context():  # the stray row stands; Omar's deal is nowhere
        assert [(number, report["outcome"]) for number, report in db.session.execute(
            select(DealRecord.number, DealRecord.report).where(
                DealRecord.game_id == game_id).order_by(DealRecord.number)).all()] == [
            (1, "scored"), (2, "redeal")]
    assert audit_actions(file_app, game_id) == [("record", 1)]


# --- undo on the page ---------------------------------------------------------------------

def test_a_double_tap_on_undo_undoes_one_deal(client):
    game_id = new_game(client)
    for number in (1, 2):
        client.post(f"{API}/games/{game_id}/deals", json=scored(number))
    first = client.post(f"/games/{game_id}/undo", data={"deal": "2"})
    second = client.post(f"/games/{game_id}/undo", data={"deal": "2"}, headers=HX)
    assert first.status_code == 302
    assert second.status_code == 409
    assert "Deal 2 is already undone; nothing more was undone." in second.text
    assert [d["number"] for d in deals_of(client, game_id)] == [1]


def test_undo_from_a_page_behind_another_phones_deal_undoes_nothing(client):
    game_id = new_game(client)
    client.post(f"{API}/games/{game_id}/deals", json=scored(1))
    page = client.get(f"/games/{game_id}").text
    assert 'name="deal" value="1"' in page  # the undo form names the deal it undoes
    client.post(f"{API}/games/{game_id}/deals", json=scored(2))
    response = client.post(f"/games/{game_id}/undo", data={"deal": "1"})
    assert response.status_code == 409
    assert "Another phone changed this game meanwhile" in response.text
    assert [d["number"] for d in deals_of(client, game_id)] == [1, 2]


def test_saving_the_same_correction_twice_changes_nothing_the_second_time(app, client):
    game_id = new_game(client)
    client.post(f"{API}/games/{game_id}/deals", json=scored(1))
    first = client.put(f"{API}/games/{game_id}/deals/1", json=scored(1, "Omar"))
    second = client.put(f"{API}/games/{game_id}/deals/1", json=scored(1, "Omar"))
    assert first.status_code == second.status_code == 200
    assert second.get_json() == first.get_json()
    assert audit_actions(app, game_id) == [("record", 1), ("correct", 1)]


def test_a_torn_read_never_serves_a_cached_sheet_with_a_deal_too_few(app, client):
    """SQLite reads a game's row and its deals in two statements, so another phone's deal
    can land between them: the row still shows the old time stamp while the deals include
    the new one. The sheet cached under that time stamp is the game at that moment, and
    an answer that shows the deals too shows the deals of that same moment, kept with the
    sheet (state and deals that disagreed once made the load test's conflict answer a
    500)."""
    game_id = new_game(client)
    client.post(f"{API}/games/{game_id}/deals", json=scored(1))
    with app.app_context():
        game = load(game_id)
        cached, stamp = state_of(game), game.updated_at
    client.post(f"{API}/games/{game_id}/deals", json=scored(2))
    with app.app_context():
        torn = load(game_id)
        set_committed_value(torn, "updated_at", stamp)  # as the row's statement saw it
        assert len(cached.deals) == 1
        assert state_of(torn) is cached  # the row's version: the game as it then stood
        state, log = state_and_log(torn)
        assert [line.number for line in state.deals] == [d.number for d in log] == [1]
