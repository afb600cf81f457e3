"""Reversis' computer players make none of the plainly bad plays docs/ai.md lists (issue 25)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from games.ai.baselines.reversis import danger
from games.ai.players.reversis import EXCHANGES, blunders, candidates, player, playout
from games.ai.search import STRONG, Strength
from games.reversis.cards import CARDS
from tests.support.blunders import STRENGTHS, assert_judge_bites, assert_no_blunder, baseline
from tests.support.endplay import brute_values

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


def _dealt(seed: int, actions: int) -> Any:
    """A hand played ``actions`` actions by the baseline (the exchange first)."""
    state = GAME.new_state(GAME.presets["standard"], 4, seed, dealer=seed % 4)
    rng, base = random.Random(seed), baseline("reversis")
    for _ in range(actions):
        seat = min(GAME.to_act(state))
        state, _events = GAME.apply(state, seat, base.choose(GAME, state, seat, rng))
    return state


def test_the_search_weighs_keeping_or_the_most_dangerous_cards_in_the_exchange() -> None:
    """The exchange's shortlist: the baseline's own discard, keeping the hand (not the dealer),
    and a few other dangerous cards, never a low card that threatens nothing; its playouts
    exchange as the baseline does."""
    base = baseline("reversis")
    for seed in range(8):
        for actions in range(4):
            state = _dealt(seed, actions)
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            kept = candidates(state, seat, legal)
            rule = base.choose(GAME, state, seat, random.Random(0))
            assert rule in kept and len(kept) <= EXCHANGES + 1
            assert ("discard:" in kept) == (seat != state.dealer)
            shed = [a[8:] for a in kept if a != "discard:"]
            assert len(shed) == 1 or all(danger(c, state.play.hands[seat]) > 0 for c in shed)
            assert playout(state, seat, random.Random(0)) == rule


def test_the_player_decides_the_same_whatever_the_others_really_hold() -> None:
    small = Strength("normal", samples=3, budget=1.0)
    for seed in range(3):
        for actions in (1, 4, 20):
            state = _dealt(seed, actions)
            seat = min(GAME.to_act(state))
            other = GAME.sample_hidden(state, seat, random.Random(9))
            first = player(small).choose(GAME, state, seat, random.Random(4))
            assert player(small).choose(GAME, other, seat, random.Random(4)) == first


def test_the_strong_player_solves_the_last_two_tricks_exactly() -> None:
    """With eight cards left the strong player's solve gives each card its minimax value (brute
    force through the engine, payments and all); with twelve it plays out."""
    solve = player(STRONG).solve
    assert solve is not None
    for seed in range(4):
        state = _dealt(seed, 4 + 36)  # the exchange, then nine tricks
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        world = GAME.sample_hidden(state, seat, random.Random(seed))
        assert solve(world, seat, legal) == pytest.approx(brute_values(GAME, world, seat, legal))
        earlier = _dealt(seed, 4 + 32)
        seat = min(GAME.to_act(earlier))
        assert solve(GAME.sample_hidden(earlier, seat, random.Random(0)), seat, GAME.legal_actions(earlier, seat)) is None
