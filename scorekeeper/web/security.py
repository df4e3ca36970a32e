"""What every answer carries and every form post needs: the security headers (a strict
Content-Security-Policy — no inline script or style, no framing — nosniff, a same-origin
Referrer-Policy; a static file nosniff alone), and the CSRF check, with a page that says
what went wrong and that nothing was saved when a form comes back without its token."""

from __future__ import annotations

from flask import Flask, Response, make_response, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError

from ..extensions import csrf, htmx

CSP = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    # The QR codes are served from here as SVG; data: is for images CSS may embed.
    "img-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
))
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    # same-origin, not no-referrer: over HTTPS the CSRF check compares a form post's
    # Referer with the host, so our own pages must still send it to us (and only to us).
    "Referrer-Policy": "same-origin",
    # For browsers older than CSP's frame-ancestors.
    "X-Frame-Options": "DENY",
}
# A static style sheet, script or image is never a document: it runs under the policy of
# the page that loads it, not under its own, so the page's headers would only add about
# 260 bytes to each file a first load fetches (docs/security.md). What it keeps is nosniff:
# a browser runs it only as the type it is sent as. The page-only headers, one by one:
# - Content-Security-Policy rules a document (or a worker: /sw.js is no static file);
#   a style sheet's or a script's own is not read.
# - X-Frame-Options keeps a page out of another site's frames, where a tap on it could be
#   stolen; a framed file has nothing to tap.
# - Referrer-Policy sets what the requests a document or style sheet makes say of it; a
#   style sheet here asks only this site for anything (the page's policy allows no other
#   host), which is told the same Referer by the browser's default.
STATIC_HEADERS = {"X-Content-Type-Options": "nosniff"}
# A static file a browser opens as a document of its own (HTML, SVG: either may hold a
# script) carries the page's headers all the same.
DOCUMENTS = {"text/html", "application/xhtml+xml", "image/svg+xml", "text/xml",
             "application/xml"}
# A game runs for an evening: a form left open through a long deal or a break must still
# save (the token stays tied to this browser's session all the same).
CSRF_TIME_LIMIT = 12 * 3600


def init_app(app: Flask) -> None:
    from .game import corrections
    from .game import routes as games

    app.config.setdefault("WTF_CSRF_TIME_LIMIT", CSRF_TIME_LIMIT)
    # The session (a table's PIN entered here, the CSRF secret) is not sent along with
    # another site's form posts; it is not marked Secure, as the app is served over plain
    # HTTP on a LAN (SESSION_COOKIE_SECURE=1 behind HTTPS: docs/deploy.md).
    if app.config["SESSION_COOKIE_SAMESITE"] is None:  # Flask's default: no attribute
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    csrf.init_app(app)
    # These views check the token with their own form and, when it is missing or stale,
    # show the form again with what was typed, a fresh token and the reason: better than
    # a page that only says no. Every other form post is checked before its view runs.
    for view in (games.new, games.record, games.preview, corrections.edit):
        csrf.exempt(view)
    app.register_error_handler(CSRFError, csrf_refused)
    app.after_request(add_headers)


def add_headers(response: Response) -> Response:
    headers = (STATIC_HEADERS if request.endpoint == "static"
               and response.mimetype not in DOCUMENTS else HEADERS)
    for name, value in headers.items():
        response.headers.setdefault(name, value)
    return response


def csrf_refused(error: CSRFError) -> ResponseReturnValue:
    message = _("This form had expired, or did not come from this app's own pages, so "
                "nothing was saved. Reload the page and send it again.")
    if htmx:
        # Put the message at the top of the page, leaving what is on it as it was.
        response = make_response(render_template("_refusal.html", message=message), 400)
        response.headers["HX-Retarget"] = "main"
        response.headers["HX-Reswap"] = "afterbegin show:top"
        return response
    game_id = (request.view_args or {}).get("game_id")
    back = url_for("games.show", game_id=game_id) if game_id else url_for("home.index")
    return render_template("error.html", title=_("Nothing was saved"), message=message,
                           back=back), 400
