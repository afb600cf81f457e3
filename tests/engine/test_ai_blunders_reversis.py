"""Reversis' computer players make none of the plainly bad plays docs/ai.md lists (issue 25)."""

from __future__ import annotations

import random

import pytest

import games
from games.ai.baselines import baseline_for
from games.ai.players.reversis import blunders, player
from games.ai.policy import Policy, RandomPolicy
from games.ai.search import Strength
from games.reversis.cards import CARDS
from tests.support.blunders import STRENGTHS, against, scan

GAME = games.get_game("reversis")


def _baseline() -> Policy:
    made = baseline_for("reversis")
    assert made is not None
    return made


@pytest.mark.parametrize("strength", STRENGTHS)
def test_the_normal_and_strong_players_make_no_plain_blunder(strength: Strength) -> None:
    seats = against(player(strength), _baseline())
    judged, found = scan(GAME, GAME.presets["standard"], 4, seats, blunders, 80, seed=strength.samples)
    assert judged >= 80
    assert found == []


def test_the_rules_catch_the_blunders_random_play_makes() -> None:
    """The judge is not vacuous: random play makes these mistakes, and the baseline doesn't."""
    _n, random_found = scan(GAME, GAME.presets["standard"], 4, lambda s: RandomPolicy(), blunders, 300)
    assert len(random_found) >= 10
    base = _baseline()
    _n, base_found = scan(GAME, GAME.presets["standard"], 4, lambda s: base, blunders, 300)
    assert base_found == []


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
