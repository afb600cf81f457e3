"""Hand and table pictures composed from cached card tiles.

A picture is described first by a small hashable value (``HandPicture``,
``TablePicture``: only what it shows), and drawn from that; so equal content
is drawn and encoded once (``png``'s cache), and a caller can tell by the
value alone whether a message's picture changed.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from games.core.i18n import language, speaking

from .faces import Family
from .lettering import drawable, fit_font
from .tiles import HAND, TABLE, Size, back, tile

FELT = (28, 84, 60)
TEXT = (235, 240, 235)
GOLD = (250, 200, 40)
PAD = 6
WIDTH = 400  # Discord shows an embed's image about 400 px wide: drawn at that size, nothing is scaled
HAND_ROW = 13  # cards per row of a hand before it takes a second row
ROW_STEP = 50  # a second row covers the first's lower part, never its corner index
LABEL = 15
GROUP_GAP = 12  # the felt between two groups of a hand (down and up cards, two suits)
MAX_PILE = 14  # a long pile (the discard pile) shows its newest cards


@dataclass(frozen=True, slots=True)
class HandPicture:
    family: Family
    cards: tuple[str, ...]
    four_colour: bool = True
    #: Cards face down (a stud hand's hole cards are face up to their owner: this is for others).
    hidden: int = 0
    #: How many cards each group has, in order ("down" then "up", or one suit each), as the text
    #: groups them: a gap is left between groups. Empty: one group.
    groups: tuple[int, ...] = ()
    #: The language it is drawn in (cards' words are translated): equal content in two languages is two pictures.
    lang: str = field(default_factory=language)


@dataclass(frozen=True, slots=True)
class Block:
    """One part of the table: a trick (cards with who played them), melds, or a row of cards."""

    label: str
    kind: str  # "trick", "melds", "row"
    cards: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # trick: who played each card
    winner: int | None = None  # trick: index of the winning card
    melds: tuple[tuple[str, ...], ...] = ()
    more: int = 0  # row: older cards not shown


@dataclass(frozen=True, slots=True)
class TablePicture:
    family: Family
    blocks: tuple[Block, ...]
    four_colour: bool = True
    lang: str = field(default_factory=language)


def plain_text(text: str, limit: int = 40) -> str:
    """``text`` as a picture writes it: Markdown stars and characters no bundled font draws (emoji)
    left out; names and labels in any script the fonts have (Japanese included) kept whole."""
    return drawable(text.replace("*", ""))[:limit]


# ---------------------------------------------------------------- hands


def _rows(n: int, per_row: int) -> list[int]:
    """How many cards go in each row: as even as possible, at most ``per_row`` each."""
    rows = max(1, -(-n // per_row))
    base, extra = divmod(n, rows)
    return [base + (1 if i < extra else 0) for i in range(rows)]


def _starts(pic: HandPicture) -> frozenset[int]:
    """Indexes of the cards that open a new group (after the first)."""
    out, i = set(), 0
    for n in pic.groups[:-1]:
        i += n
        out.add(i)
    return frozenset(out)


def _hand_rows(n: int, groups: Sequence[int]) -> list[range]:
    """Which cards go in each row: rows as even as possible, or, with groups, a row starts with a group
    where it can (a group too long for one row still splits)."""
    rows: list[range] = []
    if len(groups) < 2:
        for count in _rows(n, HAND_ROW):
            first = rows[-1].stop if rows else 0
            rows.append(range(first, first + count))
        return rows
    first = at = 0
    for size in [*groups, n - sum(groups)] if n > sum(groups) else groups:
        if at > first and at + size - first > HAND_ROW:
            rows.append(range(first, at))
            first = at
        at += size
        while at - first > HAND_ROW:
            rows.append(range(first, first + HAND_ROW))
            first += HAND_ROW
    rows.append(range(first, at))
    return rows


def render_hand(pic: HandPicture) -> Image.Image:
    """The hand fanned in overlapping rows, left to right in the order given, a gap between groups."""
    size = HAND
    tiles = [tile(pic.family, c, size, pic.four_colour) for c in pic.cards] + [back(size)] * pic.hidden
    starts = _starts(pic)
    rows = _hand_rows(len(tiles), pic.groups)
    gaps = [sum(1 for i in row[1:] if i in starts) for row in rows]
    step = size.w + 4
    for row, n in zip(rows, gaps, strict=True):
        if len(row) > 1:
            step = min(step, (WIDTH - 2 * PAD - size.w - GROUP_GAP * n) // (len(row) - 1))
    w = 2 * PAD + size.w + max(step * (len(row) - 1) + GROUP_GAP * n for row, n in zip(rows, gaps, strict=True))
    h = 2 * PAD + size.h + ROW_STEP * (len(rows) - 1)
    img = Image.new("RGB", (w, h), FELT)
    for r, row in enumerate(rows):
        x = PAD
        for j, i in enumerate(row):
            if j and i in starts:
                x += GROUP_GAP
            img.paste(tiles[i], (x, PAD + r * ROW_STEP), tiles[i])
            x += step
    return img


# ---------------------------------------------------------------- tables


def _fan(img: Image.Image, cards: Sequence[Image.Image], x: int, y: int, width: int, size: Size) -> int:
    """Cards overlapped to fit ``width`` (wrapping to more lines if need be); returns the height used."""
    per_line = max(1, (width - size.w) // size.strip + 1)
    counts = _rows(len(cards), per_line)
    widest = max(counts)
    step = min(size.w + 4, (width - size.w) // max(1, widest - 1)) if widest > 1 else size.w
    i = 0
    for r, count in enumerate(counts):
        for j in range(count):
            img.paste(cards[i], (x + j * step, y + r * (size.h + 4)), cards[i])
            i += 1
    return len(counts) * (size.h + 4) - 4


def _trick(img: Image.Image, d: ImageDraw.ImageDraw, b: Block, pic: TablePicture, y: int) -> int:
    size = TABLE
    step = min(size.w + 10, (WIDTH - 2 * PAD - size.w) // max(1, len(b.cards) - 1)) if len(b.cards) > 1 else size.w
    for i, code in enumerate(b.cards):
        x = PAD + i * step
        if i == b.winner:
            d.rounded_rectangle((x - 2, y - 2, x + size.w + 1, y + size.h + 1), radius=7, outline=GOLD, width=3)
        t = tile(pic.family, code, size, pic.four_colour)
        img.paste(t, (x, y), t)
        name = b.names[i] if i < len(b.names) else ""
        if name:
            f = fit_font(name, step - 2, 12)
            d.text((x + size.w / 2, y + size.h + 3), name, font=f, fill=TEXT, anchor="mt")
    return size.h + (18 if any(b.names) else 0)


def _melds(img: Image.Image, b: Block, pic: TablePicture, y: int) -> int:
    """Melds side by side, each a tight fan, wrapping to new lines as the width runs out."""
    size = TABLE
    step = 16
    x, top = PAD, y
    for meld in b.melds:
        shown = meld[-MAX_PILE:]
        w = size.w + step * (len(shown) - 1)
        if x > PAD and x + w > WIDTH - PAD:
            x, y = PAD, y + size.h + 6
        for j, code in enumerate(shown):
            t = tile(pic.family, code, size, pic.four_colour)
            img.paste(t, (x + j * step, y), t)
        x += w + 10
    return y - top + size.h


def _block_height(b: Block) -> int:
    """An upper bound, so the canvas is made once and cropped after."""
    n = max(1, len(b.cards) + sum(len(m) for m in b.melds))
    return LABEL + (TABLE.h + 20) * n + 8


def _short(b: Block) -> bool:
    return b.kind == "row" and len(b.cards) <= 4


def _need(b: Block) -> int:
    return max(TABLE.w + (TABLE.w + 4) * (len(b.cards) - 1), 80)


def _paired(blocks: Sequence[Block]) -> list[tuple[Block, ...]]:
    """Consecutive short rows (a seat's up cards, stations) side by side, so six seats don't make a tower."""
    out: list[tuple[Block, ...]] = []
    for b in blocks:
        line = out[-1] if out else ()
        fits = sum(_need(o) + PAD for o in line) + _need(b) <= WIDTH - 2 * PAD
        if line and _short(b) and all(_short(o) for o in line) and fits:
            out[-1] = (*line, b)
        else:
            out.append((b,))
    return out


def _draw_block(img: Image.Image, d: ImageDraw.ImageDraw, b: Block, pic: TablePicture, x: int, y: int, width: int) -> int:
    """One block at ``(x, y)`` within ``width``; returns the height it took."""
    top = y
    if b.label:
        text = b.label if not b.more else f"{b.label} (+{b.more})"
        d.text((x, y), text, font=fit_font(text, width, 13), fill=TEXT)
        y += LABEL + 2
    if b.kind == "trick":
        y += _trick(img, d, b, pic, y)
    elif b.kind == "melds":
        y += _melds(img, b, pic, y)
    else:
        y += _fan(img, [tile(pic.family, c, TABLE, pic.four_colour) for c in b.cards], x, y, width, TABLE)
    return y - top


def render_table(pic: TablePicture) -> Image.Image | None:
    """The table top to bottom, one labelled block per trick, meld group or row; None if it shows no card."""
    if not pic.blocks:
        return None
    img = Image.new("RGB", (WIDTH, sum(_block_height(b) for b in pic.blocks) + PAD), FELT)
    d = ImageDraw.Draw(img)
    y = PAD
    for line in _paired(pic.blocks):
        slack = (WIDTH - PAD * (len(line) + 1) - sum(_need(b) for b in line)) // len(line)
        x, tallest = PAD, 0
        for b in line:
            width = _need(b) + slack if len(line) > 1 else WIDTH - 2 * PAD
            tallest = max(tallest, _draw_block(img, d, b, pic, x, y, width))
            x += width + PAD
        y += tallest + 8
    return img.crop((0, 0, WIDTH, y - 2))


# ---------------------------------------------------------------- encoding


def encode(img: Image.Image) -> bytes:
    """A small PNG: a 64-colour palette (cards are flat colours) and light compression (fast)."""
    out = io.BytesIO()
    img.quantize(64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(out, "PNG", compress_level=6)
    return out.getvalue()


@lru_cache(maxsize=512)
def png(pic: HandPicture | TablePicture) -> bytes | None:
    """The picture as PNG bytes; equal content is drawn and encoded once."""
    with speaking(pic.lang):
        img = render_hand(pic) if isinstance(pic, HandPicture) else render_table(pic)
    return None if img is None else encode(img)
