"""The home page and the health check."""

from flask import Blueprint, render_template

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    return render_template("home.html")


@bp.get("/healthz")
def healthz():
    # Trivial endpoint: no database, no templates. Used by benchmarks and probes.
    return {"status": "ok"}
