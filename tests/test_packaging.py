"""A plain `pip install .` gives a working app: the wheel carries the templates, static
files, migrations and catalogues that a checkout keeps beside the package, and the app
installed from it migrates a database and serves its pages from any directory."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# What a fresh clone lacks and a working checkout may have: a wheel built beside them could
# carry files a clone cannot (setuptools packs whatever an earlier build left in build/),
# and the compiled catalogues are not in git.
NOT_IN_A_CLONE = shutil.ignore_patterns(".git", ".venv*", "build", "dist", "*.egg-info",
                                        "__pycache__", "*.mo", "instance", "tests", "bench",
                                        ".*_cache", ".hypothesis")
PURELIB = "import sysconfig; print(sysconfig.get_path('purelib'))"


def run(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(args, capture_output=True, text=True, **kwargs)
    assert done.returncode == 0, f"{args}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    source = tmp_path_factory.mktemp("clone") / "hand-scorekeeper"
    shutil.copytree(ROOT, source, ignore=NOT_IN_A_CLONE)
    out = tmp_path_factory.mktemp("wheel")
    # Built with the setuptools the lock file pins (installed in this environment).
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(out), str(source)])
    [built] = out.glob("hand_scorekeeper-*.whl")
    return built


def test_the_wheel_carries_templates_static_files_migrations_and_catalogues(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in ("templates/base.html", "templates/games/show.html",
                 "templates/hand/referee/page.html", "templates/sw.js", "static/style.css",
                 "static/app.js", "static/phone.js", "static/icons/icon-512.png",
                 "static/icons/maskable-512.png",
                 "migrations/env.py", "migrations/alembic.ini",
                 "translations/ar/LC_MESSAGES/messages.po",
                 # The result picture's font (scorekeeper/ui/fonts/README.md).
                 "ui/fonts/DejaVuSans.ttf", "ui/fonts/DejaVuSans-Bold.ttf",
                 "ui/fonts/LICENSE"):
        assert f"scorekeeper/{path}" in names, path
    versions = [n for n in names if n.startswith("scorekeeper/migrations/versions/")]
    assert len(versions) == len(list((ROOT / "migrations" / "versions").glob("*.py")))
    assert any(n.startswith("scorekeeper/static/vendor/htmx-") for n in names)


def test_the_wheel_misses_no_module_template_or_static_file(wheel):
    # pyproject.toml lists the packages and the data files' patterns by hand: a new
    # subpackage, or a static file of a new kind, would otherwise be left out unnoticed.
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = [f"scorekeeper/{p.relative_to(ROOT / 'scorekeeper')}"
              for p in (ROOT / "scorekeeper").rglob("*.py")]
    for folder in ("templates", "static"):
        wanted += [f"scorekeeper/{p.relative_to(ROOT)}" for p in (ROOT / folder).rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts]
    assert sorted(set(wanted) - names) == []


def test_the_installed_app_migrates_and_serves_pages_outside_the_checkout(wheel, tmp_path):
    # A fresh virtualenv with the wheel installed in it, run from a directory with no
    # checkout. Its dependencies are this environment's site-packages, added as plain
    # folders: the .pth hook of this environment's editable install stays behind, so a
    # module missing from the wheel cannot be found in the checkout instead.
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = str(venv / "bin" / "python")
    site = run([python, "-c", PURELIB]).stdout.strip()
    here = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    Path(site, "dependencies.pth").write_text("\n".join(sorted(here)) + "\n")
    run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "-q",
         str(wheel)])
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(tmp_path / "i")}
    for name in ("DATABASE_URL", "PYTHONPATH"):
        env.pop(name, None)
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
# In Arabic too: the wheel of a fresh clone has no compiled catalogues; the app makes them.
assert 'dir="rtl"' in arabic.text and "حاسبة الهاند" in arabic.text
print("served")
""".replace("SITE", repr(str(site)))
    served = run([python, "-c", script], cwd=tmp_path, env=env, timeout=120)
    assert served.stdout.strip().endswith("served")
    assert (tmp_path / "i" / "scorekeeper.sqlite").exists()
