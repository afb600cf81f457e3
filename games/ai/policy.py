"""What a computer player is: something that picks one of a seat's legal actions.

A policy sees the game and the state but must only use what its seat may know;
the random policy needs nothing at all, which makes it the baseline every
stronger player is measured against.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

from games.core.game import Game


class Policy(Protocol):
    """Chooses an action for ``seat``; ``rng`` is the caller's, so a session is reproducible."""

    name: str

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str: ...


class RandomPolicy:
    """Any legal action, uniformly: quick, always legal, and the floor for every strength."""

    name = "random"

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError("no legal action for this seat")
        return legal[rng.randrange(len(legal))]


def policy_in(package: str, game_id: str, cls: str) -> Policy | None:
    """A fresh ``cls`` from ``package.game_id`` (a yardstick's module), or None when the game has none:
    the baselines and the independent players are found by game id, so adding one needs no list."""
    try:
        module = importlib.import_module(f"{package}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.{game_id}":
            raise
        return None
    made: Policy = getattr(module, cls)()
    return made
