"""A plain `pip install .` gives a working app: the wheel carries the templates, static
files, migrations and catalogues that a checkout keeps beside the package, and the app
installed from it migrates a database and serves its pages from any directory."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(out), str(ROOT)], check=True, capture_output=True)
    [built] = out.glob("hand_scorekeeper-*.whl")
    return built


def test_the_wheel_carries_templates_static_files_migrations_and_catalogues(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in ("templates/base.html", "templates/games/show.html",
                 "templates/referee/page.html", "templates/sw.js", "static/style.css",
                 "static/app.js", "static/phone.js", "static/icons/icon-512.png",
                 "static/icons/maskable-512.png",
                 "migrations/env.py", "migrations/alembic.ini",
                 "translations/ar/LC_MESSAGES/messages.po"):
        assert f"scorekeeper/{path}" in names, path
    versions = [n for n in names if n.startswith("scorekeeper/migrations/versions/")]
    assert len(versions) == len(list((ROOT / "migrations" / "versions").glob("*.py")))
    assert any(n.startswith("scorekeeper/static/vendor/htmx-") for n in names)


def test_the_installed_app_migrates_and_serves_pages_outside_the_checkout(wheel, tmp_path):
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(site), str(wheel)], check=True, capture_output=True)
    # The installed package first on the path, run from a directory with no checkout; the
    # dependencies come from this interpreter's environment.
    env = {**os.environ, "PYTHONPATH": str(site), "SCOREKEEPER_INSTANCE": str(tmp_path / "i")}
    env.pop("DATABASE_URL", None)
    script = """
import scorekeeper
from flask_migrate import upgrade
from scorekeeper import create_app
assert scorekeeper.__file__.startswith(SITE), scorekeeper.__file__
app = create_app()
with app.app_context():
    upgrade()
client = app.test_client()
home = client.get("/")
assert home.status_code == 200 and "Hand Scorekeeper" in home.text, home.status_code
made = client.post("/api/v1/games", json={"rules": "levant", "players": ["A", "B"],
                                          "first_dealer": "A"})
assert made.status_code == 201, made.text
page = client.get("/games/" + made.get_json()["id"], headers={"Cookie": "lang=ar"})
assert page.status_code == 200, page.status_code
assert client.get("/static/style.css").status_code == 200
assert client.get("/sw.js").status_code == 200
arabic = client.get("/", headers={"Accept-Language": "ar"})
assert 'dir="rtl"' in arabic.text
print("served")
""".replace("SITE", repr(str(site)))
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip().endswith("served")
    assert (tmp_path / "i" / "scorekeeper.sqlite").exists()
