"""The strong players' exact card play at the end of a deal (Reversis, Tresotti).

On each sampled deal, once the hands hold few cards (two tricks' worth), the strong player's
candidates are valued by ``games.ai.endgame.solve`` (alpha-beta through the engine's own rules)
instead of one playout each. The value is the search's own ``reward`` at the end of the deal, so
solved and played-out samples are on one scale. Few cards only: the solve plays through the
engine, and two tricks of four hands already cost it some tens of milliseconds a deal
(docs/ai.md, Reversis and Tresotti).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.ai.endgame import solve
from games.ai.search import reward
from games.core.game import Game

from ._guided import Solve

#: The most positions one solve may visit before it answers None (the sample is played out).
NODES = 3000


def end_solver(game: Game, playing: Callable[[Any], bool], most: Callable[[Any], int]) -> Solve:
    """``solve(world, seat, actions)`` for ``GuidedSearch``: exact once at most ``most`` cards are
    left in the hands of a card-play world (``playing``), else None: ``most(world)`` (e.g. two
    tricks' worth)."""

    def solve_world(world: Any, seat: int, actions: Sequence[str]) -> list[float] | None:
        if not playing(world) or sum(len(h) for h in world.play.hands) > most(world):
            return None

        def value(state: Any) -> float:
            return reward(game, state, seat)

        return solve(game, world, seat, actions, playing=playing, value=value, cap=NODES)

    return solve_world
