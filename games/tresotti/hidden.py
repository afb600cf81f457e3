"""What a Tresotti seat cannot see, redealt at random: the others' hands, the undealt cards
(Sellersport's back half, dealt next), and the generator of later deals.

The unseen cards are the deck less the seat's hand and every card played; they
are pooled in sorted order and dealt back, each hand keeping its size. Play
reveals voids: a seat that did not follow the suit led holds none of it (the
tricks are rebuilt from the cards taken, the taker's card naming the leader).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from games.ai.deal import deal, fresh_seed, not_in, taken_tricks, trick_voids
from games.core.cards import FAIRMARKET_DECK
from games.core.tricks import Trick

from .cards import SUIT_OF
from .state import TresottiState, trick_winner


def sample_hidden(state: TresottiState, seat: int, rng: random.Random) -> TresottiState:
    play, n = state.play, state.seats
    reading = state.options.reading()

    def winning_index(cards: Sequence[str]) -> int:
        return trick_winner(Trick(0, tuple(enumerate(cards))), state.trump, reading)

    others = [s for s in range(n) if s != seat]
    voids = trick_voids([*taken_tricks(play.taken, n, winning_index), play.trick], n, SUIT_OF.get)
    seen = {*play.hands[seat], *play.trick.cards, *(c for t in play.taken for c in t)}
    pool = [c for c in FAIRMARKET_DECK.cards if c not in seen]
    counts = [len(play.hands[s]) for s in others] + [len(state.back)]
    counts.append(len(pool) - sum(counts))
    rules = [not_in(voids[s], SUIT_OF.get) for s in others] + [None, None]
    parts = deal(pool, counts, rng, rules)
    hands = list(play.hands)
    for s, part in zip(others, parts, strict=False):
        hands[s] = part
    return replace(state, play=replace(play, hands=tuple(hands)), back=parts[len(others)], seed=fresh_seed(rng))
