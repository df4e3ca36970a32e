"""Server-rendered pages (HTML), beside the JSON API in ``scorekeeper.api``; neither
imports the other. The routes are shared by every game; each game's own pages (its
referee, say) come from its kind in the registry."""

from pathlib import Path

from flask import Flask

# Imported by another name: importing the submodule web.games sets ``games`` here.
from ..games import games as every_game


def init_app(app: Flask) -> None:
    """Register the pages' blueprints and what every template needs."""
    from . import (
        access,
        assets,
        audit,
        corrections,  # noqa: F401 - its route joins the game pages' blueprint
        device,
        game_files,  # noqa: F401 - its routes join the game pages' blueprint
        groups,
        groups_play,
        home,
        language,
        live,
        nights,
        pwa,
        ratings,
        referee,
        security,
        share,
        static_files,
        trust,
        trust_pages,
        typed,
        undo,  # noqa: F401 - its route joins the game pages' blueprint
        unindented,
        viewonly,
    )
    from . import games as game_pages

    for blueprint in (home.bp, game_pages.bp, access.bp, viewonly.bp, live.bp, referee.bp,
                      audit.bp, groups.bp, groups_play.bp, nights.bp, ratings.bp,
                      trust.bp, trust_pages.bp, typed.bp):
        app.register_blueprint(blueprint)
    for kind in every_game():
        if kind.pages.blueprint is not None:
            app.register_blueprint(kind.pages.blueprint)
    # Before the CSRF check (security): a locked game answers with its PIN form first.
    app.before_request(access.guard)
    security.init_app(app)
    device.init_app(app)
    language.init_app(app)
    assets.init_app(app)
    static_files.init_app(app)
    pwa.init_app(app)
    share.init_app(app)
    unindented.init_app(app)
    # The vendored htmx file carries its version in its name (static/vendor/README.md).
    vendored = sorted(Path(app.static_folder or "", "vendor").glob("htmx-*.min.js"))
    htmx_file = f"vendor/{vendored[-1].name}" if vendored else "vendor/htmx.min.js"
    app.jinja_env.globals["htmx_file"] = htmx_file
