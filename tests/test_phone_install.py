"""A phone serving its table from Termux has no compiler by default (docs/phone-host.md,
"What it needs"): there `make run` installs requirements/phone.txt, the base packages
without the compiled extras, whose absence the app handles."""

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What the extras bring that needs compiling on Android.
COMPILED = {"brotli", "pillow", "python-bidi", "rjsmin", "rcssmin", "psycopg",
            "psycopg-binary", "greenlet"}


def pinned(lock: str) -> dict[str, str]:
    text = (ROOT / "requirements" / lock).read_text()
    return dict(re.findall(r"^([a-z0-9._-]+)==(\S+)", text, re.MULTILINE | re.IGNORECASE))


def test_the_phone_lock_holds_nothing_that_needs_a_compiler():
    phone = {name.lower(): version for name, version in pinned("phone.txt").items()}
    assert phone and not COMPILED & phone.keys()


def test_the_phone_lock_installs_the_same_versions_as_the_run_lock():
    run = pinned("run.txt")
    assert all(run[name] == version for name, version in pinned("phone.txt").items())


def run_lock(prefix: str) -> str:
    # Under `make test-newest` the outer make passes VENV=.venv-newest down through
    # MAKEFLAGS; the plan asked for here is a newcomer's plain `make run`.
    env = {k: v for k, v in os.environ.items() if k not in {"MAKEFLAGS", "MFLAGS", "MAKELEVEL"}}
    plan = subprocess.run(["make", "-n", "-B", ".venv/.run-installed", f"PREFIX={prefix}"],
                          cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    return re.search(r"install -r (\S+)", plan).group(1)


def test_make_run_installs_the_phone_lock_under_termux_only():
    assert run_lock("/data/data/com.termux/files/usr") == "requirements/phone.txt"
    assert run_lock("/usr") == "requirements/run.txt"
