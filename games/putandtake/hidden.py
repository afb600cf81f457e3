"""What a Put and Take seat cannot see, redealt at random: the others' hands and the cards to turn.

The unseen cards are the deck less the seat's own hand and the cards turned so
far; each other seat keeps its number of cards (the dealer and sitters-out none).
Only the dealer ever chooses (to turn the next card), so this is for completeness.
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.deal import deal
from games.core.cards import STANDARD_DECK

from .state import PutTakeState


def sample_hidden(state: PutTakeState, seat: int, rng: random.Random) -> PutTakeState:
    seen = {*state.hands[seat], *state.turned}
    pool = [c for c in STANDARD_DECK.cards if c not in seen]
    others = [s for s in range(state.n) if s != seat]
    counts = [len(state.hands[s]) for s in others] + [len(state.stock)]
    counts.append(len(pool) - sum(counts))
    parts = deal(pool, counts, rng)
    hands = list(state.hands)
    for s, part in zip(others, parts, strict=False):
        hands[s] = part
    return replace(state, hands=tuple(hands), stock=parts[len(others)])
