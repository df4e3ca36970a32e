"""The app as phones install it: the web app manifest (in the reader's language), the
service worker at the site's root, and the page it shows when the server cannot be
reached. static/phone.js registers the worker and offers "Add to home screen";
static/awake.js keeps the screen awake on a game's page, and static/outbox.js keeps deals
saved without a connection until they are sent (docs/phones.md).

The worker (templates/sw.js, filled in here) is told the versioned addresses of the static
files every page loads (``/static/app.js?v=…``, scorekeeper.web.common.assets): it keeps those
ahead of time, so its own text — and so the browser's copy of it — changes whenever one of
them does. Pages go to the network first; a copy is kept of each page in ``PAGES``, under
its own address only, to show when the server cannot be reached: one game's page is never
shown for another address, nor for its view-only link.
"""

from __future__ import annotations

import hashlib
import json
import re

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    make_response,
    render_template,
    request,
    url_for,
)
from flask_babel import force_locale, get_locale
from flask_babel import gettext as _
from jinja2 import TemplateNotFound

from ...games import games
from ...games.kind import AnyKind
from .language import NAMES

bp = Blueprint("pwa", __name__)

THEME = "#0b6e4f"  # --accent in static/style.css
BACKGROUND = "#fbfaf7"  # --bg
ICONS = [("icons/icon-192.png", "192x192", "any"), ("icons/icon-512.png", "512x512", "any"),
         ("icons/maskable-192.png", "192x192", "maskable"),
         ("icons/maskable-512.png", "512x512", "maskable")]
# The static files every page loads (whatever templates/base.html links, under the
# versioned addresses the pages use) are kept by the worker before it takes over; any
# other static file is kept the first time a page asks for it.
# Pages the worker keeps a copy of (by their exact address, without a query), to show when
# the server cannot be reached: home, the lists, the referee, a game's page and a game's
# view-only page. Never the exports, the printable sheet or a correction form.
PAGES = [r"^/$", r"^/new$", r"^/history$", r"^/referee$", r"^/games/[A-Za-z0-9_-]+$",
         r"^/view/[A-Za-z0-9_-]+$",
         # A group's page and its view-only page: the season's standings, offline too.
         r"^/groups/[A-Za-z0-9_-]+$", r"^/groups/view/[A-Za-z0-9_-]+$"]
NO_CACHE = "no-cache"
# The scripts a game's page loads beyond every page's (templates/games/show.html; a game's
# own styles are read from its _head.html, its scripts from its pages' ``scripts``), and
# the referee's style sheet (its pages alone link it: templates/hand/referee/page.html,
# templates/handfoot/referee.html): kept ahead of time too, so a game's page or the
# referee kept for offline use works the first time it is.
GAME_PAGE = ("outbox.js", "awake.js")
REFEREE_PAGE = ("referee.css",)


def _language() -> str:
    """The language asked for in ``?lang=``, else the one the pages are shown in."""
    asked = request.args.get("lang", "")
    return asked if asked in NAMES else str(get_locale() or "en")


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    language = _language()
    with force_locale(language):
        body = {
            "id": url_for("home.index"),
            "name": _("Hand Scorekeeper"),
            "short_name": _("Hand"),
            "description": _("Keep the score of a Hand table on your phones, and referee "
                             "meld disputes."),
            "lang": language,
            "dir": "rtl" if language == "ar" else "ltr",
            "start_url": url_for("home.index"),
            "scope": url_for("home.index"),
            "display": "standalone",
            "background_color": BACKGROUND,
            "theme_color": THEME,
            "categories": ["games", "utilities"],
            "icons": [{"src": url_for("static", filename=path), "sizes": sizes,
                       "type": "image/png", "purpose": purpose}
                      for path, sizes, purpose in ICONS],
        }
    response = make_response(json.dumps(body, ensure_ascii=False, indent=1))
    response.mimetype = "application/manifest+json"
    response.headers["Cache-Control"] = NO_CACHE
    return unchanged(response)


def unchanged(response: Response) -> Response:
    """*response* tagged with its content's digest, so a phone that checks again at each
    visit (no-cache) is told "not modified" in a few bytes rather than sent it again."""
    response.add_etag()
    response.make_conditional(request)  # changes *response* itself
    return response


def _game_head(kind: AnyKind) -> str:
    try:
        return render_template(f"{kind.info.name}/_head.html")
    except TemplateNotFound:
        return ""


def worker_config() -> dict[str, object]:
    """What the service worker is told: the addresses to keep ahead of time (static files
    under their versioned addresses, the offline page in each language), the pages it may
    keep copies of, and a version that moves with any of them."""
    static = url_for("static", filename="")
    # The offline page is laid out by base.html like every page: what it names is what
    # every page loads, up front or once shown (data-after-load, data-print); a game's
    # page loads GAME_PAGE besides, the referee's REFEREE_PAGE. (The install hint comes
    # from the server when shown, its picture with it.)
    # Each game's own styles (its _head.html, where it has one) and scripts come too.
    page = render_template("offline.html") + "".join(map(_game_head, games()))
    # Not the iPhone's home-screen icon (10 KB, issue 40): it is fetched when the page is
    # added to the home screen, never to show a page, as the manifest's icons are when the
    # browser installs the app.
    tags = [tag for tag in re.findall(r"<(?:link|script|img)\b[^>]*>", page)
            if 'rel="apple-touch-icon"' not in tag]
    named = re.findall(r'(?:href|src|data-print|data-after-load)="([^"]+)"', " ".join(tags))
    own = [name for kind in games() for name in kind.pages.scripts]
    shell = sorted({url for value in named for url in value.split() if url.startswith(static)}
                   | {url_for("static", filename=name)
                      for name in (*GAME_PAGE, *REFEREE_PAGE, *own)})
    offline = {language: url_for("pwa.offline", lang=language) for language in NAMES}
    config = {"shell": shell, "offline": offline, "pages": PAGES, "static": static}
    template = current_app.jinja_env.loader.get_source(  # type: ignore[union-attr]
        current_app.jinja_env, "sw.js")[0]
    digest = hashlib.sha256((json.dumps(config) + template).encode()).hexdigest()[:12]
    return {**config, "version": digest}


@bp.get("/install-hint")
def install_hint() -> Response:
    """"Add to home screen" in the page's language, fetched by static/phone.js when it
    offers it (the pages do not carry it)."""
    with force_locale(_language()):
        response = make_response(render_template("_install_hint.html"))
    response.headers["Cache-Control"] = NO_CACHE
    return unchanged(response)


@bp.get("/sw.js")
def service_worker() -> Response:
    response = make_response(render_template("sw.js", config=worker_config()))
    response.mimetype = "text/javascript"
    # Browsers look for a new worker at every visit; no cache may answer for it.
    response.headers["Cache-Control"] = NO_CACHE
    response.headers["Service-Worker-Allowed"] = url_for("home.index")
    return unchanged(response)


@bp.get("/offline")
def offline() -> Response:
    """The page the worker shows when the server cannot be reached (it keeps one per
    language, and shows the one of the last page the phone opened)."""
    language = _language()
    with force_locale(language):
        response = make_response(render_template("offline.html"))
    response.headers["Cache-Control"] = NO_CACHE
    response.headers["Content-Language"] = language
    return response


def content_language(response: Response) -> Response:
    """Every page says its language, so the worker shows the offline page in the same."""
    if response.mimetype == "text/html" and "Content-Language" not in response.headers:
        response.headers["Content-Language"] = str(get_locale() or "en")
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.after_request(content_language)
