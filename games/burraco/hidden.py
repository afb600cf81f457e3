"""What a Burraco seat cannot see, redealt at random: the others' hands (the partner's too),
the stock, the pozzetti not yet taken, a pozzetto taken by discarding (unseen until its
owner's turn, the seat's own included), and the generator of later deals.

The discard pile and the melds are face up. Those places together are the deck
less what the seat sees; they are pooled in sorted order and dealt back, each
keeping its size. Cards a player took from the discard pile are public, but the
engine does not keep which cards they were once mixed into the hand, so they
are redealt like the rest (a determinization a little less informed, never more).
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.deal import deal, fresh_seed

from .state import SEATS, BurracoState


def sample_hidden(state: BurracoState, seat: int, rng: random.Random) -> BurracoState:
    others = [s for s in range(SEATS) if s != seat]
    downs = [s for s in range(SEATS) if state.face_down[s]]
    places = [state.hands[s] for s in others] + [state.stock] + list(state.pozzetti)
    places += [state.face_down[s] for s in downs]
    parts = deal([c for p in places for c in p], [len(p) for p in places], rng)
    hands, face_down = list(state.hands), list(state.face_down)
    for s, part in zip(others, parts, strict=False):
        hands[s] = part
    k = len(others)
    stock, pozzetti = parts[k], (parts[k + 1], parts[k + 2])
    for s, part in zip(downs, parts[k + 3:], strict=True):
        face_down[s] = part
    return replace(state, hands=tuple(hands), stock=stock, pozzetti=pozzetti, face_down=tuple(face_down),
                   seed=fresh_seed(rng))
