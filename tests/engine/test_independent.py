"""The second yardstick (games/ai/independent/<game_id>/) plays only on what its seat sees, and plays.

These players remember what they saw earlier in the deal (the view shows only the last trick), so
the check follows a whole deal: at each decision with a real choice a copy of the player, memory
and all, is asked again with the other seats' hidden cards redealt (``Game.sample_hidden``: the
seat sees the same table), and must decide the same. Found generically, like the baselines' check.
"""

from __future__ import annotations

import copy
import pkgutil
import random

import pytest

import games
import games.ai.independent as independent
from games.ai.duplicate import duplicate_match, start_hand, usual_seats
from games.ai.independent import independent_for
from games.ai.policy import Policy, RandomPolicy

REGISTERED = sorted(m.name for m in pkgutil.iter_modules(independent.__path__) if not m.name.startswith("_"))
DEALS = 20
MOST_STEPS = 400


def made(game_id: str) -> Policy:
    player = independent_for(game_id)
    assert player is not None
    return player


def test_the_yardsticks_found_are_the_games_they_were_written_for() -> None:
    assert REGISTERED == ["ecarte", "razz", "reversis", "scurro"]
    assert independent_for("kabu") is None


@pytest.mark.parametrize("game_id", REGISTERED)
def test_an_independent_player_decides_the_same_whatever_the_others_hold(game_id: str) -> None:
    game = games.get_game(game_id)
    options = next(iter(game.presets.values()))
    seats = usual_seats(game, options)
    checked = 0
    for seed in range(DEALS):
        state = start_hand(game, options, seats, seed)
        players = [made(game_id) for _ in range(seats)]
        for step in range(MOST_STEPS):
            if game.outcome(state) is not None:
                break
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                other = game.sample_hidden(state, seat, random.Random(step))
                assert game.view(other, seat) == game.view(state, seat)
                here = copy.deepcopy(players[seat]).choose(game, state, seat, random.Random(step))
                there = copy.deepcopy(players[seat]).choose(game, other, seat, random.Random(step))
                assert here == there, (seed, step, here, there)
                checked += 1
            action = players[seat].choose(game, state, seat, random.Random(step))
            assert action in legal
            state, _events = game.apply(state, seat, action)
    assert checked > 50


@pytest.mark.parametrize("game_id", REGISTERED)
def test_an_independent_player_beats_random_play(game_id: str) -> None:
    """A yardstick that lost to random legal play would measure nothing."""
    result = duplicate_match(games.get_game(game_id), lambda: made(game_id), RandomPolicy, deals=60, seed=5)
    assert result.low > 0, result.line()
