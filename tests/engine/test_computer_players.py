"""Computer players: they see only what their seat sees, and they play better than chance.

For every game with a determinization (``Game.sample_hidden``), along random
playouts: a sampled state looks the same to the seat, and sampling from any
other state the seat can't tell apart gives the same result — so a search built
on it decides the same whatever the others really hold (the swap test).
"""

from __future__ import annotations

import importlib
import itertools
import random
import statistics
from typing import Any

import pytest

import games
from games.ai import RandomPolicy
from games.ai.deal import taken_tricks, trick_voids
from games.ai.search import EASY, NORMAL, SearchPlayer, advantage, can_search, deal_mark
from games.core.game import Game
from games.core.tricks import Trick

PLAYED = [gid for gid in games.game_ids() if can_search(games.get_game(gid))]


def _states(game: Game, seed: int, preset: str | None = None) -> list[Any]:
    options = game.presets[preset] if preset is not None else next(iter(game.presets.values()))
    seats = max(game.seat_limits(options)[0], min(3, game.seat_limits(options)[1]))
    state = game.new_state(options, seats, seed, dealer=seed % seats)
    rng = random.Random(seed)
    out: list[Any] = []
    while game.outcome(state) is None and len(out) < 300:  # a whole Burraco game is thousands
        out.append(state)
        seat = min(game.to_act(state))
        state, _events = game.apply(state, seat, RandomPolicy().choose(game, state, seat, rng))
    return out


def test_some_games_have_computer_players() -> None:
    assert "kabu" in PLAYED


@pytest.mark.parametrize("game_id", PLAYED)
def test_a_sampled_state_looks_the_same_to_the_seat_and_ignores_where_the_hidden_cards_are(game_id: str) -> None:
    game = games.get_game(game_id)
    for seed in range(6):
        for i, state in enumerate(_states(game, seed)):
            for seat in game.to_act(state):
                sampled = game.sample_hidden(state, seat, random.Random(1))
                assert game.view(sampled, seat) == game.view(state, seat)
                assert game.legal_actions(sampled, seat) == game.legal_actions(state, seat)
                other = game.sample_hidden(state, seat, random.Random(2))  # the others hold something else
                assert game.sample_hidden(other, seat, random.Random(3)) == game.sample_hidden(state, seat, random.Random(3))
                if i % 5:
                    continue  # searching every state of a whole multi-deal game is slow: every fifth
                # a clock that ticks once per reading: a budget that cuts both searches at the same point
                first = SearchPlayer(EASY, clock=itertools.count(0, 0.001).__next__)
                again = SearchPlayer(EASY, clock=itertools.count(0, 0.001).__next__)
                assert first.choose(game, other, seat, random.Random(4)) == again.choose(game, state, seat, random.Random(4))


PRESETS = [(gid, name) for gid in PLAYED for name in games.get_game(gid).presets]


@pytest.mark.parametrize(("game_id", "preset"), PRESETS)
def test_every_preset_samples_what_the_seat_cannot_tell_apart(game_id: str, preset: str) -> None:
    """Every variant (Renfield's and Scurro's Draw, Auction, Stud…; Fairmarket's stations): the view
    is unchanged and the sample depends only on what the seat knows."""
    game = games.get_game(game_id)
    for seed in range(2):
        for state in _states(game, seed, preset):
            for seat in game.to_act(state):
                sampled = game.sample_hidden(state, seat, random.Random(1))
                assert game.view(sampled, seat) == game.view(state, seat)
                assert game.legal_actions(sampled, seat) == game.legal_actions(state, seat)
                other = game.sample_hidden(state, seat, random.Random(2))
                assert game.sample_hidden(other, seat, random.Random(3)) == game.sample_hidden(state, seat, random.Random(3))


@pytest.mark.parametrize("game_id", PLAYED)
def test_sampling_really_moves_the_hidden_cards(game_id: str) -> None:
    game = games.get_game(game_id)
    state = _states(game, 1)[0]
    seat = min(game.to_act(state))
    samples = {game.dump(game.sample_hidden(state, seat, random.Random(k))) for k in range(5)}
    assert len(samples) > 1


def test_normal_beats_random_play_at_kabu() -> None:
    game = games.get_game("kabu")
    options = game.presets["standard"]
    player = SearchPlayer(NORMAL)
    won = []
    for seed in range(120):
        rng = random.Random(seed)
        state = game.new_state(options, 3, seed, dealer=seed % 3)
        while game.outcome(state) is None:
            seat = min(game.to_act(state))
            policy = player if seat == 0 else RandomPolicy()
            state, _events = game.apply(state, seat, policy.choose(game, state, seat, rng))
        out = game.outcome(state)
        assert out is not None
        won.append(out.payoffs[0])
    mean, half = statistics.mean(won), 1.96 * statistics.stdev(won) / len(won) ** 0.5
    assert mean - half > 0, (mean, half)  # random seats average zero; the 95% interval is above it


#: Games where the computer seat never has a choice to make: in Put and Take only the dealer
#: acts, and only to turn the next card, so no player can beat another.
NO_CHOICES = {"putandtake"}


def _hand_result(game: Game, seed: int, player: SearchPlayer) -> float:
    """One hand (one deal of a game of several) with ``player`` at a seat that moves round the
    table and random play elsewhere: that seat's result."""
    options = next(iter(game.presets.values()))
    n = max(game.seat_limits(options)[0], min(3, game.seat_limits(options)[1]))
    hero = seed % n
    rng = random.Random(seed)
    state = game.new_state(options, n, 50_000 + seed, dealer=seed % n)
    start, mark = state, deal_mark(state)
    while game.outcome(state) is None and (mark is None or deal_mark(state) == mark):
        seat = min(game.to_act(state))
        policy = player if seat == hero else RandomPolicy()
        state, _events = game.apply(state, seat, policy.choose(game, state, seat, rng))
    return advantage(game, state, hero, n, start)


@pytest.mark.long
@pytest.mark.parametrize("game_id", [g for g in PLAYED if g not in NO_CHOICES])
def test_normal_beats_random_play_in_every_game(game_id: str) -> None:
    """The search at normal strength, its budget counted in clock readings (so the test is
    deterministic on any machine), against random legal play: the 95% interval of its
    result per hand less the others' average (chips, or the lead on the score sheet) lies above zero."""
    game = games.get_game(game_id)
    player = SearchPlayer(NORMAL, clock=itertools.count(0, 0.001).__next__)
    won = [_hand_result(game, seed, player) for seed in range(HANDS.get(game_id, 60))]
    mean, half = statistics.mean(won), 1.96 * statistics.stdev(won) / len(won) ** 0.5
    assert mean - half > 0, (mean, half)


HANDS = {"burraco": 24, "reversis": 30, "tresotti": 40, "rage": 40, "razz": 240}  # Razz: a never-folding playout is less lucky against random play


@pytest.mark.parametrize("game_id", ["fuenfzehnern", "tresotti", "reversis"])
def test_a_sampled_hand_keeps_the_voids_play_revealed(game_id: str) -> None:
    """Tricks rebuilt from the cards taken are the tricks played, and no redealt hand holds a
    suit its seat showed out of (the suits led that it did not follow)."""
    game = games.get_game(game_id)
    suit_of = importlib.import_module(f"games.{game_id}.cards").SUIT_OF
    checked = 0
    for seed in range(3):
        played: list[Trick] = []
        for state in _states(game, seed):
            last = state.play.last
            if last is not None and (not played or played[-1] is not last):
                played.append(last)
            if sum(state.play.tricks) == 0:
                played = []
            seat = min(game.to_act(state))
            voids = trick_voids([*played, state.play.trick], len(state.play.hands), suit_of.get)
            sampled = game.sample_hidden(state, seat, random.Random(seed))
            for s, hand in enumerate(sampled.play.hands):
                if s != seat and s != getattr(state, "espagnolette", -1):
                    assert not {suit_of[c] for c in hand} & voids[s], (s, hand, voids[s])
                    checked += bool(voids[s])
    assert checked  # some seat did show out


def test_tricks_are_rebuilt_from_the_cards_taken() -> None:
    game = games.get_game("fuenfzehnern")
    from games.fuenfzehnern.hidden import _winning_index

    for seed in range(3):
        played: list[Trick] = []
        state = _states(game, seed)[-1]
        for st in _states(game, seed):
            if st.play.last is not None and (not played or played[-1] is not st.play.last):
                played.append(st.play.last)
        final, _events = game.apply(state, min(game.to_act(state)), game.legal_actions(state, min(game.to_act(state)))[0])
        if final.play.last is not None and played[-1] is not final.play.last:
            played.append(final.play.last)
        rebuilt = taken_tricks(final.play.taken, final.seats, _winning_index)
        assert sorted(t.plays for t in rebuilt) == sorted(t.plays for t in played)
