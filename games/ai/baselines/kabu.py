"""Kabu's rule-based player: the draw threshold a careful player learns (see games/ai/players/kabu.py).

Reads only its own cards from its seat's view: draw on 5 or less with two cards, on 4 or less
with three, otherwise stand. This is the game's optimal rule (proven there by enumeration), so
the computer can at best tie it: Kabu is a game solved by a simple rule.
"""

from __future__ import annotations

import random
from typing import Any

from games.ai.players.kabu import draws_by_rule
from games.core.game import Game


class Baseline:
    name = "baseline"

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError("no legal action for this seat")
        cards = game.view(state, seat).hand
        return "draw" if "draw" in legal and draws_by_rule(cards) else "stand"
