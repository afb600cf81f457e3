"""Razz's hint reasons: the share of the pot the hand wins on average against holdings that fit the
betting (``games.ai.poker.estimate``, over the seat's sampled deals), and what a call costs."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from games.ai.advice import Reason, Stats
from games.ai.players.razz import STYLES, pot
from games.ai.poker import estimate
from games.core.game import Game
from games.core.i18n import N_

#: Sampled deals for the pot share (a fixed number: the same question gets the same answer).
DEALS = 120

#: The reason for each betting action, filled with the pot share and an even share (percent).
TEXTS = {
    "fold": N_("{action}: played down, your hand wins back less than calling costs (about {share}% of the pot)."),
    "bet": N_("{action}: your hand wins about {share}% of the pot on average, more than an even share ({even}%)."),
    "call": N_("{action}: your hand wins about {share}% of the pot on average, enough to pay for the call."),
    "bring-in": N_("{action}: your hand wins about {share}% of the pot on average, too little to complete the bet."),
    "check": N_("{action}: your hand wins about {share}% of the pot on average; checking costs nothing."),
}
TEXTS["raise"] = TEXTS["complete"] = TEXTS["bet"]


def explain(game: Game, state: Any, seat: int, action: str, stats: Stats, rng: random.Random) -> Reason | None:
    text = TEXTS.get(action)
    if text is None:
        return None
    est = estimate(game, state, seat, rng, replace(STYLES["strong"], samples=DEALS), pot)
    live = sum(1 for x in state.round.live if x)
    return Reason(text, (("share", round(100 * est.share)), ("even", round(100 / max(live, 1)))))
