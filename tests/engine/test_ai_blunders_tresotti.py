"""Tresotti's computer players make none of the plainly bad plays docs/ai.md lists (issue 25)."""

from __future__ import annotations

import random

import pytest

import games
from games.ai.baselines import baseline_for
from games.ai.players.tresotti import blunders, estimate, player
from games.ai.policy import Policy, RandomPolicy
from games.ai.search import NORMAL, Strength
from games.tresotti.cards import BASIC
from tests.support.blunders import STRENGTHS, against, scan

GAME = games.get_game("tresotti")


def _baseline() -> Policy:
    made = baseline_for("tresotti")
    assert made is not None
    return made


@pytest.mark.parametrize(("strength", "preset"), list(zip(STRENGTHS, ("standard", "dearworth"), strict=True)))
def test_the_normal_and_strong_players_make_no_plain_blunder(strength: Strength, preset: str) -> None:
    seats = against(player(strength), _baseline())
    judged, found = scan(GAME, GAME.presets[preset], 4, seats, blunders, 120, seed=len(preset))
    assert judged >= 120
    assert found == []


def test_the_rules_catch_the_blunders_random_play_makes() -> None:
    """The judge is not vacuous: random play makes these mistakes, and the baseline doesn't."""
    _n, random_found = scan(GAME, GAME.presets["standard"], 4, lambda s: RandomPolicy(), blunders, 300)
    assert len(random_found) >= 10
    base = _baseline()
    _n, base_found = scan(GAME, GAME.presets["standard"], 4, lambda s: base, blunders, 300)
    assert base_found == []


def test_a_bid_far_above_the_estimate_is_a_blunder_and_is_never_weighed() -> None:
    state = GAME.new_state(GAME.presets["standard"], 4, 3)
    seat = min(GAME.to_act(state))
    legal = GAME.legal_actions(state, seat)
    cap = estimate(GAME.view(state, seat).hand, 4, BASIC)
    bad = blunders(GAME, state, seat, legal)
    assert "bid:10" in bad and "pass" not in bad
    assert all(int(a[4:]) > cap + 3 for a in bad)
    chosen = player(NORMAL).choose(GAME, state, seat, random.Random(1))
    assert chosen == "pass" or int(chosen[4:]) <= cap + 2
