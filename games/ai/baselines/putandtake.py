"""Put and Take's baseline: there is nothing to decide (the dealer only turns the next card)."""

from __future__ import annotations

import random
from typing import Any

from games.core.game import Game


class Baseline:
    name = "baseline"

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        (only,) = game.legal_actions(state, seat)  # one action, always: turn the next card
        return str(only)
