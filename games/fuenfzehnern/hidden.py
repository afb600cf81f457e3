"""What a Fünfzehnern seat cannot see, redealt at random: the others' hands.

The whole pack is dealt, so the unseen cards are the others' hands together
(the pack less the seat's hand and every card played). Play reveals:
- voids: a seat that did not follow the suit led holds none of it (the tricks
  are rebuilt from the cards taken: the taker played the highest card of the
  suit led, which names the leader);
- a zwang on the table: its declarer still holds the king of the queen's suit,
  and a seat that followed without the ace does not hold it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from games.ai.deal import allowed, deal, taken_tricks, trick_voids

from .cards import ORDER, SUIT_OF
from .state import FuenfState


def _winning_index(cards: Sequence[str]) -> int:
    led = SUIT_OF[cards[0]]
    return max(range(len(cards)), key=lambda i: (SUIT_OF[cards[i]] == led, ORDER[cards[i]]))


def sample_hidden(state: FuenfState, seat: int, rng: random.Random) -> FuenfState:
    play, n = state.play, state.seats
    others = [s for s in range(n) if s != seat]
    tricks = [*taken_tricks(play.taken, n, _winning_index), play.trick]
    voids = trick_voids(tricks, n, SUIT_OF.get)
    fixed: dict[int, list[str]] = {s: [] for s in others}
    banned: dict[int, set[str]] = {s: set() for s in others}
    force = state.force
    if force is not None and play.trick.plays:
        king = f"K{force.card[1]}"
        if force.by in fixed and king in play.hands[force.by]:
            fixed[force.by].append(king)
        for s, _card in play.trick.plays[1:]:
            if s in banned:
                banned[s].add(force.card)
    kept = {c for cards in fixed.values() for c in cards}
    pool = [c for s in others for c in play.hands[s] if c not in kept]
    counts = [len(play.hands[s]) - len(fixed[s]) for s in others]
    rules = [allowed(voids[s], banned[s], SUIT_OF.get) for s in others]
    parts = deal(pool, counts, rng, rules)
    hands = list(play.hands)
    for s, part in zip(others, parts, strict=True):
        hands[s] = tuple(sorted((*fixed[s], *part)))
    return replace(state, play=replace(play, hands=tuple(hands)))
