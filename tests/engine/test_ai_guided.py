"""The guided search under the game-specific players: the budget stops it, the rule prior restricts it."""

from __future__ import annotations

import itertools
import random
from typing import Any

import games
from games.ai.players._guided import GuidedSearch
from games.ai.players.fuenfzehnern import playout
from games.ai.search import NORMAL, Strength

GAME = games.get_game("fuenfzehnern")


def _state() -> Any:
    state = GAME.new_state(GAME.presets["standard"], 3, 4)
    return state, min(GAME.to_act(state))


def _counting(calls: list[int]) -> Any:
    def counted(state: Any, seat: int, rng: random.Random) -> str:
        calls.append(1)
        return playout(state, seat, rng)

    return counted


def test_a_spent_budget_stops_the_search() -> None:
    state, seat = _state()
    free: list[int] = []
    timed: list[int] = []
    many = Strength("normal", samples=40, budget=0.05)
    GuidedSearch(many, None, lambda s, t, legal: legal, _counting(free)).choose(GAME, state, seat, random.Random(1))
    clock = itertools.count(0, 0.001).__next__  # 50 readings of the clock spend the budget
    GuidedSearch(many, clock, lambda s, t, legal: legal, _counting(timed)).choose(GAME, state, seat, random.Random(1))
    assert 0 < len(timed) < len(free) / 4


def test_only_the_candidates_are_tried_and_none_falls_back_to_every_legal_action() -> None:
    state, seat = _state()
    legal = GAME.legal_actions(state, seat)
    assert len(legal) > 2
    only = legal[-1]
    assert GuidedSearch(NORMAL, None, lambda s, t, a: [only], playout).choose(GAME, state, seat, random.Random(1)) == only
    chosen = GuidedSearch(Strength("easy", 2, 1.0), None, lambda s, t, a: [], playout).choose(
        GAME, state, seat, random.Random(1)
    )
    assert chosen in legal
