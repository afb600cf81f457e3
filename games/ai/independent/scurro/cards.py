"""The deck as this player counts it, written out here so the player owes nothing to the engine's tables.

Card codes are the engine's (suit letter, then rank: ``F20``, ``BQ``); ``A`` is a variant's ace, which
sorts lowest and carries neither points nor cost.
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "20", "30", "40", "50", "60", "P", "C", "Q")
RANK_IDX = {"A": 0, **{r: i + 1 for i, r in enumerate(RANKS)}}
SUITS = ("F", "B", "C")
DECK = tuple(s + r for s in SUITS for r in RANKS)  # the 51 cards dealt in the base game
#: The suit symbols of the base deck, for reading the suit order when the game names none.
SYMBOLS = {"F": "🚩", "B": "🔔", "C": "🏆"}


def _pts(rank: str) -> int:
    if rank in ("20", "P", "C", "Q", "A"):
        return 0
    if rank in ("30", "40", "50", "60"):
        return 10
    return int(rank)


def _cost(rank: str) -> int:
    if rank in ("2", "A"):
        return 0
    if rank in ("P", "C", "Q"):
        return 3
    if rank.isdigit() and int(rank) >= 10:
        return 2
    return 1


PTS = {s + r: _pts(r) for s in SUITS for r in ("A", *RANKS)}
COST = {s + r: _cost(r) for s in SUITS for r in ("A", *RANKS)}


def suit_of(c: str) -> str:
    return c[0]


def rank_of(c: str) -> int:
    return RANK_IDX.get(c[1:], 0)


def is_doubler(c: str) -> bool:
    """A 20: each one taken doubles the taker's score."""
    return c[1:] == "20"


def is_cost_doubler(c: str) -> bool:
    """A 2: each one in a trick doubles what its taker pays."""
    return c[1:] == "2"


def score_of(cards: Iterable[str]) -> int:
    cards = list(cards)
    base = sum(PTS.get(c, 0) for c in cards)
    d = sum(1 for c in cards if is_doubler(c))
    return base << d


def trick_cost(cards: Iterable[str]) -> int:
    cards = list(cards)
    base = sum(COST.get(c, 0) for c in cards)
    d = sum(1 for c in cards if is_cost_doubler(c))
    return base << d
