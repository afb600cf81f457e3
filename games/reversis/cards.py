"""The Reversis pack: 48 cards (a standard deck without the 10s), Ace high (RV-1), and card points."""

from __future__ import annotations

from types import MappingProxyType

from ..core.cards import STANDARD_DECK

DECK = STANDARD_DECK.subset("reversis", (c for c in STANDARD_DECK.cards if STANDARD_DECK.rank[c] != "T"))
CARDS = DECK.cards
SUIT_OF = MappingProxyType(dict(DECK.suit))
_ORDER = "23456789JQKA"
#: Rank strength within a suit: A K Q J 9 … 2 (DECISIONS RV-1).
STRENGTH = MappingProxyType({c: _ORDER.index(DECK.rank[c]) for c in CARDS})
#: Points in tricks: aces 4, kings 3, queens 2, jacks 1, the rest nothing.
POINTS = MappingProxyType({c: {"A": 4, "K": 3, "Q": 2, "J": 1}.get(DECK.rank[c], 0) for c in CARDS})
QUINOLA = "Jh"
ACE_OF_DIAMONDS = "Ad"
HEARTS = "h"
ACES = frozenset(c for c in CARDS if DECK.rank[c] == "A")
_SUIT_RANK = {s: i for i, s in enumerate("shdc")}


def is_ace(card: str) -> bool:
    return card in ACES


def ace_value(card: str) -> int:
    """What an ace's payment is worth: 2 for the A♦, 1 for the others."""
    return 2 if card == ACE_OF_DIAMONDS else 1


def talon_points(card: str, historical: bool) -> int:
    """A talon card's points; the historical count makes the A♦ 5 and the J♥ 4."""
    if historical and card == ACE_OF_DIAMONDS:
        return 5
    if historical and card == QUINOLA:
        return 4
    return POINTS[card]


def label(card: str) -> str:
    """``Jh`` → ``J♥``."""
    return DECK.label(card)


def sorted_hand(hand: tuple[str, ...]) -> tuple[str, ...]:
    """By suit (♠ ♥ ♦ ♣), high card first; display only."""
    return tuple(sorted(hand, key=lambda c: (_SUIT_RANK[SUIT_OF[c]], -STRENGTH[c])))
