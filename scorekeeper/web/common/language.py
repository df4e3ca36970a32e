"""The language switch in every page's header: a plain link (no script needed) that keeps
the choice in a long-lived cookie on this device and comes back to the same page.
``scorekeeper.select_locale`` reads the cookie before the browser's Accept-Language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast
from urllib.parse import urlsplit

from flask import Blueprint, Flask, redirect, request, url_for
from flask_babel import get_locale
from markupsafe import Markup
from werkzeug.wrappers import Response

from ...i18n import catalogue, isolate
from ...ui.names import together

COOKIE = "lang"
# Each language named in itself, so a reader of the other one can still find theirs.
NAMES = {"en": "English", "ar": "العربية"}
TWO_YEARS = 2 * 365 * 24 * 3600

bp = Blueprint("language", __name__)


def chosen() -> str | None:
    """The language this device chose, if it chose one of ours."""
    language = request.cookies.get(COOKIE)
    return language if language in NAMES else None


def _local(target: str | None) -> str | None:
    """*target* if it is a path on this site (never another host: no open redirect)."""
    if not target:
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return None
    # A backslash, or a control character (a CR/LF would split the Location header), is
    # no path of ours.
    if "\\" in target or any(ord(c) < 32 or ord(c) == 127 for c in target):
        return None
    return target


def _back() -> str:
    """Where to return after switching: the page the link was on, as the browser last
    showed it (htmx may have moved its address since it was drawn, and a form's answer
    has none of its own to fetch again), else the page named by ``next``, else home."""
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc == request.host and not referrer.path.startswith("/language/"):
        path = referrer.path + (f"?{referrer.query}" if referrer.query else "")
        if target := _local(path):
            return target
    return _local(request.args.get("next")) or url_for("home.index")


@bp.get("/language/<code>")
def switch(code: str) -> Response:
    response = redirect(_back(), 303)
    if code in NAMES:
        response.set_cookie(COOKIE, code, max_age=TWO_YEARS, httponly=True, samesite="Lax",
                            secure=request.is_secure)
    return response


def _switch_link() -> dict[str, object]:
    """The header's link to the other language. It names this page (when a GET can fetch
    it again) for a browser that sends no Referer."""
    current = str(get_locale() or "en")
    other = "en" if current == "ar" else "ar"
    here = request.full_path.rstrip("?") if request.method == "GET" else None
    return {"code": other, "name": NAMES[other],
            "url": url_for("language.switch", code=other, next=here)}


def _vary(response: Response) -> Response:
    # Every page can come in either language: caches must key on what picks it. A static
    # file is the same in both, and one copy of it serves every phone.
    if request.endpoint != "static":
        response.vary.update(("Accept-Language", "Cookie"))
    return response


def _isolating(method: str) -> Callable[..., str]:
    """The catalogue's *method* (a gettext), setting each value apart in Arabic."""

    # Any: a gettext's arguments (text, plural, count, values) vary by method
    def translated(*args: Any) -> str:
        translations, rtl = catalogue()
        text: str = getattr(translations, method)(*args)
        return isolate(text) if rtl else text

    return translated


def isolated(text: object) -> Markup:
    """Text a person typed (a dispute's reason), escaped and set apart in a ``<bdi>``: a
    right-to-left override in it, or Arabic in an English sentence, reorders only itself,
    never the sentence around it."""
    return Markup("<bdi>{}</bdi>").format(text)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    # As Flask-Babel installs them, but a name or a score filled into an Arabic sentence
    # keeps its own direction (scorekeeper.i18n.isolate): "-30" stays "-30".
    # The i18n extension adds this method to the environment at run time: Jinja's types do
    # not know it.
    # Any: Jinja's i18n extension adds this method, which its stubs do not know
    cast(Any, app.jinja_env).install_gettext_callables(
        gettext=_isolating("ugettext"),
        ngettext=_isolating("ungettext"),
        pgettext=_isolating("upgettext"),
        npgettext=_isolating("unpgettext"),
        newstyle=True,
    )
    app.context_processor(lambda: {"language_switch": _switch_link})
    # Names put together in the reader's words ("Lina & Omar", "لينا وعمر").
    app.jinja_env.filters["together"] = together
    app.jinja_env.filters["isolated"] = isolated
    app.after_request(_vary)
