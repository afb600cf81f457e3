"""Fünfzehnern's rule-based baseline: a competent casual player, seeing only its seat.

Every seat plays for itself and every point in a trick goes to its taker, so the rules are
about where the counters (A 5, K 4, Q 3, J 2, 10 1) end up:

* lead an ace (nobody can beat it), else the lowest blank (9, 8, 7), else the cheapest card;
* following suit: last to play, take the trick as cheaply as possible; earlier, play the ace
  if held, else the cheapest card of the suit (a trick that can't be won costs the least);
* void in the suit led: throw the cheapest card (a blank before any counter).

The rules are plain functions of the hand and the trick, so the computer player's playouts
(``games/ai/players/fuenfzehnern.py``) use them on a determinized state; ``Baseline`` reads
them off ``game.view(state, seat)`` and the legal actions only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.ai import seen
from games.core.game import Game
from games.fuenfzehnern.cards import ORDER, POINTS, SUIT_OF


def cheapest(cards: Sequence[str]) -> str:
    """Fewest points, then the lowest rank."""
    return min(cards, key=lambda c: (POINTS[c], ORDER[c], c))


def best_on(trick: Sequence[str]) -> str:
    """The card winning ``trick`` so far (the highest of the suit led)."""
    suit = SUIT_OF[trick[0]]
    return max((c for c in trick if SUIT_OF[c] == suit), key=ORDER.__getitem__)


def rule_card(playable: Sequence[str], trick: Sequence[str], last: bool) -> str:
    """The card to play from ``playable`` to ``trick`` (its cards so far); ``last``: the trick's last card."""
    if not trick:
        aces = [c for c in playable if c[0] == "A"]
        if aces:
            return aces[0]
        blanks = [c for c in playable if not POINTS[c]]
        return cheapest(blanks or playable)
    suit = SUIT_OF[trick[0]]
    if all(SUIT_OF[c] != suit for c in playable):
        return cheapest(playable)
    top = ORDER[best_on(trick)]
    winners = sorted((c for c in playable if ORDER[c] > top), key=ORDER.__getitem__)
    if winners and last:
        return winners[0]
    if winners and winners[-1][0] == "A":
        return winners[-1]
    return cheapest(playable)


class Baseline(seen.Baseline):
    """A competent casual Fünfzehnern player (see the module's rules); reads only its view and legal actions."""

    def decide(self, game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> str:
        public = game.view(state, seat).public
        trick = next((p.cards for p in public.piles if not p.taken and p.cards), ())
        playable = [a[5:] for a in legal if a.startswith("play:")]
        return "play:" + rule_card(playable, trick, len(trick) == len(public.seats) - 1)
