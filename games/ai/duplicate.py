"""Duplicate matches: two players compared on the very same deals, seats swapped or rotated.

Card luck dwarfs skill over a few hundred hands, so a match that simply deals
fresh hands needs thousands of them to tell two players apart. A duplicate match
deals each hand once and plays it again with the players moved round: on a
two-seat game A and B swap seats, on an N-seat game A sits in every seat in turn
against a field of B. Whatever the cards favoured, A had it at every seat, so
the mean of A's results over the rotations of one deal is mostly skill.

The value of a deal is the mean over its rotations of A's ``advantage`` (its
result less the others' average: chips, or the change of the lead on the score
sheet; ``games.ai.search``), over one hand or, for a game of several deals in one
state, over one deal (``deal_mark``). Each seat's generator is seeded from the
match seed, the deal and the seat, the same in every rotation: the rotations
differ only in who sits where, so A against itself scores exactly zero on every
deal and, heads-up, A against B is exactly minus B against A (the tests hold the
harness to both).

Pure: the caller gives the policies (through makers, a fresh one per seat and
rotation) and the clock that times their decisions (``time.perf_counter`` by
default; the result's ``times_a``/``times_b``). Policies that search with a time
budget carry their own clock; with ``clock=None`` they count samples only, and a
match is reproducible to the last digit.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from games.core.game import Game

from .policy import Policy
from .search import advantage, deal_mark

#: Makes a fresh policy (one per seat and rotation: a policy may keep state through a hand).
PolicyMaker = Callable[[], Policy]

#: Student's t at 97.5% for 1..30 degrees of freedom (two-sided 95%).
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)
_Z975 = 1.959964


def t975(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom.

    A table to 30, then the Cornish–Fisher expansion (within 0.001 of the exact value there
    and tending to 1.96): a handful of deals gets an honest, wider interval.
    """
    if df < 1:
        raise ValueError("at least one degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    z = _Z975
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def half_width(values: Sequence[float]) -> float:
    """Half the 95% interval of the mean of ``values`` (t·sd/√n; infinite below two values)."""
    n = len(values)
    if n < 2:
        return math.inf
    return t975(n - 1) * statistics.stdev(values) / math.sqrt(n)


@dataclass(frozen=True, slots=True)
class DuplicateResult:
    """A duplicate match of A against B: A's value per deal and both sides' decision times."""

    game_id: str
    seats: int
    seed: int
    values: tuple[float, ...]  # per deal: A's mean advantage over the rotations
    times_a: tuple[float, ...]  # seconds per decision with a real choice (two legal actions or more)
    times_b: tuple[float, ...]

    @property
    def n(self) -> int:
        return len(self.values)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.values) if self.values else math.nan

    @property
    def half_width(self) -> float:
        return half_width(self.values)

    @property
    def low(self) -> float:
        """The 95% interval's lower bound: above zero, A is measurably the stronger."""
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    def line(self) -> str:
        """``mean ± half-width (n deals)``, as the benchmark prints it."""
        half = self.half_width
        shown = f"{half:.2f}" if math.isfinite(half) else "∞"
        return f"{self.mean:+.2f} ± {shown} ({self.n} deals)"


def usual_seats(game: Game, options: BaseModel) -> int:
    """The seats a match plays with when not told: three where the game allows, else its nearest limit."""
    low, high = game.seat_limits(options)
    return max(low, min(3, high))


def options_for(game: Game, options: BaseModel | str | None) -> BaseModel:
    """Options from a preset's name, the options themselves, or None: the game's first preset."""
    if options is None:
        return next(iter(game.presets.values()))
    if isinstance(options, str):
        return game.presets[options]
    return options


def start_hand(game: Game, options: BaseModel, seats: int, seed: int) -> Any:
    """A hand as a table starts it: the dealer moves with the seed, and chips behind are the
    suggested buy-in (else the server's default of 100) for the games whose betting they limit;
    unlimited stacks let two searches raise each other heads-up without end at Razz."""
    buy_in = game.suggested_buy_in(options, seats) or 100
    return game.start(options, seats, seed, dealer=seed % seats, stacks=(buy_in,) * seats)


def deal_seed(seed: int, deal: int) -> int:
    """The game's seed for deal ``deal`` of a match seeded ``seed`` (matches of different seeds
    don't share deals unless they hold a million deals)."""
    return 1_000_003 * seed + deal


class Timed:
    """A policy whose decisions with a real choice are timed on ``clock``."""

    def __init__(self, inner: Policy, clock: Callable[[], float], times: list[float]) -> None:
        self.inner, self.clock, self.times, self.name = inner, clock, times, inner.name

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        start = self.clock()
        action = self.inner.choose(game, state, seat, rng)
        if len(game.legal_actions(state, seat)) > 1:
            self.times.append(self.clock() - start)
        return action


def play_deal(game: Game, state: Any, policies: Sequence[Policy], rngs: Sequence[random.Random],
              order: random.Random) -> Any:
    """Play ``state`` until the hand ends, or in a game of several deals until this deal is
    scored; ``order`` picks among seats that act at once. Returns the last state."""
    mark = deal_mark(state)
    while game.outcome(state) is None and (mark is None or deal_mark(state) == mark):
        seats = sorted(game.to_act(state))
        seat = seats[0] if len(seats) == 1 else seats[order.randrange(len(seats))]
        action = policies[seat].choose(game, state, seat, rngs[seat])
        state, _events = game.apply(state, seat, action)
    return state


def duplicate_match(
    game: Game,
    make_a: PolicyMaker,
    make_b: PolicyMaker,
    *,
    deals: int,
    options: BaseModel | str | None = None,
    seats: int | None = None,
    seed: int = 0,
    clock: Callable[[], float] = time.perf_counter,
    stop: Callable[[], bool] | None = None,
) -> DuplicateResult:
    """A against B over ``deals`` deals, each played once per seat with A there and B elsewhere.

    ``options``: the game's options or a preset's name (default: the first preset); ``seats``:
    default ``usual_seats``; ``clock``: times each side's decisions (not the policies' budgets);
    ``stop``: asked before each deal after the second, True ends the match early (a benchmark's
    time limit: the deals played are the result, the same as a match of that many deals).
    """
    chosen = options_for(game, options)
    n = seats if seats is not None else usual_seats(game, chosen)
    game.check_seats(chosen, n)
    times_a: list[float] = []
    times_b: list[float] = []
    values: list[float] = []
    for d in range(deals):
        if d >= 2 and stop is not None and stop():
            break
        start = start_hand(game, chosen, n, deal_seed(seed, d))
        results = []
        for a_seat in range(n):
            policies = [
                Timed(make_a(), clock, times_a) if s == a_seat else Timed(make_b(), clock, times_b)
                for s in range(n)
            ]
            rngs = [random.Random(f"duplicate:{seed}:{d}:{s}") for s in range(n)]
            order = random.Random(f"duplicate:{seed}:{d}:order")
            end = play_deal(game, start, policies, rngs, order)
            results.append(advantage(game, end, a_seat, n, start))
        values.append(statistics.fmean(results))
    return DuplicateResult(game.id, n, seed, tuple(values), tuple(times_a), tuple(times_b))


__all__ = [
    "DuplicateResult", "PolicyMaker", "Timed", "deal_seed", "duplicate_match", "half_width", "options_for",
    "play_deal", "start_hand", "t975", "usual_seats",
]
