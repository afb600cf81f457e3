"""Écarté's hint reasons (games/ai/reasons/ecarte.py) never call a classic playing hand too weak.

Strong decides "I play" or propose by the search on every hand, so it may propose on three trumps
or play on one: the reason must then come from the search's figures (None here: the generic one).
"""

from __future__ import annotations

import random

import games
from games.ai.advice import Stats
from games.ai.baselines.ecarte import keeps_hand, trumps_in
from games.ai.reasons.ecarte import explain

GAME = games.get_game("ecarte")
STATS = Stats(("propose", "play"), (0.0, 0.0), (0, 0), 1)


def test_exchanging_is_called_weak_only_on_a_hand_short_of_a_playing_hand() -> None:
    seen = {True: 0, False: 0}
    for deal in range(80):
        state = GAME.new_state(GAME.presets["standard"], 2, 3100 + deal, dealer=1)
        hand = state.play.hands[0]
        if GAME.legal_actions(state, 0) != ("propose", "play") or not trumps_in(hand, state.trump):
            continue
        classic = keeps_hand(hand, state.trump)
        reason = explain(GAME, state, 0, "propose", STATS, random.Random(deal))
        assert (reason is None) == classic, hand
        seen[classic] += 1
    assert seen[True] >= 3 and seen[False] >= 3
