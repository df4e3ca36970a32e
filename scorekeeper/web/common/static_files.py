"""Static files as phones fetch them: each file prepared once — our own scripts and style
sheets minified (the vendored htmx comes minified), then each text file compressed with
brotli and with gzip at their best levels — kept in memory and sent in the best encoding
the browser takes. A phone on a weak café connection fetches the first page in about 30 KB
(docs/performance.md), and the server no longer gzips the same file at every request. An
image (compressed already) goes as it is, from memory too: with the few headers it needs,
not those of a file sent from disk (its name, its date, byte ranges), and never left open
by the development server when a browser drops the connection mid-answer, as Chromium
does with the images of a page it leaves.

Minifying and brotli come with the ``compact`` extra (``make run``, ``make serve`` and
``make test`` install it); without it — an install on a phone, where nothing compiled is
wanted — the files go as they are, gzipped once."""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import os
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, Response, abort, request
from flask.typing import ResponseReturnValue
from werkzeug.security import safe_join

from ...compression import KINDS

try:  # the compact extra
    import brotli
    import rcssmin
    import rjsmin
except ImportError:  # pragma: no cover - exercised by an install without the extra
    brotli = rcssmin = rjsmin = None


@dataclass(frozen=True)
class Prepared:
    """One static file, ready to send in each encoding (an image: as it is)."""

    stamp: tuple[int, int]  # the file's modification time and size when prepared
    mimetype: str
    digest: str
    encoded: dict[str, bytes]  # "br", "gzip" and "identity"

    def body(self, encoding: str) -> bytes:
        return self.encoded[encoding]


def minified(name: str, data: bytes) -> bytes:
    """*data* of the file *name* without its comments and spacing, where a minifier is
    installed; files already minified (``*.min.js``) are left alone."""
    if rjsmin is None or rcssmin is None or ".min." in name:
        return data
    if name.endswith(".js"):
        return bytes(rjsmin.jsmin(data))
    if name.endswith(".css"):
        return bytes(rcssmin.cssmin(data))
    return data


def prepare(path: Path, name: str) -> Prepared:
    status = path.stat()
    data = minified(name, path.read_bytes())
    mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
    encoded = {"identity": data}
    if mimetype in KINDS:
        encoded["gzip"] = gzip.compress(data, compresslevel=9, mtime=0)
        if brotli is not None:
            encoded["br"] = brotli.compress(data, quality=11)
    return Prepared((status.st_mtime_ns, status.st_size), mimetype,
                    hashlib.sha256(data).hexdigest()[:16], encoded)


def chosen(prepared: Prepared) -> str:
    """The encoding to send: brotli, else gzip, where the browser takes it and it is
    smaller than the file itself."""
    for encoding in ("br", "gzip"):
        body = prepared.encoded.get(encoding)
        if (body is not None and request.accept_encodings[encoding] > 0
                and len(body) < len(prepared.encoded["identity"])):
            return encoding
    return "identity"


def init_app(app: Flask) -> None:
    folder = Path(app.static_folder or "")
    kept: dict[str, Prepared] = {}

    def static(filename: str) -> ResponseReturnValue:
        found = safe_join(str(folder), filename)
        if found is None or not os.path.isfile(found):
            abort(404)
        path = Path(found)
        status = path.stat()
        prepared = kept.get(filename)
        if prepared is None or prepared.stamp != (status.st_mtime_ns, status.st_size):
            # A file changed on disk (a checkout while serving) is prepared again.
            prepared = kept[filename] = prepare(path, filename)
        encoding = chosen(prepared)
        response = Response(prepared.body(encoding), mimetype=prepared.mimetype)
        if encoding != "identity":
            response.headers["Content-Encoding"] = encoding
        if prepared.mimetype in KINDS:
            response.vary.add("Accept-Encoding")
        # One tag per encoding: a cache between must not give gzip to whom asked brotli.
        response.set_etag(f"{prepared.digest}-{encoding}")
        # Checked again at each use, unless the address carries the file's digest
        # (scorekeeper.web.common.assets makes those last a year).
        response.cache_control.no_cache = True
        return response.make_conditional(request)

    app.view_functions["static"] = static
