"""Put and Take has no decisions: every seat to act (only the dealer) has exactly one legal action.

So no computer player can play it better or worse than another (docs/ai.md, ## Put and Take): this scan
proves it over whole hands at every table size and checks every strength and the baseline take it.
"""

from __future__ import annotations

import random

import pytest

from games.ai.baselines import baseline_for
from games.ai.search import computer_player
from games.putandtake.game import PutAndTake

GAME = PutAndTake()


@pytest.mark.parametrize("seats", range(2, 10))
def test_only_the_dealer_acts_and_has_one_action(seats: int) -> None:
    players = [computer_player(GAME, s) for s in ("easy", "normal", "strong")]
    baseline = baseline_for("putandtake")
    assert baseline is not None
    for seed in range(4):
        state = GAME.new_state(None, seats, seed, dealer=seed % seats)
        steps = 0
        while GAME.outcome(state) is None:
            assert GAME.to_act(state) == {state.dealer}
            legal = GAME.legal_actions(state, state.dealer)
            assert len(legal) == 1
            for p in (*players, baseline):
                assert p.choose(GAME, state, state.dealer, random.Random(seed)) == legal[0]
            state, _ = GAME.apply(state, state.dealer, legal[0])
            steps += 1
        assert steps == 10  # five put cards and five take cards
