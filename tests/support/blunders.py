"""Scanning a computer player's decisions for plainly bad ones (issue 25; docs/ai.md lists them).

Fixed sample counts and no clock, so the decisions (and the test) don't depend on machine speed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from games.ai.policy import Policy
from games.ai.search import NORMAL, STRONG, Strength
from games.core.game import Game

#: ``blunders(game, state, seat, legal)``: the plainly bad actions among ``legal``.
Judge = Callable[[Game, Any, int, tuple[str, ...]], frozenset[str]]

#: The strong player with a fixed, test-sized sample count (its real strength is its time budget).
STRONG_FIXED = replace(STRONG, samples=32)
STRENGTHS: tuple[Strength, ...] = (NORMAL, STRONG_FIXED)


def scan(
    game: Game,
    options: Any,
    seats: int,
    players: Callable[[int], Policy],
    judge: Judge,
    decisions: int,
    seed: int = 0,
) -> tuple[int, list[tuple[int, str, tuple[str, ...]]]]:
    """Play deals (seat ``s`` by ``players(s)``) until ``decisions`` real choices (more than one
    legal action) were made; return how many were judged and the blunders found (seat, action, legal)."""
    judged, found = 0, []
    deal_seed = seed
    while judged < decisions:
        state = game.new_state(options, seats, deal_seed, dealer=deal_seed % seats)
        rng = random.Random(deal_seed)
        steps = 0
        while game.outcome(state) is None and judged < decisions and steps < 600:
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            action = players(seat).choose(game, state, seat, rng)
            if len(legal) > 1:
                judged += 1
                if action in judge(game, state, seat, legal):
                    found.append((seat, action, legal))
            state, _events = game.apply(state, seat, action)
            steps += 1
        deal_seed += 1
    return judged, found


def against(me: Policy, other: Policy) -> Callable[[int], Policy]:
    """Even seats ``me``, odd seats ``other`` (so the player meets a sensible table, not itself only)."""

    def seat_player(seat: int) -> Policy:
        return me if seat % 2 == 0 else other

    return seat_player


def baseline(game_id: str) -> Policy:
    from games.ai.baselines import baseline_for

    made = baseline_for(game_id)
    assert made is not None, f"{game_id} has no baseline"
    return made


def assert_no_blunder(
    game: Game, preset: str, me: Policy, judge: Judge, decisions: int, seed: int = 0
) -> None:
    """``me`` at the even seats against the baseline makes none of ``judge``'s blunders."""
    seats = against(me, baseline(game.id))
    judged, found = scan(game, game.presets[preset], 4, seats, judge, decisions, seed=seed)
    assert judged >= decisions
    assert found == []


def assert_judge_bites(game: Game, preset: str, judge: Judge, decisions: int, at_least: int) -> None:
    """The judge is not vacuous: random play makes its blunders, and the baseline never does."""
    from games.ai.policy import RandomPolicy

    _n, random_found = scan(game, game.presets[preset], 4, lambda s: RandomPolicy(), judge, decisions)
    assert len(random_found) >= at_least
    base = baseline(game.id)
    _n, base_found = scan(game, game.presets[preset], 4, lambda s: base, judge, decisions)
    assert base_found == []
