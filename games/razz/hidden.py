"""What a Razz seat cannot see, redealt at random: the others' down cards and the stub.

Up cards (3rd to 6th street) and a shared 7th-street card are face up; the
others' two first cards and their 7th-street card are face down, folded hands
included. The unseen cards are the deck less the seat's cards and every up
card; each hidden position is refilled, the stub keeps its size (stacked cards
not dealt yet join it). The PHH lines that deal cards name every hole card, so
they are dropped from the copy (nothing in play reads them).
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.deal import deal
from games.core.cards import STANDARD_DECK

from .state import RazzState

_DOWN = (0, 1, 6)  # positions dealt face down


def _hidden(cards: tuple[str, ...], community: str) -> list[int]:
    return [i for i in _DOWN if i < len(cards) and cards[i] != community]


def sample_hidden(state: RazzState, seat: int, rng: random.Random) -> RazzState:
    d = state.deal
    others = [s for s in range(d.n) if s != seat]
    spots = {s: _hidden(d.cards[s], d.community) for s in others}
    seen = set(d.cards[seat])
    for s in others:
        seen.update(c for i, c in enumerate(d.cards[s]) if i not in spots[s])
    pool = [c for c in STANDARD_DECK.cards if c not in seen]
    stub = len(d.stock) + sum(len(q) for q in d.queues)
    counts = [len(spots[s]) for s in others] + [stub]
    counts.append(len(pool) - sum(counts))
    parts = deal(pool, counts, rng)
    cards = list(d.cards)
    for s, part in zip(others, parts, strict=False):
        held = list(d.cards[s])
        for i, c in zip(spots[s], part, strict=True):
            held[i] = c
        cards[s] = tuple(held)
    history = tuple(line for line in d.history if not line.startswith("d dh"))
    street = tuple(line for line in state.phh_street if not line.startswith("d dh"))
    new = replace(d, cards=tuple(cards), stock=parts[len(others)], queues=tuple(() for _ in d.queues), history=history)
    return replace(state, deal=new, phh_street=street)
