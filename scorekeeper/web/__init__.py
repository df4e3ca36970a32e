"""Server-rendered pages (HTML), as opposed to the JSON API in ``scorekeeper.api``."""

from pathlib import Path


def init_app(app) -> None:
    """Register the pages' blueprints and what every template needs."""
    from . import access, audit, language, live, referee, security, viewonly
    from .games import bp as games_bp
    from .home import bp as home_bp

    app.register_blueprint(home_bp)
    app.register_blueprint(games_bp)
    app.register_blueprint(access.bp)
    app.register_blueprint(viewonly.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(referee.bp)
    app.register_blueprint(audit.bp)
    security.init_app(app)
    language.init_app(app)
    access.init_app(app)
    # The vendored htmx file carries its version in its name (static/vendor/README.md).
    vendored = sorted(Path(app.static_folder, "vendor").glob("htmx-*.min.js"))
    htmx_file = f"vendor/{vendored[-1].name}" if vendored else "vendor/htmx.min.js"
    app.jinja_env.globals["htmx_file"] = htmx_file
