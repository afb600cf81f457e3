"""A decision's time budget reaches inside the exact endgame solve (games/ai/endgame.py).

Before, the solver had only its node cap: one solve of a big position could carry a decision far
past its budget (the search looked at its clock only between sampled deals). Now ``solve`` asks a
deadline every ``CHECK_EVERY`` nodes and answers None past it, and ``GuidedSearch`` hands its
deadline to every solve its hooks make (``endgame.within``). Fake clocks that jump, so nothing here
depends on the machine's speed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import games
from games.ai import endgame
from games.ai.endgame import CHECK_EVERY, cards_left, solve, solver
from games.ai.players._guided import GuidedSearch
from games.ai.search import Strength
from tests.engine.test_ai_endgame import _playing, positions

RENFIELD = games.get_game("renfield")


class Jump:
    """A deadline that is reached after ``after`` looks, counting every look."""

    def __init__(self, after: int) -> None:
        self.after, self.looks = after, 0

    def __call__(self) -> bool:
        self.looks += 1
        return self.looks > self.after


def _big() -> tuple[Any, int, tuple[str, ...]]:
    """A position whose solve visits many nodes (three tricks at three seats)."""
    for state, seat, legal in positions(RENFIELD, "standard", 3, 9, 6):
        if cards_left(state) >= 8 and len(legal) >= 2:
            return state, seat, legal
    raise AssertionError("no position with three tricks left")


def test_a_solve_stops_at_its_deadline_and_not_before() -> None:
    state, seat, legal = _big()
    assert solve(RENFIELD, state, seat, legal, playing=_playing) is not None  # solvable, given the time
    reached = Jump(after=0)
    assert solve(RENFIELD, state, seat, legal, playing=_playing, deadline=reached) is None
    assert reached.looks == 1  # it stopped at its first look, CHECK_EVERY nodes in
    never = Jump(after=10**9)
    assert solve(RENFIELD, state, seat, legal, playing=_playing, deadline=never) == solve(
        RENFIELD, state, seat, legal, playing=_playing
    )
    assert never.looks >= 2  # a solve of this size looks at the deadline as it goes


def test_within_hands_the_deadline_to_every_solve_made_inside() -> None:
    state, seat, legal = _big()
    reached = Jump(after=0)
    with endgame.within(reached):
        assert solve(RENFIELD, state, seat, legal, playing=_playing) is None
    assert reached.looks == 1
    assert solve(RENFIELD, state, seat, legal, playing=_playing) is not None  # outside the block: none


def test_the_guided_search_stops_a_solve_when_its_clock_jumps_past_the_budget() -> None:
    """A clock that jumps a minute ahead once the decision has started: the first world's solve
    answers None at its first look (the playout scores that world instead) and the search stops
    there; with no clock the same solve answers."""
    state, seat, legal = _big()
    hook = solver(RENFIELD, cards_left, 12, playing=_playing)
    answers: list[bool] = []

    def recorded(world: Any, me: int, actions: Sequence[str]) -> list[float] | None:
        values = hook(world, me, actions)
        answers.append(values is not None)
        return values

    def playout(world: Any, mover: int, rng: random.Random) -> str:
        options = RENFIELD.legal_actions(world, mover)
        return options[rng.randrange(len(options))]

    reads = iter([0.0])  # the start; every read after it is a minute on

    def clock() -> float:
        return next(reads, 60.0)

    strength = Strength("strong", samples=8, budget=1.0)
    chosen = GuidedSearch(strength, clock, lambda s, t, a: a, playout, recorded).choose(
        RENFIELD, state, seat, random.Random(1)
    )
    assert chosen in legal
    assert answers == [False]  # one world, its solve cut, then the search stopped
    answers.clear()
    GuidedSearch(strength, None, lambda s, t, a: a, playout, recorded).choose(RENFIELD, state, seat, random.Random(1))
    assert answers == [True] * strength.samples
    assert CHECK_EVERY > 1
