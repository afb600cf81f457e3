"""Reversis' computer imagines deals with only what its seat knows: another seat's discard and the
face-down card it looked at are redrawn with the talon, never the real cards (issue 24)."""

from __future__ import annotations

import random
from typing import Any

import games
from games.ai import RandomPolicy
from games.reversis.state import SEATS

GAME = games.get_game("reversis")


def _states(seed: int) -> list[Any]:
    state = GAME.new_state(next(iter(GAME.presets.values())), SEATS, seed, dealer=seed % SEATS)
    rng = random.Random(seed)
    out = []
    while GAME.outcome(state) is None and len(out) < 12:  # the exchange and the first tricks
        out.append(state)
        seat = min(GAME.to_act(state))
        state, _events = GAME.apply(state, seat, RandomPolicy().choose(GAME, state, seat, rng))
    return out


def test_other_seats_discards_and_peeks_are_redrawn_from_the_imagined_talon() -> None:
    checked = moved = 0
    for seed in range(12):
        for state in _states(seed):
            seat = min(GAME.to_act(state))
            for k in range(4):
                sampled = GAME.sample_hidden(state, seat, random.Random(k))
                assert sampled.discarded[seat] == state.discarded[seat]
                assert sampled.peeked[seat] == state.peeked[seat]
                for s in range(SEATS):
                    if s == seat or not (state.discarded[s] or state.peeked[s]):
                        continue
                    spot = (s - state.dealer) % SEATS
                    secret = sampled.discarded[s] or sampled.peeked[s]
                    assert secret == sampled.talon[spot]  # what the imagined deal put there
                    assert bool(sampled.discarded[s]) == bool(state.discarded[s])
                    checked += 1
                    moved += secret != (state.discarded[s] or state.peeked[s])
    assert checked and moved  # seats did discard or look, and the imagined cards are not the real ones
