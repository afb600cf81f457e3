"""The exchange: which card to give up, if any.

The J♥ is weighed against what keeping it is worth, every other card by its danger; a singleton
gains for the void it leaves (somewhere to shed aces and the J♥), and hearts that guard the J♥
are kept. Four aces, or three and the J♥, are held for the espagnolette.
"""

from __future__ import annotations

from games.reversis.cards import POINTS, SUIT_OF

from .reading import Known
from .tuning import Tuning
from .values import JH, danger, is_ace, quinola_keep


def _value(c: str, hand: tuple[str, ...], info: Known, tune: Tuning) -> float:
    """How much better off the hand is without ``c``."""
    unseen, pot = info.unseen, info.pot
    rest = tuple(x for x in hand if x != c)
    val = -quinola_keep(rest, pot) * tune.jh_keep_weight if c == JH else danger(c, hand, unseen)
    # a singleton goes: it leaves a void to shed aces and the J♥ on
    s = SUIT_OF[c]
    if sum(1 for x in hand if SUIT_OF[x] == s) == 1:
        load = sum(danger(x, hand, unseen) for x in rest if is_ace(x) or POINTS[x] >= 2)
        bonus = 0.15 * load
        if JH in rest and s != "h":
            bonus += 3.0
        val += min(bonus, 4.0)
    # never weaken the J♥'s heart guard
    if JH in hand and c != JH and s == "h":
        val -= 3.0
    return val


def exchange(info: Known, legal: tuple[str, ...], tune: Tuning) -> str:
    hand = info.hand
    can_keep = "discard:" in legal
    best, best_val = None, -1e9
    aces = [c for c in hand if is_ace(c)]
    # four aces, or three and the J♥: keep them all and go for the espagnolette
    keys = set(aces) | {JH} if len(aces) == 4 or (len(aces) == 3 and JH in hand) else set()
    for c in hand:
        if c in keys:
            continue
        val = _value(c, hand, info, tune)
        if val > best_val:
            best, best_val = c, val
    assert best is not None
    # the face-down card would be no better on average
    if can_keep and (best_val < tune.keep_threshold or (keys and best_val < 2.5)):
        return "discard:"
    return "discard:" + best
