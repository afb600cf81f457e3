"""Random playouts over the public game contract (tests and benchmarks only)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.game import Game, Outcome
from games.core.rng import Rng


def random_playout(
    game: Game,
    state: Any,
    rng: Rng,
    *,
    max_steps: int = 20_000,
    on_step: Callable[[Any, int, str, Any], None] | None = None,
) -> tuple[Any, list[tuple[int, str]], Outcome]:
    """Play random legal actions until the hand ends; returns the final state and the log."""
    log: list[tuple[int, str]] = []
    for _ in range(max_steps):
        out = game.outcome(state)
        if out is not None:
            return state, log, out
        seats = sorted(game.to_act(state))
        i, rng = rng.below(len(seats))
        seat = seats[i]
        legal = game.legal_actions(state, seat)
        j, rng = rng.below(len(legal))
        action = legal[j]
        new_state, _events = game.apply(state, seat, action)
        if on_step is not None:
            on_step(state, seat, action, new_state)
        log.append((seat, action))
        state = new_state
    raise AssertionError(f"{game.id}: no end after {max_steps} actions")
