"""The player itself: its knobs, its memory of the deal, and which decision each turn calls for.

A fresh one is made for every seat of every deal (``duplicate_match`` does), but it also notices a
new deal on its own, so reusing one is safe.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from games.core.game import Game
from games.reversis.cards import STRENGTH, SUIT_OF

from .exchange import exchange
from .follow import discard, espagnolette, follow_suit
from .lead import lead
from .reading import Known, Memory
from .values import FIRST_NINE


class Independent:
    name = "independent"
    keep_threshold = 0.6  # the exchange: keep the hand when no card is worse than this
    jh_void_bonus = 4.0  # extra for leading a singleton side card while holding the J♥
    fish = 1.0  # weight of fishing for the Quinola with low hearts
    stop_from = 6  # take a trick from a player who has them all, from this many tricks on
    last_win_highest = True
    jh_keep_weight = 0.6
    lead_bare_jh = True

    def __init__(self) -> None:
        self.memory = Memory()

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = tuple(game.legal_actions(state, seat))
        if len(legal) == 1:
            # still watch the table, so the memory stays complete
            with contextlib.suppress(Exception):
                self.memory.observe(game.view(state, seat), seat, legal)
            return legal[0]
        view = game.view(state, seat)
        info = self.memory.observe(view, seat, legal)
        if legal[0].startswith("discard"):
            return exchange(info, legal, self)
        card = self._play(info, [a[5:] for a in legal])
        return "play:" + card

    def _play(self, info: Known, cards: list[str]) -> str:
        current, seat, hand = info.current, info.seat, info.hand
        if not current:
            return lead(info, cards, self)
        led = SUIT_OF[current[0][1]]
        follow = [c for c in cards if SUIT_OF[c] == led]
        off = [c for c in cards if SUIT_OF[c] != led]
        may_renounce = bool(follow) and bool(off)
        committed = info.esp == seat or self.memory.renounced
        if may_renounce and not committed:
            # go for it only with low cards to keep for the last two tricks, when one must follow
            lows = sum(1 for c in hand if STRENGTH[c] <= 5)
            may_renounce = lows >= 2 and info.tricks[seat] == 0
        if (may_renounce or committed) and info.completed < FIRST_NINE and info.rev < 0:
            choice = espagnolette(info, cards, follow, off, self)
            if follow and choice in off:
                self.memory.renounced = True
            return choice
        if not follow:
            return discard(info, cards)
        return follow_suit(info, follow, self)
