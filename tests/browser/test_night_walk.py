"""A whole night through the pages (issue 36, "Done when"): 12 players at 3 tables over 4
rounds of one-round Levant games, on an organiser's phone, four phones at each table (3 ×
4 browser contexts) and a TV. Each round the organiser starts it; at each table one phone
opens its game and records its deal through the deal form, and the table's three other
phones open the game and see the deal on the sheet. After round 2 one table corrects its
deal and a late arrival joins (one sits out from then on). At the end the night's standing
equals an independent count from the games' own states (placement points, margins,
competition ranking; a round sat out scoring its average). Screenshot:
tests/screenshots/night-walk-*.png."""

from __future__ import annotations

from nightwork import independent_standing
from playwright.sync_api import Page, expect

from .conftest import Phone, later_scripts_ran, previews_settled
from .table import api
from .test_games import deal_form, fill_deal, mark_page, save_deal

TWELVE = ["Ali", "Badr", "Caro", "Dina", "Emad", "Fadi", "Ghada", "Huda", "Imad", "Jana",
          "Kamal", "Lina"]


def plan(page: Page, live_url: str) -> str:
    page.goto(f"{live_url}/nights/new")
    page.get_by_label("The night's name").fill("Friday at the club")
    page.get_by_label("Who is here (one name per line)").fill("\n".join(TWELVE))
    page.get_by_label("Rounds (optional)").fill("4")
    page.locator("details.house-rules > summary").click()
    page.locator("input[name=opt_rounds]").fill("1")
    # Each table's phone records alone here (tests/browser/test_trust.py plays the other
    # side's confirmations): the night's default, on, turned off.
    page.get_by_label("A player of another side confirms each deal").uncheck()
    page.get_by_role("button", name="Plan the night").click()
    expect(page.locator("h1")).to_have_text("Friday at the club")
    later_scripts_ran(page)
    return page.url.rsplit("/", 1)[-1]


def record(table_phone: Page, url: str, winner: str, others: list[str], left: int) -> None:
    """The table's phone opens its game and records the deal: *winner* goes out, the
    other side melded with *left* points in hand each."""
    table_phone.goto(url)
    later_scripts_ran(table_phone)
    mark_page(table_phone)
    fill_deal(table_phone, winner, dict.fromkeys(others, left))
    save_deal(table_phone, 1)


def test_a_whole_night_through_the_pages(page: Page, browser, live_url, shot):
    night_id = plan(page, live_url)
    # Four phones a table: the first records, the other three follow the sheet.
    tables = [[Phone(browser, "en-US") for _ in range(4)] for _ in range(3)]
    phones = [[p.context.new_page() for p in table] for table in tables]
    tv_phone = Phone(browser, "en-US", viewport={"width": 1280, "height": 720},
                     is_mobile=False, has_touch=False, device_scale_factor=1)
    tv = tv_phone.context.new_page()
    tv.clock.install()
    for number in range(1, 5):
        page.goto(f"{live_url}/nights/{night_id}")
        previews_settled(page)
        page.get_by_role("button", name=f"Start round {number}").click()
        expect(page.get_by_role("heading", name=f"Round {number} of 4")).to_be_visible()
        night = api(live_url, "GET", f"/nights/{night_id}")
        seated = night["rounds"][number - 1]
        for i, table in enumerate(seated["tables"]):
            winner = table["sides"][i % 2][0]
            # The winner's partner's cards do not count: the form asks for the others'.
            others = [n for side in table["sides"] if winner not in side for n in side]
            record(phones[i][0], table["game"]["url"], winner, others, 10 + 15 * i + number)
            for follower in phones[i][1:]:
                follower.goto(table["game"]["url"])
                expect(follower.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
        if number == 2:
            # A correction at table 1 of round 1: the other side went out.
            first = night["rounds"][0]["tables"][0]
            winner = first["sides"][1][1]
            corrector = phones[0][0]
            corrector.goto(first["game"]["url"] + "/deals/1/edit")
            fill_deal(corrector, winner,
                      {n: 33 for side in first["sides"] if winner not in side for n in side})
            previews_settled(corrector)
            deal_form(corrector).get_by_role("button", name="Save the correction").click()
            expect(corrector.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
            # A late arrival, seated from round 3 on.
            page.goto(f"{live_url}/nights/{night_id}")
            page.locator("details.night-players > summary").click()
            page.get_by_label("Name").fill("Maha")
            page.get_by_role("button", name="Add a late arrival").click()
            expect(page.locator(".night-next .sitting-out")).to_be_visible()
    tv.goto(api(live_url, "GET", f"/nights/{night_id}")["tv_url"])
    tv.clock.fast_forward(3_000)
    expect(tv.locator(".tv-board .night-standing tbody tr")).to_have_count(13)
    shot(tv, "night-walk-tv")
    night = api(live_url, "GET", f"/nights/{night_id}")
    assert night["current_round"] == 4 and len(night["rounds"]) == 4
    assert sum(len(r["sitting_out"]) for r in night["rounds"]) == 2  # Maha's rounds
    expected = independent_standing(night, lambda game_id: api(live_url, "GET",
                                                               f"/games/{game_id}"))
    got = {line["player"]: (line["points"], line["tiebreak"]) for line in night["standing"]}
    assert got == expected
    order = sorted(expected.values(), reverse=True)
    assert [line["rank"] for line in night["standing"]] == [
        1 + sum(v > expected[line["player"]] for v in order) for line in night["standing"]]
    page.goto(f"{live_url}/nights/{night_id}")
    shot(page, "night-walk-organiser")
    for phone in (*(p for table in tables for p in table), tv_phone):
        phone.check()
