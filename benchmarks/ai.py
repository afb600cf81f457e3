"""Computer players' strength and speed: ``python -m benchmarks.ai [--quick] [--games a,b] [--seconds S]``.

For every game that can sample what a seat doesn't see (``can_search``):

* **strength**: one computer seat against the others, hand after hand (one deal
  of a game of several deals), the seat moving round the table: normal against
  random legal play, normal against easy, strong against normal (``--matchups``;
  ``rollout``: normal with the game's playout policy against normal with random
  playouts, ``--plain``: random playouts everywhere). The result per hand is the seat's
  result less the others' average (``games.ai.search.advantage``: chips won for
  chip games, so coins carried to the next hand or kept by the house count for
  nobody; else the change in the lead on the score sheet, or the placing). Printed
  with a 95% interval (mean ± 1.96·sd/√n), the win rate (hands with a result above
  zero) and the count; each matchup runs for ``--seconds`` (checked between hands, so
  a long deal of Burraco or Samba can run past it).
* **speed**: the decision time of each strength, p50 and p99, timed on the real clock
  with the strengths' budgets (``games/ai/search.py``): easy at states reached by
  random play, normal and strong in the matches above.

Figures (``--seconds 40``–``150`` a matchup, 24 Nov 2026, this 2-core machine under load 3.5–4.8: another
helper's engine benchmarks and test suites and this run's own parallel measurements). The result per hand
of the named seat (chips, or the change in the score lead for Rage, Tresotti, Burraco, Samba; one deal),
its 95% half-width, win rate, hands. Decisions: easy at states reached by random play, normal and strong in
these matches. Rows measured with the playout policies where a game has one (``rollout_action``):

  game           normal vs random        normal vs easy          strong vs normal        easy   normal  strong
                 mean ± 95%  win     n  mean ± 95%  win     n  mean ± 95%  win     n   p50/p99 (ms)
  renfield        +39.80 ± 4.38  70%   343    +10.86 ± 4.96  44%   278    +2.54 ± 10.57  45%    62    1/19  12/85 250/258
  scurro          +36.30 ± 4.10  68%   367     +4.94 ± 5.46  39%   194     -4.74 ± 7.68  32%    75    1/23  14/87 250/256
  rage             +4.26 ± 2.59  57%    74     +4.56 ± 3.01  53%    72     +5.97 ± 5.17  58%    19   13/26  77/88 252/260
  tresotti         +6.40 ± 1.72  71%    77     +2.25 ± 1.75  57%    69     +2.15 ± 3.39  50%    20   13/36  72/88 252/260
  razz            +10.52 ± 3.19  41%   520     +6.25 ± 3.27  43%   572    +5.10 ± 13.10  40%    63    1/10  32/84 251/315
  frankenstein     +2.42 ± 0.58  41%   639     -0.00 ± 0.73  31%   404     -0.71 ± 2.40  31%    54    1/26  35/88 251/270
  reversis        +11.01 ± 4.98  62%    91     +2.89 ± 5.66  49%    71   +15.22 ± 13.42  67%    15    7/24  80/92 250/254
  putandtake   no choices: only the dealer acts, to turn the next card (every seat at random: -0.04 ± 0.35)
  fuenfzehnern     +7.13 ± 2.49  59%   143     +0.97 ± 2.36  47%   111     +1.97 ± 4.23  50%    32    5/20  50/88 252/260
  ecarte           +1.65 ± 0.34  61%   342     +1.14 ± 0.40  57%   260     +0.44 ± 1.13  49%    41    1/26  23/87 252/260
  kabu             +5.49 ± 0.40  72%  2000     +1.24 ± 0.38  54%  2000     -0.05 ± 1.42  50%   149     0/0    5/9 250/255
  fairmarket       +1.57 ± 0.32  72%   184     +0.23 ± 0.35  50%   127     +0.27 ± 0.57  48%    60   12/22  81/89 252/260
  burraco        +18.10 ± 12.72  48%   102    -0.37 ± 33.81  47%    45    +7.72 ± 20.09  42%    19   23/32  83/94 252/261
  samba         +149.49 ± 80.94  66%   117  +87.83 ± 171.43  60%    20  +62.38 ± 225.59  43%     7   23/32  82/97 252/260

Renfield and Scurro: strong vs normal over 120 s; Burraco and Samba over 150 s (Samba's normal vs random
with 360 s more); Razz's strong p99 of 315 ms came in a match under that load (150 decisions at random
states, alone: p50 250, p99 250, max 251 ms). Strong vs normal is the costliest matchup (every decision
of every seat searches): its intervals stay wide; none is clearly below zero.
"""

from __future__ import annotations

import argparse
import json
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


def deal(game: Game, options: Any, n: int, seed: int) -> Any:
    """A hand as a table starts it: chips behind for the games whose betting they limit (the
    suggested buy-in, else the server's default of 100). Unlimited stacks let two searches
    raise each other heads-up without end at Razz (thousands of chips a hand)."""
    buy_in = game.suggested_buy_in(options, n) or 100
    return game.start(options, n, seed, dealer=seed % n, stacks=(buy_in,) * n)


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
    state = deal(game, options, n, seed)
    start, mark = state, deal_mark(state)
    while game.outcome(state) is None and (mark is None or deal_mark(state) == mark):
        seats = sorted(game.to_act(state))
        seat = seats[0] if len(seats) == 1 else seats[rng.randrange(len(seats))]
        state, _events = game.apply(state, seat, policies[seat].choose(game, state, seat, rng))
    return advantage(game, state, hero, n, start)


def match(
    game: Game, hero: Strength, villain: Strength | None, seconds: float, max_hands: int,
    guided: tuple[bool, bool] = (True, True), first: int = 0,
) -> Match:
    """The hero strength at a seat moving round the table, the villain (None: random play) elsewhere,
    hand after hand until ``seconds`` have passed (checked between hands) or ``max_hands``;
    ``guided``: whether the hero's and the villains' playouts use the game's rollout policy;
    ``first``: the first hand's number (another run's hands, to add to its count)."""
    options = next(iter(game.presets.values()))
    n = seats_for(game, options)
    out = Match()
    hero_policy = Timed(SearchPlayer(hero, time.perf_counter, guided=guided[0]), out.times)
    other: Policy = RandomPolicy() if villain is None else SearchPlayer(villain, time.perf_counter, guided=guided[1])
    end = time.perf_counter() + seconds
    seed = first
    while time.perf_counter() < end and seed < first + max_hands:
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
        state = deal(game, options, n, 20_000 + seed)
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


#: The matchups: a name, the hero's strength and the villains' (None: random legal play), whether
#: each side's playouts follow the game's rollout policy ("rollout": the policy's own head-to-head).
MATCHUPS: tuple[tuple[str, Strength, Strength | None, tuple[bool, bool]], ...] = (
    ("random", NORMAL, None, (True, True)), ("easy", NORMAL, EASY, (True, True)),
    ("strong", STRONG, NORMAL, (True, True)), ("rollout", NORMAL, NORMAL, (True, False)),
)
HEADS = {
    "random": "normal vs random", "easy": "normal vs easy", "strong": "strong vs normal",
    "rollout": "normal, rollout policy vs random playouts",
}


def run(
    quick: bool = False, only: tuple[str, ...] = (), seconds: float | None = None,
    matchups: tuple[str, ...] = (), plain: bool = False, out: str = "", first: int = 0,
) -> dict[str, Any]:
    """Every game's matchups (``seconds`` each, checked between hands) and decision times, as a table.

    Quick (the CI's smoke run, every game in about half a minute): half a second a matchup, without
    strong vs normal (its every decision searches for 250 ms), strong's speed from a few decisions."""
    per_match, max_hands, easy_n = (0.5, 20, 20) if quick else (10.0, 2000, 200)
    per_match = seconds if seconds is not None else per_match
    matchups = matchups or (("random", "easy") if quick else ("random", "easy", "strong"))
    ids = [g for g in games.game_ids() if can_search(games.get_game(g)) and (not only or g in only)]
    figures: dict[str, Any] = {}
    print(f"| {'game':<12} | " + " | ".join(f"{HEADS[m]:<44}" for m in matchups)
          + " | easy p50/p99 | normal p50/p99 | strong p50/p99 (ms) |")
    for gid in ids:
        game = games.get_game(gid)
        played = {name: match(game, hero, villain, per_match, max_hands, (False, False) if plain else guided, first)
                  for name, hero, villain, guided in MATCHUPS if name in matchups}
        easy = decision_times(game, EASY, easy_n)
        normal = [t for name in ("random", "easy") if name in played for t in played[name].times]
        strong = played["strong"].times if "strong" in played else decision_times(game, STRONG, easy_n // 5)
        print(f"| {gid:<12} | " + " | ".join(f"{played[m].line():<44}" for m in matchups)
              + f" | {pct(easy, .5)}/{pct(easy, .99)}  |   {pct(normal, .5)}/{pct(normal, .99)}  "
              f"|   {pct(strong, .5)}/{pct(strong, .99)}       |", flush=True)
        figures[gid] = {
            **{f"vs_{name}": m.results for name, m in played.items()},
            "easy_ms": easy, "normal_ms": normal, "strong_ms": strong,
        }
    if out:
        with open(out, "w", encoding="utf-8") as fh:
            json.dump(figures, fh)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short runs, for a smoke check")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game with a sampler)")
    parser.add_argument("--seconds", type=float, default=None, help="time per matchup per game (checked between hands)")
    parser.add_argument(
        "--matchups", default="", help="comma-separated: random, easy, strong, rollout (default random,easy,strong;"
        " quick: random,easy)",
    )
    parser.add_argument("--plain", action="store_true", help="uniform random rollouts (no game's rollout policy)")
    parser.add_argument("--first-hand", type=int, default=0, help="start at this hand (to add hands to another run)")
    parser.add_argument("--out", default="", help="write every result and time to this JSON file")
    args = parser.parse_args()
    run(quick=args.quick, only=tuple(g for g in args.games.split(",") if g), seconds=args.seconds,
        matchups=tuple(m for m in args.matchups.split(",") if m), plain=args.plain, out=args.out,
        first=args.first_hand)


if __name__ == "__main__":
    main()
