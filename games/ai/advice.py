"""The 💡 Hint: what the strong computer player would do here, and why, in one sentence.

``advise`` asks the strong player of the game for its move on the seat's own view of the state
(it only ever searches the seat's determinizations, ``Game.sample_hidden``, so a hint can't
reveal another seat's cards), then weighs that move against the other sensible ones over
sampled deals (``weigh``: each candidate played out on the same deals) and builds the reason
from those statistics: how often the move came out best, or how much it gains on average over
the next choice. A game's player module (``games.ai.players.<id>``) may give a better reason
with a hook ``explain(game, state, seat, action, stats, rng) -> Reason | None`` (Kabu's exact
draw odds, Écarté's trumps, a poker game's pot share); None falls back to the generic one.

The reason is a translatable template (``N_``) with values: ``{action}`` and every name in
``Reason.actions`` stand for actions and are filled in by the caller with the label the game's
own button gives them, so the hint names a move the way the panel does. Pure: randomness from
the caller's rng, time from the caller's clock.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.core.game import Game
from games.core.i18n import N_

from .players import factory_for, module_for
from .search import SearchPlayer, Strength, can_search, reward, rollout

#: Candidates the reason's statistics weigh at most (the chosen action and the others drawn at random).
MAX_WEIGHED = 6


@dataclass(frozen=True, slots=True)
class Reason:
    """A sentence to show: ``text`` (English, marked with ``N_``) filled with ``values``; the
    names in ``actions`` are actions, written by the caller the way the game's buttons name them."""

    text: str
    values: tuple[tuple[str, str | int], ...] = ()
    actions: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Stats:
    """How the weighed actions did over the same sampled deals (``means`` in the seat's result)."""

    actions: tuple[str, ...]
    means: tuple[float, ...]
    best_in: tuple[int, ...]  # deals in which each action did at least as well as every other
    deals: int

    def of(self, action: str) -> tuple[float, int] | None:
        """(mean, deals where it was best) of ``action``, if it was weighed."""
        if action not in self.actions:
            return None
        i = self.actions.index(action)
        return self.means[i], self.best_in[i]

    def runner_up(self, action: str) -> tuple[str, float] | None:
        """The best other action and its mean (None when nothing else was weighed)."""
        others = [(m, a) for a, m in zip(self.actions, self.means, strict=True) if a != action]
        if not others:
            return None
        mean, other = max(others)
        return other, mean


@dataclass(frozen=True, slots=True)
class Advice:
    action: str
    reason: Reason


Explain = Callable[[Game, Any, int, str, Stats, random.Random], "Reason | None"]


def strong_player(game: Game, samples: int, budget: float, clock: Callable[[], float] | None) -> Any:
    """The game's strong player, searching ``samples`` deals at most (or ``budget`` seconds on ``clock``)."""
    strength = Strength("strong", samples=samples, budget=budget)
    own = factory_for(game.id)
    if own is not None:
        return own(strength, clock)
    return SearchPlayer(strength, clock) if can_search(game) else None


def advise(
    game: Game,
    state: Any,
    seat: int,
    rng: random.Random,
    *,
    samples: int,
    budget: float = 1.0,
    clock: Callable[[], float] | None = None,
) -> Advice:
    """The strong player's move for ``seat`` and the reason for it (``ValueError``: no decision)."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise ValueError("no legal action for this seat")
    deadline = _deadline(clock, budget)
    player = strong_player(game, samples, budget / 2, clock)
    action = player.choose(game, state, seat, rng) if player is not None and len(legal) > 1 else legal[0]
    if len(legal) == 1:
        return Advice(action, Reason(N_("{action}: it is the only move you have here.")))
    stats = weigh(game, state, seat, rng, _weighed(game, state, seat, legal, action, rng), samples, deadline)
    hook = explainer(game.id)
    special = hook(game, state, seat, action, stats, rng) if hook is not None else None
    return Advice(action, special or generic_reason(action, stats))


def explainer(game_id: str) -> Explain | None:
    """The game's ``explain`` hook: its player module's, else ``games.ai.reasons.<id>``'s (None: generic)."""
    hook: Explain | None = getattr(module_for(game_id), "explain", None)
    name = f"games.ai.reasons.{game_id}"
    if hook is None and importlib.util.find_spec(name) is not None:
        hook = getattr(importlib.import_module(name), "explain", None)
    return hook


def _deadline(clock: Callable[[], float] | None, budget: float) -> Callable[[], bool] | None:
    if clock is None:
        return None
    stop = clock() + budget

    def deadline() -> bool:
        return clock() >= stop

    return deadline


def _weighed(game: Game, state: Any, seat: int, legal: Sequence[str], action: str, rng: random.Random) -> list[str]:
    """The chosen action and a few sensible others (the game's own first cut, when it has one)."""
    cut: Callable[..., Sequence[str]] | None = getattr(module_for(game.id), "candidates", None)
    pool = list(legal)
    if cut is not None:
        try:
            pool = [a for a in cut(state, seat, tuple(legal)) if a in legal] or pool
        except (AttributeError, TypeError):  # a hook of another shape (a game's own search API)
            pool = list(legal)
    others = [a for a in pool if a != action]
    if len(others) > MAX_WEIGHED - 1:
        others = rng.sample(others, MAX_WEIGHED - 1)
    return [action, *others]


def weigh(
    game: Game,
    state: Any,
    seat: int,
    rng: random.Random,
    actions: Sequence[str],
    samples: int,
    deadline: Callable[[], bool] | None = None,
) -> Stats:
    """Each action played out on the same sampled deals (at most ``samples``; at least one)."""
    totals = [0.0] * len(actions)
    best_in = [0] * len(actions)
    deals = 0
    for _ in range(max(1, samples)):
        world = game.sample_hidden(state, seat, rng)
        values = []
        for action in actions:
            after, _events = game.apply(world, seat, action)
            values.append(reward(game, rollout(game, after, rng, deadline=deadline), seat))
        top = max(values)
        for i, v in enumerate(values):
            totals[i] += v
            best_in[i] += v >= top
        deals += 1
        if deadline is not None and deadline():
            break
    return Stats(tuple(actions), tuple(t / deals for t in totals), tuple(best_in), deals)


def tenths(count: int, deals: int) -> int:
    """``count`` of ``deals`` as "about k of 10"."""
    return round(10 * count / deals) if deals else 0


def generic_reason(action: str, stats: Stats) -> Reason:
    """The reason from the search's statistics alone (any game)."""
    mine = stats.of(action)
    other = stats.runner_up(action)
    if mine is None or other is None:
        return Reason(N_("{action}: it is what the strong computer player chooses here."))
    mean, best = mine
    k = tenths(best, stats.deals)
    if k >= 5:
        return Reason(N_("{action}: it comes out best in about {k} of 10 likely deals."), (("k", k),))
    name, other_mean = other
    if mean > other_mean:
        return Reason(
            N_("{action}: over the likely deals it does better on average than {other}."), actions=(("other", name),)
        )
    return Reason(N_("{action}: weighing the likely deals, the strong computer player prefers it to {other}."),
                  actions=(("other", name),))


__all__ = ["MAX_WEIGHED", "Advice", "Reason", "Stats", "advise", "explainer", "generic_reason", "strong_player", "tenths", "weigh"]
