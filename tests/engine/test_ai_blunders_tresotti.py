"""Tresotti's computer players make none of the plainly bad plays docs/ai.md lists (issue 25)."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import pytest

import games
from games.ai.baselines.tresotti import ranker
from games.ai.players.tresotti import INFERRING, agrees, blunders, estimate, finish_deal, player, playout
from games.ai.search import NORMAL, STRONG, Strength
from games.core.cards import FAIRMARKET_DECK
from games.core.tricks import Trick
from games.tresotti.cards import BASIC, DEARWORTH, SUIT_OF
from games.tresotti.state import trick_winner
from tests.support.blunders import STRENGTHS, assert_judge_bites, assert_no_blunder, baseline
from tests.support.endplay import brute_values

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


def _dealt(seed: int, preset: str = "standard", seats: int = 4, cards: int = 0) -> Any:
    """A deal bid by the baseline, then ``cards`` cards played by it."""
    state = GAME.new_state(GAME.presets[preset], seats, seed, dealer=seed % seats)
    rng, base = random.Random(seed), baseline("tresotti")
    while state.phase == "bid" or cards > 0:
        if state.phase == "play":
            cards -= 1
        seat = min(GAME.to_act(state))
        state, _events = GAME.apply(state, seat, base.choose(GAME, state, seat, rng))
    return state


def test_a_playout_finished_at_once_scores_as_the_engine_step_by_step() -> None:
    """``finish_deal`` (the playouts' fast path) plays the baseline's cards and takes the tricks
    and the sheet exactly as the engine does card by card, in every preset and seat count."""
    for seed in range(24):
        preset = ("standard", "dearworth", "sellersport")[seed % 3]
        state = _dealt(seed, preset, 3 if preset == "sellersport" else 3 + seed % 4, cards=seed % 11)
        stepped = state
        while stepped.phase == "play" and stepped.deal_no == state.deal_no:
            seat = min(GAME.to_act(stepped))
            stepped, _events = GAME.apply(stepped, seat, playout(stepped, seat, random.Random(0)))
        fast = finish_deal(state)
        assert fast.sheet == stepped.sheet and fast.phase == stepped.phase


def test_the_rank_key_orders_a_trick_as_the_engine_does() -> None:
    for reading, trump in itertools.product((BASIC, DEARWORTH), ("", "F", "B", "C")):
        rng = random.Random(len(trump))
        for _ in range(200):
            cards = rng.sample(FAIRMARKET_DECK.cards, 4)
            rank = ranker(cards[0], trump, reading)
            best = max(range(4), key=lambda i: rank(cards[i]))
            assert trick_winner(Trick(0, tuple(enumerate(cards))), trump or SUIT_OF[cards[0]], reading) == best


def test_sampled_deals_agree_with_the_auction() -> None:
    """The true deal agrees with an auction the baseline bid; a redeal that gives the high bidder
    a hand not worth its bid does not; and the player's samples all agree where plain redeals
    now and then don't (the inference), while the plain redeal keeps what the seat sees."""
    plain_agree = inferred_agree = checked = 0
    for seed in range(30):
        state = _dealt(seed)
        if len(state.auction.out) == 3:
            continue  # the dealer's forced bid says nothing
        seat = (state.bidder + 1) % 4
        assert agrees(state, seat)
        weak = list(state.play.hands)
        weak[state.bidder] = tuple(c for c in FAIRMARKET_DECK.cards if c[1:] in {"2", "3", "4"})[:9]
        assert not agrees(replace(state, play=replace(state.play, hands=tuple(weak))), seat)
        for k in range(10):
            checked += 1
            plain_agree += agrees(GAME.sample_hidden(state, seat, random.Random(k)), seat)
            inferred_agree += agrees(INFERRING.sample_hidden(state, seat, random.Random(k)), seat)
    assert checked >= 100
    assert plain_agree < checked and inferred_agree == checked


def test_the_player_decides_the_same_whatever_the_others_really_hold() -> None:
    """No peeking: from any deal the seat cannot tell apart, the same decision (the samples are
    drawn from what the seat knows, the auction included)."""
    small = Strength("normal", samples=4, budget=1.0)
    for seed in range(4):
        for cards in (0, 5, 13):
            state = _dealt(seed, cards=cards)
            seat = min(GAME.to_act(state))
            other = GAME.sample_hidden(state, seat, random.Random(9))
            first = player(small).choose(GAME, state, seat, random.Random(4))
            assert player(small).choose(GAME, other, seat, random.Random(4)) == first


def test_the_strong_player_solves_the_last_two_tricks_exactly() -> None:
    """On a sampled deal with two tricks' worth of cards left the strong player's solve gives each
    card its minimax value (brute force through the engine); with more cards it plays out."""
    solve = player(STRONG).solve
    assert solve is not None
    solved = 0
    for seed in range(6):
        seats = 3 + seed % 2
        state = _dealt(seed, seats=seats, cards=9 * seats - 2 * seats)
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        world = GAME.sample_hidden(state, seat, random.Random(seed))
        assert solve(world, seat, legal) == pytest.approx(brute_values(GAME, world, seat, legal))
        solved += 1
        earlier = _dealt(seed, seats=seats, cards=9 * seats - 3 * seats)
        seat = min(GAME.to_act(earlier))
        assert solve(GAME.sample_hidden(earlier, seat, random.Random(0)), seat, GAME.legal_actions(earlier, seat)) is None
    assert solved == 6
