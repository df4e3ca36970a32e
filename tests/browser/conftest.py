"""Browser tests: Playwright drives Debian's Chromium, at a phone's size, against a live server.

`make test` installs /usr/bin/chromium when it is missing; `playwright install` is never
run (it downloads a browser build of its own, which cannot be fetched here). Every test
here fails if a page asks another host for anything, logs a console error or throws.
"""

import os
import re
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect, sync_playwright
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.extensions import db

HERE = Path(__file__).resolve().parent
SCREENSHOTS = HERE.parent / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    # Root in CI, and containers lack the namespaces the sandbox needs.
    "--no-sandbox",
    "--disable-gpu",
    # Keep the browser itself from calling Google (updates, field trials, safe browsing):
    # nothing but the live server is to be asked for anything.
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    # Small /dev/shm in containers crashes Chromium; /tmp is as good for tests.
    "--disable-dev-shm-usage",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
REFUSAL = re.compile(r"status of (409|422) ")
# Keeps a hung page from eating CI's time; local pages answer in milliseconds, but with the
# suite spread over the cores (or two suites on one machine) a page's scripts can take
# seconds: actions and expectations wait up to this long for the state they need.
TIMEOUT_MS = 10_000
expect.set_options(timeout=TIMEOUT_MS)


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def live_url(tmp_path_factory):
    """The base URL (no trailing slash) of the app served on 127.0.0.1 for the session."""
    database = tmp_path_factory.mktemp("live") / "scorekeeper.sqlite"
    # A file, not ":memory:": the server's threads each open their own connection.
    # CSRF stays on, as in production: the pages must carry their tokens.
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
                      "SECRET_KEY": "browser-tests"})
    with app.app_context():
        db.create_all()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        # Fail rather than skip: a run without the browser tests must not look green.
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's Chromium. `make test` "
            "installs it (apt-get install chromium fonts-dejavu-core, as root).",
            pytrace=False,
        )
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
    except Exception:
        playwright.stop()
        raise
    yield browser
    browser.close()
    playwright.stop()


@pytest.fixture
def locale():
    """The browser's language; a test parametrizes `locale` to read the pages in another."""
    return "en-US"


class Phone:
    """A phone-sized browser context that records what it must never do: ask another host
    for anything, log a console error, throw. ``check()`` fails on any of them."""

    def __init__(self, browser, locale: str, **options) -> None:
        settings = dict(
            viewport={"width": 360, "height": 780},
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            locale=locale,
            # Most tests run without the service worker; tests/browser/test_phones.py
            # allows it (Chromium routes the worker's own requests through route() too).
            service_workers="block",
        )
        self.context = browser.new_context(**(settings | options))
        self.context.set_default_timeout(TIMEOUT_MS)
        self.foreign: list[str] = []
        self.errors: list[str] = []
        # Console errors a test expects (say, a request refused while offline).
        self.allowed: list[re.Pattern] = []
        self.context.route("**/*", self._only_local)
        self.context.on("console", self._console_error)
        self.context.on("weberror",
                        lambda web_error: self.errors.append(f"page error: {web_error.error}"))

    def _only_local(self, route, request) -> None:
        if urlsplit(request.url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            self.foreign.append(f"{request.method} {request.url}")
            route.abort("blockedbyclient")

    def _console_error(self, message) -> None:
        # A refused form (422) or a deal already recorded (409) is an answer the page shows;
        # Chromium still logs it as a failed load.
        if message.type != "error" or REFUSAL.search(message.text):
            return
        if any(pattern.search(message.text) for pattern in self.allowed):
            return
        where = message.location.get("url")
        self.errors.append(f"console: {message.text}" + (f" ({where})" if where else ""))

    def check(self) -> None:
        self.context.close()
        problems = [f"asked another host: {request}" for request in self.foreign] + self.errors
        assert not problems, "the browser saw:\n" + "\n".join(problems)


def later_scripts_ran(page) -> None:
    """Wait until the scripts a page loads once shown (static/app.js: the phone's, the
    outbox, the awake switch) have run. A page reached by a tap is tapped on as soon as it
    is there; on a loaded machine its scripts can come seconds later."""
    expect(page.locator("html[data-later=ready]")).to_have_count(1)


def previews_settled(page) -> None:
    """Wait until no request of the page's is on its way (htmx marks the element asking
    with ``htmx-request``). A deal's preview sits above the Save button: one answered as
    the button is tapped moves it, and under load the tap landed where the button had
    been (a pair run: no save was ever sent)."""
    expect(page.locator(".htmx-request")).to_have_count(0)


@pytest.fixture
def page(browser, locale):
    """A phone-sized page; at teardown, fails on foreign requests and console errors."""
    phone = Phone(browser, locale)
    yield phone.context.new_page()
    phone.check()


@pytest.fixture
def no_script_page(browser, locale):
    """The same phone with JavaScript off: every page must still work as plain forms."""
    phone = Phone(browser, locale, java_script_enabled=False)
    yield phone.context.new_page()
    phone.check()


@pytest.fixture
def shot():
    """shot(page, name) saves a full-page screenshot as tests/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(exist_ok=True)

    def take(page, name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True, animations="disabled")
        return path

    return take
