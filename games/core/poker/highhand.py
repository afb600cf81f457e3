"""Standard high poker hands (Frankenstein), best five of any number of cards.

Keys are tuples where BIGGER is better. A hand of fewer than five cards (a small
Zombie) is ranked on what it has: no straight or flush is possible and missing
kickers rank below any card, so a complete hand beats an equal shorter one.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

HIGH_RANK = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
_CATEGORY_NAMES = (
    "high card", "a pair", "two pair", "three of a kind", "a straight",
    "a flush", "a full house", "four of a kind", "a straight flush",
)


def _straight_top(ranks: set[int]) -> int:
    """Top card of the best straight in ``ranks`` (0: none); the ace also plays low."""
    if 14 in ranks:
        ranks = ranks | {1}
    for top in range(14, 4, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    return 0


@cache
def _rank_only(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Best hand ignoring flushes, from ranks sorted high first."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    by_count = sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))
    quads = [r for r, c in by_count if c == 4]
    trips = [r for r, c in by_count if c == 3]
    pairs = [r for r, c in by_count if c == 2]
    if quads:
        q = quads[0]
        return (QUADS, q, *[r for r in ranks if r != q][:1])
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        second = max([*trips[1:], *pairs])
        return (FULL_HOUSE, t, second)
    top = _straight_top(set(ranks)) if len(counts) >= 5 else 0
    if top:
        return (STRAIGHT, top)
    if trips:
        t = trips[0]
        return (TRIPS, t, *[r for r in ranks if r != t][:2])
    if len(pairs) >= 2:
        a, b = pairs[0], pairs[1]
        return (TWO_PAIR, a, b, *[r for r in ranks if r not in (a, b)][:1])
    if pairs:
        p = pairs[0]
        return (PAIR, p, *[r for r in ranks if r != p][:3])
    return (HIGH_CARD, *ranks[:5])


def high_key(cards: Iterable[str]) -> tuple[int, ...]:
    """The best high hand of these cards; bigger is better."""
    cards = tuple(cards)
    ranks = tuple(sorted((HIGH_RANK[c[0]] for c in cards), reverse=True))
    best = _rank_only(ranks)
    if len(cards) < 5 or best[0] >= FULL_HOUSE:
        return best
    suits: dict[str, list[int]] = {}
    for c in cards:
        suits.setdefault(c[1], []).append(HIGH_RANK[c[0]])
    for suited in suits.values():
        if len(suited) < 5:
            continue
        top = _straight_top(set(suited))
        if top:
            best = max(best, (STRAIGHT_FLUSH, top))
        else:
            best = max(best, (FLUSH, *sorted(suited, reverse=True)[:5]))
    return best


_RANK_WORDS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "jack", 12: "queen",
               13: "king", 14: "ace"}


def _plural(rank: int) -> str:
    word = _RANK_WORDS[rank]
    return "sixes" if rank == 6 else f"{word}s"


def high_name(key: tuple[int, ...]) -> str:
    """A player-facing name such as "a pair of 8s" or "a straight to the queen"."""
    cat, ranks = key[0], key[1:]
    if not ranks:
        return _CATEGORY_NAMES[cat]
    top = _RANK_WORDS[ranks[0]]
    if cat == HIGH_CARD:
        return f"{top} high"
    if cat == PAIR:
        return f"a pair of {_plural(ranks[0])}"
    if cat == TWO_PAIR:
        return f"two pair, {_plural(ranks[0])} and {_plural(ranks[1])}"
    if cat == TRIPS:
        return f"three {_plural(ranks[0])}"
    if cat in (STRAIGHT, STRAIGHT_FLUSH):
        return f"{_CATEGORY_NAMES[cat]} to the {top}"
    if cat == FLUSH:
        return f"a flush, {top} high"
    if cat == FULL_HOUSE:
        return f"a full house, {_plural(ranks[0])} full of {_plural(ranks[1])}"
    return f"four {_plural(ranks[0])}"
