"""Computer players' strength and speed, by duplicate matches (``games/ai/duplicate.py``).

Run: ``python -m benchmarks.ai [--quick] [--games a,b] [--deals N] [--seconds S] [--matchups …]``.

For every game with computer players (a sampler, ``can_search``, or a player of its own in
``games/ai/players``), the default matchups, each a duplicate match (the same deals, A at every
seat in turn, B in the others):

* strong, normal and easy against the game's rule-based baseline (``games.ai.baselines``;
  "no yardstick yet" where it has none),
* strong against normal, normal against easy.

Each cell is A's result per deal less the others' average (chips, or the change of the lead on the
score sheet; one deal of a game of several), ``mean ± half-width (n deals)`` with a 95% Student-t
interval over deals: a lower bound above zero says A is the stronger. The players are the bot's
(``computer_player``) with their real time budgets on the real clock, so every decision time in
the matches counts towards its strength's p50/p99 (decisions with a real choice only).

``--seconds`` caps a matchup (checked between deals, two deals at least), ``--deals`` the deals a
matchup plays at most. ``--quick`` plays a few deals per matchup with the budgets' clock sped up
fortyfold (``--speed``: every budget a fortieth, so Burraco's and Samba's long deals fit in the
half minute or so the whole table takes: it is CI's smoke check); its figures are real matches,
but of quicker players.
Other matchups: ``normal-random`` (normal against random legal play), ``rollout`` (normal with
the game's playout policy against normal with random playouts: whether ``rollout_action`` earns
its place) and the second yardstick, rule players written apart from ours (``games.ai.independent``):
``strong-independent``, ``normal-independent`` and ``baseline-independent`` ("no yardstick" where a
game has none). ``--samples-only`` gives the players no clock: each strength searches its full sample
count whatever the machine's load, so the matches are reproducible to the last digit (the
figures in docs/ai.md are measured so); the decision times then show what those samples cost
here, and whether the bot's budgets would cut them. ``--cpu-time`` puts the budgets' clock and the
decision times on the deciding thread's CPU time (``time.thread_time``): on a loaded machine the
players then think as long as on an idle one, and the times say what an idle machine takes
(``benchmarks.decision_times`` measures every game × strength so). Figures measured with this
benchmark are in docs/ai.md.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

import games
from games.ai.baselines import baseline_for
from games.ai.duplicate import DuplicateResult, PolicyMaker, duplicate_match
from games.ai.independent import independent_for
from games.ai.players import factory_for
from games.ai.policy import Policy, RandomPolicy
from games.ai.search import NORMAL, SearchPlayer, can_search, computer_player
from games.core.game import Game

STRENGTH_NAMES = ("easy", "normal", "strong")
#: A matchup's name: its A side and its B side (a strength, "baseline", "random", or the
#: rollout pair "guided"/"plain": normal search with and without the game's playout policy).
MATCHUPS: dict[str, tuple[str, str]] = {
    "strong-baseline": ("strong", "baseline"), "normal-baseline": ("normal", "baseline"),
    "easy-baseline": ("easy", "baseline"), "strong-normal": ("strong", "normal"),
    "normal-easy": ("normal", "easy"), "normal-random": ("normal", "random"), "rollout": ("guided", "plain"),
    # the second yardstick (games.ai.independent): rule players written apart from ours
    "strong-independent": ("strong", "independent"), "normal-independent": ("normal", "independent"),
    "baseline-independent": ("baseline", "independent"),
}
DEFAULT = ("strong-baseline", "normal-baseline", "easy-baseline", "strong-normal", "normal-easy")
QUICK_DEALS, QUICK_SECONDS, QUICK_SPEED = 6, 0.8, 40.0
FULL_DEALS, FULL_SECONDS = 400, 120.0


def maker(game: Game, side: str, clock: Callable[[], float] | None) -> PolicyMaker | None:
    """Makes the policy of one side (None: the game has no baseline, or no independent player, yet)."""
    if side == "baseline":
        if baseline_for(game.id) is None:
            return None

        def made() -> Policy:
            policy = baseline_for(game.id)
            assert policy is not None
            return policy

        return made
    if side == "independent":
        if independent_for(game.id) is None:
            return None
        return lambda: _made(independent_for(game.id))
    if side == "random":
        return RandomPolicy
    if side in ("guided", "plain"):
        return lambda: SearchPlayer(NORMAL, clock, guided=side == "guided")
    return lambda: computer_player(game, side, clock)


def _made(policy: Policy | None) -> Policy:
    assert policy is not None
    return policy


def cpu_clock() -> float:
    """Seconds of CPU the calling thread has used: a budget clock that shows an idle machine's
    decisions on a loaded one (the search is single-threaded, so on an idle core wall ≈ CPU)."""
    return time.thread_time()


def after(seconds: float) -> Callable[[], bool]:
    """True once ``seconds`` have passed on the real clock (a matchup's time limit)."""
    end = time.perf_counter() + seconds
    return lambda: time.perf_counter() >= end


def has_players(game: Game) -> bool:
    return can_search(game) or factory_for(game.id) is not None


def pct(times: list[float], q: float) -> str:
    """The ``q`` quantile of ``times`` in whole milliseconds ("-": no decision)."""
    if not times:
        return "-"
    ordered = sorted(times)
    return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.0f}"


def cell(result: DuplicateResult | None) -> str:
    if result is None:
        return "no yardstick yet"
    if not result.times_a and not result.times_b:
        return "no choices"  # Put and Take: only the dealer acts, to turn the next card
    return result.line()


def play_game(game: Game, matchups: tuple[str, ...], deals: int, seconds: float, speed: float,
              seed: int, samples_only: bool = False,
              cpu_time: bool = False) -> tuple[dict[str, DuplicateResult | None], dict[str, list[float]]]:
    """Every matchup of one game, and each strength's decision times over all of them (``cpu_time``:
    the budgets and the times on the deciding thread's CPU time, ``decision_times.cpu_clock``)."""
    base: Callable[[], float] = cpu_clock if cpu_time else time.perf_counter
    budget_clock: Callable[[], float] | None = base if speed == 1 else (lambda: base() * speed)
    if samples_only:
        budget_clock = None
    results: dict[str, DuplicateResult | None] = {}
    times: dict[str, list[float]] = {name: [] for name in STRENGTH_NAMES}
    for name in matchups:
        a_side, b_side = MATCHUPS[name]
        make_a, make_b = maker(game, a_side, budget_clock), maker(game, b_side, budget_clock)
        if make_a is None or make_b is None:
            results[name] = None
            continue
        result = duplicate_match(game, make_a, make_b, deals=deals, seed=seed, stop=after(seconds), clock=base)
        results[name] = result
        for side, side_times in ((a_side, result.times_a), (b_side, result.times_b)):
            if side in times:
                times[side].extend(side_times)
    return results, times


def run(
    quick: bool = False, only: tuple[str, ...] = (), deals: int | None = None, seconds: float | None = None,
    matchups: tuple[str, ...] = DEFAULT, speed: float | None = None, seed: int = 0, out: str = "",
    samples_only: bool = False, cpu_time: bool = False,
) -> dict[str, Any]:
    """The table: every game's matchups (``mean ± half-width (n deals)``) and decision times."""
    deals = deals if deals is not None else (QUICK_DEALS if quick else FULL_DEALS)
    seconds = seconds if seconds is not None else (QUICK_SECONDS if quick else FULL_SECONDS)
    speed = speed if speed is not None else (QUICK_SPEED if quick else 1.0)
    ids = [g for g in games.game_ids() if has_players(games.get_game(g)) and (not only or g in only)]
    if samples_only:
        print("samples only: the players have no clock (reproducible; the times say what the samples cost)")
    if cpu_time:
        print("CPU time: the budgets and the decision times on the deciding thread's CPU (what an idle machine takes)")
    if not samples_only and speed != 1:
        print(f"budgets' clock ×{speed:g}: every strength thinks a {speed:g}th of its budget")
    heads = [f"{MATCHUPS[m][0]} vs {MATCHUPS[m][1]}" for m in matchups]
    print(f"| {'game':<12} | " + " | ".join(f"{h:<26}" for h in heads)
          + " | easy p50/p99 | normal p50/p99 | strong p50/p99 (ms) |")
    figures: dict[str, Any] = {}
    for gid in ids:
        results, times = play_game(games.get_game(gid), matchups, deals, seconds, speed, seed, samples_only, cpu_time)
        print(f"| {gid:<12} | " + " | ".join(f"{cell(results[m]):<26}" for m in matchups) + " | "
              + " | ".join(f"{pct(times[s], .5) + '/' + pct(times[s], .99):>{w}}"
                           for s, w in zip(STRENGTH_NAMES, (12, 14, 19), strict=True)) + " |", flush=True)
        figures[gid] = {
            **{m: None if r is None else {"values": r.values, "mean": r.mean, "half_width": r.half_width, "n": r.n}
               for m, r in results.items()},
            **{f"{s}_ms": [1000 * t for t in times[s]] for s in STRENGTH_NAMES},
        }
    if out:
        with open(out, "w", encoding="utf-8") as fh:
            json.dump(figures, fh)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a few deals per matchup, budgets a fortieth")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game with computer players)")
    parser.add_argument("--deals", type=int, default=None, help="deals per matchup, at most")
    parser.add_argument("--seconds", type=float, default=None, help="time per matchup (checked between deals)")
    parser.add_argument("--matchups", default=",".join(DEFAULT), help="comma-separated: " + ", ".join(MATCHUPS))
    parser.add_argument("--speed", type=float, default=None, help="run the budgets' clock this many times fast")
    parser.add_argument("--seed", type=int, default=0, help="the match seed (the same seed: the same deals)")
    parser.add_argument("--samples-only", action="store_true",
                        help="players without a clock: their full sample counts, reproducible figures")
    parser.add_argument("--cpu-time", action="store_true",
                        help="budgets and decision times on the thread's CPU time, not the wall clock")
    parser.add_argument("--out", default="", help="write every value and time to this JSON file")
    args = parser.parse_args()
    matchups = tuple(m for m in args.matchups.split(",") if m)
    unknown = [m for m in matchups if m not in MATCHUPS]
    if unknown:
        parser.error(f"unknown matchups: {', '.join(unknown)}")
    run(quick=args.quick, only=tuple(g for g in args.games.split(",") if g), deals=args.deals, seconds=args.seconds,
        matchups=matchups, speed=args.speed, seed=args.seed, out=args.out,
        samples_only=args.samples_only, cpu_time=args.cpu_time)


if __name__ == "__main__":
    main()
