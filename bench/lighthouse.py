"""Lighthouse (mobile) scores of the pages a table opens, in English and Arabic: home, a
new game, a Hand game, a Hand and Foot game and the referee.

Serves the app as ``make run`` does, on loopback with a fresh SQLite file (bench/load.py's
server), makes one game of each through the JSON API, then runs Lighthouse on each page
with Debian's Chromium. Lighthouse comes from the npm registry into ``bench/.lighthouse``
the first time (Node.js 18 or newer is needed; it is not part of ``make test``).

Beside the four scores, each page's cumulative layout shift (the median of the runs).

Lighthouse's performance score depends on the machine's load: run it on a quiet machine
and note the load average beside the figures (docs/performance.md).

Run from the repository root: ``.venv/bin/python bench/lighthouse.py [--runs 3]
[--tree /tmp/worktree]``; each score is the median of the runs. ``--tree`` serves another
checkout (bench/load.py's), say a git worktree of one commit while the work tree changes.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
TOOL = HERE / ".lighthouse"
LIGHTHOUSE = TOOL / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking " \
        "--disable-component-update"

spec = importlib.util.spec_from_file_location("load_bench", HERE / "load.py")
load = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = load
spec.loader.exec_module(load)


def install() -> None:
    if not LIGHTHOUSE.exists():
        TOOL.mkdir(exist_ok=True)
        subprocess.run(["npm", "install", "--silent", "--prefix", str(TOOL), "lighthouse@12"],
                       check=True)


def post(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base + path, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def scores(url: str, language: str, folder: Path) -> dict[str, float]:
    out = folder / "report.json"
    subprocess.run(
        [str(LIGHTHOUSE), url, "--form-factor=mobile", "--output=json",
         f"--output-path={out}", "--quiet", f"--chrome-flags={FLAGS}",
         f"--extra-headers={json.dumps({'Accept-Language': language})}"],
        check=True, env=os.environ | {"CHROME_PATH": CHROMIUM})
    report = json.loads(out.read_text())
    found = {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES}
    # The page's own layout shift, beside the score it weighs on (issue 24).
    found["shift"] = report["audits"]["cumulative-layout-shift"]["numericValue"]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", nargs="*", default=[],
                        help="these pages alone (home, new, hand, foot, referee), e.g. to "
                             "score again those a busy machine marked down")
    parser.add_argument("--languages", nargs="*", default=["en", "ar"])
    parser.add_argument("--tree", type=Path, default=load.ROOT,
                        help="serve this checkout of the app instead (a git worktree)")
    args = parser.parse_args()
    install()
    with tempfile.TemporaryDirectory() as folder:
        server = load.Server(Path(folder) / "lighthouse.sqlite", tree=args.tree.resolve())
        server.upgrade()
        server.start()
        try:
            base = f"http://127.0.0.1:{server.port}"
            hand = post(base, "/api/v1/games", {"rules": "levant", "first_dealer": "Sami",
                                                "players": ["Sami", "Rana", "Omar", "Lina"]})
            foot = post(base, "/api/v1/games", {"rules": "hand_and_foot", "first_dealer": "Sami",
                                                "players": ["Sami", "Rana", "Omar", "Lina"]})
            pages = {"home": "/", "new game": "/new", "Hand game": hand["url"],
                     "Hand and Foot game": foot["url"], "referee": "/referee"}
            print(f"load average: {os.getloadavg()[0]:.1f}")
            print(f"{'page':20} {'lang':4} " + " ".join(f"{c[:13]:>13}" for c in CATEGORIES)
                  + "  layout shift")
            short = dict(zip(pages, ("home", "new", "hand", "foot", "referee"), strict=True))
            for name, path in pages.items():
                if args.only and short[name] not in args.only:
                    continue
                url = path if path.startswith("http") else base + path
                for language in args.languages:
                    runs = [scores(url, language, Path(folder)) for _ in range(args.runs)]
                    median = {c: statistics.median(r[c] for r in runs) for c in CATEGORIES}
                    shift = statistics.median(r["shift"] for r in runs)
                    print(f"{name:20} {language:4} " + " ".join(
                        f"{median[c]:>13.0f}" for c in CATEGORIES)
                        + f"  {shift:12.3f}   (load {os.getloadavg()[0]:.1f})", flush=True)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
