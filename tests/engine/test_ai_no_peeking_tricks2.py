"""Renfield's, Scurro's, Tresotti's and Reversis' baselines and blunder rules don't peek (issue 25).

Along playouts of every preset, a state and a determinization of it (the others' cards
redealt: ``sample_hidden``) must get the same baseline decision and the same blunder list.
"""

from __future__ import annotations

import importlib
import random

import pytest

import games
from tests.support.blunders import baseline

CASES = [
    (gid, preset)
    for gid in ("renfield", "scurro", "tresotti", "reversis")
    for preset in games.get_game(gid).presets
]


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_decisions_do_not_depend_on_the_hidden_cards(game_id: str, preset: str) -> None:
    game = games.get_game(game_id)
    base = baseline(game_id)
    judge = importlib.import_module(f"games.ai.players.{game_id}").blunders
    options = game.presets[preset]
    lo, hi = game.seat_limits(options)
    seats = max(lo, min(4, hi))
    checked, seed = 0, 0
    while checked < 80:  # a hand of Renfield can end in a few folds: deal again
        seed += 1
        state = game.new_state(options, seats, seed)
        rng = random.Random(seed)
        while game.outcome(state) is None and checked < 80:
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            other = game.sample_hidden(state, seat, random.Random(checked))
            again = base.choose(game, other, seat, random.Random(1))
            assert again == base.choose(game, state, seat, random.Random(1))
            assert judge(game, other, seat, legal) == judge(game, state, seat, legal)
            state, _events = game.apply(state, seat, legal[rng.randrange(len(legal))])
            checked += 1
