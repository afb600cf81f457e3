"""The determinized search of ``games.ai.search`` with two game-specific hooks: a rule prior and a playout policy.

The generic search tries every legal action and plays each out at random (or with the game's
``rollout_action``): with a few dozen samples it cannot tell a good exchange from a plainly bad
one, and random playouts make a strong hand look no better than a weak one. A game's own player
(``games/ai/players/<id>.py``) hands this search:

* ``candidates(state, seat, legal)``: the actions worth trying (the legal ones less the plainly bad
  ones, a handful of sensible discards or bids instead of dozens): the rule prior;
* ``playout(state, seat, rng)``: the action a competent player takes in a playout, on the
  determinized state (it may read every hand there: that world is a guess, not the real deal);
* optionally ``solve(state, seat, legal)``: each action's exact value on one determinized world
  (a perfect-information solve of a short endgame), used in place of a playout where it answers.

Pure: randomness only from the caller's rng, time only from the caller's clock.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from games.ai.search import ROLLOUT_LIMIT, Strength, deal_mark, reward
from games.core.game import Game

Candidates = Callable[[Any, int, tuple[str, ...]], Sequence[str]]
Playout = Callable[[Any, int, random.Random], str]
Solve = Callable[[Any, int, Sequence[str]], "list[float] | None"]


def tuned(strength: Strength, strong_samples: int) -> Strength:
    """The game's own sample counts and budgets for a strength (easy stays as it is).

    Normal keeps its samples but may use the issue's budget (300 ms at p99, so 200 ms of search);
    strong gets a sample count that a test can afford without a clock, and a clock budget of 1 s
    (the issue allows 1.5 s at p99).
    """
    if strength.name == "normal":
        return replace(strength, budget=0.2)
    if strength.name == "strong":
        return replace(strength, samples=strong_samples, budget=1.0)
    return strength


class GuidedSearch:
    """Flat determinized Monte Carlo over a rule-pruned set of actions, with rule-policy playouts."""

    def __init__(
        self,
        strength: Strength,
        clock: Callable[[], float] | None,
        candidates: Candidates,
        playout: Playout,
        solve: Solve | None = None,
    ) -> None:
        self.strength = strength
        self.name = strength.name
        self.clock = clock
        self.candidates = candidates
        self.playout = playout
        self.solve = solve

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError("no legal action for this seat")
        kept = [a for a in self.candidates(state, seat, legal) if a in legal] or list(legal)
        if len(kept) == 1:
            return kept[0]
        deadline = self._deadline()
        totals = [0.0] * len(kept)
        counts = [0] * len(kept)
        order = list(range(len(kept)))
        rng.shuffle(order)
        for _ in range(self.strength.samples):
            world = game.sample_hidden(state, seat, rng)
            solved = self.solve(world, seat, kept) if self.solve is not None else None
            if solved is not None:
                for i, value in enumerate(solved):
                    totals[i] += value
                    counts[i] += 1
            else:
                for i in order:
                    after, _events = game.apply(world, seat, kept[i])
                    totals[i] += reward(game, self.play_out(game, after, rng, deadline), seat)
                    counts[i] += 1
                    if deadline is not None and deadline():
                        break  # the rest of this sample would be scored from cut playouts
            if deadline is not None and deadline():
                break
        means = [t / c if c else float("-inf") for t, c in zip(totals, counts, strict=True)]
        best = max(means)
        return kept[next(i for i, m in enumerate(means) if m == best)]

    def _deadline(self) -> Callable[[], bool] | None:
        clock = self.clock
        if clock is None:
            return None
        stop = clock() + self.strength.budget

        def deadline() -> bool:
            return clock() >= stop

        return deadline

    def play_out(self, game: Game, state: Any, rng: random.Random, deadline: Callable[[], bool] | None) -> Any:
        """Play the deal out with the playout policy (the end of the deal, the hand or ``ROLLOUT_LIMIT``)."""
        mark = deal_mark(state)
        for step in range(ROLLOUT_LIMIT):
            if game.outcome(state) is not None or (mark is not None and deal_mark(state) != mark):
                break
            if deadline is not None and step % 16 == 15 and deadline():
                break
            seat = min(game.to_act(state))
            state, _events = game.apply(state, seat, self.playout(state, seat, rng))
        return state
