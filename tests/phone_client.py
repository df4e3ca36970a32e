"""The test client as a phone or an API client that behaves: before it corrects or undoes a
deal it has read the game, so it sends the version it saw (docs/api.md, "Versions").

Most tests are about something else than versions; with this client they correct and undo
as a well-behaved phone does. A request that already says a version (If-Match, a
``version`` field) goes as written, and the tests of versions themselves use
``raw_client`` (tests/conftest.py), which adds nothing."""

from __future__ import annotations

import gzip
import json
import re

import openapi_check
from flask.testing import FlaskClient

API_CHANGE = re.compile(r"^/api/v1/games/(?P<game>[^/]+)/deals/\d+$")
PAGE_CHANGE = re.compile(r"^/games/(?P<game>[^/]+)/(?:undo|deals/\d+/edit)$")


class ConformingClient(FlaskClient):
    """A test client that checks every API answer against the OpenAPI description."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        request = response.request
        if request.path.startswith("/api/v1/"):
            openapi_check.check(request.method, request.path, response.status_code,
                                response.content_type or "", _unpacked(response))
        return response


def _unpacked(response) -> bytes:
    """The body as the server wrote it, before compression (scorekeeper/compression.py
    packs an API answer too, for a client that takes gzip or brotli)."""
    data = response.get_data()
    encoding = response.headers.get("Content-Encoding")
    if encoding == "gzip":
        return gzip.decompress(data)
    if encoding == "br":
        import brotli  # the compact extra, which the tests install
        return brotli.decompress(data)
    return data


class PhoneClient(ConformingClient):
    def open(self, *args, **kwargs):
        path = args[0] if args and isinstance(args[0], str) else kwargs.get("path")
        method = kwargs.get("method", "GET").upper()
        if isinstance(path, str):
            path = path.split("?")[0]
            if method in ("PUT", "DELETE") and (match := API_CHANGE.match(path)):
                self._add_if_match(match["game"], kwargs)
            elif method == "POST" and (match := PAGE_CHANGE.match(path)):
                self._add_form_version(match["game"], kwargs)
        return super().open(*args, **kwargs)

    def _version(self, game_id: str) -> str | None:
        # A read of its own, as the phone's earlier page load or GET was.
        answer = super().open(f"/api/v1/games/{game_id}", method="GET")
        return answer.get_json().get("version") if answer.status_code == 200 else None

    def _add_if_match(self, game_id: str, kwargs: dict) -> None:
        headers = dict(kwargs.get("headers") or {})
        body = kwargs.get("json")
        if body is None and isinstance(kwargs.get("data"), str):
            try:
                body = json.loads(kwargs["data"])
            except ValueError:
                body = None
        if "If-Match" in headers or (isinstance(body, dict) and "version" in body):
            return
        if (version := self._version(game_id)) is not None:
            kwargs["headers"] = headers | {"If-Match": f'"{version}"'}

    def _add_form_version(self, game_id: str, kwargs: dict) -> None:
        data = kwargs.get("data")
        if isinstance(data, dict) and "version" not in data and (
                version := self._version(game_id)) is not None:
            kwargs["data"] = data | {"version": version}
