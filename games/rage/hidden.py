"""What a Rage seat cannot see, redealt at random: the others' hands, the face-down trump pile,
and the generator of later deals.

Every card of the deck (with its copies of the action cards) is in a hand, the
trump pile, face up on it, or played, so the others' hands and the pile
together are the deck less what the seat sees; they are pooled in sorted order
and dealt back, each keeping its size (the pile's order matters: a Change Rage
turns up the first card of the colour called).

Play reveals voids: once a colour is led, a seat that plays anything else holds
none of it. The engine keeps the calls (a Wild's colour) of the trick on the
table and the last one only, so those two tricks are read.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from games.ai.deal import deal, fresh_seed, not_in

from .cards import COLOUR_OF, WILD
from .state import RageState


def _shown_out(plays: Sequence[tuple[int, str]], calls: Sequence[str], voids: list[set[str]]) -> None:
    led = ""
    for (seat, card), call in zip(plays, calls, strict=False):
        if led and COLOUR_OF.get(card) != led:
            voids[seat].add(led)
        if not led:
            led = call if card == WILD else COLOUR_OF.get(card, "")


def sample_hidden(state: RageState, seat: int, rng: random.Random) -> RageState:
    play, n = state.play, state.seats
    voids: list[set[str]] = [set() for _ in range(n)]
    _shown_out(play.trick.plays, state.calls, voids)
    if play.last is not None:
        _shown_out(play.last.plays, state.last_calls, voids)
    others = [s for s in range(n) if s != seat]
    pool = [c for s in others for c in play.hands[s]] + list(state.stock)
    counts = [len(play.hands[s]) for s in others] + [len(state.stock)]
    rules = [not_in(voids[s], COLOUR_OF.get) for s in others] + [None]
    parts = deal(pool, counts, rng, rules)
    hands = list(play.hands)
    for s, part in zip(others, parts, strict=False):
        hands[s] = part
    return replace(state, play=replace(play, hands=tuple(hands)), stock=parts[-1], seed=fresh_seed(rng))
