"""The exchange decisions: whether the hand is a *jeu de règle*, and what to throw away.

The level of a hand is judged against the cards still unaccounted for (hand, upcard, own
discards), so a trump counts as master only when nothing above it can be against us.
"""

from __future__ import annotations

from .cards import higher_out, strength
from .reading import Memory, Reading

STRONG, RULE, CLOSE, WEAK = 2, 1, 0, -1


def _level_one_trump(longest: int, court: int, kings: int, master: bool) -> int:
    if longest >= 4:
        return RULE
    if court >= 3 and kings >= 1:
        return STRONG if master and kings >= 2 else RULE
    if master and kings >= 2:
        return RULE
    if (master and kings >= 1) or court >= 3:
        return CLOSE
    return WEAK


def level(hand: tuple[str, ...], trump: str, known: set[str]) -> int:
    """2 strong, 1 jeu de règle, 0 close, -1 weak."""
    trumps = [c for c in hand if c[1] == trump]
    n = len(trumps)
    master = any(higher_out(c, known) == 0 for c in trumps)
    plain: dict[str, list[str]] = {}
    for c in hand:
        if c[1] != trump:
            plain.setdefault(c[1], []).append(c)
    kings = sum(1 for c in hand if c[1] != trump and c[0] == "K")
    court = sum(1 for c in hand if c[1] != trump and c[0] in "KQJ")
    longest = max((len(v) for v in plain.values()), default=0)
    guarded_q = any(any(c[0] == "Q" for c in v) and len(v) >= 2 for v in plain.values())
    if n >= 3:
        return STRONG
    if n == 2:
        if kings or longest >= 3 or guarded_q:
            return STRONG if master else RULE
        return RULE if master else CLOSE
    if n == 1:
        return _level_one_trump(longest, court, kings, master)
    if kings >= 3 or (court >= 4 and kings >= 2):
        return RULE
    return CLOSE if kings >= 2 else WEAK


def need(seen: Reading, seat: int, first: bool) -> int:
    """The level a hand needs to stop the exchange."""
    if not first:
        return RULE
    opp = seen.points[1 - seat]
    if opp >= 4:
        return CLOSE  # any loss ends the game: vulnerability costs nothing more
    if opp == 3:
        return STRONG  # a vulnerable loss would give them the game
    return RULE


def known_cards(seen: Reading, memory: Memory | None) -> set[str]:
    known = set(seen.hand)
    if seen.upcard:
        known.add(seen.upcard)
    if memory is not None:
        known |= memory.my_discards
    return known


def _stands(seen: Reading, memory: Memory | None, seat: int) -> bool:
    first = seen.exchanges == 0
    return level(seen.hand, seen.trump, known_cards(seen, memory)) >= need(seen, seat, first)


def propose(seen: Reading, memory: Memory | None, seat: int, legal: tuple[str, ...]) -> str:
    if "propose" not in legal:
        return "play"
    return "play" if _stands(seen, memory, seat) else "propose"


def accept(seen: Reading, memory: Memory | None, seat: int) -> str:
    return "refuse" if _stands(seen, memory, seat) else "accept"


def _keep_value(c: str, hand: tuple[str, ...], trump: str) -> float:
    if c[1] == trump:
        return 100 + strength(c)
    if c[0] == "K":
        return 50 + strength(c)
    if c[0] == "Q" and ("K" + c[1]) in hand:
        return 40
    return strength(c) + 0.1 * sum(1 for d in hand if d[1] == c[1])


def _cards_of(action: str) -> list[str]:
    return action[8:].split(",") if action[8:] else []


def discard(seen: Reading, memory: Memory, legal: tuple[str, ...]) -> str:
    hand, trump = seen.hand, seen.trump
    picks = [a for a in legal if a.startswith("discard:")]
    sizes = [len(_cards_of(a)) for a in picks]
    lo, hi = min(sizes), max(sizes)
    order = sorted(hand, key=lambda c: _keep_value(c, hand, trump))  # worst first
    junk = [c for c in order if _keep_value(c, hand, trump) < 40]
    n = min(max(len(junk), lo), hi)
    chosen = set(order[:n])
    memory.my_discards |= chosen
    for a, k in zip(picks, sizes, strict=True):
        if k == n and set(_cards_of(a)) == chosen:
            return a
    return picks[-1]  # unreachable in practice
