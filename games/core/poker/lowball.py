"""Ace-to-five lowball ranking (Razz): straights and flushes ignored, pairs count against.

Keys are tuples where SMALLER is better, so ``min`` finds the best low. They are
cached by the multiset of ranks, because suits never matter in A-5 low and a
table plays the same few thousand rank patterns over and over.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations

#: Ace is low (1) in A-5 lowball.
LOW_RANK = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12, "K": 13}
_NAMES = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}

# Shape of a grouped hand (counts, largest group first) -> badness class.
_CLASS = {
    (): 0,
    (1,): 0, (1, 1): 0, (1, 1, 1): 0, (1, 1, 1, 1): 0, (1, 1, 1, 1, 1): 0,
    (2,): 1, (2, 1): 1, (2, 1, 1): 1, (2, 1, 1, 1): 1,
    (2, 2): 2, (2, 2, 1): 2,
    (3,): 3, (3, 1): 3, (3, 1, 1): 3,
    (3, 2): 4,
    (4,): 5, (4, 1): 5,
}


def _group_key(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Key of at most five cards: class, then group ranks (bigger groups first, high first)."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))
    shape = tuple(c for _, c in groups)
    return (_CLASS[shape], *(r for r, _ in groups))


@cache
def _best(ranks: tuple[int, ...]) -> tuple[int, ...]:
    if len(ranks) <= 5:
        return _group_key(ranks)
    distinct = sorted(set(ranks))
    if len(distinct) >= 5:  # five different ranks: the five lowest, no search needed
        return (0, *reversed(distinct[:5]))
    return min(_group_key(c) for c in combinations(ranks, 5))


def low_key(cards: Iterable[str]) -> tuple[int, ...]:
    """The best A-5 low of up to seven cards; smaller is better."""
    return _best(tuple(sorted(LOW_RANK[c[0]] for c in cards)))


@cache
def board_key(cards: tuple[str, ...]) -> tuple[int, ...]:
    """How good a partial face-up board looks in A-5 low (who opens a stud street)."""
    return _group_key(tuple(sorted(LOW_RANK[c[0]] for c in cards)))


def low_name(key: tuple[int, ...]) -> str:
    """A player-facing name such as "7-5 low" or "a pair of 3s"."""
    cls, ranks = key[0], key[1:]
    if cls == 0:
        top = [_NAMES.get(r, str(r)) for r in ranks[:2]]
        return "-".join(top) + " low"
    name = _NAMES.get(ranks[0], str(ranks[0]))
    return {1: f"a pair of {name}s", 2: "two pair", 3: f"three {name}s", 4: "a full house", 5: "four of a kind"}[cls]
