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
  (a perfect-information solve of a short endgame), used in place of a playout where it answers;
* optionally ``settle(state, seat)``: the exact value (on ``reward``'s scale) of the rest of a
  playout once it reaches a position the game can solve, so an exchange or a bid is judged by the
  best card play on each world rather than by the rule play;
* optionally ``sample(state, seat, rng)``: the game's ``sample_hidden`` with inference from the
  others' choices (a world their decisions make unlikely is drawn less often).

Pure: randomness only from the caller's rng, time only from the caller's clock.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from games.ai import endgame
from games.ai.search import ROLLOUT_LIMIT, Strength, deal_mark, reward
from games.core.game import Game

Candidates = Callable[[Any, int, tuple[str, ...]], Sequence[str]]
Playout = Callable[[Any, int, random.Random], str]
Solve = Callable[[Any, int, Sequence[str]], "list[float] | None"]
Settle = Callable[[Any, int], "float | None"]
Sample = Callable[[Any, int, random.Random], Any]


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
        settle: Settle | None = None,
        sample: Sample | None = None,
    ) -> None:
        self.strength = strength
        self.name = strength.name
        self.clock = clock
        self.candidates = candidates
        self.playout = playout
        self.solve = solve
        self.settle = settle
        self.sample = sample

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError("no legal action for this seat")
        kept = [a for a in self.candidates(state, seat, legal) if a in legal] or list(legal)
        if len(kept) == 1:
            return kept[0]
        deadline = self._deadline()
        with endgame.within(deadline):  # an exact solve stops at the decision's deadline too
            means = self._means(game, state, seat, rng, kept, deadline)
        best = max(means)
        return kept[next(i for i, m in enumerate(means) if m == best)]

    def _means(self, game: Game, state: Any, seat: int, rng: random.Random, kept: list[str],
               deadline: Callable[[], bool] | None) -> list[float]:
        """Each candidate's mean value over the sampled deals searched before the deadline."""
        totals = [0.0] * len(kept)
        counts = [0] * len(kept)
        order = list(range(len(kept)))
        rng.shuffle(order)
        for _ in range(self.strength.samples):
            world = self.sample(state, seat, rng) if self.sample is not None else game.sample_hidden(state, seat, rng)
            solved = self.solve(world, seat, kept) if self.solve is not None else None
            if solved is not None:
                for i, value in enumerate(solved):
                    totals[i] += value
                    counts[i] += 1
            else:
                for i in order:
                    after, _events = game.apply(world, seat, kept[i])
                    totals[i] += self.value(game, after, seat, rng, deadline)
                    counts[i] += 1
                    if deadline is not None and deadline():
                        break  # the rest of this sample would be scored from cut playouts
            if deadline is not None and deadline():
                break
        return [t / c if c else float("-inf") for t, c in zip(totals, counts, strict=True)]

    def _deadline(self) -> Callable[[], bool] | None:
        clock = self.clock
        if clock is None:
            return None
        stop = clock() + self.strength.budget

        def deadline() -> bool:
            return clock() >= stop

        return deadline

    def value(self, game: Game, state: Any, seat: int, rng: random.Random, deadline: Callable[[], bool] | None) -> float:
        """``seat``'s playout value of ``state``: played out, or settled exactly where ``settle`` answers."""
        end, settled = self._run(game, state, rng, deadline, seat)
        return settled if settled is not None else reward(game, end, seat)

    def play_out(self, game: Game, state: Any, rng: random.Random, deadline: Callable[[], bool] | None) -> Any:
        """Play the deal out with the playout policy (the end of the deal, the hand or ``ROLLOUT_LIMIT``)."""
        return self._run(game, state, rng, deadline, None)[0]

    def _run(
        self, game: Game, state: Any, rng: random.Random, deadline: Callable[[], bool] | None, seat: int | None
    ) -> tuple[Any, float | None]:
        """The playout, stopped early with ``settle``'s exact value for ``seat`` where it answers."""
        mark = deal_mark(state)
        for step in range(ROLLOUT_LIMIT):
            if game.outcome(state) is not None or (mark is not None and deal_mark(state) != mark):
                break
            if self.settle is not None and seat is not None:
                settled = self.settle(state, seat)
                if settled is not None:
                    return state, settled
            if deadline is not None and step % 16 == 15 and deadline():
                break
            mover = min(game.to_act(state))
            state, _events = game.apply(state, mover, self.playout(state, mover, rng))
        return state, None


class RulePlayer:
    """A deliberately simple player (easy): the playout's rules on the real state, with some noise.

    The playout policy reads only what the seat may know when given the real state (its own hand,
    the table, the bids), so this is a fair player; ``noise`` of its decisions are a random pick
    among the candidates instead (never a blunder: those are not candidates), so it stays
    legal and sensible but clearly weaker than the search built on the same rules.
    """

    def __init__(self, strength: Strength, candidates: Candidates, playout: Playout, noise: float) -> None:
        self.strength = strength
        self.name = strength.name
        self.candidates = candidates
        self.playout = playout
        self.noise = noise

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError("no legal action for this seat")
        kept = [a for a in self.candidates(state, seat, legal) if a in legal] or list(legal)
        if len(kept) > 1 and rng.random() < self.noise:
            return rng.choice(kept)
        action = self.playout(state, seat, rng)
        return action if action in kept else kept[0]
