"""The shared endgame solver (games/ai/endgame.py) is exact: it equals a plain minimax through the engine.

The brute force here has no alpha-beta, no transposition table and no ordering: every line of
the real engine (``legal_actions``/``apply``) to the end of the hand, the same paranoid rule (the
seat's side maximises, the rest minimise). On Écarté the solver must also agree with the game's
own two-hand solve (``players/ecarte.py``), which has its own copy of the trick rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import games
from games.ai.baselines import baseline_for
from games.ai.endgame import cards_left, solve, solver, state_key
from games.ai.players import ecarte
from games.ai.players._guided import GuidedSearch
from games.ai.search import Strength, advantage
from games.core.game import Game

RENFIELD = games.get_game("renfield")
ECARTE = games.get_game("ecarte")


def _playing(state: Any) -> bool:
    return bool(state.phase == "play")


def positions(game: Game, preset: str, players: int, most: int, deals: int) -> Iterator[tuple[Any, int, tuple[str, ...]]]:
    """Card-play decisions with at most ``most`` cards in the hands, from deals the baseline plays."""
    base = baseline_for(game.id)
    assert base is not None
    for deal in range(deals):
        state = game.new_state(game.presets[preset], players, 900 + deal)
        rng = random.Random(deal)
        mark = getattr(state, "deal_no", None)
        while game.outcome(state) is None and getattr(state, "deal_no", None) == mark:
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            if state.phase == "play" and len(legal) > 1 and "king" not in legal and cards_left(_hands(state)) <= most:
                yield state, seat, legal
            state, _events = game.apply(state, seat, base.choose(game, state, seat, rng))


class _Hands:
    def __init__(self, hands: tuple[tuple[str, ...], ...]) -> None:
        self.hands = hands


def _hands(state: Any) -> _Hands:
    return _Hands(state.play.hands if hasattr(state, "play") else state.hands)


def brute(game: Game, state: Any, seat: int, start: Any, side: Callable[[int], int], value: Callable[[Any], float]) -> float:
    if game.outcome(state) is not None or getattr(state, "deal_no", None) != getattr(start, "deal_no", None):
        return value(state)
    mover = min(game.to_act(state))
    values = [brute(game, game.apply(state, mover, a)[0], seat, start, side, value) for a in game.legal_actions(state, mover)]
    return max(values) if side(mover) == side(seat) else min(values)


@pytest.mark.parametrize(("preset", "players", "most"), [("standard", 3, 7), ("wild", 3, 5), ("death", 4, 7), ("blaze", 3, 7)])
def test_the_solver_equals_a_plain_minimax_on_renfield(preset: str, players: int, most: int) -> None:
    checked = 0
    for state, seat, legal in positions(RENFIELD, preset, players, most, 6):
        def value(end: Any, start: Any = state, me: int = seat) -> float:
            return advantage(RENFIELD, end, me, start.n, start)

        solved = solve(RENFIELD, state, seat, legal, playing=_playing)
        expected = [brute(RENFIELD, RENFIELD.apply(state, seat, a)[0], seat, state, lambda s: s, value) for a in legal]
        assert solved == pytest.approx(expected), (state.hands, legal)
        checked += 1
    assert checked >= 6


def test_partners_count_as_one_side() -> None:
    """Seats 0 and 2 as partners (a made-up pairing of Renfield's four seats): both maximise."""
    checked = 0
    pair = {0: 0, 1: 1, 2: 0, 3: 1}.__getitem__
    for state, seat, legal in positions(RENFIELD, "standard", 4, 6, 4):

        def value(end: Any, start: Any = state, me: int = seat) -> float:
            return advantage(RENFIELD, end, me, 4, start) + advantage(RENFIELD, end, (me + 2) % 4, 4, start)

        solved = solve(RENFIELD, state, seat, legal, playing=_playing, sides=pair, value=value)
        expected = [brute(RENFIELD, RENFIELD.apply(state, seat, a)[0], seat, state, pair, value) for a in legal]
        alone = solve(RENFIELD, state, seat, legal, playing=_playing, value=value)
        assert solved == pytest.approx(expected)
        assert alone is not None and solved is not None
        assert all(a <= s + 1e-9 for a, s in zip(alone, solved, strict=True))
        checked += 1
    assert checked >= 4


def _points(start: Any, seat: int) -> Callable[[Any], float]:
    """Écarté's deal points for ``seat`` less the other's (what ``players/ecarte.solve`` scores): the
    sheet's change, less a king's point already marked this deal (``pending``), which the solve leaves out."""
    before = [t + p for t, p in zip(start.sheet.totals, start.pending, strict=True)]

    def value(end: Any) -> float:
        totals = end.sheet.totals
        return float((totals[seat] - totals[1 - seat]) - (before[seat] - before[1 - seat]))

    return value


def test_the_solver_agrees_with_ecartes_own_solve() -> None:
    checked = 0
    for state, seat, legal in positions(ECARTE, "standard", 2, 10, 30):
        if any("K" + state.trump in hand for hand in state.play.hands):
            continue  # the engine's point for showing the king of trumps, which Écarté's solve leaves out
        solved = solve(ECARTE, state, seat, legal, playing=_playing, value=_points(state, seat))
        assert solved == ecarte.solve(state, seat, legal), (state.play.hands, legal)
        checked += 1
    assert checked >= 60


def test_the_node_cap_and_other_phases_answer_none() -> None:
    state, seat, legal = next(positions(RENFIELD, "standard", 4, 24, 1))
    assert solve(RENFIELD, state, seat, legal, playing=_playing, cap=50) is None
    opening = RENFIELD.new_state(RENFIELD.presets["draw"], 3, 1)
    mover = min(RENFIELD.to_act(opening))
    assert solve(RENFIELD, opening, mover, RENFIELD.legal_actions(opening, mover), playing=_playing) is None
    late, late_seat, late_legal = next(positions(RENFIELD, "standard", 3, 4, 1))
    assert solve(RENFIELD, late, late_seat, late_legal, playing=_playing, cap=50) is not None


def test_the_state_key_ignores_the_log_and_the_order_of_the_hands() -> None:
    state, _seat, _legal = next(positions(RENFIELD, "standard", 3, 9, 1))
    shuffled = tuple(tuple(reversed(h)) for h in state.hands)
    twin = type(state).make(
        state.phase, state.turn, state.legal, shuffled, state.active, state.trick, state.played_as, ("another log",),
        state.auction, state.score, state.side, state.options,
    )
    assert state_key(twin) == state_key(state)
    other = type(state).make(
        state.phase, (state.turn + 1) % 3, state.legal, state.hands, state.active, state.trick, state.played_as,
        state.recent, state.auction, state.score, state.side, state.options,
    )
    assert state_key(other) != state_key(state)


def test_the_guided_search_takes_the_solved_best_on_average() -> None:
    """Through ``solver`` the search's choice is the action with the best mean exact value over
    the very worlds it samples (its playouts are never asked: they would throw)."""

    def no_playout(state: Any, seat: int, rng: random.Random) -> str:
        raise AssertionError("the solver answers every world here")

    hook = solver(RENFIELD, cards_left, 6, playing=_playing)
    strength = Strength("strong", samples=4, budget=1.0)
    checked = 0
    for state, seat, legal in positions(RENFIELD, "standard", 3, 6, 4):
        chosen = GuidedSearch(strength, None, lambda s, t, a: a, no_playout, hook).choose(
            RENFIELD, state, seat, random.Random(3)
        )
        rng = random.Random(3)
        totals = [0.0] * len(legal)
        order = list(range(len(legal)))
        rng.shuffle(order)
        for _ in range(strength.samples):
            values = hook(RENFIELD.sample_hidden(state, seat, rng), seat, legal)
            assert values is not None
            totals = [t + v for t, v in zip(totals, values, strict=True)]
        assert chosen == legal[totals.index(max(totals))]
        checked += 1
    assert checked >= 4
    big, big_seat, big_legal = next(positions(RENFIELD, "standard", 3, 18, 1))
    assert cards_left(big) > 6 and hook(big, big_seat, big_legal) is None
