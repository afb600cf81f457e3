"""Computer players' strength and speed: ``python -m benchmarks.ai [--quick] [--games a,b]``.

For every game that can sample what a seat doesn't see (``can_search``):

* **strength**: one computer seat against the others, hand after hand (one deal
  of a game of several deals), the seat moving round the table: normal against
  random legal play, and normal against easy. The result per hand is the seat's
  result less the others' average (``games.ai.search.advantage``: chips won for
  chip games, so coins carried to the next hand or kept by the house count for
  nobody; else the change in the lead on the score sheet, or the placing). Printed with a 95% interval (mean ± 1.96·sd/√n) and the win
  rate (hands with a result above zero); each matchup runs for a time budget.
* **speed**: the decision time of each strength, p50 and p99, timed on the
  real clock with the strengths' budgets (``games/ai/search.py``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import games
from games.ai.policy import Policy, RandomPolicy
from games.ai.search import EASY, NORMAL, STRONG, SearchPlayer, Strength, advantage, can_search, deal_mark
from games.core.game import Game


@dataclass
class Match:
    results: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)  # the computer seat's decisions, seconds

    def line(self) -> str:
        n = len(self.results)
        if n < 2:
            return f"{n} hands"
        mean = statistics.mean(self.results)
        half = 1.96 * statistics.stdev(self.results) / n**0.5
        won = sum(r > 0 for r in self.results) / n
        return f"{mean:+8.2f} ± {half:6.2f}  win {won:4.0%}  ({n} hands)"


def seats_for(game: Game, options: Any) -> int:
    low, high = game.seat_limits(options)
    return max(low, min(3, high))


class Timed:
    """A policy whose decisions are timed (only those with a real choice)."""

    def __init__(self, inner: Policy, times: list[float]) -> None:
        self.inner, self.times, self.name = inner, times, inner.name

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        start = time.perf_counter()
        action = self.inner.choose(game, state, seat, rng)
        if len(game.legal_actions(state, seat)) > 1:
            self.times.append(time.perf_counter() - start)
        return action


def play_hand(game: Game, seed: int, hero: int, policies: list[Policy], rng: random.Random) -> float:
    """One hand (or one deal of a game of several): the hero seat's result."""
    options = next(iter(game.presets.values()))
    n = len(policies)
    state = game.new_state(options, n, seed, dealer=seed % n)
    start, mark = state, deal_mark(state)
    while game.outcome(state) is None and (mark is None or deal_mark(state) == mark):
        seats = sorted(game.to_act(state))
        seat = seats[0] if len(seats) == 1 else seats[rng.randrange(len(seats))]
        state, _events = game.apply(state, seat, policies[seat].choose(game, state, seat, rng))
    return advantage(game, state, hero, n, start)


def match(game: Game, hero: Strength, villain: Strength | None, seconds: float, max_hands: int) -> Match:
    options = next(iter(game.presets.values()))
    n = seats_for(game, options)
    out = Match()
    hero_policy = Timed(SearchPlayer(hero, time.perf_counter), out.times)
    other: Policy = RandomPolicy() if villain is None else SearchPlayer(villain, time.perf_counter)
    end = time.perf_counter() + seconds
    seed = 0
    while time.perf_counter() < end and seed < max_hands:
        hero_seat = seed % n
        policies: list[Policy] = [hero_policy if s == hero_seat else other for s in range(n)]
        out.results.append(play_hand(game, 10_000 + seed, hero_seat, policies, random.Random(seed)))
        seed += 1
    return out


def decision_times(game: Game, strength: Strength, decisions: int) -> list[float]:
    """The time of ``decisions`` decisions of ``strength``, at states reached by random play."""
    options = next(iter(game.presets.values()))
    n = seats_for(game, options)
    times: list[float] = []
    player = Timed(SearchPlayer(strength, time.perf_counter), times)
    rng, seed = random.Random(7), 0
    while len(times) < decisions and seed < 10 * decisions:
        state = game.new_state(options, n, 20_000 + seed, dealer=seed % n)
        seed += 1
        for _ in range(rng.randrange(0, 40)):
            if game.outcome(state) is not None:
                break
            seat = min(game.to_act(state))
            state, _events = game.apply(state, seat, RandomPolicy().choose(game, state, seat, rng))
        if game.outcome(state) is None:
            seat = min(game.to_act(state))
            player.choose(game, state, seat, rng)
    return times


def pct(times: list[float], q: float) -> str:
    if not times:
        return "    -"
    ordered = sorted(times)
    return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:5.0f}"


def run(quick: bool = False, only: tuple[str, ...] = ()) -> dict[str, Any]:
    seconds, max_hands, strong_n = (2.0, 60, 8) if quick else (10.0, 2000, 40)
    ids = [g for g in games.game_ids() if can_search(games.get_game(g)) and (not only or g in only)]
    figures: dict[str, Any] = {}
    print(f"{'game':<13} {'normal vs random (result/hand)':<46} {'normal vs easy (result/hand)':<46}"
          f" {'easy p50/p99':>13} {'normal p50/p99':>15} {'strong p50/p99':>15}  (ms)")
    for gid in ids:
        game = games.get_game(gid)
        vs_random = match(game, NORMAL, None, seconds, max_hands)
        vs_easy = match(game, NORMAL, EASY, seconds, max_hands)
        easy = decision_times(game, EASY, 40 if quick else 200)
        normal = vs_random.times + vs_easy.times
        strong = decision_times(game, STRONG, strong_n)
        print(f"{gid:<13} {vs_random.line():<46} {vs_easy.line():<46} {pct(easy, .5)}/{pct(easy, .99)}"
              f"     {pct(normal, .5)}/{pct(normal, .99)}     {pct(strong, .5)}/{pct(strong, .99)}", flush=True)
        figures[gid] = {
            "vs_random": vs_random.results, "vs_easy": vs_easy.results,
            "easy_ms": easy, "normal_ms": normal, "strong_ms": strong,
        }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="short runs, for a smoke check")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game with a sampler)")
    args = parser.parse_args()
    run(quick=args.quick, only=tuple(g for g in args.games.split(",") if g))


if __name__ == "__main__":
    main()
