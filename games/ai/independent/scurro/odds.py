"""The chances the equity is built from: who can still overtake a card, and who ends up winning the pot.

Both are rough closed forms rather than simulations: a player that is a yardstick should be quick and
easy to read, and its numbers were checked in self-play rather than derived.
"""

from __future__ import annotations

import math

from .cards import SUITS, suit_of
from .table import Ctx

W_LOW, W_SCALE = 0.05, 0.8  # shrunk toward the middle: the raw model is overconfident (self-play)


def p_overtake(
    x: Ctx, c: str, led: str, later: list[int], wf: float, wv: float, will: dict[int, float] | None = None
) -> float:
    """Chance that one of ``later`` plays a card stronger than ``c`` to a trick led with ``led``.

    ``wf``/``wv``: how willing a later seat is to overtake when it could duck (follow / trump
    when void); ``will`` may give each seat its own willingness.
    """
    if not later:
        return 0.0
    U = max(1, len(x.unseen))
    lsuit = suit_of(led)
    mine = x.strength(c, led)
    sl = wl = so = 0
    for u in x.unseen:
        st = x.strength(u, led)
        stronger = st > mine or (x.flat and st == mine)
        if suit_of(u) == lsuit:
            if stronger:
                sl += 1
            else:
                wl += 1
        elif stronger:
            so += 1
    keep = 1.0
    for j in later:
        if will is not None:
            wf = wv = will[j]
        p = min(0.95, x.hand_size(j) / U)
        q = 1.0 - p
        has_o = 1.0 - q**so
        if lsuit in x.voids[j]:
            pj = has_o * wv
        else:
            has_s = 1.0 - q**sl
            has_w = 1.0 - q**wl
            void = q ** (sl + wl)
            pj = has_s * (1.0 - has_w) + wf * has_s * has_w + void * has_o * wv
        keep *= 1.0 - min(1.0, pj)
    return 1.0 - keep


def dangers(x: Ctx, cards: list[str], wf: float, wv: float) -> list[float]:
    """For each card, the chance it takes a trick when it is eventually played."""
    opps = x.opponents()
    out = []
    if x.flat or not x.order:
        rho = {s: 0.8 for s in SUITS}
    else:
        rho = {x.order[0]: 1.0, x.order[1]: 0.7, x.order[2]: 0.45}
    for c in cards:
        d = 1.0 - p_overtake(x, c, c, opps, wf, wv)
        out.append(d * rho.get(suit_of(c), 0.8))
    return out


def win_prob(me: int, opps: list[int], tl: int, n_act: int, more: float, capacity: float) -> float:
    """Chance of winning the pot, from my score, the others' scores and the tricks left.

    ``more``: the tricks my remaining cards are expected to take; the other tricks are
    shared by the others. ``capacity``: the chance I can take a trick at all.
    """
    raw = _win_prob(me, opps, tl, n_act, more, capacity)
    if not opps or tl <= 0:  # settled: no model to doubt
        return raw
    return W_LOW + W_SCALE * raw


def _win_prob(me: int, opps: list[int], tl: int, n_act: int, more: float, capacity: float) -> float:
    n_act = max(2, n_act)
    more = min(more, float(tl))
    e_o = max(0.0, tl - more) / (n_act - 1)
    if me <= 0:
        if not opps:
            return 1.0
        if tl <= 0:
            return 0.0
        s_est = 4 * n_act
        get = min(0.95, max(capacity, 1.0 - (1.0 - 0.45 / n_act) ** tl))
        return 0.85 * get * _wp(s_est, opps, tl - 1, n_act, e_o)
    w = _wp(me, opps, tl, n_act, e_o)
    if tl > 0 and more > 0:
        pm = 1.0 - math.exp(-more)
        w = (1 - pm) * w + pm * _wp(me + int(4.5 * n_act), opps, tl - 1, n_act, e_o)
    return w


def _wp(me: int, opps: list[int], tl: int, n_act: int, e_o: float) -> float:
    """Chance that no rival ends below ``me``: a rival below may still be pushed up, one on zero
    is a threat only while tricks remain (and more so the higher I am)."""
    w = 1.0
    if tl <= 0:
        e_o = 0.0
    for o in opps:
        if o >= 1:
            if o < me:
                w *= 0.85 * (1.0 - math.exp(-e_o))
            elif o == me:
                w *= 0.5
        else:
            p_get = 1.0 - math.exp(-1.2 * e_o)
            f = min(0.9, max(0.0, (me - 1) / (11.0 * n_act)) * 1.2)
            w *= 1.0 - p_get * f
    return w
