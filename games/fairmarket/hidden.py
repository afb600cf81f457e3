"""What a Fairmarket seat cannot see, redealt at random: the others' hands and their secret orders,
Seaside Jack's cards, and the undealt stock the Page draws from (Allben).

Table cards are face up; a station played out shows every card set on it (and
Jack's), so those stay where they are. The rest of every other hand, Jack's
unplayed cards and the stock are pooled in sorted order and dealt back, each
keeping its size; an other seat's secret order (how many cards it has set) is
refilled from its new hand in random order.
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.deal import deal

from .state import FairmarketState


def sample_hidden(state: FairmarketState, seat: int, rng: random.Random) -> FairmarketState:
    shown = len(state.results)
    others = [s for s in range(state.n) if s != seat]
    known = {s: state.order[s][:shown] for s in others}
    hidden = {s: [c for c in state.hands[s] if c not in known[s]] for s in others}
    jack_left = len(state.jack) - shown if state.jack else 0
    pool = [c for s in others for c in hidden[s]] + list(state.jack[:jack_left]) + list(state.stock)
    counts = [len(hidden[s]) for s in others] + [jack_left, len(state.stock)]
    parts = deal(pool, counts, rng)
    hands, order = list(state.hands), list(state.order)
    for s, part in zip(others, parts, strict=False):
        hands[s] = (*known[s], *part)
        secret = list(part)
        rng.shuffle(secret)
        order[s] = (*known[s], *secret[: max(0, len(state.order[s]) - shown)])
    jack = (*parts[len(others)], *state.jack[jack_left:]) if state.jack else state.jack
    return replace(state, hands=tuple(hands), order=tuple(order), jack=jack, stock=parts[len(others) + 1])
