"""Draw the app's icons: two fanned playing cards (a red heart before a black spade) on the
app's green, as PNGs for the web app manifest and the iPhone's home screen.

The PNGs are committed under static/icons/; run this again only to redraw them. It needs
Pillow, which the app itself does not (install it anywhere, e.g. in a throwaway venv):

    python -m venv /tmp/icons && /tmp/icons/bin/pip install pillow
    /tmp/icons/bin/python scripts/make_icons.py

Written out:

- ``icon-192.png``, ``icon-512.png``: purpose "any", a rounded green square with the
  cards, transparent corners;
- ``maskable-192.png``, ``maskable-512.png``: purpose "maskable", green to every edge,
  the cards inside the middle 80 % (the safe zone a launcher's mask never cuts);
- ``icon-32.png``: the page's favicon, which every browser fetches with the page (the big
  ones only when the app is installed);
- ``apple-touch-icon.png`` (180 px): iOS rounds the corners itself and shows no
  transparency, so green to every edge, like the maskable one.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
GREEN = (11, 110, 79, 255)  # --accent in static/style.css, the manifest's theme colour
FELT = (9, 92, 66, 255)
CARD = (255, 255, 255, 255)
EDGE = (206, 201, 188, 255)
RED = (200, 30, 45, 255)
BLACK = (29, 29, 31, 255)
SCALE = 4  # drawn four times larger, then scaled down: smooth edges


def heart(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill) -> None:
    """A heart *size* wide, centred on (cx, cy)."""
    r = size / 4
    draw.ellipse((cx - 2 * r, cy - 1.6 * r, cx, cy + 0.4 * r), fill=fill)
    draw.ellipse((cx, cy - 1.6 * r, cx + 2 * r, cy + 0.4 * r), fill=fill)
    draw.polygon([(cx - 1.93 * r, cy - 0.2 * r), (cx + 1.93 * r, cy - 0.2 * r),
                  (cx, cy + 2.1 * r)], fill=fill)


def spade(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill) -> None:
    """A spade *size* wide, centred on (cx, cy): a heart upside down, on a stem."""
    r = size / 4
    draw.ellipse((cx - 2 * r, cy - 0.4 * r, cx, cy + 1.6 * r), fill=fill)
    draw.ellipse((cx, cy - 0.4 * r, cx + 2 * r, cy + 1.6 * r), fill=fill)
    draw.polygon([(cx - 1.93 * r, cy + 0.2 * r), (cx + 1.93 * r, cy + 0.2 * r),
                  (cx, cy - 2.1 * r)], fill=fill)
    draw.polygon([(cx - 0.25 * r, cy + 0.9 * r), (cx + 0.25 * r, cy + 0.9 * r),
                  (cx + 0.9 * r, cy + 2.5 * r), (cx - 0.9 * r, cy + 2.5 * r)], fill=fill)


def card(size: int, suit, colour, angle: float) -> Image.Image:
    """One card, *size* high, with its suit big in the middle and small in two corners,
    turned by *angle* degrees (counter-clockwise)."""
    w, h = int(size * 0.68), size
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = w * 0.1
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=EDGE)
    border = max(2, w // 60)
    draw.rounded_rectangle((border, border, w - 1 - border, h - 1 - border),
                           radius - border, fill=CARD)
    suit(draw, w / 2, h / 2, w * 0.56, colour)
    suit(draw, w * 0.18, h * 0.13, w * 0.18, colour)
    suit(draw, w * 0.82, h * 0.87, w * 0.18, colour)
    return image.rotate(angle, resample=Image.BICUBIC, expand=True)


def artwork(size: int, inner: float, rounded: bool) -> Image.Image:
    """The icon at *size* px: the cards fill the middle *inner* share of it."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if rounded:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), big * 0.18, fill=GREEN)
    else:
        draw.rectangle((0, 0, big, big), fill=GREEN)
    # A darker table top under the cards, as felt.
    felt = big * inner * 0.5
    draw.ellipse((big / 2 - felt, big / 2 - felt, big / 2 + felt, big / 2 + felt), fill=FELT)
    height = int(big * inner * 0.66)
    back = card(height, spade, BLACK, 14)
    front = card(height, heart, RED, -10)
    shift = big * inner * 0.12
    for layer, dx, dy in ((back, -shift, -shift * 0.25), (front, shift, shift * 0.25)):
        x = int(big / 2 + dx - layer.width / 2)
        y = int(big / 2 + dy - layer.height / 2)
        shadow = Image.new("RGBA", layer.size, (0, 0, 0, 0))
        shadow.putalpha(layer.getchannel("A").point(lambda a: a * 0.35))
        offset = int(big * 0.012)
        image.alpha_composite(shadow, (x + offset, y + offset))
        image.alpha_composite(layer, (x, y))
    return image.resize((size, size), Image.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    artwork(32, 0.86, rounded=True).save(OUT / "icon-32.png", optimize=True)
    for size in (192, 512):
        artwork(size, 0.86, rounded=True).save(OUT / f"icon-{size}.png", optimize=True)
        # The safe zone is a circle of 80 % of the width: the fanned cards' corners must
        # stay inside it, hence the smaller share.
        artwork(size, 0.62, rounded=False).save(OUT / f"maskable-{size}.png", optimize=True)
    apple = artwork(180, 0.74, rounded=False).convert("RGB")
    apple.save(OUT / "apple-touch-icon.png", optimize=True)
    assert math.isclose(Image.open(OUT / "icon-512.png").width, 512)


if __name__ == "__main__":
    main()
