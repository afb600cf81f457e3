"""The games' playout policies (``Game.rollout_action``): always legal, and they play as they say."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import games
from games.ai import RandomPolicy
from games.ai.rollouts import no_fold, passive
from games.ai.search import NORMAL, SearchPlayer, has_rollout_policy, rollout
from games.core.game import Game
from games.core.tricks import Trick
from games.reversis.state import PLAY, ReversisState

GUIDED = [gid for gid in games.game_ids() if has_rollout_policy(games.get_game(gid))]


def test_the_games_that_measurably_gain_have_a_policy() -> None:
    assert set(GUIDED) == {"frankenstein", "reversis", "razz", "renfield", "scurro"}


def _walk(game: Game, seed: int) -> list[Any]:
    options = next(iter(game.presets.values()))
    seats = max(game.seat_limits(options)[0], min(3, game.seat_limits(options)[1]))
    state = game.new_state(options, seats, seed, dealer=seed % seats)
    rng, out = random.Random(seed), []
    while game.outcome(state) is None:
        out.append(state)
        seat = min(game.to_act(state))
        state, _events = game.apply(state, seat, RandomPolicy().choose(game, state, seat, rng))
    return out


@pytest.mark.parametrize("game_id", GUIDED)
def test_a_playout_policy_picks_a_legal_action_or_leaves_it_to_chance(game_id: str) -> None:
    game = games.get_game(game_id)
    chosen = 0
    for seed in range(4):
        for state in _walk(game, seed):
            for seat in game.to_act(state):
                action = game.rollout_action(state, seat, random.Random(seed))
                assert action is None or action in game.legal_actions(state, seat)
                chosen += action is not None
    assert chosen > 0


@pytest.mark.parametrize("game_id", GUIDED)
def test_a_guided_playout_ends_the_hand_and_plain_search_is_still_there(game_id: str) -> None:
    game = games.get_game(game_id)
    state = _walk(game, 1)[0]
    assert game.outcome(rollout(game, state, random.Random(1))) is not None
    seat = min(game.to_act(state))
    for guided in (True, False):
        action = SearchPlayer(NORMAL, guided=guided).choose(game, state, seat, random.Random(2))
        assert action in game.legal_actions(state, seat)


def test_passive_betting_checks_else_calls_and_never_folds() -> None:
    rng = random.Random(0)
    assert passive(("check", "bet"), rng) == "check"
    assert passive(("call", "raise", "fold"), rng) == "call"
    assert passive(("discard:", "discard:Ah"), rng) is None


def test_no_fold_betting_picks_anything_but_a_fold() -> None:
    picked = {no_fold(("call", "raise", "fold"), random.Random(k)) for k in range(20)}
    assert picked == {"call", "raise"}
    assert no_fold(("play:S10", "play:T9"), random.Random(0)) is None  # nothing to leave out: random as before
    assert no_fold(("fold",), random.Random(0)) is None


def _reversis_play(hand: tuple[str, ...], plays: tuple[tuple[int, str], ...]) -> tuple[ReversisState, int]:
    """A Reversis state in the play with ``hand`` for the seat to play after ``plays``."""
    game = games.get_game("reversis")
    state = next(s for s in _walk(game, 3) if isinstance(s, ReversisState) and s.phase == PLAY and not s.play.trick.plays)
    leader = state.play.trick.leader
    seat = (leader + len(plays)) % 4
    hands = tuple(hand if s == seat else state.play.hands[s] for s in range(4))
    trick = Trick(leader, tuple(((leader + k) % 4, c) for k, (_s, c) in enumerate(plays)))
    play = dataclasses.replace(state.play, hands=hands, trick=trick)
    return dataclasses.replace(state, play=play, eligible=-1), seat


def test_reversis_playouts_lead_low_duck_under_the_best_card_and_shed_what_pays() -> None:
    game = games.get_game("reversis")
    state, seat = _reversis_play(("Kc", "3c", "9s"), ())
    assert game.rollout_action(state, seat, random.Random(0)) == "play:3c"  # lead the lowest card
    state, seat = _reversis_play(("Kc", "8c", "3c", "9s"), ((0, "9c"),))
    assert game.rollout_action(state, seat, random.Random(0)) == "play:8c"  # the highest under the 9
    state, seat = _reversis_play(("Kc", "Qc", "9s"), ((0, "9c"),))
    assert game.rollout_action(state, seat, random.Random(0)) == "play:Kc"  # can't duck: the trick is lost anyway
    state, seat = _reversis_play(("Jh", "As", "Ks"), ((0, "9c"),))
    assert game.rollout_action(state, seat, random.Random(0)) == "play:Jh"  # void: the Quinola goes first
    state, seat = _reversis_play(("As", "Ks", "2d"), ((0, "9c"),))
    assert game.rollout_action(state, seat, random.Random(0)) == "play:As"  # then an ace
