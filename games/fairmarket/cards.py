"""The Fairmarket deck as Fairmarket ranks it: three suits of eighteen, Ace high.

The deck itself is ``games.core.cards.FAIRMARKET_DECK`` (Flags, Bells, Cups; flats
A-9, doubles 10-60, royals Page, Consort, Queen). Fairmarket's order puts the Ace
above the Queen (DECISIONS §3.1): 2 < … < 9 < 10 < … < 60 < Page < Consort < Queen < Ace.
Inside a station the table card's suit is high (DECISIONS §3.2 #7: compare by
(is high suit, rank); off-suit cards of the same rank tie).
"""

from __future__ import annotations

from collections.abc import Iterable

from games.core.cards import FAIRMARKET_DECK
from games.core.errors import IllegalAction
from games.core.i18n import _

DECK = FAIRMARKET_DECK
CARDS: tuple[str, ...] = DECK.cards
_CARD_SET = frozenset(CARDS)

#: Fairmarket's rank order, lowest first (Ace high).
ORDER: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "20", "30", "40", "50", "60", "P", "C", "Q", "A")
RANK_VALUE: dict[str, int] = {r: i + 1 for i, r in enumerate(ORDER)}  # 1..18 (0 is kept for blanks)



def suit(card: str) -> str:
    return card[0]


def rank(card: str) -> str:
    return card[1:]


def label(card: str) -> str:
    """``FQ`` → ``Queen 🚩``, ``B7`` → ``7 🔔``: the deck's one way of writing its cards."""
    return DECK.label(card)


def labels(cards: Iterable[str]) -> str:
    return ", ".join(label(c) for c in cards)


def key(card: str, high_suit: str) -> tuple[bool, int]:
    """Where ``card`` stands in a station whose table card is of ``high_suit``."""
    return (suit(card) == high_suit, RANK_VALUE[rank(card)])


def natural(cards: Iterable[str]) -> tuple[str, ...]:
    """A hand in the order a player reads it: by suit, then rank (Ace high)."""
    suits = {s: i for i, s in enumerate(DECK.suit_names)}
    return tuple(sorted(cards, key=lambda c: (suits[suit(c)], RANK_VALUE[rank(c)])))


def check_cards(cards: Iterable[str]) -> None:
    """Stacked cards must be distinct cards of the Fairmarket deck."""
    seen: set[str] = set()
    for c in cards:
        if c not in _CARD_SET or c in seen:
            raise IllegalAction(_("Those aren't distinct cards of the Fairmarket deck."))
        seen.add(c)
