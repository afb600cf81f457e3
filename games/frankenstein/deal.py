"""Frankenstein dealing: the stock from the deal's seed and five cards to each seat dealt in.

Apart from the rules (``game.py``) so the deal can change (the generator
version, how much of the deck is shuffled) without touching them. The draw
takes its cards from the stock this returns (``take``), so it needs nothing here.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.poker.deal import Queues, stacked_deck, take

Hands = tuple[tuple[str, ...], ...]


def first_deal(
    n: int,
    seed: int,
    dealer: int,
    dealt_in: tuple[bool, ...],
    hands: Sequence[Sequence[str]] | None,
    stock: Sequence[str] | None,
    *,
    max_discard: int,
    algo: int,
) -> tuple[Hands, Queues, tuple[str, ...]]:
    """Five cards each from the dealer's left (stacked first), what's left stacked to draw, the stock.

    The stock is shuffled by generator version ``algo``; a deal uses at most
    ``n * (5 + max_discard)`` cards (five each, then one draw), so only those are shuffled on top.
    """
    queues, deck = stacked_deck(n, seed, hands, stock, need=n * (5 + max_discard), algo=algo)
    dealt: list[tuple[str, ...]] = [()] * n
    for i in range(n):
        s = (dealer + 1 + i) % n
        if dealt_in[s]:
            dealt[s], queues, deck = take(queues, deck, s, 5)
    return tuple(dealt), queues, deck
