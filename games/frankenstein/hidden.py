"""What a Frankenstein seat cannot see, redealt at random: the others' hands, their Zombie cards,
the stock.

The seat knows its own hand and the cards it gave the Zombie; hands shown at the
showdown and a Zombie turned face up are public. Everything else is pooled from
the deck in a fixed order and dealt back, each seat keeping its number of cards
in hand and in the Zombie, the stock keeping its size (stacked draws join it).
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.deal import deal
from games.core.cards import STANDARD_DECK

from .state import FrankensteinState


def sample_hidden(state: FrankensteinState, seat: int, rng: random.Random) -> FrankensteinState:
    n = state.n
    hide_hand = [s != seat and not (state.shown and state.shown[s]) for s in range(n)]
    hide_zombie = [s != seat and not state.zombie_shown for s in range(n)]
    seen: set[str] = set()
    for s in range(n):
        if not hide_hand[s]:
            seen.update(state.hands[s])
        if not hide_zombie[s]:
            seen.update(state.discards[s])
    pool = [c for c in STANDARD_DECK.cards if c not in seen]
    places = [("h", s) for s in range(n) if hide_hand[s]] + [("z", s) for s in range(n) if hide_zombie[s]]
    counts = [len(state.hands[s] if kind == "h" else state.discards[s]) for kind, s in places]
    counts.append(len(state.stock) + sum(len(q) for q in state.queues))
    counts.append(len(pool) - sum(counts))
    parts = deal(pool, counts, rng)
    hands, discards = list(state.hands), list(state.discards)
    for (kind, s), part in zip(places, parts, strict=False):
        (hands if kind == "h" else discards)[s] = part
    return replace(state, hands=tuple(hands), discards=tuple(discards), stock=parts[len(places)],
                   queues=tuple(() for _ in state.queues))
