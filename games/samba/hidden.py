"""What a Samba seat cannot see, redealt at random: the others' hands (the partner's too), the
stock, and the generator of later deals.

The discard pile (every card in it was seen as it fell), the melds and the red 3s are face up
and stay. The pooled cards are dealt back in sorted order, each hand keeping its size. A seat
that is not the one to play (the partner answering "May I go out?") cannot see which cards the
player had picked, so the sampled state has none picked. The cards a player took with the
pile are public, but the engine does not keep which they were once in the hand, so they are
redealt with the rest (a determinization a little less informed, never more).
"""

from __future__ import annotations

import random

from games.ai.deal import deal, fresh_seed

from .state import SEATS, SambaState, evolve


def sample_hidden(state: SambaState, seat: int, rng: random.Random) -> SambaState:
    others = [s for s in range(SEATS) if s != seat]
    places = [state.hands[s] for s in others] + [state.stock]
    parts = deal([c for p in places for c in p], [len(p) for p in places], rng)
    hands = list(state.hands)
    for s, part in zip(others, parts, strict=False):
        hands[s] = part
    changes: dict[str, object] = {"hands": tuple(hands), "stock": parts[-1], "seed": fresh_seed(rng)}
    if seat != state.turn:
        changes["selection"] = ()
    return evolve(state, **changes)
