"""Reading the pages and reaching every route, as a browser or a stranger would: what a
page says (its error messages, the sheet's totals, the games it lists), every route of the
app with its placeholders filled in (for the security and fuzz tests), and a count of every
table's rows to show nothing was stored. Starting games and posting the forms is
tests/game_actions.py's business."""

from __future__ import annotations

import html
import re

from game_actions import API
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game

HX = {"HX-Request": "true"}
XSS = "<script>alert(1)</script>"
READS = {"GET", "HEAD", "OPTIONS"}


def alerts(text: str) -> list[str]:
    """The text of each error message on a page (``<p class="error ...">``)."""
    return [html.unescape(re.sub(r"<[^>]+>", "", m)).strip()
            for m in re.findall(r'<p class="error[^"]*"[^>]*>(.*?)</p>', text, re.S)]


def totals_row(text: str) -> list[int]:
    """The totals in the sheet's footer (a total below 0 printed with "−")."""
    foot = re.search(r"<tfoot[^>]*>(.*?)</tfoot>", text, re.S)
    assert foot, "no score sheet on the page"
    return [int(t.replace("−", "-"))
            for t in re.findall(r"<td[^>]*>([-−]?\d+)</td>", foot.group(1))]


def who(text: str, term: str) -> str:
    """What the page says under *term* in the "next deal" box (Deals, Starts with...)."""
    match = re.search(rf"<dt>{re.escape(term)}</dt><dd>(.*?)</dd>", text)
    assert match, f"{term!r} not shown"
    return match.group(1)


def is_fragment(response) -> bool:
    """Whether *response* is the game's htmx fragment alone, without the layout."""
    text = response.text
    return 'id="game"' in text and "<html" not in text and "<head" not in text


def listed_ids(text: str) -> list[str]:
    """The games a list page links to, in order."""
    return re.findall(r'<li>\s*<a href="/games/([^"/]+)"', text)


def game_count(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game))


def view_id(app, game_id: str) -> str:
    with app.app_context():
        return db.session.get(Game, game_id).view_id


# Not a record of the game: the count of PIN tries, which a refused wrong PIN must add to.
BOOKKEEPING = {"pin_attempts"}


def rows(app) -> dict[str, int]:
    """How many rows each table of the games' records holds."""
    with app.app_context():
        return {table.name: db.session.scalar(select(func.count()).select_from(table))
                for table in db.metadata.sorted_tables if table.name not in BOOKKEEPING}


def routes(app, *, api: bool | None = None, writes: bool | None = None):
    """(method, rule) for every route but the static files; *api* and *writes* keep only
    the JSON API's (or only the pages') and only changing methods (or only reading)."""
    found = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        if api is not None and rule.rule.startswith(API + "/") != api:
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            if writes is not None and (method not in READS) != writes:
                continue
            found.append((method, rule))
    return sorted(found, key=lambda pair: (pair[1].rule, pair[0]))


def path_of(app, rule, game_id: str, number: int = 1, check: str | None = None) -> str:
    """*rule*'s address for this game (its view link for a view_id, deal *number*, the
    referee's question *check* where the address names one)."""
    values = {}
    for name in rule.arguments:
        if name == "game_id":
            values[name] = game_id
        elif name == "view_id":
            values[name] = view_id(app, game_id)
        elif hasattr(rule._converters[name], "items"):
            # One of a few words (<any(...)>): any will do.
            values[name] = sorted(rule._converters[name].items)[0]
        elif name == "check" and check is not None:
            values[name] = check
        else:
            # A deal number, or whatever a later route numbers: the first one exists.
            values[name] = number
    return app.url_map.bind("localhost").build(rule.endpoint, values, append_unknown=False)


def route_id(pair) -> str:
    method, rule = pair
    return f"{method} {rule.rule}"
