"""The home page opens in a phone-sized Chromium, and the vendored htmx is served and runs."""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import ROOT


@pytest.mark.parametrize(
    ("locale", "language", "direction"), [("en-US", "en", "ltr"), ("ar", "ar", "rtl")]
)
def test_home_page(page, live_url, shot, language, direction):
    page.goto(f"{live_url}/")
    # The Arabic title is whatever the translation says; English is known.
    expect(page).to_have_title("Hand Scorekeeper" if language == "en" else re.compile(r"\S"))
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("html")).to_have_attribute("dir", direction)
    shot(page, "home" if language == "en" else f"home-{language}")


def test_vendored_htmx_is_served_and_runs(page, live_url):
    vendored = sorted((ROOT / "static" / "vendor").glob("htmx-*.min.js"))
    # The app serves the last one by name (scorekeeper/web): keep exactly one.
    assert len(vendored) == 1, vendored
    version = re.fullmatch(r"htmx-(.+)\.min\.js", vendored[0].name)[1]

    response = page.request.get(f"{live_url}/static/vendor/{vendored[0].name}")
    assert response.status == 200
    assert f'version:"{version}"' in response.text()

    page.goto(f"{live_url}/")
    assert page.evaluate("window.htmx && htmx.version") == version
