"""Tresotti's computer players make none of the plainly bad plays docs/ai.md lists (issue 25)."""

from __future__ import annotations

import random

import pytest

import games
from games.ai.players.tresotti import blunders, estimate, player
from games.ai.search import NORMAL, Strength
from games.tresotti.cards import BASIC
from tests.support.blunders import STRENGTHS, assert_judge_bites, assert_no_blunder

GAME = games.get_game("tresotti")


@pytest.mark.parametrize(("strength", "preset"), list(zip(STRENGTHS, ("standard", "dearworth"), strict=True)))
def test_the_normal_and_strong_players_make_no_plain_blunder(strength: Strength, preset: str) -> None:
    assert_no_blunder(GAME, preset, player(strength), blunders, 120, seed=len(preset))


def test_the_rules_catch_the_blunders_random_play_makes() -> None:
    assert_judge_bites(GAME, "standard", blunders, 300, at_least=10)


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
