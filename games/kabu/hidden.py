"""What a Kabu seat cannot see, redealt at random: the others' face-down cards and the stock.

Every card is face down until the showdown, so a seat knows only its own cards
and how many each other seat holds; the unseen cards are pooled in a fixed
(sorted) order before the shuffle, so the result never depends on where they
really were.
"""

from __future__ import annotations

import random
from dataclasses import replace

from .state import KabuState


def sample_hidden(state: KabuState, seat: int, rng: random.Random) -> KabuState:
    others = [s for s in range(state.n) if s != seat]
    pool = sorted([c for s in others for c in state.hands[s]] + list(state.stock)
                  + [c for q in state.queues for c in q])
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        k = len(state.hands[s])
        hands[s], pool = tuple(pool[:k]), pool[k:]
    return replace(state, hands=tuple(hands), stock=tuple(pool), queues=tuple(() for _ in state.queues))
