"""Shared by the poker games' bad-decision scans: states from the baseline's play, and its no-peeking check."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.ai.baselines import baseline_for
from games.core.game import Game


def baseline_states(game: Game, deals: int) -> list[tuple[Any, int]]:
    """Decisions (state, seat) from deals the baseline plays at 2–6 seats, a random action now and then."""
    baseline = baseline_for(game.id)
    assert baseline is not None
    out = []
    for seed in range(deals):
        seats = 2 + seed % 5
        rng = random.Random(seed)
        state = game.new_state(None, seats, seed, dealer=seed % seats)
        while game.outcome(state) is None:
            (seat,) = game.to_act(state)
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                out.append((state, seat))
            action = legal[rng.randrange(len(legal))] if rng.random() < 0.15 else baseline.choose(game, state, seat, rng)
            state, _ = game.apply(state, seat, action)
    return out


def assert_baseline_sees_only_its_view(game: Game, deals: int) -> None:
    """The baseline decides the same whatever the others really hold."""
    baseline = baseline_for(game.id)
    assert baseline is not None
    for i, (state, seat) in enumerate(baseline_states(game, deals)):
        other = game.sample_hidden(state, seat, random.Random(i))
        assert baseline.choose(game, other, seat, random.Random(0)) == baseline.choose(game, state, seat, random.Random(0))


def assert_no_bad_decision(
    game: Game, player: Any, states: list[tuple[Any, int]], bad: Callable[[Any, int, str], str | None]
) -> None:
    """``player`` decides at every state; ``bad`` names none of its decisions."""
    assert len(states) > 200
    for i, (state, seat) in enumerate(states):
        action = player.choose(game, state, seat, random.Random(i))
        assert bad(state, seat, action) is None, (bad(state, seat, action), game.view(state, seat).hand_text, action)
