"""Server-rendered pages (HTML), beside the JSON API in ``scorekeeper.api``; neither
imports the other. The routes are shared by every game; each game's own pages (its
referee, say) come from its kind in the registry.

The pages come in families, each a package of blueprints as microblog arranges its own:
:mod:`.game` (a game's pages: the home page's list, the new-game form, the sheet and its
deal form, corrections and undo, the history, the downloads, print and picture, the
view-only link, the live rows, confirmations), :mod:`.group` (a group's pages, its new
game and rematch, its season and ratings), :mod:`.night` and :mod:`.referee`. Under them
all, :mod:`.common`: what every page stands on (the device's cookie, the language,
assets and static files, the installable app, error pages). Here at the root, what ties
the families together: this registration, the PIN guard over game and group pages
(:mod:`.access`) and the security headers and CSRF check (:mod:`.security`). A family
imports only :mod:`.common` and the families before it (game, then group, then night;
the referee's pages build on the game's), never the root (tests/test_layers.py)."""

from pathlib import Path

from flask import Flask

from ..games import games as every_game


def init_app(app: Flask) -> None:
    """Register the pages' blueprints and what every template needs."""
    from . import access, security
    from .common import assets, device, language, pwa, static_files, unindented
    from .game import (
        audit,
        corrections,  # noqa: F401 - its route joins the game pages' blueprint
        files,  # noqa: F401 - its routes join the game pages' blueprint
        home,
        live,
        marks,
        share,
        trust,
        typed,
        undo,  # noqa: F401 - its route joins the game pages' blueprint
        viewonly,
    )
    from .game import routes as game
    from .group import play, ratings
    from .group import routes as group
    from .night import routes as night
    from .referee import routes as referee

    for blueprint in (home.bp, game.bp, access.bp, viewonly.bp, live.bp, referee.bp,
                      audit.bp, group.bp, play.bp, night.bp, ratings.bp, marks.bp, trust.bp,
                      typed.bp):
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
