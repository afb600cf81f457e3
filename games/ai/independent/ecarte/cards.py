"""The card values this player counts with, its own rather than the engine's.

Kept apart from ``games.ecarte.cards`` on purpose: the yardstick was written from the rules text,
so its idea of which card beats which is its own (king high, then queen, jack, ace, ten, 9, 8, 7).
"""

from __future__ import annotations

from collections.abc import Collection

RANKS = "KQJAT987"
STRENGTH = {r: 8 - i for i, r in enumerate(RANKS)}  # K 8 … 7 1
SUITS = "shdc"


def strength(card: str) -> int:
    return STRENGTH[card[0]]


def higher_out(card: str, known: Collection[str]) -> int:
    """Cards of ``card``'s suit above it that are not known (could be against us)."""
    return sum(1 for r in RANKS if STRENGTH[r] > strength(card) and (r + card[1]) not in known)
