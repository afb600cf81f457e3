"""The parts of Renfield's (and Scurro's) players that the blunder scans don't reach (issue 25).

The bids the searches weigh are a few steps above the lowest; the easy player is the baseline's rules with noise among the shortlist; the
strong player's solve hook answers for the last two tricks and leaves earlier ones to playouts.
"""

from __future__ import annotations

import random
from typing import Any

import games
from games.ai.players import _renfield
from games.ai.players.renfield import RulesOfThumb, _solvers, bid_steps, player, prune
from games.ai.search import EASY
from games.renfield.state import PLAY


def _states(game_id: str, preset: str, deals: int) -> list[Any]:
    game = games.get_game(game_id)
    out = []
    for deal in range(deals):
        state = game.new_state(game.presets[preset], 4 if preset != "blaze" else 3, 40 + deal)
        rng = random.Random(deal)
        while game.outcome(state) is None:
            out.append(state)
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            state, _events = game.apply(state, seat, legal[rng.randrange(len(legal))])
    return out


def test_bids_are_weighed_a_few_steps_above_the_lowest() -> None:
    legal = (*(f"bid:{n}" for n in range(3, 31)), "pass")
    assert bid_steps(legal) == ("bid:3", "bid:4", "bid:5", "bid:7", "bid:10", "pass")
    assert bid_steps(("order:TPS", "order:TSP")) == ("order:TPS", "order:TSP")


def test_the_easy_player_plays_the_rules_with_noise_but_no_blunder() -> None:
    game = games.get_game("renfield")
    easy = player(EASY)
    assert isinstance(easy, RulesOfThumb)
    from games.ai.baselines.renfield import Baseline

    base, differs, checked = Baseline(), 0, 0
    for state in _states("renfield", "draw", 6):
        seats = game.to_act(state)
        if len(seats) != 1:
            continue
        (seat,) = seats
        legal = game.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        action = easy.choose(game, state, seat, random.Random(checked))
        assert action in prune(game, state, seat, legal) or action == base.choose(game, state, seat, random.Random(checked))
        differs += action != base.choose(game, state, seat, random.Random(checked))
        checked += 1
    assert checked > 50 and 0 < differs < checked / 2


def test_the_strong_solve_hook_answers_for_the_last_two_tricks_only() -> None:
    answered = asked = 0
    for state in _states("renfield", "standard", 4):
        if state.phase != PLAY or state.turn < 0:
            continue
        legal = games.get_game("renfield").legal_actions(state, state.turn)
        values = _solvers[type(state)](state, state.turn, legal)
        if _renfield.left(state) > 8:
            assert values is None
        else:
            asked += 1
            answered += values is not None
    assert asked > 10 and answered > asked / 2
