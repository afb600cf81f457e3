"""Scurro's computer players make none of the plainly bad plays docs/ai.md lists (issue 25):
Renfield's tests (one engine, one player) with Scurro's deck."""

from __future__ import annotations

import pytest

import games
from games.core.game import Game
from tests.engine.test_ai_blunders_renfield import (
    test_the_normal_and_strong_players_make_no_plain_blunder,
    test_the_rules_catch_the_blunders_random_play_makes,
)

__all__ = [
    "test_the_normal_and_strong_players_make_no_plain_blunder",
    "test_the_rules_catch_the_blunders_random_play_makes",
]


@pytest.fixture
def game() -> Game:
    return games.get_game("scurro")
