"""Kabu's hint reasons: the draw's odds, counted exactly over the cards the seat hasn't seen."""

from __future__ import annotations

import random
from typing import Any

from games.ai.advice import Reason, Stats
from games.core.game import Game
from games.core.i18n import N_
from games.kabu.cards import DECK, VALUE, total


def draw_odds(hand: tuple[str, ...]) -> tuple[int, int, int]:
    """(cards that raise the total, cards that lower it, cards unseen) if one more card is drawn.

    Only the seat's own cards are known to it: every other card is unseen (the others' hands too)."""
    now = total(hand)
    unseen = [c for c in DECK if c not in hand]
    after = [(now + VALUE[c]) % 10 for c in unseen]
    return sum(1 for t in after if t > now), sum(1 for t in after if t < now), len(unseen)


def explain(game: Game, state: Any, seat: int, action: str, stats: Stats, rng: random.Random) -> Reason | None:
    hand = tuple(state.hands[seat])
    better, worse, n = draw_odds(hand)
    values: tuple[tuple[str, str | int], ...] = (("total", total(hand)), ("better", better), ("worse", worse), ("n", n))
    if action == "stand":
        return Reason(N_("{action} on {total}: drawing makes it worse more often than better"
                         " ({worse} of the {n} unseen cards would lower it)."), values)
    if action == "draw":
        return Reason(N_("{action} on {total}: a card makes it better more often than worse"
                         " ({better} of the {n} unseen cards would raise it)."), values)
    return None
