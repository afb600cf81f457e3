"""A hand of any size shown whole: grouped by suit or by rank, sorted in the game's order.

Games that give their hand as ``CardFace``s (``SeatView.faces``) get this for
free; the player switches between the two groupings with a button on their
panel (``cogs.ui.drafts`` remembers the choice). One line per group, equal
cards written once with ×n, so a 108-card hand takes a few hundred characters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from games.core.i18n import _
from games.core.views import CardFace, SeatView

SortBy = Literal["suit", "rank"]
SORTS: tuple[SortBy, ...] = ("suit", "rank")


def _key(face: CardFace, by: SortBy) -> tuple[int, int, int, int, str]:
    # Cards without a suit (or a rank) come after the others in that grouping.
    if by == "suit":
        return (not face.suit, face.suit_order, face.rank_order, not face.rank, face.code)
    return (not face.rank, face.rank_order, face.suit_order, not face.suit, face.code)


def ordered(faces: Iterable[CardFace], by: SortBy) -> list[CardFace]:
    """The faces in display order for ``by``."""
    return sorted(faces, key=lambda f: _key(f, by))


def _runs(tokens: Sequence[str]) -> str:
    """``Q Q Q 10`` → ``Q×3 10``: equal neighbours written once with their count."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        j = i
        while j < len(tokens) and tokens[j] == tokens[i]:
            j += 1
        out.append(tokens[i] if j - i == 1 else f"{tokens[i]}×{j - i}")
        i = j
    return " ".join(out)


def _group_of(face: CardFace, by: SortBy) -> str:
    if by == "suit":
        return face.suit
    return face.rank or face.label


def _token(face: CardFace, by: SortBy) -> str:
    if by == "suit":
        return (face.rank or face.label) if face.suit else face.label
    return face.suit if face.rank and face.suit else face.label


def _groups(faces: Sequence[CardFace], by: SortBy) -> dict[str, list[CardFace]]:
    """The faces by group, groups and members in display order: what the text's lines list."""
    groups: dict[str, list[CardFace]] = {}
    for face in ordered(faces, by):
        groups.setdefault(_group_of(face, by), []).append(face)
    return groups


def grouped_lines(faces: Sequence[CardFace], by: SortBy) -> list[str]:
    """One line per group: ``**♠** (7) A K Q×2 10 9 4`` or ``**Q** (3) ♠×2 ♥``."""
    lines = []
    for name, members in _groups(faces, by).items():
        tokens = _runs([_token(f, by) for f in members])
        if not name or (by == "rank" and not members[0].rank):
            lines.append(tokens)  # jokers and the like: their labels say it all
        else:
            lines.append(f"**{name}** ({len(members)}) {tokens}")
    return lines


def hand_groups(sv: SeatView, by: SortBy) -> tuple[tuple[str, ...], ...]:
    """The hand's cards as the panel's text lists them: the one order (and grouping) the hand picture
    draws too. Faces are grouped here, by suit or by rank; otherwise the game said it (``hand_groups``)."""
    if sv.faces:
        return tuple(tuple(f.code for f in members) for members in _groups(sv.faces, by).values())
    if sv.hand_groups:
        return sv.hand_groups
    return (sv.hand,) if sv.hand else ()


def hand_heading(n: int, by: SortBy) -> str:
    if by == "suit":
        return _("**Your hand** — {n} cards, by suit").format(n=n)
    return _("**Your hand** — {n} cards, by rank").format(n=n)


def sort_button_label(by: SortBy) -> str:
    """The toggle shows what a click does."""
    return _("Sort by rank") if by == "suit" else _("Sort by suit")


__all__ = ["SORTS", "SortBy", "grouped_lines", "hand_groups", "hand_heading", "ordered", "sort_button_label"]
