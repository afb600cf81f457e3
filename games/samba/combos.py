"""Samba's ``combine:i,j``: two of a team's sets of one rank made one (SB-7: the caps still apply)."""

from __future__ import annotations

from ..core.rummy.melds import SET, Meld, check_combine
from .state import RULES


def combines_of(melds: tuple[Meld, ...]) -> tuple[tuple[str, Meld], ...]:
    """The combines of a team's melds (kept for the last two tuples asked about, by identity)."""
    for kept, found in _COMBINES:
        if kept is melds:
            return found
    found = _combines(melds)
    _COMBINES[:] = [(melds, found), *_COMBINES[:1]]
    return found


_COMBINES: list[tuple[tuple[Meld, ...], tuple[tuple[str, Meld], ...]]] = []


def _combines(melds: tuple[Meld, ...]) -> tuple[tuple[str, Meld], ...]:
    by_rank: dict[str, list[int]] = {}
    for k, m in enumerate(melds):
        if m.kind == SET and len(m.cards) < RULES.book:
            by_rank.setdefault(m.key, []).append(k)
    if all(len(same) < 2 for same in by_rank.values()):
        return ()
    out = []
    for same in by_rank.values():
        for x, i in enumerate(same):
            for j in same[x + 1 :]:
                both = check_combine(melds[i], melds[j], RULES)
                if both is not None:
                    out.append((f"combine:{i},{j}", both))
    return tuple(sorted(out, key=lambda am: tuple(int(x) for x in am[0][8:].split(","))))
