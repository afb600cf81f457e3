"""Suit symbols drawn as polygons and ellipses, so they look the same on every machine (no font glyphs).

Each shape is drawn into a box; coordinates below are fractions of that box.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import ImageDraw

Box = tuple[float, float, float, float]
Rgb = tuple[int, int, int]
Points = Sequence[tuple[float, float]]


def _scale(box: Box, pts: Points) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    return [(x0 + px * w, y0 + py * h) for px, py in pts]


def _ellipse(d: ImageDraw.ImageDraw, box: Box, cx: float, cy: float, rx: float, ry: float, colour: Rgb) -> None:
    (a, b), (c, e) = _scale(box, [(cx - rx, cy - ry), (cx + rx, cy + ry)])
    d.ellipse((a, b, c, e), fill=colour)


def _poly(d: ImageDraw.ImageDraw, box: Box, pts: Points, colour: Rgb) -> None:
    d.polygon(_scale(box, pts), fill=colour)


def _rect(d: ImageDraw.ImageDraw, box: Box, x0: float, y0: float, x1: float, y1: float, colour: Rgb) -> None:
    (a, b), (c, e) = _scale(box, [(x0, y0), (x1, y1)])
    d.rectangle((a, b, c, e), fill=colour)


def heart(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    _ellipse(d, box, 0.28, 0.30, 0.26, 0.26, colour)
    _ellipse(d, box, 0.72, 0.30, 0.26, 0.26, colour)
    _poly(d, box, [(0.03, 0.40), (0.97, 0.40), (0.5, 0.98)], colour)


def spade(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    _ellipse(d, box, 0.28, 0.58, 0.25, 0.22, colour)
    _ellipse(d, box, 0.72, 0.58, 0.25, 0.22, colour)
    _poly(d, box, [(0.5, 0.0), (0.97, 0.55), (0.03, 0.55)], colour)
    _poly(d, box, [(0.5, 0.6), (0.68, 1.0), (0.32, 1.0)], colour)


def diamond(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    _poly(d, box, [(0.5, 0.0), (0.92, 0.5), (0.5, 1.0), (0.08, 0.5)], colour)


def club(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    _ellipse(d, box, 0.5, 0.25, 0.22, 0.22, colour)
    _ellipse(d, box, 0.25, 0.58, 0.22, 0.22, colour)
    _ellipse(d, box, 0.75, 0.58, 0.22, 0.22, colour)
    _rect(d, box, 0.4, 0.3, 0.6, 0.65, colour)
    _poly(d, box, [(0.5, 0.55), (0.7, 1.0), (0.3, 1.0)], colour)


def wrench(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    """Tools: an open-ended spanner, handle down."""
    _ellipse(d, box, 0.5, 0.24, 0.34, 0.24, colour)
    _rect(d, box, 0.38, 0.0, 0.62, 0.22, (255, 255, 255))  # the jaw's opening
    _rect(d, box, 0.38, 0.35, 0.62, 0.92, colour)
    _ellipse(d, box, 0.5, 0.9, 0.14, 0.1, colour)


def bone(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    """Parts: a bone, upright."""
    for cx, cy in ((0.36, 0.12), (0.64, 0.12), (0.36, 0.88), (0.64, 0.88)):
        _ellipse(d, box, cx, cy, 0.16, 0.12, colour)
    _rect(d, box, 0.38, 0.12, 0.62, 0.88, colour)


def grave(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    """Stones: a headstone with a cross cut in it."""
    _ellipse(d, box, 0.5, 0.35, 0.4, 0.35, colour)
    _rect(d, box, 0.1, 0.35, 0.9, 1.0, colour)
    _rect(d, box, 0.45, 0.2, 0.55, 0.7, (255, 255, 255))
    _rect(d, box, 0.3, 0.32, 0.7, 0.42, (255, 255, 255))


def flag(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    _rect(d, box, 0.12, 0.0, 0.24, 1.0, colour)
    _poly(d, box, [(0.24, 0.02), (0.95, 0.3), (0.24, 0.58)], colour)


def bell(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    _ellipse(d, box, 0.5, 0.3, 0.3, 0.28, colour)
    _poly(d, box, [(0.2, 0.3), (0.8, 0.3), (0.98, 0.82), (0.02, 0.82)], colour)
    _ellipse(d, box, 0.5, 0.88, 0.12, 0.12, colour)


def cup(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    _poly(d, box, [(0.05, 0.0), (0.95, 0.0), (0.8, 0.4), (0.2, 0.4)], colour)
    _ellipse(d, box, 0.5, 0.38, 0.3, 0.16, colour)
    _rect(d, box, 0.42, 0.45, 0.58, 0.82, colour)
    _rect(d, box, 0.2, 0.82, 0.8, 1.0, colour)


def circle(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    _ellipse(d, box, 0.5, 0.5, 0.48, 0.48, colour)


def square(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    _rect(d, box, 0.08, 0.08, 0.92, 0.92, colour)


def triangle(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    _poly(d, box, [(0.5, 0.02), (0.98, 0.95), (0.02, 0.95)], colour)


def _regular(n: int, inner: float, turn: float) -> list[tuple[float, float]]:
    """A regular polygon (``inner`` = 1) or star (``inner`` < 1) in the unit box."""
    pts = []
    steps = n * (2 if inner < 1 else 1)
    for i in range(steps):
        r = 0.5 if inner >= 1 or i % 2 == 0 else 0.5 * inner
        a = turn + 2 * math.pi * i / steps
        pts.append((0.5 + r * math.sin(a), 0.52 - r * math.cos(a)))
    return pts


_HEXAGON = _regular(6, 1, math.pi / 6)
_STAR = _regular(5, 0.45, 0)


def hexagon(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    _poly(d, box, _HEXAGON, colour)


def star(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    _poly(d, box, _STAR, colour)


def bolt(d: ImageDraw.ImageDraw, box: Box, colour: Rgb) -> None:
    """Rage's action cards: a lightning bolt."""
    _poly(d, box, [(0.6, 0.0), (0.15, 0.58), (0.45, 0.58), (0.35, 1.0), (0.85, 0.4), (0.55, 0.4), (0.7, 0.0)], colour)


SHAPES: dict[str, Callable[[ImageDraw.ImageDraw, Box, Rgb], None]] = {
    "heart": heart, "spade": spade, "diamond": diamond, "club": club,
    "wrench": wrench, "bone": bone, "grave": grave,
    "flag": flag, "bell": bell, "cup": cup,
    "circle": circle, "square": square, "triangle": triangle, "hexagon": hexagon, "star": star, "bolt": bolt,
}


def draw_shape(d: ImageDraw.ImageDraw, shape: str, box: Box, colour: Rgb) -> None:
    SHAPES[shape](d, box, colour)
