"""Ace-to-five lowball ranking (Razz): straights and flushes ignored, pairs count against.

Keys are tuples where SMALLER is better, so ``min`` finds the best low. They are
cached by the multiset of ranks, because suits never matter in A-5 low and a
table plays the same few thousand rank patterns over and over. The multiset is
named by the product of one prime per rank (unique by unique factorisation), so
finding a cached key needs neither sorting nor building a tuple.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from math import prod

from games.core.cards import STANDARD_DECK
from games.core.i18n import N_, _, language

#: Ace is low (1) in A-5 lowball.
LOW_RANK = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12, "K": 13}
_NAMES = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}
_PRIMES = (0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # by rank, ace = 1
_RANK_OF = {c: LOW_RANK[c[0]] for c in STANDARD_DECK.cards}
_PRIME_OF = {c: _PRIMES[r] for c, r in _RANK_OF.items()}

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


def _best(ranks: tuple[int, ...]) -> tuple[int, ...]:
    if len(ranks) <= 5:
        return _group_key(ranks)
    distinct = sorted(set(ranks))
    if len(distinct) >= 5:  # five different ranks: the five lowest, no search needed
        return (0, *reversed(distinct[:5]))
    return min(_group_key(c) for c in combinations(ranks, 5))


_LOWS: dict[int, tuple[int, ...]] = {}  # rank multiset (prime product) -> best low
_BOARDS: dict[int, tuple[int, ...]] = {}  # rank multiset (prime product) -> board key


def low_key(cards: Iterable[str]) -> tuple[int, ...]:
    """The best A-5 low of up to seven cards; smaller is better."""
    cards = tuple(cards)
    named = prod(map(_PRIME_OF.__getitem__, cards))
    key = _LOWS.get(named)
    if key is None:
        key = _LOWS[named] = _best(tuple(sorted(map(_RANK_OF.__getitem__, cards))))
    return key


def board_key(cards: Iterable[str]) -> tuple[int, ...]:
    """How good a partial face-up board looks in A-5 low (who opens a stud street)."""
    cards = tuple(cards)
    named = prod(map(_PRIME_OF.__getitem__, cards))
    key = _BOARDS.get(named)
    if key is None:
        key = _BOARDS[named] = _group_key(tuple(sorted(map(_RANK_OF.__getitem__, cards))))
    return key


_BOARD_VALUES: dict[int, int] = {}  # rank multiset (prime product) -> board key as one int


def best_showing(hands: Sequence[Sequence[str]], seats: Sequence[int]) -> int:
    """Of ``seats`` (in order), the one whose face-up stud cards look best in A-5 low.

    ``hands`` are stud hands in the order dealt, so the face-up cards are positions 2–5
    (all hands as long as each other). Ties go to the first seat. The same order as
    ``board_key``, read from one int per board: the key padded with zeros to five
    numbers (below any rank, so a shorter prefix still comes first) in base 16.
    """
    up = min(len(hands[seats[0]]), 6) - 2
    primes, values = _PRIME_OF, _BOARD_VALUES
    best = opener = -1
    for s in seats:
        h = hands[s]
        if up == 4:  # unrolled: the board's rank multiset, named by its prime product
            named = primes[h[2]] * primes[h[3]] * primes[h[4]] * primes[h[5]]
        elif up == 3:
            named = primes[h[2]] * primes[h[3]] * primes[h[4]]
        else:
            named = prod(map(primes.__getitem__, h[2:2 + up]))
        value = values.get(named)
        if value is None:
            value = values[named] = _board_value(h[2:2 + up])
        if value < best or opener < 0:
            best, opener = value, s
    return opener


def _board_value(board: Sequence[str]) -> int:
    value = 0
    for part in (*board_key(board), 0, 0, 0, 0, 0)[:5]:
        value = value * 16 + part
    return value


def low_name(key: tuple[int, ...]) -> str:
    """A player-facing name such as "7-5 low" or "a pair of 3s"."""
    cached = (language(), key)
    name = _LOW_NAMES.get(cached)
    if name is None:
        name = _LOW_NAMES[cached] = _low_name(key)
    return name


#: At most one per rank pattern and language, like _LOWS (a name is built in the language spoken).
_LOW_NAMES: dict[tuple[str, tuple[int, ...]], str] = {}


def low_hand(key: tuple[int, ...]) -> str:
    """A low as players call it at the showdown, every card: ``7-5-4-3-A low``; a paired
    hand by its name ("a pair of 3s"), since its cards don't make a low."""
    cached = (language(), key)
    name = _LOW_HANDS.get(cached)
    if name is None:
        every = _("{cards} low").format(cards="-".join(_NAMES.get(r, str(r)) for r in key[1:]))
        name = _LOW_HANDS[cached] = every if key[0] == 0 else low_name(key)
    return name


_LOW_HANDS: dict[tuple[str, tuple[int, ...]], str] = {}  # like _LOW_NAMES


def _low_name(key: tuple[int, ...]) -> str:
    cls, ranks = key[0], key[1:]
    if cls == 0:
        return _("{cards} low").format(cards="-".join(_NAMES.get(r, str(r)) for r in ranks[:2]))
    name = _NAMES.get(ranks[0], str(ranks[0]))
    if cls == 1:
        return _("a pair of {rank}s").format(rank=name)
    if cls == 3:
        return _("three {rank}s").format(rank=name)
    return _(_MADE[cls])


#: Paired lows named by their category alone (the same words as high hands').
_MADE = {2: N_("two pair"), 4: N_("a full house"), 5: N_("four of a kind")}
