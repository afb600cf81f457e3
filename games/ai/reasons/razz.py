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


def explain(game: Game, state: Any, seat: int, action: str, stats: Stats, rng: random.Random) -> Reason | None:
    est = estimate(game, state, seat, rng, replace(STYLES["strong"], samples=DEALS), pot)
    share = round(100 * est.share)
    live = sum(1 for x in state.round.live if x)
    values: tuple[tuple[str, str | int], ...] = (("share", share), ("even", round(100 / max(live, 1))))
    if action == "fold":
        return Reason(N_("{action}: played down, your hand wins back less than calling costs"
                         " (about {share}% of the pot)."), values)
    if action in ("bet", "raise", "complete"):
        return Reason(N_("{action}: your hand wins about {share}% of the pot on average, more than an even"
                         " share ({even}%)."), values)
    if action == "call":
        return Reason(N_("{action}: your hand wins about {share}% of the pot on average, enough to pay for"
                         " the call."), values)
    if action == "bring-in":
        return Reason(N_("{action}: your hand wins about {share}% of the pot on average, too little to"
                         " complete the bet."), values)
    if action == "check":
        return Reason(N_("{action}: your hand wins about {share}% of the pot on average; checking costs"
                         " nothing."), values)
    return None
