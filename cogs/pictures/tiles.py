"""Card tiles: each face drawn once per size (at twice the size, then downsampled), then pasted.

The corner index (rank over a small suit shape) sits in the card's left strip,
which stays visible when cards overlap in a hand; the big shape fills the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from games.core.i18n import _, language

from .faces import Face, Family, face_of
from .lettering import font_for
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


@dataclass(frozen=True, slots=True)
class Lettering:
    """One text on a face and the box it must fit (drawing pixels, at ``SCALE``): a test measures them all."""

    text: str
    font: ImageFont.FreeTypeFont
    box: tuple[float, float, float, float]
    vertical: bool = False  # read bottom to top, along the card's left strip

    def fits(self) -> bool:
        x0, y0, x1, y1 = self.font.getbbox(self.text)
        along, across = (self.box[3] - self.box[1], self.box[2] - self.box[0])
        if not self.vertical:
            along, across = across, along
        return x1 - min(0, x0) <= along and y1 - min(0, y0) <= across


def letterings(face: Face, size: Size) -> list[Lettering]:
    """The corner index and the card's word, each with the box it has on the card.

    Cards overlap in a hand, leaving only the left strip visible, so everything
    a player must read is in the strip: the rank at the top, and a word card's
    name (translated) written up the strip below it, where the small suit shape goes
    on a number card.
    """
    k = SCALE * size.w / HAND.w
    strip = (size.strip - 3) * SCALE
    out = [_fitted(face.rank, (4 * k, 2 * k, strip, 26 * k), round(22 * k))]
    if face.word:
        word_box = (4 * k, 28 * k, strip, size.h * SCALE - 5 * k)
        out.append(_fitted(_(face.word), word_box, min(round(13 * k), round(word_box[2] - word_box[0])), vertical=True))
    return out


def _fitted(text: str, box: tuple[float, float, float, float], px: int, *, vertical: bool = False) -> Lettering:
    """``text`` at the largest size up to ``px`` that fits ``box`` (6 px at the least)."""
    while px > 6 and not Lettering(text, font_for(text, px), box, vertical).fits():
        px -= 1
    return Lettering(text, font_for(text, px), box, vertical)


def _vertical(img: Image.Image, text: Lettering, colour: tuple[int, int, int]) -> None:
    """``text`` turned a quarter left, bottom-aligned in its box's lower end."""
    x0, y0, x1, y1 = (round(v) for v in text.box)
    bbox = text.font.getbbox(text.text)
    strip = Image.new("RGBA", (round(bbox[2]) + 2, round(bbox[3]) + 2), (0, 0, 0, 0))
    ImageDraw.Draw(strip).text((0, 0), text.text, font=text.font, fill=(*colour, 255))
    turned = strip.rotate(90, expand=True)
    left = x0 + max(0, (x1 - x0 - turned.width) // 2)
    img.alpha_composite(turned, (left, max(y0, y1 - turned.height)))


def _draw_face(face: Face, size: Size) -> Image.Image:
    img, d = _blank(size, face.fill)
    k = SCALE * size.w / HAND.w
    strip = (size.strip - 3) * SCALE
    rank, *word = letterings(face, size)
    d.text(rank.box[:2], rank.text, font=rank.font, fill=face.colour,
           stroke_width=max(1, round(0.6 * k)), stroke_fill=face.colour)
    if word:
        _vertical(img, word[0], face.colour)
    else:
        pip = min(16 * k, strip - 4 * k)
        top = 28 * k
        draw_shape(d, face.shape, (4 * k, top, 4 * k + pip, top + pip), face.colour)
    big = 0.5 * size.w * SCALE
    cx, cy = (size.w * SCALE + strip) / 2 + 1 * k, size.h * SCALE * 0.55
    draw_shape(d, face.shape, (cx - big / 2, cy - big / 2, cx + big / 2, cy + big / 2), face.colour)
    return img.resize((size.w, size.h), Image.Resampling.LANCZOS)


def tile(family: Family, code: str, size: Size = HAND, four_colour: bool = True) -> Image.Image:
    """The picture of ``code`` in the language spoken now (a card's word is translated)."""
    return _tile(family, code, size, four_colour, language())


@lru_cache(maxsize=4096)
def _tile(family: Family, code: str, size: Size, four_colour: bool, _lang: str) -> Image.Image:
    """Cached: a face is drawn once per size and language."""
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
