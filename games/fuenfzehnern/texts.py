"""Fünfzehnern's result sentences: whole sentences, seats as placeholders."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.i18n import _
from ..core.wording import by_count, count_of, signed
from .state import FuenfState


def _top(values: Sequence[int]) -> tuple[list[int], int]:
    best = max(values)
    return [s for s, v in enumerate(values) if v == best], best


def deal_summary(state: FuenfState, scores: Sequence[int]) -> str:
    """The deal's headline: who scored best; on the match's last deal, who won the match."""
    k, n = state.deal_no, state.options.deals
    if state.last_deal:
        totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
        top, best = _top(totals)
        return by_count(
            top,
            _("Deal {k} of {n}, the last: {who} wins the match with {total}."),
            _("Deal {k} of {n}, the last: {who} share the match win with {total} each."),
            k=k,
            n=n,
            total=signed(best),
        )
    top, best = _top(scores)
    return by_count(
        top,
        _("Deal {k} of {n}: {who} scores best with {p} points ({s})."),
        _("Deal {k} of {n}: {who} score best with {p} points each ({s})."),
        k=k,
        n=n,
        p=best + 15,
        s=signed(best),
    )


def seat_details(points: Sequence[int], scores: Sequence[int], totals: Sequence[int]) -> tuple[str, ...]:
    """Per seat: the points taken, the deal's score and the match total ("23 points, +8 (match +14)")."""
    return tuple(
        _("{points}, {score} (match {total})").format(
            points=count_of(p, _("{n} point"), _("{n} points")), score=signed(s), total=signed(t)
        )
        for p, s, t in zip(points, scores, totals, strict=True)
    )
