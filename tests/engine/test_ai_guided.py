"""The guided search under the game-specific players: the budget stops it, the rule prior restricts it."""

from __future__ import annotations

import importlib
import itertools
import random
from typing import Any

import pytest

import games
from games.ai import endgame
from games.ai.baselines import baseline_for
from games.ai.players._guided import GuidedSearch, RulePlayer
from games.ai.players.fuenfzehnern import playout
from games.ai.search import EASY, NORMAL, STRONG, Strength, deal_mark

GAME = games.get_game("fuenfzehnern")


def _state() -> Any:
    state = GAME.new_state(GAME.presets["standard"], 3, 4)
    return state, min(GAME.to_act(state))


def _counting(calls: list[int]) -> Any:
    def counted(state: Any, seat: int, rng: random.Random) -> str:
        calls.append(1)
        return playout(state, seat, rng)

    return counted


def test_a_spent_budget_stops_the_search() -> None:
    state, seat = _state()
    free: list[int] = []
    timed: list[int] = []
    many = Strength("normal", samples=40, budget=0.05)
    GuidedSearch(many, None, lambda s, t, legal: legal, _counting(free)).choose(GAME, state, seat, random.Random(1))
    clock = itertools.count(0, 0.001).__next__  # 50 readings of the clock spend the budget
    GuidedSearch(many, clock, lambda s, t, legal: legal, _counting(timed)).choose(GAME, state, seat, random.Random(1))
    assert 0 < len(timed) < len(free) / 4


def test_only_the_candidates_are_tried_and_none_falls_back_to_every_legal_action() -> None:
    state, seat = _state()
    legal = GAME.legal_actions(state, seat)
    assert len(legal) > 2
    only = legal[-1]
    assert GuidedSearch(NORMAL, None, lambda s, t, a: [only], playout).choose(GAME, state, seat, random.Random(1)) == only
    chosen = GuidedSearch(Strength("easy", 2, 1.0), None, lambda s, t, a: [], playout).choose(
        GAME, state, seat, random.Random(1)
    )
    assert chosen in legal


def test_settle_replaces_the_rest_of_the_playout() -> None:
    """Where ``settle`` answers, the playout stops and its value is the action's score: a settle
    that prefers one action makes the search choose it, and the playout policy is never asked."""
    state, seat = _state()
    legal = GAME.legal_actions(state, seat)
    wanted = legal[-1]
    calls: list[int] = []

    def settle(world: Any, who: int) -> float | None:
        assert who == seat
        return 1.0 if wanted[5:] not in world.play.hands[seat] else 0.0

    chosen = GuidedSearch(NORMAL, None, lambda s, t, a: a, _counting(calls), settle=settle).choose(
        GAME, state, seat, random.Random(1)
    )
    assert chosen == wanted
    assert not calls


def test_sample_replaces_the_games_sampling() -> None:
    state, seat = _state()
    seen: list[int] = []

    def sample(real: Any, who: int, rng: random.Random) -> Any:
        seen.append(who)
        return GAME.sample_hidden(real, who, rng)

    GuidedSearch(Strength("normal", 5, 1.0), None, lambda s, t, a: a, playout, sample=sample).choose(
        GAME, state, seat, random.Random(1)
    )
    assert seen == [seat] * 5


@pytest.mark.parametrize("game_id", ["rage", "fuenfzehnern"])
def test_easy_plays_the_rules_blind_to_the_hidden_cards_with_some_noise(game_id: str) -> None:
    """Easy (``RulePlayer``) decides the same when the others' cards are redealt, always legally, and
    follows its rules most of the time but not always (its noise)."""
    game = games.get_game(game_id)
    module = importlib.import_module(f"games.ai.players.{game_id}")
    easy = module.player(EASY, None)
    assert isinstance(easy, RulePlayer)
    same = differ = 0
    for deal in range(6):
        state = game.new_state(game.presets["short" if game_id == "rage" else "standard"], 3, 50 + deal)
        rng = random.Random(deal)
        mark = deal_mark(state)
        while game.outcome(state) is None and deal_mark(state) == mark:
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            chosen = easy.choose(game, state, seat, random.Random(deal * 1000 + len(legal)))
            redealt = game.sample_hidden(state, seat, rng)
            assert easy.choose(game, redealt, seat, random.Random(deal * 1000 + len(legal))) == chosen
            assert chosen in legal
            if len(legal) > 1:
                rule = module.playout(state, seat, rng)
                same += rule == chosen
                differ += rule != chosen
            state, _events = game.apply(state, seat, chosen)
    assert same > 3 * differ > 0


@pytest.mark.parametrize(("game_id", "preset"), [("rage", "short"), ("fuenfzehnern", "standard")])
def test_strong_solves_the_last_cards_of_each_sampled_deal_exactly(game_id: str, preset: str) -> None:
    """Strong's per-world hook is the exact endgame solver: it answers (each card's value, the same as
    ``endgame.solve``) once few cards are left in the card play, and leaves longer deals to playouts."""
    game = games.get_game(game_id)
    module = importlib.import_module(f"games.ai.players.{game_id}")
    strong = module.player(STRONG, None)
    assert isinstance(strong, GuidedSearch) and strong.solve is not None
    assert module.player(NORMAL, None).solve is None
    base = baseline_for(game_id)
    assert base is not None
    answered = 0
    for deal in range(4):
        state = game.new_state(game.presets[preset], 3, 80 + deal)
        rng = random.Random(deal)
        mark = deal_mark(state)
        while game.outcome(state) is None and deal_mark(state) == mark:
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            playing = getattr(state, "phase", "play") == "play"
            if len(legal) > 1 and playing:
                world = game.sample_hidden(state, seat, rng)
                values = strong.solve(world, seat, legal)
                if module.cards_left(state) > module.ENDGAME_CARDS:
                    assert values is None
                elif values is not None:
                    assert values == endgame.solve(game, world, seat, legal)
                    answered += 1
            state, _events = game.apply(state, seat, base.choose(game, state, seat, rng))
    assert answered >= 4
