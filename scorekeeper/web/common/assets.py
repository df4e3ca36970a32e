"""Static files under versioned addresses: every link to one carries a digest of its
content (``/static/app.js?v=3f2a…``), so phones may keep it for a year and still get the
new file the moment it changes — its address changes with it. A request without the
current digest (an old page, a typed address) is answered as before, to be revalidated."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Flask, Response, request

YEAR = 365 * 24 * 3600


def init_app(app: Flask) -> None:
    folder = Path(app.static_folder or "")

    @lru_cache(maxsize=64)
    def digest(filename: str) -> str | None:
        path = (folder / filename).resolve()
        if folder.resolve() not in path.parents or not path.is_file():
            return None
        return hashlib.sha256(path.read_bytes()).hexdigest()[:12]

    # Any: Flask's url_defaults hands the endpoint's values over untyped
    def versioned(endpoint: str, values: dict[str, Any]) -> None:
        if (endpoint == "static" and "filename" in values and "v" not in values
                and (version := digest(values["filename"])) is not None):
            values["v"] = version

    def lasting(response: Response) -> Response:
        filename = (request.view_args or {}).get("filename")
        if (request.endpoint == "static" and filename and response.status_code in (200, 304)
                and request.args.get("v") == digest(filename)):
            response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
        return response

    app.url_defaults(versioned)
    app.after_request(lasting)
