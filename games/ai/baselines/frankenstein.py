"""Frankenstein's rule-based player: a competent casual draw-poker player, from its seat's view.

The draw is the textbook one (``draw_rule``: keep what's made, draw to four to a flush or an open
straight, else keep the two highest). Betting reads the hand's class:
before the draw, jacks or better bet and raise, any pair or a four-card draw calls, the rest check
and fold to a bet; after the draw, two pair or better bets and raises, a pair of jacks or better
calls, anything less checks and folds to a bet unless the pot pays six times the call. The more
players drew few cards (strength), the more it takes: against a player standing pat it wants trips.

The computer's normal strength plays these rules too (``games.ai.players.frankenstein.RulePlayer``), and
easy and strong draw by ``draw_rule``: the rules live here, where the yardstick is.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.ai.baselines._reading import amount, bets_this_round
from games.ai.policy import Policy
from games.core.game import Game
from games.core.poker.highhand import HIGH_RANK, PAIR, STRAIGHT, TRIPS, TWO_PAIR, high_key


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
            throw = open_straight(hand) or sorted(hand, key=lambda c: HIGH_RANK[c[0]])[:3]
    throw.sort(key=lambda c: HIGH_RANK[c[0]])  # the lowest first when only some may go
    chosen = set(throw[:most])
    return tuple(c for c in hand if c in chosen)


def open_straight(hand: Sequence[str]) -> list[str]:
    """The card to throw from four to an open-ended straight (four in a row, not ending at the ace)."""
    for out in hand:
        rest = sorted({HIGH_RANK[c[0]] for c in hand if c != out})
        if len(rest) == 4 and rest[-1] - rest[0] == 3 and rest[-1] < 14:
            return [out]
    return []


def four_to_something(hand: Sequence[str]) -> bool:
    """Four to a flush or four ranks in a row (a hand worth a draw)."""
    suits = [c[1] for c in hand]
    if max(suits.count(s) for s in set(suits)) == 4:
        return True
    ranks = sorted({HIGH_RANK[c[0]] for c in hand})
    return any(ranks[i + 3] - ranks[i] == 3 for i in range(len(ranks) - 3))


class Baseline:
    name = "baseline"

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError("no legal action for this seat")
        view = game.view(state, seat)
        hand = tuple(view.hand)
        if legal[0].startswith("discard:"):
            most = max(a.count(",") + 1 for a in legal if a != "discard:")
            return "discard:" + ",".join(draw_rule(hand, most))
        key = high_key(hand)
        lines = view.public.seats
        after_draw = any("drew" in line.text for line in lines)  # each live seat's line says what it drew
        up = next((a for a in ("bet", "raise") if a in legal), None)
        passive = "check" if "check" in legal else "call"
        jacks = key[0] > PAIR or (key[0] == PAIR and key[1] >= 11)
        if not after_draw:
            strong, keep = jacks, key[0] >= PAIR or four_to_something(hand)
        else:
            strong, keep = key[0] >= TWO_PAIR, jacks
            pat = any("drew 0" in line.text for line in lines if line.seat != seat and not line.out)
            if pat and key[0] < TRIPS:
                strong = False
        if strong and up is not None and bets_this_round(view) < 3:
            return up
        if keep or "fold" not in legal:
            return passive
        pot = int(next((v for k, v in view.public.facts if v.isdigit()), "0"))
        call = amount(view, "call")
        return "call" if call and pot >= 6 * call else "fold"


_: type[Policy] = Baseline

__all__ = ["Baseline", "draw_rule", "four_to_something", "open_straight"]
