"""Frankenstein's computer player: the betting player of ``games/ai/poker.py`` and a standard draw.

Betting judges the hand by checking it down against sampled holdings, the Zombie included (it is
dealt from everyone's discards in each sample, so a hand that may lose to it, and then match the pot,
is valued as such). The draw is the textbook one (``draw_rule``): keep any made hand (pat on a
straight or better), four to a flush or to an open straight throws one, trips and two pair throw
their kickers, a pair throws the rest, nothing keeps its two highest. A premium start (a pair of
jacks or better) is never folded before the draw. Strengths differ by samples, by mixing (easy never
bluffs) and by time budget.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from games.ai.poker import BettingPlayer, Style
from games.ai.search import Strength
from games.core.game import Game
from games.core.poker.highhand import HIGH_RANK, PAIR, STRAIGHT, TRIPS, TWO_PAIR, high_key
from games.frankenstein.state import FrankensteinState


def draw_rule(hand: Sequence[str], most: int) -> tuple[str, ...]:
    """The cards a sound draw-poker player throws (at most ``most``), in hand order."""
    key = high_key(hand)
    ranks = [HIGH_RANK[c[0]] for c in hand]
    if key[0] >= STRAIGHT:
        return ()
    if key[0] in (TRIPS, TWO_PAIR, PAIR):
        kept = {r for r in ranks if ranks.count(r) > 1}
        throw = [c for c in hand if HIGH_RANK[c[0]] not in kept]
    else:
        suits = [c[1] for c in hand]
        suit = max(set(suits), key=suits.count)
        if suits.count(suit) == 4:
            throw = [c for c in hand if c[1] != suit]
        else:
            throw = _open_straight(hand) or sorted(hand, key=lambda c: HIGH_RANK[c[0]])[:3]
    throw.sort(key=lambda c: HIGH_RANK[c[0]])  # the lowest first when only some may go
    chosen = set(throw[:most])
    return tuple(c for c in hand if c in chosen)


def _open_straight(hand: Sequence[str]) -> list[str]:
    """The card to throw from four to an open-ended straight (four in a row, not ending at the ace)."""
    for out in hand:
        rest = sorted({HIGH_RANK[c[0]] for c in hand if c != out})
        if len(rest) == 4 and rest[-1] - rest[0] == 3 and rest[-1] < 14:
            return [out]
    return []


def draw_action(game: Game, state: Any, seat: int, rng: random.Random) -> str:
    thrown = draw_rule(state.hands[seat], state.options.max_discard)
    return "discard:" + ",".join(thrown)


def premium(state: FrankensteinState, seat: int) -> bool:
    """Jacks or better, or any better hand, before the draw."""
    if state.phase != "bet1":
        return False
    key = high_key(state.hands[seat])
    return key[0] > PAIR or (key[0] == PAIR and key[1] >= 11)


def pot(state: FrankensteinState) -> int:
    return state.pot


def last_round(state: FrankensteinState) -> bool:
    return state.phase == "bet2"


STYLES = {
    "easy": Style(samples=12, budget=0.02, premium=premium, passive_other=draw_action),
    "normal": Style(samples=120, budget=0.1, bluff=0.08, semi=0.06, premium=premium, passive_other=draw_action),
    "strong": Style(samples=600, budget=0.5, bluff=0.1, semi=0.08, premium=premium, passive_other=draw_action),
}


def player(strength: Strength, clock: Callable[[], float] | None) -> Any:
    return BettingPlayer(strength.name, STYLES[strength.name], clock, pot, last_round, other=draw_action)


__all__ = ["STYLES", "draw_action", "draw_rule", "player", "premium"]
