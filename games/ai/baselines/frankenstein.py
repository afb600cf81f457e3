"""Frankenstein's rule-based player: a competent casual draw-poker player, from its seat's view.

The draw is the textbook one (``games.ai.players.frankenstein.draw_rule``: keep what's made, draw to
four to a flush or an open straight, else keep the two highest). Betting reads the hand's class:
before the draw, jacks or better bet and raise, any pair or a four-card draw calls, the rest check
and fold to a bet; after the draw, two pair or better bets and raises, a pair of jacks or better
calls, anything less checks and folds to a bet unless the pot pays six times the call. The more
players drew few cards (strength), the more it takes: against a player standing pat it wants trips.
"""

from __future__ import annotations

import random
from typing import Any

from games.ai.baselines._reading import amount, bets_this_round
from games.ai.players.frankenstein import draw_rule, four_to_something
from games.ai.policy import Policy
from games.core.game import Game
from games.core.poker.highhand import PAIR, TRIPS, TWO_PAIR, high_key


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
