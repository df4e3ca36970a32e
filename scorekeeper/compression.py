"""Answers sent compressed to the clients that take it: a sheet of a long game is about
five times smaller compressed, which a phone on a weak café connection feels. Brotli where
the browser takes it and the ``compact`` extra is installed (at quality 5: as quick as gzip
on a page, and about a seventh smaller), else the standard library's gzip. Static files
are prepared once instead (scorekeeper.web.common.static_files) and cached by the phones for a
year (scorekeeper.web.common.assets)."""

from __future__ import annotations

import gzip

from flask import Flask, Response, request

try:  # the compact extra
    import brotli
except ImportError:  # pragma: no cover - exercised by an install without the extra
    brotli = None

# Brotli's quality and gzip's level for answers made afresh: brotli 5 is as quick as gzip
# 6 on a page, and about a seventh smaller.
QUALITY, LEVEL = 5, 6
# Below this the gzip header and the work cost more than they save.
SMALLEST = 500
KINDS = {"text/html", "text/css", "text/csv", "text/plain", "application/json",
         "application/javascript", "text/javascript", "image/svg+xml",
         "application/manifest+json"}


def init_app(app: Flask) -> None:
    app.after_request(compress)


def compress(response: Response) -> Response:
    # A static file is sent straight from disk (streamed); it is read to be compressed.
    from_disk = response.direct_passthrough
    if (response.status_code != 200 or (response.is_streamed and not from_disk)
            or "Content-Encoding" in response.headers
            or response.mimetype not in KINDS
            or not (request.accept_encodings["gzip"] > 0 or taken("br"))):
        # Either way the answer depends on Accept-Encoding, for a cache between.
        if response.mimetype in KINDS:
            response.vary.add("Accept-Encoding")
        return response
    response.direct_passthrough = False
    body = response.response
    data = response.get_data()
    if from_disk and hasattr(body, "close"):
        body.close()  # the file is read whole: let it go now
    if len(data) >= SMALLEST:
        if taken("br"):
            response.set_data(brotli.compress(data, quality=QUALITY))
            response.headers["Content-Encoding"] = "br"
        else:
            response.set_data(gzip.compress(data, compresslevel=LEVEL, mtime=0))
            response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def taken(encoding: str) -> bool:
    """Does the browser take *encoding*, and can this install make it?"""
    return (encoding != "br" or brotli is not None) and request.accept_encodings[encoding] > 0
