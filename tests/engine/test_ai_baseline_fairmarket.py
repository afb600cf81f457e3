"""Fairmarket's baseline: a legal greedy order from the view alone (the computer player is games/ai/players/fairmarket.py)."""

from __future__ import annotations

import random

from games.ai.baselines import baseline_for
from games.ai.baselines.fairmarket import plan
from games.fairmarket.game import Fairmarket

GAME = Fairmarket()


def test_the_plan_wins_big_pots_with_high_suit_cards_and_dumps_the_rest() -> None:
    table = ("B40", "B60", "F30", "C10", "C50")
    order = plan(("F9", "B10", "C2", "C4", "C20"), table, (3, 3, 9, 3, 3))
    # C20 is the only card beating a table card in its suit (C10); the rest go where each is weakest:
    # C2 and C4 off-suit on the bells, B10 off-suit on the flags (nothing beats F30), F9 last
    assert order == ("C2", "C4", "B10", "C20", "F9")


def test_every_seat_sets_a_whole_order_from_its_view_only() -> None:
    baseline = baseline_for("fairmarket")
    assert baseline is not None
    for seed in range(20):
        seats = 2 + seed % 5
        state = GAME.new_state(None, seats, seed)
        rng = random.Random(seed)
        steps = 0
        while GAME.outcome(state) is None and steps < 200:
            seat = min(GAME.to_act(state))
            action = baseline.choose(GAME, state, seat, rng)
            other = GAME.sample_hidden(state, seat, random.Random(seed))
            assert baseline.choose(GAME, other, seat, rng) == action  # the others' cards don't matter
            assert action in GAME.legal_actions(state, seat) and action not in ("vote", "reset")
            state, _ = GAME.apply(state, seat, action)
            steps += 1
        assert GAME.outcome(state) is not None
