"""Kabu's deck and dealing: a standard deck without its court cards, 40 cards A–10.

Cards keep the standard deck's codes (``As``, ``Th``) so they read like every other
game's; their label writes the ten as ``10``. A card is worth its rank (ace 1), and a
hand's total is the last digit of the sum (DECISIONS §4.3: the tens digit dropped).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.cards import PLAIN_LABELS, STANDARD_DECK
from games.core.errors import IllegalAction
from games.core.i18n import _
from games.core.poker.deal import shuffled_deck

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
DECK = STANDARD_DECK.subset("kabu", (c for c in STANDARD_DECK.cards if c[0] in RANKS)).cards
CARDS = frozenset(DECK)
VALUE = {c: RANKS.index(c[0]) + 1 for c in DECK}
LABELS = {c: PLAIN_LABELS[c] for c in DECK}
#: Display order: by value, ace first; suits in the standard deck's order among equals.
_ORDER = {c: (VALUE[c], "shdc".index(c[1])) for c in DECK}
DEALT = 2  # cards dealt to each player
MAX_DRAWS = 2  # cards a player may draw at most (a four-card hand)

Hands = tuple[tuple[str, ...], ...]


def total(cards: Sequence[str]) -> int:
    """The hand's score: its value with the tens digit dropped (0–9)."""
    return sum(VALUE[c] for c in cards) % 10


def labels(cards: Sequence[str]) -> str:
    """``As Th`` → ``A♠ 10♥``."""
    return " ".join(LABELS[c] for c in cards)


def in_order(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=_ORDER.__getitem__))


def deal(
    n: int,
    seed: int,
    dealer: int,
    hands: Sequence[Sequence[str]] | None,
    stock: Sequence[str] | None,
    algo: int,
) -> tuple[Hands, Hands, tuple[str, ...]]:
    """Two cards each from the dealer's left; the stacked draws per seat; the stock (top first).

    ``hands[s]`` are the cards seat ``s`` gets, in order: the two dealt, then its draws.
    Whatever a stacked seat draws beyond its stacked cards comes off the stock, which is
    ``stock`` when given and otherwise the rest of the deck shuffled from ``seed``.
    """
    if hands is None:
        if stock is not None:
            deck = _checked(tuple(stock), ())
        else:
            deck = shuffled_deck(seed, DECK, n * (DEALT + MAX_DRAWS), algo)
        dealt: list[tuple[str, ...]] = [()] * n
        for i in range(n):
            s = (dealer + 1 + i) % n
            dealt[s] = deck[DEALT * i : DEALT * (i + 1)]
        return tuple(dealt), ((),) * n, deck[DEALT * n :]
    given = tuple(tuple(h) for h in hands)
    if len(given) != n or any(not DEALT <= len(h) <= DEALT + MAX_DRAWS for h in given):
        raise IllegalAction(_("Stack two to four cards for every seat."))
    used = tuple(c for h in given for c in h)
    if stock is None:
        taken = set(used)
        deck = shuffled_deck(seed, [c for c in DECK if c not in taken], len(DECK), algo)
    else:
        deck = tuple(stock)
    _checked(deck, used)
    return tuple(h[:DEALT] for h in given), tuple(h[DEALT:] for h in given), deck


def _checked(deck: tuple[str, ...], used: tuple[str, ...]) -> tuple[str, ...]:
    everything = set(deck) | set(used)
    if len(everything) != len(deck) + len(used) or not everything <= CARDS:
        raise IllegalAction(_("Those aren't distinct cards of the 40-card Kabu deck."))
    return deck
