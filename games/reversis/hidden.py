"""What a Reversis seat cannot see, redealt at random: the others' hands, the face-down cards
(its own too, until it draws or looks at it), the talon's unknown cards.

The seat knows its hand, the card it discarded to the talon and the face-down
card it looked at (both in the talon), and every card played. The rest is
pooled in sorted order and dealt back, each place keeping its size. What the
other seats discarded or looked at is whatever the redeal put at their place in
the talon (each seat adds one card in turn, the dealer first, which everyone
sees), so an imagined deal never keeps the real cards of another seat's secrets.

Play reveals voids: a seat that did not follow the suit led holds none of it
(tricks rebuilt from the cards taken: the taker played the highest card of the
suit led). The espagnolette player's renounces say nothing, so its voids are
not read. Who may go for the espagnolette is its holder's secret until it
renounces: a determinization keeps it only when the seat is that player or it
is public, else nobody may (the rollouts cannot know).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from games.ai.deal import deal, not_in, taken_tricks, trick_voids

from .cards import STRENGTH, SUIT_OF
from .state import SEATS, ReversisState, evolve


def _winning_index(cards: Sequence[str]) -> int:
    led = SUIT_OF[cards[0]]
    return max(range(len(cards)), key=lambda i: (SUIT_OF[cards[i]] == led, STRENGTH[cards[i]]))


def sample_hidden(state: ReversisState, seat: int, rng: random.Random) -> ReversisState:
    play = state.play
    others = [s for s in range(SEATS) if s != seat]
    voids = trick_voids([*taken_tricks(play.taken, SEATS, _winning_index), play.trick], SEATS, SUIT_OF.get)
    if state.espagnolette >= 0:
        voids[state.espagnolette] = set()
    mine = {state.discarded[seat], state.peeked[seat]} - {""}
    talon_spots = [i for i, c in enumerate(state.talon) if c not in mine]
    downs = [s for s in range(SEATS) if state.face_down[s]]
    pool = [c for s in others for c in play.hands[s]] + [state.face_down[s] for s in downs]
    pool += [state.talon[i] for i in talon_spots]
    counts = [len(play.hands[s]) for s in others] + [1] * len(downs) + [len(talon_spots)]
    rules = [not_in(voids[s], SUIT_OF.get) for s in others] + [None] * (len(downs) + 1)
    parts = deal(pool, counts, rng, rules)
    hands = list(play.hands)
    for s, part in zip(others, parts, strict=False):
        hands[s] = part
    face_down = list(state.face_down)
    for s, part in zip(downs, parts[len(others):], strict=False):
        face_down[s] = part[0]
    talon = list(state.talon)
    for i, c in zip(talon_spots, parts[-1], strict=True):
        talon[i] = c
    discarded, peeked = list(state.discarded), list(state.peeked)
    for s in others:
        spot = (s - state.dealer) % SEATS  # the talon's order is public: the dealer's card first
        redrawn = talon[spot] if spot < len(talon) else ""
        discarded[s] = redrawn if state.discarded[s] else ""
        peeked[s] = redrawn if state.peeked[s] else ""
    eligible = state.eligible if state.eligible == seat or state.espagnolette >= 0 else -1
    return evolve(state, play=replace(play, hands=tuple(hands)), face_down=tuple(face_down), talon=tuple(talon),
                  discarded=tuple(discarded), peeked=tuple(peeked), eligible=eligible)
