"""Fitting long texts into Discord's limits without cutting silently.

A text too long for its place is shortened at a line (or, on one line, at a
word) and ends with "(+N more)": the player knows something is missing and
how much, where a bare "…" would hide it. ``pack`` turns many named texts
(piles, facts) into as few fields as their size needs.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.i18n import _


def more_note(n: int) -> str:
    return _("(+{n} more)").format(n=n)


def fit_items(items: Sequence[str], limit: int, sep: str = "\n") -> str:
    """``items`` joined by ``sep``; if that is longer than ``limit``, the first ones and "(+N more)"."""
    text = sep.join(items)
    if len(text) <= limit:
        return text
    kept: list[str] = []
    used = 0
    for i, item in enumerate(items):
        note = more_note(len(items) - i - 1)
        extra = len(item) + (len(sep) if kept else 0)
        if used + extra + len(sep) + len(note) > limit:
            break
        kept.append(item)
        used += extra
    note = more_note(len(items) - len(kept))
    if not kept:  # not even one item fits: the note alone (cut if even that is too long)
        return note[:limit]
    return sep.join(kept) + sep + note


def fit_text(text: str, limit: int) -> str:
    """``text`` within ``limit``: cut at its last whole line (or word, on one line) with "(+N more)"."""
    if len(text) <= limit:
        return text
    if "\n" in text:
        return fit_items(text.split("\n"), limit, "\n")
    return fit_items(text.split(" "), limit, " ")


def pack(entries: Sequence[tuple[str, str]], limit: int) -> list[str]:
    """Lines ``**name** text`` gathered into as few values of at most ``limit`` characters as
    they need (an entry too long for one value is shortened with "(+N more)")."""
    values: list[str] = []
    current: list[str] = []
    size = 0
    for name, text in entries:
        line = f"**{name}** {text}".strip() if name else text
        line = fit_text(line, limit)
        if current and size + 1 + len(line) > limit:
            values.append("\n".join(current))
            current, size = [], 0
        current.append(line)
        size += len(line) + (1 if size else 0)
    if current:
        values.append("\n".join(current))
    return values


__all__ = ["fit_items", "fit_text", "more_note", "pack"]
