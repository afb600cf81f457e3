"""Reversis' rule-based baseline: shed danger in the exchange, lead low, duck under the trick's
best card, and when void throw the J♥, then an ace, then the most points. A careful casual
player who never goes for the reversis or the espagnolette.

``exchange_action`` and ``ducks`` are shared with the computer players
(``games.ai.players.reversis``): their playouts exchange by the same rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.ai import seen
from games.ai.seen import TableTrick, cards_of, current_trick
from games.core.game import Game
from games.reversis.cards import POINTS, QUINOLA, STRENGTH, SUIT_OF, is_ace


def ducks(trick: TableTrick, card: str) -> bool:
    """Whether ``card`` stays under the best card of the suit led (or is off suit)."""
    led = SUIT_OF[trick.cards[0]]
    if SUIT_OF[card] != led:
        return True
    return STRENGTH[card] < max(STRENGTH[c] for c in trick.cards if SUIT_OF[c] == led)


def danger(card: str, hand: Sequence[str]) -> float:
    """How much ``card`` threatens to cost: the J♥ with few hearts to hide it, high cards in short suits."""
    suit = [c for c in hand if SUIT_OF[c] == SUIT_OF[card]]
    if card == QUINOLA:
        return 10.0 if len(suit) <= 3 else 2.0
    low = sum(1 for c in suit if STRENGTH[c] < STRENGTH[card])
    return (POINTS[card] + (2 if is_ace(card) else 0)) / (1 + low)


def most_dangerous(hand: Sequence[str]) -> list[str]:
    """``hand`` from the card that threatens most to the least."""
    return sorted(hand, key=lambda c: (danger(c, hand), STRENGTH[c]), reverse=True)


def exchange_action(hand: Sequence[str], may_keep: bool) -> str:
    """Discard the most dangerous card, or keep the hand (when allowed) if nothing is dangerous."""
    worst = most_dangerous(hand)[0]
    return "discard:" if may_keep and danger(worst, hand) < 2.0 else f"discard:{worst}"


class Baseline(seen.Baseline):
    def decide(self, game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> str:
        view = game.view(state, seat)
        hand = view.hand
        cards = cards_of(legal)
        if not cards:  # the exchange: "discard:X", or "discard:" to keep the hand
            return exchange_action(hand, "discard:" in legal)
        trick = current_trick(view)
        if not trick.plays:
            return cards[min(cards, key=lambda c: (STRENGTH[c], c == QUINOLA))]
        led = SUIT_OF[trick.cards[0]]
        follow = [c for c in cards if SUIT_OF[c] == led]
        if not follow:
            return cards[max(cards, key=lambda c: (c == QUINOLA, is_ace(c), POINTS[c], STRENGTH[c]))]
        under = [c for c in follow if ducks(trick, c)]
        if under:
            return cards[max(under, key=lambda c: STRENGTH[c])]
        plain = [c for c in follow if c != QUINOLA and not is_ace(c)] or follow
        last = len(trick.plays) == len(view.public.seats) - 1  # it takes the trick: shed the highest
        return cards[(max if last else min)(plain, key=lambda c: STRENGTH[c])]
