"""What a Renfield-family seat cannot see, redealt at random (Renfield and Scurro, every variant).

Hidden: the others' cards in hand but their face-up ones (Stud, bought cards),
folded hands included; the stock; the Auction's face-down pack; Draw's discards
waiting to be reshuffled (a seat still to discard has none among them); and the
generator that will reshuffle them. Every card of the deck is somewhere in the
state, so the union of those places is the deck less what the seat sees: it is
pooled in sorted order and dealt back, each place keeping its size.

Play reveals voids: a seat that did not follow the suit led holds none of it.
The engine keeps the trick on the table and the last one, so those are read
(plain follow-suit variants; with wild or Death Cards nothing is inferred).
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.deal import Allowed, deal, fresh_seed
from games.core.rng import Rng

from .lookups import Lookups
from .state import FamilyState, evolve


def _voids(lk: Lookups, state: FamilyState) -> list[set[str]]:
    """Per seat, the cards it cannot hold: the led suit of a trick it did not follow."""
    out: list[set[str]] = [set() for _ in range(state.n)]
    if state.options.wild_cards or state.options.death_cards:
        return out
    last = state.score.last
    tricks = [state.trick.plays] + ([last.plays] if last is not None else [])
    for plays in tricks:
        if not plays:
            continue
        suit = lk.follow[plays[0][1]]
        for seat, card in plays[1:]:
            if card not in suit:
                out[seat].update(suit)
    return out


def _rule(cannot: set[str]) -> Allowed | None:
    return (lambda c: c not in cannot) if cannot else None


def sample_hidden(lk: Lookups, state: FamilyState, seat: int, rng: random.Random) -> FamilyState:
    side = state.side
    others = [s for s in range(state.n) if s != seat]
    spots = {s: [i for i, c in enumerate(state.hands[s]) if c not in side.up[s]] for s in others}
    pool = [state.hands[s][i] for s in others for i in spots[s]]
    pool += [*side.stock, *side.pending, *side.pack]
    voids = _voids(lk, state)
    counts = [len(spots[s]) for s in others] + [len(side.stock), len(side.pending), len(side.pack)]
    rules = [_rule(voids[s]) for s in others] + [None, None, None]
    parts = deal(pool, counts, rng, rules)
    hands = list(state.hands)
    for s, part in zip(others, parts, strict=False):
        held = list(hands[s])
        for i, c in zip(spots[s], part, strict=True):
            held[i] = c
        hands[s] = tuple(held)
    stock, pending, pack = parts[len(others):]
    side = replace(side, stock=stock, pending=pending, pack=pack, rng=Rng(fresh_seed(rng), algo=side.rng.algo))
    return evolve(state, hands=tuple(hands), side=side)
