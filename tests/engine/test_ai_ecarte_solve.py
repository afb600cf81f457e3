"""Écarté's card-play solve (games/ai/players/ecarte.py) agrees with the engine played out exhaustively.

On deals the baseline plays, at every card decision with three cards or fewer left, each card's
solved value must equal a minimax run through the real engine (``Ecarte.apply`` to the end of the
deal, scored from the sheet): the solve's own trick rules and scoring are a copy the engine checks.
"""

from __future__ import annotations

import random
from typing import Any

import games
from games.ai.baselines import baseline_for
from games.ai.players.ecarte import solve

GAME = games.get_game("ecarte")


def engine_value(state: Any, seat: int, start: Any) -> float:
    """The deal's points for ``seat`` less the other's, both playing perfectly (the engine's minimax)."""
    if state.deal_no != start.deal_no or GAME.outcome(state) is not None:
        totals = state.sheet.totals
        before = start.scores
        return float((totals[seat] - totals[1 - seat]) - (before[seat] - before[1 - seat]))
    mover = min(GAME.to_act(state))
    values = [engine_value(GAME.apply(state, mover, a)[0], seat, start) for a in GAME.legal_actions(state, mover)]
    return max(values) if mover == seat else min(values)


def test_the_solve_matches_the_engine_minimax() -> None:
    base = baseline_for("ecarte")
    assert base is not None
    checked = 0
    for deal in range(40):
        state = GAME.new_state(GAME.presets["standard"], 2, 700 + deal, dealer=deal % 2)
        rng = random.Random(deal)
        while GAME.outcome(state) is None and state.deal_no == 0:
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            cards = len(state.play.hands[seat])
            if state.phase == "play" and len(legal) > 1 and cards <= 3 and "king" not in legal:
                solved = solve(state, seat, legal)
                expected = [engine_value(GAME.apply(state, seat, a)[0], seat, state) for a in legal]
                assert solved == expected, (state.play.hands, legal)
                checked += 1
            state, _events = GAME.apply(state, seat, base.choose(GAME, state, seat, rng))
    assert checked >= 20


def test_the_solve_says_nothing_outside_the_card_play() -> None:
    state = GAME.new_state(GAME.presets["standard"], 2, 1)
    seat = min(GAME.to_act(state))
    assert solve(state, seat, GAME.legal_actions(state, seat)) is None
