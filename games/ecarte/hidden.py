"""What an Écarté seat cannot see, redealt at random: the other's hand, the stock, later deals.

The unseen cards are the pack less the seat's hand, the upcard, every card
played and a king of trumps the other has shown (it stays in their hand). The
cards discarded in exchanges are not kept by the engine, so they are among the
unseen (a seat forgets its own discards: a little weaker, never better informed).
Play reveals voids: a second player who did not follow holds none of the suit
led, and one who neither followed nor trumped holds no trump either.
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.deal import deal, fresh_seed, not_in

from .cards import CARDS, SUIT_OF, king_of, second_wins
from .state import EcarteState, evolve


def _voids(state: EcarteState) -> list[set[str]]:
    """Suits each seat has shown out of, from the tricks each seat took (leader's card first)."""
    trump = state.trump
    voids: list[set[str]] = [set(), set()]
    for winner, cards in enumerate(state.play.taken):
        for i in range(0, len(cards) - 1, 2):
            led, second = cards[i], cards[i + 1]
            if SUIT_OF[second] == SUIT_OF[led]:
                continue
            follower = winner if second_wins(led, second, trump) else 1 - winner
            voids[follower].add(SUIT_OF[led])
            if SUIT_OF[second] != trump:
                voids[follower].add(trump)
    return voids


def sample_hidden(state: EcarteState, seat: int, rng: random.Random) -> EcarteState:
    other = 1 - seat
    play = state.play
    king = king_of(state.trump)
    shown = (king,) if state.king_shown == other and king in play.hands[other] else ()
    seen = {*play.hands[seat], state.upcard, *shown, *play.trick.cards, *(c for t in play.taken for c in t)}
    pool = [c for c in CARDS if c not in seen]
    counts = (len(play.hands[other]) - len(shown), len(state.stock), 0)
    counts = (counts[0], counts[1], len(pool) - counts[0] - counts[1])
    voids = _voids(state)[other]
    hand, stock, _gone = deal(pool, counts, rng, [not_in(voids, SUIT_OF.__getitem__), None, None])
    hands = list(play.hands)
    hands[other] = (*shown, *hand)
    return evolve(state, play=replace(play, hands=tuple(hands)), stock=stock, seed=fresh_seed(rng))
