"""Determinized Monte Carlo: the one search every game's computer player uses.

A seat cannot see the others' cards, so the search never looks at them: it asks
the game for a *determinization* (``Game.sample_hidden``: a full state drawn
at random among those consistent with what the seat knows), tries each legal
action on it, plays the hand out with a cheap policy and keeps the average
result. Repeating this over many determinizations is the classic "perfect
information Monte Carlo" player (as in OpenSpiel's ISMCTS family, flat at the
root): easy to make generic, and strong enough to beat random play clearly.

Pure: the caller gives the random generator and, for a time budget, a clock.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core.game import Game, Outcome
from games.core.sheet import ScoreSheet as RunningSheet

#: Actions a rollout may take before it is cut and scored from the sheet (a whole game of a
#: score-sheet game is long; its running totals already say who is ahead).
ROLLOUT_LIMIT = 400


@dataclass(frozen=True, slots=True)
class Strength:
    """How hard a computer player thinks: determinizations per action, and a time budget."""

    name: str
    samples: int  # rollouts per legal action, at most
    budget: float  # seconds, at most (the caller's clock)


EASY = Strength("easy", samples=2, budget=0.02)
NORMAL = Strength("normal", samples=24, budget=0.08)
STRONG = Strength("strong", samples=2000, budget=0.25)  # in effect, as many as the budget allows
STRENGTHS = {s.name: s for s in (EASY, NORMAL, STRONG)}


def reward(game: Game, state: Any, seat: int) -> float:
    """How good ``state`` is for ``seat``: chips won when the hand is over, else the score lead."""
    out: Outcome | None = game.outcome(state)
    if out is not None:
        if any(out.payoffs):
            return float(out.payoffs[seat])
        if out.scores:
            return _lead(out.scores, seat)
        n = len(out.placings)
        return float(n - out.placings[seat])
    kept = getattr(state, "sheet", None)
    if isinstance(kept, RunningSheet):
        return _lead(kept.totals, seat)
    sheet = game.view(state, None).public.sheet
    return _lead(sheet.totals, seat) if sheet is not None else 0.0


def deal_mark(state: Any) -> int | None:
    """Which deal a game of several deals in one state is at (None: one hand, or not known).

    A rollout stops when the deal it started in is scored: the running totals then say
    who is ahead, far more cheaply (and less noisily) than playing the whole game out at random.
    """
    kept = getattr(state, "sheet", None)
    if isinstance(kept, RunningSheet):
        return len(kept.rows)
    deal_no = getattr(state, "deal_no", None)
    return deal_no if isinstance(deal_no, int) else None


def advantage(game: Game, state: Any, seat: int, n: int, start: Any | None = None) -> float:
    """``seat``'s result less the average of the others' (from ``start``: the change since then).

    The fair yardstick of a player against the table: chips that go to the house or
    carry to the next hand (Fairmarket's stations, the Zombie's pot, Reversis' pots)
    make every seat's own result negative on average, but not this.
    """
    each = [reward(game, state, s) - (reward(game, start, s) if start is not None else 0.0) for s in range(n)]
    others = [r for s, r in enumerate(each) if s != seat]
    return each[seat] - (sum(others) / len(others) if others else 0.0)


def _lead(totals: tuple[int, ...], seat: int) -> float:
    others = [t for s, t in enumerate(totals) if s != seat]
    return float(totals[seat] - (max(others) if others else 0))


def rollout(
    game: Game,
    state: Any,
    rng: random.Random,
    limit: int = ROLLOUT_LIMIT,
    deadline: Callable[[], bool] | None = None,
    guided: bool = True,
) -> Any:
    """Play until the hand (or, in a game of several deals, the deal) ends, or ``limit`` actions,
    or ``deadline()`` says the time is up (asked every few actions).

    Each action is the game's ``rollout_action`` where it has one (and ``guided``), else a legal
    action at random.
    """
    outcome, to_act, legal_actions, apply = game.outcome, game.to_act, game.legal_actions, game.apply
    policy = game.rollout_action if guided and has_rollout_policy(game) else None
    mark = deal_mark(state)
    for step in range(limit):
        if outcome(state) is not None or (mark is not None and deal_mark(state) != mark):
            break
        if deadline is not None and step % 16 == 15 and deadline():
            break
        seats = sorted(to_act(state))
        seat = seats[rng.randrange(len(seats))] if len(seats) > 1 else seats[0]
        action = policy(state, seat, rng) if policy is not None else None
        if action is None:
            legal = legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        state, _events = apply(state, seat, action)
    return state


def has_rollout_policy(game: Game) -> bool:
    """Whether ``game`` plays its playouts with a policy of its own rather than at random."""
    return type(game).rollout_action is not Game.rollout_action


class SearchPlayer:
    """A computer player of one strength, for any game that can sample what a seat doesn't see."""

    def __init__(
        self, strength: Strength = NORMAL, clock: Callable[[], float] | None = None, guided: bool = True
    ) -> None:
        self.strength = strength
        self.guided = guided  # False: random playouts even where the game has a rollout policy
        self.name = strength.name
        self.clock = clock

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        """The legal action with the best average result over determinizations, within the budget.

        Each determinization tries every action (in an order drawn once, so a budget cut
        short favours none); a rollout checks the clock too, so a decision never runs
        much past its budget even where one playout is long.
        """
        legal = self.candidates(game, state, seat, game.legal_actions(state, seat))
        if not legal:
            raise ValueError("no legal action for this seat")
        if len(legal) == 1:
            return legal[0]
        clock = self.clock
        deadline: Callable[[], bool] | None = None
        if clock is not None:
            stop = clock() + self.strength.budget

            def deadline() -> bool:
                return clock() >= stop

        order = list(range(len(legal)))
        rng.shuffle(order)
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        for _ in range(self.strength.samples):
            world = game.sample_hidden(state, seat, rng)
            for i in order:
                after, _events = game.apply(world, seat, legal[i])
                totals[i] += reward(game, rollout(game, after, rng, deadline=deadline, guided=self.guided), seat)
                counts[i] += 1
                if deadline is not None and deadline():
                    break
            else:
                continue
            break
        means = [t / c if c else float("-inf") for t, c in zip(totals, counts, strict=True)]
        best = max(means)
        return legal[next(i for i, m in enumerate(means) if m == best)]

    def candidates(self, game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> tuple[str, ...]:
        """The actions the search weighs: all the legal ones here; a game's own player
        (``games.ai.players``) may leave out plainly bad ones, so no sample can pick them."""
        return legal


def can_search(game: Game) -> bool:
    """Whether ``game`` can sample what a seat doesn't see (else its computer players play at random)."""
    return type(game).sample_hidden is not Game.sample_hidden


def computer_player(game: Game, strength: str = "normal", clock: Callable[[], float] | None = None) -> Any:
    """The best computer player ``game`` has at ``strength``: the game's own (``games.ai.players``),
    else the generic search, else random legal play."""
    from .players import factory_for
    from .policy import RandomPolicy

    own = factory_for(game.id)
    if own is not None:
        return own(STRENGTHS[strength], clock)
    return SearchPlayer(STRENGTHS[strength], clock) if can_search(game) else RandomPolicy()
