"""Server-rendered pages (HTML), beside the JSON API in ``scorekeeper.api``; neither
imports the other."""

from pathlib import Path

from ..rules import Check, Outcome, Scoring


def init_app(app) -> None:
    """Register the pages' blueprints and what every template needs."""
    from . import (
        access,
        assets,
        audit,
        footref,
        games,
        home,
        language,
        live,
        pwa,
        referee,
        security,
        viewonly,
    )

    for blueprint in (home.bp, games.bp, access.bp, viewonly.bp, live.bp, referee.bp,
                      audit.bp, footref.bp):
        app.register_blueprint(blueprint)
    # Before the CSRF check (security): a locked game answers with its PIN form first.
    app.before_request(access.guard)
    security.init_app(app)
    language.init_app(app)
    assets.init_app(app)
    pwa.init_app(app)
    # The vendored htmx file carries its version in its name (static/vendor/README.md).
    vendored = sorted(Path(app.static_folder, "vendor").glob("htmx-*.min.js"))
    htmx_file = f"vendor/{vendored[-1].name}" if vendored else "vendor/htmx.min.js"
    app.jinja_env.globals["htmx_file"] = htmx_file
    # The engine's enums, so templates compare a value with its member, never a string.
    app.jinja_env.globals.update(Check=Check, Outcome=Outcome, Scoring=Scoring)
