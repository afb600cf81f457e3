"""Razz's rule-based player: a competent casual player who reads only its seat's view.

It judges its hand as a razz player counts it: how many different low cards (8 or lower) it holds
and how high the highest of its best five is, plus the cards still to come (about half of them help).
Each live opponent gets the same count from its up cards, with its down cards and cards to come
assumed as useful as an average card. Then:

* **3rd street**: three unpaired cards of 6 or lower complete (or raise); three unpaired of 8 or
  lower play on; otherwise it calls only a bring-in, with two low cards and a door card lower than
  every live opponent's, and folds to a full bet;
* **later**: well ahead of the best opponent, bet or raise; about level, check or call; behind, check,
  and fold to a bet unless the pot pays at least six times the call.
"""

from __future__ import annotations

import random
from typing import Any

from games.ai.baselines._reading import amount, bets_this_round
from games.ai.policy import Policy
from games.core.game import Game
from games.core.poker.lowball import LOW_RANK

HELP = 0.5  # how many good low cards one unseen card is worth, on average


def count(cards: list[str], unseen: int) -> tuple[float, int]:
    """(good low cards, counting the unseen as HELP each, at most 5; the highest of the best five lows)."""
    lows = sorted({LOW_RANK[c[0]] for c in cards if LOW_RANK[c[0]] <= 8})
    best = lows[:5]
    return min(5.0, len(best) + HELP * unseen), best[-1] if best else 13






class Baseline:
    name = "baseline"

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError("no legal action for this seat")
        view = game.view(state, seat)
        lines = view.public.seats
        up = list(lines[seat].cards)
        mine = list(view.hand) + up
        opponents = [line.cards for line in lines if line.seat != seat and not line.out and line.cards]
        raise_word = next((a for a in ("complete", "bet", "raise") if a in legal), None)
        if bets_this_round(view) >= 3:
            raise_word = None  # three bets in: enough (heads-up there is no cap)
        passive = "check" if "check" in legal else "call" if "call" in legal else "bring-in"
        if passive not in legal:
            passive = legal[0]
        if len(mine) == 3:
            return self._third(mine, up, opponents, legal, raise_word, passive)
        to_come = 7 - len(mine)
        mine_count, mine_top = count(mine, to_come)
        edge = -5.0
        for board in opponents:
            hidden = len(mine) - len(board)  # their down cards, as many as ours
            theirs, top = count(list(board), hidden + to_come)
            edge = max(edge, theirs - mine_count + (mine_top - top) / 10)
        edge = -edge  # > 0: we are ahead of the best of them
        if edge > 0.8 and raise_word is not None:
            return raise_word
        if edge > -0.4 or "fold" not in legal:
            return passive
        pot = sum(view.public.pots)  # the pot and any side pots, as the table shows them
        call = amount(view, "call")
        return "call" if call and pot >= 6 * call else "fold"

    @staticmethod
    def _third(
        mine: list[str], up: list[str], opponents: list[tuple[str, ...]], legal: tuple[str, ...],
        raise_word: str | None, passive: str,
    ) -> str:
        ranks = [LOW_RANK[c[0]] for c in mine]
        unpaired = len(set(ranks)) == 3
        if unpaired and max(ranks) <= 6:
            return raise_word or passive
        if (unpaired and max(ranks) <= 8) or "fold" not in legal:
            return passive
        two_low = len({r for r in ranks if r <= 8}) >= 2
        door = LOW_RANK[up[0][0]]
        lowest_door = all(door < LOW_RANK[b[0][0]] for b in opponents)
        # facing only the bring-in (no completion yet): "complete" is still offered
        if two_low and lowest_door and "complete" in legal:
            return passive
        return "fold"


_: type[Policy] = Baseline
