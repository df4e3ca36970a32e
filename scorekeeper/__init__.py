"""Hand Scorekeeper: score keeping and meld refereeing for Hand (هاند).

``create_app`` is a flaskr-style application factory; ``flask --app scorekeeper`` and the
tests use it, and the servers (``waitress-serve --call scorekeeper:serving_app``, gunicorn)
the same app through ``serving_app``.
"""

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, cast

# No Flask (or other web) imports at module level: importing any subpackage, such as a
# game's stdlib-only rules engine (`scorekeeper.games.hand.rules`), runs this file first,
# and must not pull in the web stack. The factory imports what it needs when it is called.
# The type checker alone reads the imports below, for the annotations.
if TYPE_CHECKING:
    from flask import Flask
    from flask.typing import ResponseReturnValue
    from werkzeug.exceptions import HTTPException

# In a checkout (and an editable install) templates/, static/, instance/ and migrations/
# live in the repository root, beside the package; a wheel carries the first three inside
# the package (pyproject.toml maps them). Compute both from this file rather than relying
# on Flask's defaults, which look inside the package, or in site-packages' var/.
PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
CHECKOUT = (ROOT / "pyproject.toml").is_file() and (ROOT / "templates").is_dir()


def folder(name: str) -> Path:
    """Where the app's *name* folder (templates, static, migrations) is."""
    return ROOT / name if CHECKOUT else PACKAGE / name


def instance_folder() -> Path:
    """Where the database and local settings live: ``SCOREKEEPER_INSTANCE`` if set, else
    the checkout's instance/, else instance/ in the current directory (an installed app
    has no checkout to keep them in)."""
    if chosen := os.environ.get("SCOREKEEPER_INSTANCE"):
        return Path(chosen).resolve()
    return ROOT / "instance" if CHECKOUT else Path.cwd() / "instance"

LANGUAGES = ["en", "ar"]
BODY_LIMIT = 64 * 1024
# The longest query string read (the referee page's question fits in well under 2 KiB).
QUERY_LIMIT = 8 * 1024


def select_locale() -> str | None:
    """The language this device chose with the switch on every page (a cookie), else the
    best of ours from the browser's Accept-Language header. The JSON API goes by the
    header alone: its clients say what they read with each request."""
    from flask import request

    from .web.common.language import chosen

    if request.blueprint != "api" and (language := chosen()):
        return language
    # None (no match) makes Flask-Babel fall back to BABEL_DEFAULT_LOCALE ("en").
    return request.accept_languages.best_match(LANGUAGES)


def normalise_database_url(url: str) -> str:
    """Point a PostgreSQL URL at the psycopg (3) driver the app installs: hosts still hand
    out ``postgres://``, and a bare ``postgresql://`` would make SQLAlchemy look for
    psycopg2.

    >>> normalise_database_url("postgres://u@h/db")
    'postgresql+psycopg://u@h/db'
    """
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def _yes(value: str) -> bool:
    return value.strip().lower() in ("1", "true", "yes", "on")


def _check_driver(url: str) -> None:
    """Say plainly what to install when DATABASE_URL names PostgreSQL without its driver:
    psycopg is an extra (``pip install '.[postgres]'``), as the default SQLite needs none
    and a phone (Termux) cannot build it."""
    if not url.startswith("postgresql+psycopg"):
        return
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise RuntimeError(
            "DATABASE_URL names PostgreSQL, but its driver (psycopg) is not installed. "
            "Install it with `pip install '.[postgres]'` (or `.venv/bin/pip install -r "
            "requirements/serve.txt`; `make serve` does that), or leave DATABASE_URL unset "
            "to use SQLite.") from None


def serving_app() -> "Flask":
    """The app as a long-running server holds it: what start-up allocated (the modules,
    the app, its routes and compiled templates: some 100,000 objects) is moved out of the garbage
    collector's reach. Each full collection would otherwise walk all of it again, a pause
    of 70 ms and more in the middle of some phone's request (issue 40); none of it is ever
    garbage. The tests' many short-lived apps are not frozen: frozen cycles are never
    freed."""
    import gc

    from .waitress_refusal import answer_in_app

    app = create_app()
    # `make run` serves it with waitress, whose own refusal of a body too large is plain
    # text; the app answers it as it answers its own (JSON under /api/v1). Under gunicorn
    # no waitress server is made, and this changes nothing.
    answer_in_app()
    # Every template compiled now rather than by the first phones to ask (a template's
    # first page in a process took 100 ms more), and frozen with the rest.
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)
    gc.collect()  # start-up's own garbage goes first, not into the frozen part
    gc.freeze()
    return app


def create_app(test_config: Mapping[str, object] | None = None) -> "Flask":
    """Create and configure the app; ``test_config`` replaces instance/config.py."""
    from flask import Flask
    from flask.json.provider import DefaultJSONProvider
    from flask_babel import get_locale
    from werkzeug.exceptions import HTTPException

    from .extensions import babel, db, htmx, migrate

    app = Flask(
        __name__,
        instance_path=str(instance_folder()),
        instance_relative_config=True,
        template_folder=str(folder("templates")),
        static_folder=str(folder("static")),
    )

    # The instance folder holds the SQLite database and optional config.py; Flask
    # does not create it, and SQLite cannot create a file in a missing folder.
    os.makedirs(app.instance_path, exist_ok=True)

    # Defaults, overridable from the environment (DATABASE_URL as on Heroku-like hosts).
    database_url = os.environ.get(
        "DATABASE_URL", f"sqlite:///{Path(app.instance_path) / 'scorekeeper.sqlite'}"
    )
    app.config.from_mapping(
        SECRET_KEY=os.environ.get("SECRET_KEY"),
        SQLALCHEMY_DATABASE_URI=database_url,
        # Behind HTTPS (docs/deploy.md): the session cookie travels over HTTPS only.
        SESSION_COOKIE_SECURE=_yes(os.environ.get("SESSION_COOKIE_SECURE", "")),
        # How many reverse proxies stand in front and set X-Forwarded-* (docs/deploy.md).
        TRUSTED_PROXIES=int(os.environ.get("TRUSTED_PROXIES", "0") or 0),
        BABEL_DEFAULT_LOCALE="en",
        # Every request is small (a deal is well under a kilobyte): a body over 64 KiB is
        # refused (413) before it is read, a form's fields are bounded as well.
        MAX_CONTENT_LENGTH=BODY_LIMIT,
        MAX_FORM_MEMORY_SIZE=BODY_LIMIT,
        MAX_FORM_PARTS=200,
        # The catalogues (.po in git, .mo compiled by `make translations`; see README).
        BABEL_TRANSLATION_DIRECTORIES=str(PACKAGE / "translations"),
    )
    # The .mo Flask-Babel reads are build output (`make translations`); an app installed
    # from a wheel built without them compiles them here, once. Where the package cannot
    # be written to, the pages stay in English and the log says why.
    from .catalogues import compile_all

    try:
        compile_all()
    except OSError as error:
        app.logger.warning("translations not compiled (%s); run "
                           "`python -m scorekeeper.catalogues compile`", error)

    if test_config is None:
        # Deployment overrides live in instance/config.py, outside version control.
        app.config.from_pyfile("config.py", silent=True)
    else:
        # Tests pass their own settings (in-memory database, TESTING, ...).
        app.config.from_mapping(test_config)

    if not app.config.get("SECRET_KEY"):
        # No key from the environment or the config: the one kept in instance/secret_key.
        from .secret_key import kept_secret

        app.config["SECRET_KEY"] = kept_secret(app.instance_path)

    # Whatever the source, accept the "postgres://" spelling too.
    app.config["SQLALCHEMY_DATABASE_URI"] = normalise_database_url(
        app.config["SQLALCHEMY_DATABASE_URI"]
    )

    _check_driver(app.config["SQLALCHEMY_DATABASE_URI"])
    # A pooled connection to a database server is checked before use: after PostgreSQL
    # restarts, a stale one is replaced instead of failing the request with a 500. A
    # SQLite file never drops a connection, and the check cost a page read a statement.
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {
        "pool_pre_ping": not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite")})
    if proxies := app.config["TRUSTED_PROXIES"]:
        # The client's address (for the PIN limit), and https:// in the links and QR
        # codes, from the proxy's X-Forwarded-For, -Proto and -Host.
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)

    # Numbers in addresses are ASCII digits only (scorekeeper/numbers.py); before any
    # blueprint adds its routes.
    from .numbers import WholeNumberConverter

    app.url_map.converters["int"] = WholeNumberConverter

    # The app keeps Flask's default JSON provider, which has these two settings.
    json = cast(DefaultJSONProvider, app.json)
    # Keep JSON keys in the order the code builds them (rules listings read better so).
    json.sort_keys = False
    # Card symbols and Arabic read as themselves in answers, not as \u escapes.
    json.ensure_ascii = False

    # Bind the extensions to this app (they are created unbound in extensions.py).
    db.init_app(app)
    # WAL and a busy timeout, when the database is SQLite.
    from . import sqlite

    sqlite.init_app(app, db)
    # Pass the folder explicitly so `flask db upgrade` works from any directory.
    migrate.init_app(app, db, directory=str(folder("migrations")))
    babel.init_app(app, default_locale="en", locale_selector=select_locale)
    htmx.init_app(app)

    # Templates need the locale for <html lang> and dir.
    app.jinja_env.globals["get_locale"] = get_locale
    from .ui.shown import minus, shown

    app.jinja_env.finalize = shown  # a number below 0 printed with "−"
    app.jinja_env.filters["minus"] = minus  # and in a sentence a page formats

    # Import the models so their tables are in db.metadata for Flask-Migrate.
    # Blueprints: HTML pages and the JSON API, side by side; neither imports the other.
    from . import (
        api,
        backup,  # flask export-games / import-games
        compression,
        models,  # noqa: F401
        pins,
        web,
    )

    # Before every other hook: a body the server refused is the app's 413, whatever else
    # the request would have been answered (a PIN asked for, a page shown).
    app.before_request(_bounded_body)
    # First: Flask runs after-request hooks last registered first, so this one runs last
    # and compresses what every other hook has finished.
    compression.init_app(app)
    pins.init_app(app)
    web.init_app(app)
    api.init_app(app)
    backup.init_app(app)
    app.register_error_handler(HTTPException, _http_error)
    app.before_request(_bounded_query)

    return app


def _bounded_query() -> None:
    """Refuse an address whose query string is longer than any page asks for (414)."""
    from flask import abort, request

    if len(request.query_string) > QUERY_LIMIT:
        abort(414)


def _bounded_body() -> None:
    """Answer 413 to a request whose body the server refused for its size: it reaches the
    app without its body (scorekeeper/waitress_refusal.py), and is refused whatever its
    address would have answered. (A body the app reads itself is bounded by Werkzeug,
    MAX_CONTENT_LENGTH.)"""
    from flask import abort, request

    from .statuses import BODY_REFUSED

    if request.environ.get(BODY_REFUSED):
        abort(413)


def _http_error(error: "HTTPException") -> "ResponseReturnValue":
    """The app-wide handler of HTTP errors, here because it serves both sides: JSON under
    the API's prefix — even for an address no route matched — and a page elsewhere."""
    from flask import request

    from . import api
    from .web.common import errors

    if api.serves(request.path):
        return api.http_error(error)
    return errors.page(error)
