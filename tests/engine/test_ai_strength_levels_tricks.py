"""What separates the strong player from normal in Tresotti and Reversis (issue 25).

There the last two tricks are nearly always forced or even (a solve changes little), so the
levels differ in how many deals they weigh and what they read from the table: normal weighs a
few deals drawn at random; strong many (``Budgeted``: fewer when the candidates are many, so
the ten-card leads fit the time), and in Tresotti only deals that agree with the auction.
The tests count the deals each level draws at real decisions.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from games.ai.players import reversis, tresotti
from games.ai.players.tresotti import INFERRING, Inferring
from games.ai.search import NORMAL, STRONG
from games.core.game import Game
from games.reversis.game import Reversis
from games.tresotti.game import Tresotti
from tests.support.blunders import baseline


@contextmanager
def counting(monkeypatch: pytest.MonkeyPatch, cls: type) -> Iterator[list[int]]:
    """Counts ``cls.sample_hidden``'s calls (the deals a search draws)."""
    calls = [0]
    real = cls.sample_hidden  # type: ignore[attr-defined]

    def spy(self: Any, state: Any, seat: int, rng: random.Random) -> Any:
        calls[0] += 1
        return real(self, state, seat, rng)

    with monkeypatch.context() as patch:
        patch.setattr(cls, "sample_hidden", spy)
        yield calls


def _played(game: Game, game_id: str, seed: int, actions: int) -> Any:
    state = game.new_state(next(iter(game.presets.values())), 4, seed, dealer=seed % 4)
    rng, base = random.Random(seed), baseline(game_id)
    for _ in range(actions):
        seat = min(game.to_act(state))
        state, _events = game.apply(state, seat, base.choose(game, state, seat, rng))
    return state


def test_reversis_strong_weighs_many_more_deals_than_normal_and_fewer_when_the_candidates_are_many(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = reversis.GAME
    strong, normal = reversis.player(STRONG, None), reversis.player(NORMAL, None)
    seen = set()
    for seed, actions in ((0, 4), (1, 4), (0, 30), (0, 38)):  # each with a real choice
        state = _played(game, "reversis", seed, actions)
        seat = min(game.to_act(state))
        kept = reversis.candidates(state, seat, game.legal_actions(state, seat))
        assert len(kept) > 1
        with counting(monkeypatch, Reversis) as drawn:
            normal.choose(game, state, seat, random.Random(0))
        assert drawn[0] == reversis.NORMAL_SAMPLES
        with counting(monkeypatch, Reversis) as drawn:
            strong.choose(game, state, seat, random.Random(0))
        want = min(reversis.STRONG_SAMPLES, max(reversis.STRONG_LEAST, reversis.STRONG_PLAYOUTS // len(kept)))
        assert drawn[0] == want >= 6 * reversis.NORMAL_SAMPLES
        seen.add(want)
    assert len(seen) > 1  # the early leads draw fewer deals than the late, few-candidate decisions


def test_tresotti_strong_weighs_deals_that_agree_with_the_auction_and_normal_plain_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = tresotti.GAME
    strong, normal = tresotti.player(STRONG, None), tresotti.player(NORMAL, None)
    for seed in range(3):
        actions = 6  # the auction done, a card or two played: then the first real choice
        state = _played(game, "tresotti", seed, actions)
        seat = min(game.to_act(state))
        while len(tresotti.candidates(state, seat, game.legal_actions(state, seat))) < 2:
            actions += 1
            state = _played(game, "tresotti", seed, actions)
            seat = min(game.to_act(state))
        assert state.phase == "play"
        with counting(monkeypatch, Inferring) as inferred, counting(monkeypatch, Tresotti) as plain:
            normal.choose(game, state, seat, random.Random(0))
        assert inferred[0] == 0 and plain[0] == tresotti.NORMAL_SAMPLES
        with counting(monkeypatch, Inferring) as inferred:
            strong.choose(game, state, seat, random.Random(0))
        kept = tresotti.candidates(state, seat, game.legal_actions(state, seat))
        want = min(tresotti.STRONG_SAMPLES, max(tresotti.STRONG_LEAST, tresotti.STRONG_PLAYOUTS // len(kept)))
        assert inferred[0] == want >= 5 * tresotti.NORMAL_SAMPLES
    assert isinstance(INFERRING, Inferring)
