"""Razz dealing: the stock from the hand's seed, three cards each on 3rd street, one a street after.

Apart from the betting (``game.py``) so the deal can change (the generator
version, how much of the deck is shuffled) without touching the rules. Each
function takes the cards as they are and returns them dealt, with the PHH
lines that record it; nothing here knows about chips.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from games.core.cards import STANDARD_DECK
from games.core.poker.deal import Queues, stacked_deck, take

if TYPE_CHECKING:
    from .state import RazzDeal

Hands = tuple[tuple[str, ...], ...]

#: PHH deal lines by player number and card(s): ``DEALT[pk][card]`` is ``d dh p{pk} {card}``
DEALT = tuple({c: f"d dh p{pk} {c}" for c in STANDARD_DECK.cards} for pk in range(9))


def stock_for(
    seats: int, seed: int, hands: Sequence[Sequence[str]] | None, stock: Sequence[str] | None, algo: int
) -> tuple[Queues, tuple[str, ...]]:
    """The stacked cards and the stock of a hand, shuffled by generator version ``algo``.

    Only the cards a hand can deal are shuffled on top: seven each, or when that
    is more than the deck (eight players) six each and one shared on 7th street.
    """
    need = 7 * seats if 7 * seats <= len(STANDARD_DECK.cards) else 6 * seats + 1
    return stacked_deck(seats, seed, hands, stock, need=need, algo=algo)


def third_street(
    n: int, order: tuple[int, ...], pk: tuple[int, ...], queues: Queues, deck: tuple[str, ...]
) -> tuple[Hands, Queues, tuple[str, ...], tuple[str, ...]]:
    """Two down and one up to each seat of ``order``: (cards by seat, queues, stock, PHH lines)."""
    cards: list[tuple[str, ...]] = [()] * n
    lines: list[str] = []
    if not any(queues) and len(deck) >= 3 * len(order):  # the usual case: straight off the stock
        for i, s in enumerate(order):
            got = cards[s] = deck[3 * i:3 * i + 3]
            lines.append(DEALT[pk[s]][got[0]] + got[1] + got[2])
        deck = deck[3 * len(order):]
    else:
        for s in order:
            got, queues, deck = take(queues, deck, s, 3)
            cards[s] = got
            lines.append(DEALT[pk[s]][got[0]] + got[1] + got[2])
    return tuple(cards), queues, deck, tuple(lines)


def next_street(
    deal: RazzDeal, live: tuple[bool, ...], order: tuple[int, ...]
) -> tuple[Hands, str, Queues, tuple[str, ...], tuple[str, ...]]:
    """One card to each seat of ``order`` (the live ones from the dealer's left) for the next street.

    Returns (cards by seat, community card or "", queues, stock, PHH lines). On 7th
    street a stub too short for everyone gives one face-up card shared by all.
    """
    queues, deck = deal.queues, deal.stock
    cards = list(deal.cards)
    community = deal.community
    lines: list[str] = []
    pk_board = False
    if deal.street == 6 and len(deck) < _unstacked(queues, order):
        community, deck = deck[0], deck[1:]
        pk_board = _pokerkit_deals_board(deal, live, order)
        if pk_board:
            lines.append(f"d db {community}")
    pk = deal.pk
    if community:
        for s in order:
            cards[s] = (*cards[s], community)
            if not pk_board:
                lines.append(DEALT[pk[s]][community])
    elif not any(queues) and len(deck) >= len(order):  # the usual case: straight off the stock
        for i, s in enumerate(order):
            card = deck[i]
            cards[s] += (card,)
            lines.append(DEALT[pk[s]][card])
        deck = deck[len(order):]
    else:
        for s in order:
            got, queues, deck = take(queues, deck, s, 1)
            cards[s] = cards[s] + got
            lines.append(DEALT[pk[s]][got[0]])
    return tuple(cards), community, queues, deck, tuple(lines)


def _unstacked(queues: Queues, order: tuple[int, ...]) -> int:
    """How many of ``order`` have no stacked cards left (they deal from the stock)."""
    return sum(1 for s in order if not queues[s])


def _pokerkit_deals_board(deal: RazzDeal, live: tuple[bool, ...], order: tuple[int, ...]) -> bool:
    """pokerkit deals a board card only when the muck can't make up the stub either;
    otherwise the shared card goes to each player's hand in the PHH."""
    undealt = len(deal.stock) + sum(len(q) for q in deal.queues)
    mucked = sum(len(deal.cards[s]) for s in range(deal.n) if not live[s])
    return len(order) > undealt + mucked
