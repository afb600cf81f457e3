"""Reversis' computer players make none of the plainly bad plays docs/ai.md lists (issue 25)."""

from __future__ import annotations

import random

import pytest

import games
from games.ai.players.reversis import blunders, player
from games.ai.search import Strength
from games.reversis.cards import CARDS
from tests.support.blunders import STRENGTHS, assert_judge_bites, assert_no_blunder

GAME = games.get_game("reversis")


@pytest.mark.parametrize("strength", STRENGTHS)
def test_the_normal_and_strong_players_make_no_plain_blunder(strength: Strength) -> None:
    assert_no_blunder(GAME, "standard", player(strength), blunders, 80, seed=strength.samples)


def test_the_rules_catch_the_blunders_random_play_makes() -> None:
    assert_judge_bites(GAME, "standard", blunders, 300, at_least=10)


def test_the_quinola_and_an_ace_on_their_own_lead_are_blunders_when_another_heart_will_do() -> None:
    deck = [c for c in CARDS if c not in ("2h", "Jh", "Ah", "5h")]
    hands = [deck[0:12], ["2h", *deck[12:22]], ["Jh", "Ah", "5h", *deck[22:30]], deck[30:41]]
    state = GAME.new_state(None, 4, 5, hands=hands, stock=deck[41:44], dealer=0)
    state, _events = GAME.apply(state, 0, f"discard:{hands[0][0]}")
    for seat in (1, 2, 3):
        state, _events = GAME.apply(state, seat, "discard:")
    state, _events = GAME.apply(state, 1, "play:2h")
    legal = GAME.legal_actions(state, 2)
    assert set(legal) == {"play:Jh", "play:Ah", "play:5h"}
    assert blunders(GAME, state, 2, legal) == {"play:Jh", "play:Ah"}
    for strength in STRENGTHS:
        assert player(strength).choose(GAME, state, 2, random.Random(0)) == "play:5h"
