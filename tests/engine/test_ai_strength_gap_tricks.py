"""What separates the strong player from normal in Renfield and Scurro (issue 25).

Strong solves the last two tricks of each sampled deal exactly (``games.ai.endgame``); normal judges
every card by a few playouts. On a deal whose every card the seat is made to know (``sample_hidden``
patched to return the deal itself, so each sample is the real deal), strong must therefore play a
card of the best exact value (paranoid minimax through the engine, computed here by brute force),
while normal's playouts misjudge some of those positions. Strong without its solve would fail the
first assertion; a normal as exact as strong would fail the second.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from games.ai.baselines import baseline_for
from games.ai.duplicate import options_for
from games.ai.players import _renfield, renfield
from games.ai.search import NORMAL, STRONG, advantage, deal_mark
from games.core.game import Game
from games.registry import get_game

#: Enough two-trick positions that normal's playouts misjudge a few; each is solved by brute force.
POSITIONS = 24


def _two_tricks_left(state: Any) -> bool:
    return bool(state.phase == "play") and _renfield.left(state) <= renfield.SOLVE_LEFT


def positions(game: Game) -> list[tuple[Any, int, tuple[str, ...]]]:
    """Two-trick positions with a real choice, reached by the baseline's play from seeded deals."""
    found: list[tuple[Any, int, tuple[str, ...]]] = []
    options = options_for(game, None)
    for deal in range(200):
        state = game.new_state(options, 4, deal, dealer=deal % 4)
        policy, rng = baseline_for(game.id), random.Random(deal)
        assert policy is not None
        mark = deal_mark(state)
        while game.outcome(state) is None and deal_mark(state) == mark:
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            choices = renfield.prune(game, state, seat, legal)
            if _two_tricks_left(state) and len(choices) > 1:
                found.append((state, seat, choices))
                break
            state, _events = game.apply(state, seat, policy.choose(game, state, seat, rng))
        if len(found) == POSITIONS:
            break
    return found


def exact(game: Game, world: Any, seat: int, actions: tuple[str, ...]) -> list[float]:
    """Paranoid minimax through the engine to the end of the hand, no pruning (the solver's yardstick:
    the seat's chips less the others' average since ``world``)."""
    mark, n = deal_mark(world), len(world.hands)

    def value(state: Any) -> float:
        return advantage(game, state, seat, n, world)

    def minimax(state: Any) -> float:
        if game.outcome(state) is not None or deal_mark(state) != mark:
            return value(state)
        (actor,) = game.to_act(state)
        values = [minimax(game.apply(state, actor, a)[0]) for a in game.legal_actions(state, actor)]
        return max(values) if actor == seat else min(values)

    return [minimax(game.apply(world, seat, a)[0]) for a in actions]


@pytest.mark.parametrize("game_id", ["renfield", "scurro"])
def test_with_every_card_known_strong_plays_the_exact_best_card_and_normal_misjudges_some(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game(game_id)
    found = positions(game)
    assert len(found) == POSITIONS
    monkeypatch.setattr(type(game), "sample_hidden", lambda self, state, seat, rng: state)
    # every sample is the same deal: two suffice for strong (its solve is exact on each)
    strong, normal = renfield.player(replace(STRONG, samples=2), None), renfield.player(NORMAL, None)
    misjudged = 0
    for k, (state, seat, choices) in enumerate(found):
        values = dict(zip(choices, exact(game, state, seat, choices), strict=True))
        best = max(values.values())
        assert values[strong.choose(game, state, seat, random.Random(k))] == pytest.approx(best)
        misjudged += values[normal.choose(game, state, seat, random.Random(k))] < best - 1e-9
    assert misjudged > 0
