"""The translation catalogues: extract the strings marked for translation, bring each
language's .po up to date with them, and compile the .po into the .mo Flask-Babel reads.

The .po files (and messages.pot) are in git; the .mo are build output (``make
translations``, which ``make run`` and ``make test`` depend on; the test suite also
compiles them at start). ``make messages`` extracts and updates after strings change.

    python -m scorekeeper.catalogues extract|update|compile
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = Path(__file__).resolve().parent / "translations"
TEMPLATE = TRANSLATIONS / "messages.pot"
# Babel's defaults cover _, gettext, ngettext and N_ (the rules engine's marker); the web
# code also marks module-level strings with lazy_gettext, imported as _l, and the engine
# marks a sentence whose words follow a number with N_plural (singular, plural).
KEYWORDS = ("_l", "lazy_gettext", "lazy_ngettext:1,2", "lazy_pgettext:1c,2", "N_plural:1,2")


def extract(output: Path = TEMPLATE) -> Path:
    """Write every marked string of scorekeeper/ and templates/ to *output* (a .pot)."""
    args = ["-F", str(ROOT / "babel.cfg"), "--add-comments=Translators:", "--sort-by-file",
            "--add-location=file", "--no-wrap", "--project=Hand Scorekeeper",
            "--copyright-holder=the Hand Scorekeeper authors"]
    for keyword in KEYWORDS:
        args += ["-k", keyword]
    # From the root, so the locations in the catalogue read scorekeeper/..., templates/...
    with contextlib.chdir(ROOT):
        _pybabel("extract", *args, "-o", str(output), ".")
    return output


def update() -> None:
    """Re-extract, then merge messages.pot into every language's messages.po: new strings
    come in untranslated (or fuzzy, with the old sentence shown, when one only changed)."""
    extract()
    _pybabel("update", "-i", str(TEMPLATE), "-d", str(TRANSLATIONS), "--no-wrap",
             "--ignore-obsolete", "--previous")


def catalogues() -> list[Path]:
    """Every language's messages.po."""
    return sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"))


def compile_all(force: bool = False) -> list[Path]:
    """Compile each messages.po that changed since its messages.mo; fuzzy entries are left
    out (the English shows until someone checks them). Returns the .mo written."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in catalogues():
        mo = po.with_suffix(".mo")
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalogue = read_po(source)
        # Written aside and renamed, so a running server never reads half a file.
        handle, temporary = tempfile.mkstemp(dir=mo.parent, suffix=".mo")
        with os.fdopen(handle, "wb") as target:
            write_mo(target, catalogue)
        os.replace(temporary, mo)
        written.append(mo)
    return written


def _pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    # Babel's command line has no annotations: its run() is typed here by hand.
    run = cast(Callable[[list[str]], object], CommandLineInterface().run)
    run(["pybabel", "--quiet", *args])


def main(argv: list[str]) -> int:
    commands: dict[str, Callable[[], object]] = {
        "extract": extract, "update": update, "compile": compile_all}
    if len(argv) != 1 or argv[0] not in commands:
        print(f"usage: python -m scorekeeper.catalogues {'|'.join(commands)}", file=sys.stderr)
        return 2
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
