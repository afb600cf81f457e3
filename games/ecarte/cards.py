"""Écarté's deck: the Piquet pack of 32 (K Q J A 10 9 8 7 in each suit), how cards rank,
the second player's duty (follow suit and head the trick, else trump) and who takes a trick.

Codes are the standard deck's (``Ks``, ``Th``, ``7c``); labels read ``K♠``, ``10♥``.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from ..core.cards import PLAIN_LABELS
from ..core.i18n import N_

SUITS = ("s", "h", "d", "c")
#: High to low: the ace ranks between the face cards and the number cards.
RANKS = ("K", "Q", "J", "A", "T", "9", "8", "7")
CARDS = tuple(f"{r}{s}" for s in SUITS for r in RANKS)
SUIT_OF = MappingProxyType({c: c[1] for c in CARDS})
#: Rank strength, higher is better: K 8 … 7 1.
STRENGTH = MappingProxyType({c: len(RANKS) - RANKS.index(c[0]) for c in CARDS})
LABELS = MappingProxyType({c: PLAIN_LABELS[c] for c in CARDS})
#: Marked for the catalogue: translate where shown, ``_(SUIT_NAMES[suit])``.
SUIT_NAMES = MappingProxyType(
    {"s": N_("♠ Spades"), "h": N_("♥ Hearts"), "d": N_("♦ Diamonds"), "c": N_("♣ Clubs")}
)
_SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}


def label(card: str) -> str:
    """``Th`` → ``10♥``."""
    return LABELS[card]


def labels(cards: Sequence[str]) -> str:
    return ", ".join(LABELS[c] for c in cards)


def king_of(trump: str) -> str:
    return f"K{trump}"


def sorted_hand(hand: Sequence[str], trump: str) -> tuple[str, ...]:
    """Display order: trumps first, then the other suits, each high to low."""
    return tuple(
        sorted(hand, key=lambda c: (SUIT_OF[c] != trump, _SUIT_ORDER[SUIT_OF[c]], -STRENGTH[c]))
    )


def legal_plays(hand: Sequence[str], led: str | None, trump: str) -> tuple[str, ...]:
    """The cards ``hand`` may play to a trick led with ``led`` (None: leading, anything goes).

    Follow suit and head the trick (a higher card of the led suit) if possible;
    holding the led suit but nothing higher, any card of it; void in it, a trump
    if possible; only then any card.
    """
    if led is None:
        return tuple(hand)
    suit = SUIT_OF[led]
    same = tuple(c for c in hand if SUIT_OF[c] == suit)
    if same:
        higher = tuple(c for c in same if STRENGTH[c] > STRENGTH[led])
        return higher or same
    trumps = tuple(c for c in hand if SUIT_OF[c] == trump)
    return trumps or tuple(hand)


def second_wins(led: str, second: str, trump: str) -> bool:
    """Whether the second card takes the trick: a higher card of the led suit, or a trump on a
    plain lead. Anything else leaves the trick to the leader."""
    s = SUIT_OF[second]
    if s == SUIT_OF[led]:
        return STRENGTH[second] > STRENGTH[led]
    return s == trump
