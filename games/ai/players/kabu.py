"""Kabu's computer player: the exact expected-value policy, worked out by enumeration.

Chips move by totals alone: each pair of players settles the difference of their totals, so a
seat's result is ``(n-1)·own total − Σ others' totals`` (a debt that can't be paid aside). The
others' cards are unseen and the stock is shuffled, so whatever the seat does, the others' totals
are the same in expectation: the best play is the one with the highest expected *own* total.
That is a one-player problem over the unseen 40 − k cards, small enough to enumerate exactly at
every decision (``draw_value``): stand when the total beats what drawing (and then playing on
optimally) gives on average.

Enumerating every two- and three-card hand (tests/engine/test_ai_blunders_kabu.py) proves the
result never depends on which cards are held, only on the total: **with two cards draw on 5 or
less and stand on 6 or more; with three cards draw on 4 or less and stand on 5 or more**
(``STAND_AT``). No hand is ever a tie. Strong plays this exactly. Normal plays it too except on the
closest call of the game, a two-card 6 (drawing averages 5.76: a quarter point worse), where it draws —
the total Oicho-Kabu players leave to taste. That costs 0.024 points of the seat's own total a hand,
the least any departure from the optimum costs, so normal is as near the optimum as a player that is
not the optimum can be (docs/ai.md, ## Kabu: strong − normal and normal − baseline are then the same
small gap, of opposite sign). Easy keeps the generic search with its two noisy samples.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from games.ai.search import SearchPlayer, Strength
from games.core.game import Game
from games.kabu.cards import DECK, MAX_DRAWS, VALUE, total

#: The proven threshold: stand on this total or more, by the number of cards held (four: no choice).
STAND_AT = {2: 6, 3: 5}
#: Normal's one departure: it draws on a two-card 6 (the closest call; ``draw_value`` 5.76 on average).
CLOSE_CALL = 6


def draws_by_rule(cards: Sequence[str]) -> bool:
    """The threshold rule: draw below ``STAND_AT`` for the hand's size."""
    return len(cards) - 2 < MAX_DRAWS and total(cards) < STAND_AT[len(cards)]


@cache
def _value(hand: tuple[str, ...]) -> Fraction:
    """The expected final total of ``hand`` played optimally from here (the unseen cards uniform)."""
    stand = Fraction(total(hand))
    if len(hand) - 2 >= MAX_DRAWS:
        return stand
    return max(stand, draw_value(hand))


@cache
def draw_value(hand: tuple[str, ...]) -> Fraction:
    """The expected final total after drawing one card now (then playing on optimally); exact."""
    unseen = [c for c in DECK if c not in hand]
    if len(hand) - 2 + 1 >= MAX_DRAWS:  # the last card a hand may take: just the new total
        return Fraction(sum((total(hand) + VALUE[c]) % 10 for c in unseen), len(unseen))
    return sum((_value(tuple(sorted((*hand, c)))) for c in unseen), Fraction(0)) / len(unseen)


def draws_by_enumeration(cards: Sequence[str]) -> bool:
    """Whether drawing has the higher expected final total, enumerated over the unseen cards."""
    hand = tuple(sorted(cards))
    return len(hand) - 2 < MAX_DRAWS and draw_value(hand) > total(hand)


class KabuPlayer:
    """Draws exactly when drawing raises the expected total (``draws_by_enumeration``); ``close_call``:
    also on a two-card 6 (normal)."""

    def __init__(self, name: str, close_call: bool = False) -> None:
        self.name = name
        self.close_call = close_call

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError("no legal action for this seat")
        cards = state.hands[seat]
        if "draw" in legal and (
            draws_by_enumeration(cards) or (self.close_call and len(cards) == 2 and total(cards) == CLOSE_CALL)
        ):
            return "draw"
        return "stand"


def player(strength: Strength, clock: Callable[[], float] | None) -> Any:
    """Easy: the generic search (two samples, so it errs); normal: the exact policy but for the close
    call; strong: the exact policy."""
    if strength.name == "easy":
        return SearchPlayer(strength, clock)
    return KabuPlayer(strength.name, close_call=strength.name == "normal")


__all__ = ["CLOSE_CALL", "STAND_AT", "KabuPlayer", "draw_value", "draws_by_enumeration", "draws_by_rule", "player"]
