"""What a hand is worth before play, by the suit order it is played under: the bidder's whole edge.

The bidder orders the suits, and which suit goes high decides which cards must take tricks, so a
hand's worth is read per order. Bids, the order chosen, and Draw's betting and discards all start
from it.
"""

from __future__ import annotations

from itertools import permutations

from .cards import SUITS, rank_of, suit_of

# What a card is worth to its holder at the start of a hand, by its suit's place in the order
# and its rank class (face cards, 10-60, 2-9). Length in the high suit is a liability (its cards
# must take tricks, and you can't dump on its leads); length in the low suit is safety (those
# cards lose to any trump, and 10-pointers there can be thrown to others' tricks). Measured on
# self-play deals with every order tried (a regression of the bidder's result).
CARD_WORTH = {
    0: {"face": -2.1, "mid": -3.2, "low": -2.3},  # high suit
    1: {"face": -0.25, "mid": -0.8, "low": -0.25},
    2: {"face": 2.4, "mid": 4.0, "low": 2.6},  # low suit
}


def _rank_class(c: str) -> str:
    r = rank_of(c)
    return "face" if r >= 15 else "mid" if r >= 9 else "low"


def hand_value(hand: list[str], order: str) -> float:
    """How good ``hand`` is under suit order ``order`` (high to low), in coins, up to a constant."""
    return sum(CARD_WORTH[order.index(suit_of(c))][_rank_class(c)] for c in hand if suit_of(c) in order)


def best_order(hand: list[str]) -> tuple[str, float, float]:
    """The best order for ``hand``, its value, and the mean value over every order."""
    vals = {"".join(o): hand_value(hand, "".join(o)) for o in permutations(SUITS)}
    best = max(sorted(vals), key=lambda o: vals[o])
    mean = sum(vals.values()) / len(vals)
    return best, vals[best], mean
