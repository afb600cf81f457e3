"""Playing to a trick led by another: duck when possible, shed when void, and hold out for the
espagnolette once committed to it. The reversis turns this around: its player takes everything,
and the others overtake to be the one who breaks it (paid 64).
"""

from __future__ import annotations

from games.reversis.cards import POINTS, STRENGTH, SUIT_OF

from .reading import Known
from .tuning import Tuning
from .values import JH, SEATS, SUITS, ace_chips, danger, is_ace


def _take(beating: list[str], behind: list[int]) -> str:
    """Take the trick: the highest with someone still to play, else the lowest that wins."""
    return max(beating, key=lambda c: STRENGTH[c]) if behind else min(beating, key=lambda c: STRENGTH[c])


def _reversis_follow(info: Known, follow: list[str], safe: list[str], win_card: str,
                     behind: list[int]) -> str:
    """A reversis on: the one who breaks it is paid 64 / I am on it: take everything."""
    beating = [c for c in follow if STRENGTH[c] > STRENGTH[win_card]]  # no J♥ payments now
    if beating:  # take it: as its player, or to be the one who breaks it
        return _take(beating, behind)
    if info.rev == info.seat:
        return max(safe, key=lambda c: STRENGTH[c])
    return min(safe, key=lambda c: (POINTS[c], STRENGTH[c]))


def follow_suit(info: Known, follow: list[str], tune: Tuning) -> str:
    """The highest card that still ducks; when every card wins, the lowest if someone behind may
    overtake, else shed the highest. Late on, take a trick from a player who has them all."""
    seat, current, unseen, voids = info.seat, info.current, info.unseen, info.voids
    led = SUIT_OF[current[0][1]]
    win_seat, win_card = current[0]
    for s, c in current[1:]:
        if SUIT_OF[c] == led and STRENGTH[c] > STRENGTH[win_card]:
            win_seat, win_card = s, c
    behind = [(seat + i) % SEATS for i in range(1, SEATS - len(current))]
    completed, tricks = info.completed, info.tricks
    safe = [c for c in follow if c != JH] or follow  # never play the J♥ to a heart lead if avoidable
    if info.rev >= 0 and not info.rev_broken:
        return _reversis_follow(info, follow, safe, win_card, behind)
    # someone has every trick late on: take this one if I can
    runner = [o for o in range(SEATS) if o != seat and completed >= tune.stop_from and tricks[o] == completed]
    if runner and win_seat == runner[0]:
        beating = [c for c in safe if STRENGTH[c] > STRENGTH[win_card]]
        if beating:
            return _take(beating, behind)
    under = [c for c in safe if STRENGTH[c] < STRENGTH[win_card]]
    if under:
        return max(under, key=lambda c: STRENGTH[c])
    # every card takes the lead: will someone behind overtake?
    low = min(safe, key=lambda c: STRENGTH[c])
    active_behind = [o for o in behind if led not in voids[o] and o != info.esp]
    higher = [u for u in unseen if SUIT_OF[u] == led and STRENGTH[u] > STRENGTH[low]]
    if not active_behind or not higher:
        # the trick is mine anyway: shed the highest (the ace too: it will only cost more later)
        if tune.last_win_highest:
            return max(safe, key=lambda c: STRENGTH[c])
        return max(safe, key=lambda c: danger(c, info.hand, unseen) - POINTS[c]
                   - (ace_chips(c) if is_ace(c) else 0))
    return low


def discard(info: Known, cards: list[str]) -> str:
    """Void in the suit led: dump the J♥, then aces (A♦ first), then the most exposed honour."""
    hand, unseen = info.hand, info.unseen
    rev_on = info.rev >= 0 and not info.rev_broken
    best, best_val = cards[0], -1e9
    counts = {s: sum(1 for x in hand if SUIT_OF[x] == s) for s in SUITS}
    for c in cards:
        if c == JH:
            val = 100.0 if not rev_on else 3.0
        elif is_ace(c):
            val = 10.0 + (0 if rev_on else ace_chips(c)) + danger(c, hand, unseen) * 0.1
        else:
            val = danger(c, hand, unseen)
            if counts[SUIT_OF[c]] == 1 and POINTS[c] == 0:
                val += 0.15  # a new void
        if c != JH and SUIT_OF[c] == "h" and JH in hand:
            val -= 2.0  # keep the J♥'s guards
        if val > best_val:
            best, best_val = c, val
    return best


def _shed_value(c: str) -> float:
    if c == JH:
        return 100.0
    if is_ace(c):
        return 20.0 + ace_chips(c)
    return STRENGTH[c] + POINTS[c]


def espagnolette(info: Known, cards: list[str], follow: list[str], off: list[str], tune: Tuning) -> str:
    """Renounce to shed, take nothing: the most costly card that loses the trick."""
    current = info.current
    led = SUIT_OF[current[0][1]]
    win_card = max((c for _s, c in current if SUIT_OF[c] == led), key=lambda c: STRENGTH[c])
    losing = list(off) + [c for c in follow if STRENGTH[c] < STRENGTH[win_card] and c != JH]
    if not losing:
        return follow_suit(info, follow, tune) if follow else discard(info, cards)
    return max(losing, key=_shed_value)
