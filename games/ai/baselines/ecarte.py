"""Écarté's rule-based baseline: how a competent casual player exchanges and plays, seeing only its seat.

The rules are plain functions of the seat's own hand and the public cards, so the computer
player's playouts (``games/ai/players/ecarte.py``) use the very same ones on a determinized
state; ``Baseline`` reads them off ``game.view(state, seat)`` and the legal actions only.

* Play without exchanging (or refuse one) with three trumps, or two and two plain kings or
  queens; otherwise exchange.
* Discard every plain card below the queen (at least the fewest allowed, the weakest first).
* Show the king of trumps at once.
* Lead the highest trump holding two or more, else the highest plain card; second to a trick,
  take it as cheaply as possible, else throw the weakest card (a plain one before a trump).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.ai import seen
from games.core.game import Game
from games.core.views import SeatView
from games.ecarte.cards import STRENGTH, SUIT_OF, second_wins

_SUIT_SYMBOLS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
QUEEN = STRENGTH["Qs"]
KING = STRENGTH["Ks"]


def trumps_in(hand: Sequence[str], trump: str) -> int:
    return sum(1 for c in hand if SUIT_OF[c] == trump)


def keeps_hand(hand: Sequence[str], trump: str) -> bool:
    """Whether the hand is good enough to play as it is (no exchange wanted)."""
    trumps = trumps_in(hand, trump)
    high = sum(1 for c in hand if SUIT_OF[c] != trump and STRENGTH[c] >= QUEEN)
    return trumps >= 3 or (trumps == 2 and high >= 2)


def weakest_first(cards: Sequence[str], trump: str) -> list[str]:
    """Plain cards before trumps, each weakest first."""
    return sorted(cards, key=lambda c: (SUIT_OF[c] == trump, STRENGTH[c], c))


def rule_discard(hand: Sequence[str], trump: str, low: int, high: int) -> tuple[str, ...]:
    """Every plain card below the queen, weakest first, between ``low`` and ``high`` of them."""
    order = weakest_first(hand, trump)
    weak = [c for c in order if SUIT_OF[c] != trump and STRENGTH[c] < QUEEN]
    count = max(low, min(high, len(weak)))
    return tuple(order[:count])


def rule_card(hand: Sequence[str], playable: Sequence[str], led: str | None, trump: str) -> str:
    """The card to play: a lead, or the second card to ``led``."""
    if led is None:
        trumps = sorted((c for c in playable if SUIT_OF[c] == trump), key=STRENGTH.__getitem__)
        if len(trumps) >= 2:
            return trumps[-1]
        plain = sorted((c for c in playable if SUIT_OF[c] != trump), key=STRENGTH.__getitem__)
        return plain[-1] if plain else trumps[-1]
    winners = [c for c in playable if second_wins(led, c, trump)]
    if winners:
        return weakest_first(winners, trump)[0]
    return weakest_first(playable, trump)[0]


def rule_action(
    hand: Sequence[str], legal: Sequence[str], trump: str, led: str | None, limits: tuple[int, int]
) -> str:
    """The baseline's action, from the seat's hand, the legal actions and the public facts."""
    if "king" in legal:
        return "king"
    if "propose" in legal or legal == ("play",):
        return "play" if keeps_hand(hand, trump) or "propose" not in legal else "propose"
    if "accept" in legal:
        return "refuse" if keeps_hand(hand, trump) else "accept"
    if legal[0].startswith("discard:"):
        return "discard:" + ",".join(rule_discard(hand, trump, *limits))
    playable = [a[5:] for a in legal if a.startswith("play:")]
    return "play:" + rule_card(hand, playable, led, trump)


def trump_of(view: SeatView) -> str:
    """Trumps, from the first fact ("♠ Spades (upcard K♠)"): the first suit symbol in it."""
    text = view.public.facts[0][1]
    return next(_SUIT_SYMBOLS[ch] for ch in text if ch in _SUIT_SYMBOLS)


def led_of(view: SeatView) -> str | None:
    """The card led to the trick on the table, if one is."""
    for pile in view.public.piles:
        if not pile.taken and pile.cards:
            return pile.cards[0]
    return None


def discard_limits(legal: Sequence[str]) -> tuple[int, int]:
    sizes = [len(a[8:].split(",")) if a[8:] else 0 for a in legal]
    return min(sizes), max(sizes)


class Baseline(seen.Baseline):
    """A competent casual Écarté player (see the module's rules); reads only its view and legal actions."""

    def decide(self, game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> str:
        view = game.view(state, seat)
        limits = discard_limits(legal) if legal[0].startswith("discard:") else (0, 0)
        action = rule_action(view.hand, legal, trump_of(view), led_of(view), limits)
        if action.startswith("discard:"):  # the legal spelling of the same cards (hand order)
            cards = set(action[8:].split(","))
            return next((a for a in legal if set(a[8:].split(",")) == cards), legal[0])
        return action if action in legal else legal[0]
