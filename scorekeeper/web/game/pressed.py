"""Whole game pages kept compressed, once (issue 40).

A kept page (scorekeeper/web/game/live.py) is the same for every phone but for one thing: the
CSRF token of each of its forms, which is the phone's own. Compressing the page again for
every phone cost more than the rest of its read. So each token's input names its form
(``form="…"``) and may stand anywhere: a kept page gathers them just before ``</body>``.
What comes before them is compressed once and kept; each answer adds only that short tail,
with the phone's token put in, in a way the browser reads as one stream:

- gzip: the kept part is a raw deflate stream ended by a sync flush (byte-aligned, not
  final); the tail is deflated on its own after it, and the trailer's CRC continues the
  kept part's.
- brotli: the kept part is flushed from the compressor (byte-aligned, not final); the
  tail follows as an uncompressed meta-block, then the empty last meta-block (RFC 7932,
  section 9.2). An uncompressed block depends on nothing before it, as a compressed tail
  would.

A page with a token outside the tail (a form's input that names no form) is answered as
before, compressed whole per answer: slower, never wrong.
"""

from __future__ import annotations

import re
import struct
import zlib
from collections import OrderedDict
from collections.abc import Callable

from flask import Response, make_response

from ...compression import LEVEL, QUALITY, taken
from .live import Kept, csrf_token, remember

TOKEN_SLOT = Kept.TOKEN_SLOT
# A token's input that names its form: it may leave the form for the page's end.
_TOKEN_INPUT = re.compile(r'<input(?=[^>]*\bform="[^"]+")[^>]*value="' + TOKEN_SLOT + r'"[^>]*>')
_BLANK_LINES = re.compile(r"\n\s*\n")
_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # deflate, no name, no time
_BROTLI_LAST = b"\x03"  # ISLAST and ISLASTEMPTY: the stream ends
_BLOCK = 1 << 16  # the most an uncompressed meta-block with four length nibbles holds
# Compressed once per page, the head takes more time for fewer bytes than an answer made
# afresh does (quality 5, gzip 6): brotli's 10 is a seventh smaller than 5, in about 10 ms
# for a game of 30 deals, paid by the first phone to open the page after a change; 11
# gains little more for four times that. A longer page (a game of hundreds of deals) is
# compressed as answers are: at 10, its time would grow with it, to 50 ms and more.
BROTLI_QUALITY, GZIP_LEVEL, BEST_UP_TO = 10, 9, 64 * 1024


class Pressed:
    """A page as kept: its head (compressed on first use, once per encoding) and its tail
    (the forms' tokens, as slots, and the end of the page)."""

    def __init__(self, html: str) -> None:
        tokens = _TOKEN_INPUT.findall(html)
        # Blank lines go too (the templates' tags leave them; no page has a <pre> or a
        # <textarea>, where they would show): 70 to 80 bytes of a game's page, compressed.
        html = _BLANK_LINES.sub("\n", _TOKEN_INPUT.sub("", html))
        end = html.rfind("</body>")
        if end < 0 or TOKEN_SLOT in html[:end]:
            end = 0  # a token in the head: nothing can be kept compressed
        self.head = html[:end].encode()
        self.tail = "".join(tokens) + html[end:]
        self._gzip: tuple[bytes, int] | None = None
        self._brotli: bytes | None = None

    def page(self, token: str) -> str:
        return (self.head.decode() + self.tail).replace(TOKEN_SLOT, token)

    def gzip(self, tail: bytes) -> bytes:
        if self._gzip is None:
            level = GZIP_LEVEL if len(self.head) <= BEST_UP_TO else LEVEL
            deflate = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
            head = deflate.compress(self.head) + deflate.flush(zlib.Z_SYNC_FLUSH)
            self._gzip = (_GZIP_HEADER + head, zlib.crc32(self.head))
        head, crc = self._gzip
        trailer = struct.pack("<II", zlib.crc32(tail, crc),
                              (len(self.head) + len(tail)) & 0xFFFFFFFF)
        return head + zlib.compress(tail, LEVEL, wbits=-zlib.MAX_WBITS) + trailer

    def brotli(self, tail: bytes) -> bytes:
        if self._brotli is None:
            import brotli  # the compact extra: asked for only when taken("br") found it

            quality = BROTLI_QUALITY if len(self.head) <= BEST_UP_TO else QUALITY
            compressor = brotli.Compressor(quality=quality)
            self._brotli = compressor.process(self.head) + compressor.flush()
        blocks = [_uncompressed(tail[at:at + _BLOCK]) for at in range(0, len(tail), _BLOCK)]
        return self._brotli + b"".join(blocks) + _BROTLI_LAST

    def response(self) -> Response:
        """The page for this request: the phone's own token in, compressed as its browser
        takes it."""
        token = csrf_token()
        if not self.head:
            return make_response(self.page(token))
        tail = self.tail.replace(TOKEN_SLOT, token).encode()
        if taken("br"):
            body, encoding = self.brotli(tail), "br"
        elif taken("gzip"):
            body, encoding = self.gzip(tail), "gzip"
        else:
            return make_response(self.head + tail)
        response = make_response(body)
        response.headers["Content-Encoding"] = encoding
        response.vary.add("Accept-Encoding")
        return response


def _uncompressed(data: bytes) -> bytes:
    """A brotli meta-block holding *data* (1 to 65,536 bytes) as it is: ISLAST 0, four
    nibbles of MLEN - 1, ISUNCOMPRESSED 1, padding to the byte, then the bytes."""
    header = ((len(data) - 1) << 3) | (1 << 19)
    return header.to_bytes(3, "little") + data


class KeptPages:
    """Whole pages by key, as :class:`Pressed`: rendered, and compressed, once while the
    game is unchanged; beyond *size* pages the one unused longest falls out."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.parts: OrderedDict[tuple[str, ...], Pressed] = OrderedDict()

    def __call__(self, key: tuple[str, ...], render: Callable[[], str]) -> Pressed:
        token = csrf_token()

        def fresh() -> Pressed:
            html = render()
            return Pressed(html.replace(token, TOKEN_SLOT) if token else html)

        return remember(self.parts, self.size, key, fresh)


#: Whole game pages, 30 to 60 KB each: fewer of them than the parts.
kept_pages = KeptPages(128)
