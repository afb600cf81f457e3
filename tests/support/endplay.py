"""A brute-force check of the strong players' end-of-deal solve (games/ai/players/_endplay.py)."""

from __future__ import annotations

from typing import Any

from games.ai.search import deal_mark, reward
from games.core.game import Game


def paranoid(game: Game, state: Any, seat: int, mark: int | None) -> float:
    """Plain minimax through the engine to the end of the deal: ``seat`` maximises its reward,
    every other seat minimises it (what the solver must equal, with no pruning or table)."""
    if game.outcome(state) is not None or deal_mark(state) != mark:
        return reward(game, state, seat)
    (actor,) = game.to_act(state)
    values = [paranoid(game, game.apply(state, actor, a)[0], seat, mark) for a in game.legal_actions(state, actor)]
    return max(values) if actor == seat else min(values)


def brute_values(game: Game, world: Any, seat: int, actions: tuple[str, ...]) -> list[float]:
    mark = deal_mark(world)
    return [paranoid(game, game.apply(world, seat, a)[0], seat, mark) for a in actions]
