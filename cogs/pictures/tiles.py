"""Card tiles: each face drawn once per size (at twice the size, then downsampled), then pasted.

The corner index (rank over a small suit shape) sits in the card's left strip,
which stays visible when cards overlap in a hand; the big shape fills the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from .faces import Face, Family, face_of
from .lettering import fit_font
from .shapes import draw_shape

SCALE = 2  # drawn at 2×, downsampled: smooth edges without a blurry resize of the finished image
BORDER = (110, 110, 110)


@dataclass(frozen=True, slots=True)
class Size:
    """A tile size in final pixels; ``strip`` is the left strip that overlapping leaves visible."""

    w: int
    h: int
    strip: int


HAND = Size(56, 80, 28)
TABLE = Size(46, 66, 22)


def _blank(size: Size, fill: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    w, h = size.w * SCALE, size.h * SCALE
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=6 * SCALE, fill=(*fill, 255), outline=(*BORDER, 255), width=SCALE)
    return img, d


def _draw_face(face: Face, size: Size) -> Image.Image:
    img, d = _blank(size, face.fill)
    k = SCALE * size.w / HAND.w
    strip = (size.strip - 3) * SCALE
    f = fit_font(face.rank, strip - 2 * k, round(22 * k))
    d.text((4 * k, 2 * k), face.rank, font=f, fill=face.colour, stroke_width=max(1, round(0.6 * k)), stroke_fill=face.colour)
    pip = min(16 * k, strip - 4 * k)
    top = 28 * k
    draw_shape(d, face.shape, (4 * k, top, 4 * k + pip, top + pip), face.colour)
    big = 0.5 * size.w * SCALE
    cx, cy = (size.w * SCALE + strip) / 2 + 1 * k, size.h * SCALE * 0.55
    if face.word:
        big *= 0.8
        cy = size.h * SCALE * 0.45
        wf = fit_font(face.word, size.w * SCALE - 8 * k, round(12 * k))
        d.text((size.w * SCALE / 2, size.h * SCALE - 5 * k), face.word, font=wf, fill=face.colour, anchor="ms")
    draw_shape(d, face.shape, (cx - big / 2, cy - big / 2, cx + big / 2, cy + big / 2), face.colour)
    return img.resize((size.w, size.h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=4096)
def tile(family: Family, code: str, size: Size = HAND, four_colour: bool = True) -> Image.Image:
    """The picture of ``code`` (cached: a face is drawn once per size)."""
    return _draw_face(face_of(family, code, four_colour), size)


@lru_cache(maxsize=16)
def back(size: Size = HAND) -> Image.Image:
    """A face-down card: a blue lattice inside a white frame."""
    img, d = _blank(size, (250, 250, 250))
    w, h, m = size.w * SCALE, size.h * SCALE, 4 * SCALE
    d.rounded_rectangle((m, m, w - 1 - m, h - 1 - m), radius=4 * SCALE, fill=(35, 75, 160))
    step = 8 * SCALE
    for x in range(-h, w, step):
        d.line((x, m, x + h, h - m), fill=(70, 115, 200), width=SCALE)
        d.line((x + h, m, x, h - m), fill=(70, 115, 200), width=SCALE)
    d.rounded_rectangle((m, m, w - 1 - m, h - 1 - m), radius=4 * SCALE, outline=(250, 250, 250), width=SCALE)
    return img.resize((size.w, size.h), Image.Resampling.LANCZOS)
