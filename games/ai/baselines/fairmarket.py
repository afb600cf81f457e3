"""Fairmarket's rule-based player: a casual greedy order, read from its seat's view.

Stations with the biggest pots first: each gets this seat's strongest card of the station's high suit
(the table card's) when that beats the table card; the stations left over get the weakest cards, each
the one that is weakest there (a chance at the one-coin low, and nothing good wasted). It never votes
for a last hand. The plan depends only on the hand and the table, so placing card after card follows it.
"""

from __future__ import annotations

import random
import re
from typing import Any

from games.core.game import Game
from games.fairmarket import cards as fm

_NUMBER = re.compile(r"\d+")


def plan(hand: tuple[str, ...], table: tuple[str, ...], pots: tuple[int, ...]) -> tuple[str, ...]:
    """The card for each station, in station order."""
    left = list(hand)
    chosen: dict[int, str] = {}
    for k in sorted(range(len(table)), key=lambda k: (-pots[k], k)):
        high = fm.suit(table[k])
        suited = [c for c in left if fm.suit(c) == high and fm.key(c, high) > fm.key(table[k], high)]
        if suited:
            best = max(suited, key=lambda c: fm.key(c, high))
            chosen[k] = best
            left.remove(best)
    for k in range(len(table)):
        if k not in chosen:
            high = fm.suit(table[k])
            worst = min(left, key=lambda c: (fm.key(c, high), c))
            chosen[k] = worst
            left.remove(worst)
    return tuple(chosen[k] for k in range(len(table)))


class Baseline:
    name = "baseline"

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError("no legal action for this seat")
        if "confirm" in legal:
            return "confirm"
        view = game.view(state, seat)
        piles = view.public.piles[: len(view.hand)]
        table = tuple(p.cards[0] for p in piles)
        pots = tuple(int(_NUMBER.findall(p.text)[-1]) for p in piles)
        unplaced = {a.split(":", 1)[1] for a in legal if a.startswith("place:")}
        for card in plan(tuple(view.hand), table, pots):
            if card in unplaced:
                return "place:" + card
        return "asis"
