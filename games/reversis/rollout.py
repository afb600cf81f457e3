"""Reversis playouts for the computer players' search: duck, and shed what pays when you can't follow.

Random play takes tricks and keeps the Quinola and the aces at random, so a random playout
says little about a hand; this cheap policy plays a card as a careful player would: lead
low, follow under the trick's best card (the highest that still ducks), else the highest
(the trick is lost anyway), and when void throw the J♥, then an ace, then the most points.
"""

from __future__ import annotations

from .cards import POINTS, QUINOLA, STRENGTH, SUIT_OF, is_ace
from .play import legal_cards
from .state import PLAY, ReversisState


def _power(card: str) -> int:
    return STRENGTH[card]


def _shed(card: str) -> tuple[int, int, int, int]:
    return (card == QUINOLA, is_ace(card), POINTS[card], STRENGTH[card])


def rollout_action(state: ReversisState, seat: int) -> str | None:
    """The playout's card for ``seat`` (None outside the play: the exchange stays random)."""
    if state.phase != PLAY:
        return None
    cards = legal_cards(state, seat)
    plays = state.play.trick.plays
    if not plays:
        return "play:" + min(cards, key=_power)
    led = SUIT_OF[plays[0][1]]
    follow = [c for c in cards if SUIT_OF[c] == led]
    if not follow:
        return "play:" + max(cards, key=_shed)
    best = max(STRENGTH[c] for _s, c in plays if SUIT_OF[c] == led)
    under = [c for c in follow if STRENGTH[c] < best]
    return "play:" + (max(under, key=_power) if under else max(follow, key=_power))
