"""The Piquet pack of Fünfzehnern: A K Q J 10 9 8 7 in four suits (♦ removed for three players).

Cards use the standard deck's codes (``As``, ``Th``); ranks run A high to 7 low,
and the cards of 10 and above carry points (A 5, K 4, Q 3, J 2, 10 1).
"""

from __future__ import annotations

from types import MappingProxyType

from ..core.cards import PLAIN_LABELS, STANDARD_DECK
from ..core.i18n import N_, _
from ..core.leads import Ranking

RANKS = ("A", "K", "Q", "J", "T", "9", "8", "7")  # high to low
SUITS = ("s", "h", "d", "c")
THREE_HANDED_SUITS = ("s", "h", "c")  # three players: ♦ removed (DECISIONS §4.7)
HAND = 8
TARGET = 15  # a deal scores points − 15

PACK = tuple(f"{r}{s}" for s in SUITS for r in RANKS)
SUIT_OF = MappingProxyType({c: c[1] for c in PACK})
RANK_OF = MappingProxyType({c: c[0] for c in PACK})
ORDER = MappingProxyType({c: len(RANKS) - RANKS.index(c[0]) for c in PACK})  # A 8 … 7 1
VALUE_OF_RANK = MappingProxyType({"A": 5, "K": 4, "Q": 3, "J": 2, "T": 1})
POINTS = MappingProxyType({c: VALUE_OF_RANK.get(c[0], 0) for c in PACK})
RANKING = Ranking.of(PACK, SUIT_OF.__getitem__, ORDER)

SYMBOL = MappingProxyType(dict(STANDARD_DECK.suit_symbols))
SUIT_NAME = MappingProxyType(dict(STANDARD_DECK.suit_names))
#: A suit with its symbol, whole, for the catalogue ("♥ Hearts", "♥ ハート").
SUIT_LABEL = MappingProxyType({"s": N_("♠ Spades"), "h": N_("♥ Hearts"), "d": N_("♦ Diamonds"), "c": N_("♣ Clubs")})


def pack(seats: int) -> tuple[str, ...]:
    """The cards in play: 32 for four players, 24 (no ♦) for three."""
    suits = THREE_HANDED_SUITS if seats == 3 else SUITS
    return tuple(c for c in PACK if SUIT_OF[c] in suits)


def label(card: str) -> str:
    """``Th`` → ``10♥``, ``As`` → ``A♠``."""
    return PLAIN_LABELS[card]


def suit_label(suit: str) -> str:
    """``h`` → ``♥ Hearts``, in the language spoken now."""
    return _(SUIT_LABEL[suit])


def points(cards: tuple[str, ...]) -> int:
    return sum(POINTS[c] for c in cards)


_SORT = {c: (SUITS.index(SUIT_OF[c]), -ORDER[c]) for c in PACK}


def sorted_hand(hand: tuple[str, ...]) -> tuple[str, ...]:
    """Display order: by suit (♠ ♥ ♦ ♣), high to low."""
    return tuple(sorted(hand, key=_SORT.__getitem__))
