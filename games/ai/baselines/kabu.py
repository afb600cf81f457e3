"""Kabu's baseline: draw while the total is four or less, else stand.

A drawn card is as likely to leave any last digit from 0 to 9 (the tens count
nothing), so drawing brings the total to 4.5 on average; and a hand is paid the
difference with every other hand, so the expected total is all that counts. A
casual player who knows that draws on 0–4 and stands on 5–9, whatever the others
do. It reads only its own cards (``game.view``) and the legal actions.
"""

from __future__ import annotations

import random
from typing import Any

from games.core.game import Game
from games.kabu.cards import total

#: The highest total a player still draws on (a drawn card's average result is 4.5).
DRAW_UP_TO = 4


class Baseline:
    """Draw on 0–4, stand on 5–9."""

    name = "baseline"

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if "draw" in legal and total(game.view(state, seat).hand) <= DRAW_UP_TO:
            return "draw"
        return "stand" if "stand" in legal else legal[0]
