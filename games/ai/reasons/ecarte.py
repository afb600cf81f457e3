"""Écarté's hint reasons: trumps kept in an exchange, the hand's strength, who takes the trick."""

from __future__ import annotations

import random
from typing import Any

from games.ai.advice import Reason, Stats, tenths
from games.ai.baselines.ecarte import keeps_hand, trumps_in
from games.core.game import Game
from games.core.i18n import N_
from games.ecarte.cards import SUIT_OF, legal_plays, second_wins
from games.ecarte.state import DISCARD, PLAY

#: Sampled deals for "it takes this trick in about k of 10 likely deals".
DEALS = 40


def explain(game: Game, state: Any, seat: int, action: str, stats: Stats, rng: random.Random) -> Reason | None:
    hand, trump = state.play.hands[seat], state.trump
    trumps = trumps_in(hand, trump)
    if action == "king":
        return Reason(N_("{action}: showing the king of trumps scores a point at once."))
    if state.phase == DISCARD and action.startswith("discard:"):
        gone = set(action[8:].split(",")) if action[8:] else set()
        kept = trumps - sum(1 for c in gone if SUIT_OF[c] == trump)
        if not gone:
            return Reason(N_("{action}: every card in your hand is worth keeping."))
        if kept == trumps and trumps:
            text = (N_("Discard {cards}: you keep your trump.") if trumps == 1
                    else N_("Discard {cards}: you keep all {n} of your trumps."))
            return Reason(text, (("n", trumps),))
        return Reason(N_("Discard {cards}: they are your weakest cards, and new ones may bring trumps."))
    if action in ("play", "refuse"):
        if keeps_hand(hand, trump):
            return Reason(N_("{action}: with {n} trumps your hand is strong enough as it is."), (("n", trumps),))
        return None
    if action in ("propose", "accept"):
        if trumps == 0:
            return Reason(N_("{action}: you hold no trump, so new cards can only help."))
        if not keeps_hand(hand, trump):
            return Reason(N_("{action}: your hand is too weak to play as it is."))
        return None  # a fair hand strong still exchanges: the search's own figures say why
    if state.phase == PLAY and action.startswith("play:"):
        return _trick(game, state, seat, action[5:], rng)
    return None


def _trick(game: Game, state: Any, seat: int, card: str, rng: random.Random) -> Reason:
    """How often ``card`` takes the trick: certain when following, over sampled deals when leading."""
    trump = state.trump
    trick = state.play.trick
    if trick.plays:
        if second_wins(trick.plays[0][1], card, trump):
            return Reason(N_("{action}: it takes this trick."))
        return Reason(N_("{action}: you can't take this trick, so you give up your weakest card."))
    taken = 0
    for _ in range(DEALS):
        world = game.sample_hidden(state, seat, rng)
        other = world.play.hands[1 - seat]
        if not any(second_wins(card, c, trump) for c in legal_plays(other, card, trump)):
            taken += 1
    k = tenths(taken, DEALS)
    if k >= 5:
        return Reason(N_("{action}: it takes this trick in about {k} of 10 likely deals."), (("k", k),))
    return Reason(N_("{action}: it is often beaten, but it costs you less than your other cards."))
