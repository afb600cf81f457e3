"""The fonts pictures are written in: Pillow's own font for ASCII, and a bundled Japanese font for the rest.

Pillow's bundled font (Aileron) draws ASCII only, so a name in kana or kanji, a
Japanese pile label or an accented name would come out as empty boxes. The
fallback is IPAexGothic (``fonts/ipaexg.ttf``, IPA Font License, shipped with
its licence in the package): any text with a character the main font lacks is
drawn in it whole (it has Latin letters too, so the text keeps one look).
Characters neither font has (emoji) are left out rather than drawn as boxes.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).with_name("fonts")
FALLBACK_FILE = FONT_DIR / "ipaexg.ttf"
_PROBE_PX = 20
_NO_SUCH_CHARACTER = "\U0010fffd"  # a private-use code point: every font draws its "missing" glyph


@lru_cache(maxsize=64)
def main_font(px: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled font (ASCII), so plain text needs no file of ours."""
    loaded = ImageFont.load_default(size=px)
    assert isinstance(loaded, ImageFont.FreeTypeFont)
    return loaded


@lru_cache(maxsize=64)
def fallback_font(px: int) -> ImageFont.FreeTypeFont:
    """The bundled Japanese font, for any text the main font can't draw."""
    return ImageFont.truetype(str(FALLBACK_FILE), px)


def _mask(f: ImageFont.FreeTypeFont, ch: str) -> tuple[tuple[int, int], bytes]:
    m = f.getmask(ch)
    return m.size, bytes(m)


@lru_cache(maxsize=8192)
def has_glyph(which: str, ch: str) -> bool:
    """Whether the font (``"main"`` or ``"fallback"``) draws ``ch`` as itself, not as its missing-glyph box."""
    if ch.isspace():
        return True
    f = main_font(_PROBE_PX) if which == "main" else fallback_font(_PROBE_PX)
    return _mask(f, ch) != _mask(f, _NO_SUCH_CHARACTER)


def drawable(text: str) -> str:
    """``text`` without the characters no font of ours draws (emoji), spaces tidied."""
    kept = "".join(c for c in text if has_glyph("main", c) or has_glyph("fallback", c))
    return " ".join(kept.split())


def font_for(text: str, px: int) -> ImageFont.FreeTypeFont:
    """The main font if it draws every character of ``text``, else the fallback."""
    if all(has_glyph("main", c) for c in text):
        return main_font(px)
    return fallback_font(px)


def fit_font(text: str, width: float, px: int) -> ImageFont.FreeTypeFont:
    """The largest size up to ``px`` at which ``text`` fits ``width`` (8 px at least: it may not fit)."""
    while px > 8 and font_for(text, px).getlength(text) > width:
        px -= 1
    return font_for(text, px)
