"""Renfield's computer players make none of the plainly bad plays docs/ai.md lists (issue 25).

Scurro's test (``test_ai_blunders_scurro``) runs these same tests with its own ``game`` fixture.
"""

from __future__ import annotations

import pytest

import games
from games.ai.players.renfield import blunders, player
from games.ai.search import Strength
from games.core.game import Game
from tests.support.blunders import STRENGTHS, assert_judge_bites, assert_no_blunder


@pytest.fixture
def game() -> Game:
    return games.get_game("renfield")


@pytest.mark.parametrize("strength", STRENGTHS)
@pytest.mark.parametrize("preset", ["draw", "blaze"])  # Draw's betting and discards, Blaze's bids in bugs
def test_the_normal_and_strong_players_make_no_plain_blunder(
    game: Game, strength: Strength, preset: str
) -> None:
    assert_no_blunder(game, preset, player(strength), blunders, 50, seed=strength.samples)


@pytest.mark.parametrize("preset", ["draw", "blaze", "standard"])
def test_the_rules_catch_the_blunders_random_play_makes(game: Game, preset: str) -> None:
    assert_judge_bites(game, preset, blunders, 200, at_least=2)
