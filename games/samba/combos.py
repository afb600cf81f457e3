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
                both = _combined(melds[i], melds[j])
                if both is not None:
                    out.append((i, j, both))
    out.sort(key=lambda ijm: (ijm[0], ijm[1]))
    return tuple((f"combine:{i},{j}", both) for i, j, both in out)


def _combined(a: Meld, b: Meld) -> Meld | None:
    """``check_combine(a, b, RULES)``, kept per pair of meld objects (melds outlive many turns)."""
    kept = _PAIRS.get((id(a), id(b)))
    if kept is not None and kept[0] is a and kept[1] is b:
        return kept[2]
    both = check_combine(a, b, RULES)
    if len(_PAIRS) >= 4096:
        _PAIRS.clear()
    _PAIRS[id(a), id(b)] = (a, b, both)
    return both


_PAIRS: dict[tuple[int, int], tuple[Meld, Meld, Meld | None]] = {}
