"""How long the computer players think, per game and strength, in CPU time (issue 25's time goal).

Run: ``python -m benchmarks.decision_times [--quick] [--games a,b] [--strengths easy,normal,strong]
[--modes bot,fixed] [--decisions 300] [--cpu-seconds 150] [--out times.json]``.

Every earlier figure was wall time on a machine loaded 8–15× by other work, which says little about
an idle machine. Here each decision is timed with ``time.thread_time``: the CPU the deciding thread
used, which is what the same single-threaded search takes in wall time on an idle core, whatever
else the machine runs (a loaded machine still inflates it a little: shared caches, and the load
average is printed with each cell so that can be judged). Two modes per game × strength:

* ``bot``: the bot's player (``computer_player``) with its real time budget, the budget's clock on
  the same thread CPU time (``cpu_clock``): what the bot's worker decides on an idle machine;
* ``fixed``: the same player without a clock (``clock=None``), searching its full sample count, as
  the strength figures in docs/ai.md are measured; where its decisions run past the clock cap, the
  bot's player searches less than the measured one on those decisions (the table says how often,
  and the median share of its samples the bot's player keeps there).

Decisions are those with a real choice (two legal actions or more; ``duplicate.Timed``), every seat
the same strength, whole games from fresh deals (the game's first preset, the table's default; its usual seats, four
at Renfield, Scurro and Tresotti as in the strength figures) until a
cell has ``--decisions`` of them or has spent ``--cpu-seconds``. The issue's caps: easy p99 ≤ 50 ms,
normal ≤ 300 ms, strong ≤ 1.5 s; a cell past its cap is marked ``!``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import games
from games.ai.duplicate import Timed, deal_seed, options_for, start_hand, usual_seats
from games.ai.search import computer_player
from games.core.game import Game

from .ai import cpu_clock, has_players

STRENGTHS = ("easy", "normal", "strong")
MODES = ("bot", "fixed")
#: The issue's p99 caps per decision (seconds).
GOAL = {"easy": 0.05, "normal": 0.3, "strong": 1.5}
DECISIONS, CPU_SECONDS = 300, 150.0
QUICK_GAMES, QUICK_DECISIONS, QUICK_CPU_SECONDS = ("kabu", "ecarte"), 12, 1.0
#: Seats where the strength figures (docs/ai.md) play more than ``usual_seats``' three: a decision
#: at four seats samples and plays out more hands.
SEATS = {"renfield": 4, "scurro": 4, "tresotti": 4}
#: Actions one game may take before it is left (a stuck game would never end the cell).
GAME_ACTIONS = 20_000


def cap_of(player: Any) -> float | None:
    """The clock budget a player stops at (seconds), wherever its kind keeps it; None: it has none
    (a rule player, or an exact policy that needs no clock)."""
    if not hasattr(player, "clock"):
        return None  # it never reads a clock (a rule player keeps a ``strength`` for its name only)
    for holder in ("full", "strength", "style", "level"):
        budget = getattr(getattr(player, holder, None), "budget", None)
        if isinstance(budget, (int, float)):
            return float(budget)
    budget = getattr(player, "budget", None)
    return float(budget) if isinstance(budget, (int, float)) else None


@dataclass
class Cell:
    """One game × strength × mode: its decisions' CPU times and what they were measured under."""

    game: str
    strength: str
    mode: str
    times: list[float]
    cap: float | None  # the player's clock budget (seconds)
    games_played: int
    load: tuple[float, float]  # the 1-minute load average before and after

    def quantile(self, q: float) -> float:
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")

    def over_cap(self) -> list[float]:
        """The decisions that ran past the clock budget."""
        cap = self.cap
        return [] if cap is None else [t for t in self.times if t > cap]

    def kept_share(self) -> float | None:
        """On the decisions past the cap, the median share of their search the cap would leave."""
        over, cap = self.over_cap(), self.cap
        return statistics.median(cap / t for t in over) if over and cap is not None else None


def measure(game: Game, strength: str, mode: str, decisions: int = DECISIONS, cpu_seconds: float = CPU_SECONDS,
            seed: int = 0, clock: Callable[[], float] = cpu_clock) -> Cell:
    """One cell: whole games of ``strength`` against itself until ``decisions`` timed or ``cpu_seconds`` spent."""
    options = options_for(game, None)
    n = SEATS.get(game.id) or usual_seats(game, options)
    budget_clock = clock if mode == "bot" else None
    times: list[float] = []
    load0 = os.getloadavg()[0]
    began = clock()
    played = 0
    cap: float | None = None
    while len(times) < decisions and clock() - began < cpu_seconds:
        state = start_hand(game, options, n, deal_seed(seed, played))
        players = [computer_player(game, strength, budget_clock) for _ in range(n)]
        cap = cap_of(players[0])
        policies = [Timed(p, clock, times) for p in players]
        rngs = [random.Random(f"times:{seed}:{played}:{s}") for s in range(n)]
        order = random.Random(f"times:{seed}:{played}:order")
        before = len(times)
        for _ in range(GAME_ACTIONS):
            if game.outcome(state) is not None or len(times) >= decisions or clock() - began >= cpu_seconds:
                break
            seats = sorted(game.to_act(state))
            seat = seats[0] if len(seats) == 1 else seats[order.randrange(len(seats))]
            state, _events = game.apply(state, seat, policies[seat].choose(game, state, seat, rngs[seat]))
        played += 1
        if len(times) == before and played >= 3:
            break  # nobody has a choice (Put and Take): no figure to take
    return Cell(game.id, strength, mode, times, cap, played, (load0, os.getloadavg()[0]))


def ms(seconds: float) -> str:
    return "-" if seconds != seconds else f"{1000 * seconds:.0f}" if seconds >= 0.01 else f"{1000 * seconds:.1f}"


def line(cell: Cell) -> str:
    """One row: decisions, p50/p99/max in ms, the cap, how many ran past it, the load."""
    p99 = cell.quantile(0.99)
    mark = "!" if p99 > GOAL[cell.strength] else " "
    over = cell.over_cap()
    kept = cell.kept_share()
    if not cell.cap:
        past = "no cap"
    elif cell.mode == "bot":  # cut by the budget: how far past it the search's last look let it run
        past = f"{len(over)} cut" + (f" (+{ms(max(over) - cell.cap)} at most)" if over else "")
    else:
        past = f"{len(over)} past cap" + (f" (keeps {kept:.0%})" if kept is not None else "")
    cap = ms(cell.cap) if cell.cap else "-"
    return (f"| {cell.game:<12} | {cell.strength:<6} | {cell.mode:<5} | {len(cell.times):>5} | {ms(cell.quantile(0.5)):>6} |"
            f" {ms(p99):>6}{mark}| {ms(max(cell.times, default=float('nan'))):>6} | {cap:>5} | {past:<24} |"
            f" {cell.load[0]:.1f}–{cell.load[1]:.1f} |")


HEAD = ("| game         | level  | mode  | dec.  | p50 ms | p99 ms | max ms | cap   | past the cap             | load    |\n"
        "|---|---|---|---|---|---|---|---|---|---|")


def run(quick: bool = False, *, only: tuple[str, ...] = (), strengths: tuple[str, ...] = STRENGTHS,
        modes: tuple[str, ...] = MODES, decisions: int | None = None, cpu_seconds: float | None = None, seed: int = 0,
        out: str = "") -> dict[str, Any]:
    """The table (``quick``: CI's smoke check, a few decisions of two games); every cell's times by key."""
    if quick:
        only = only or QUICK_GAMES
    decisions = decisions if decisions is not None else (QUICK_DECISIONS if quick else DECISIONS)
    cpu_seconds = cpu_seconds if cpu_seconds is not None else (QUICK_CPU_SECONDS if quick else CPU_SECONDS)
    ids = [g for g in games.game_ids() if has_players(games.get_game(g)) and (not only or g in only)]
    print(f"CPU time per decision (time.thread_time), {os.cpu_count()} cores; '!' past the issue's p99 cap")
    print(HEAD, flush=True)
    cells = []
    for gid in ids:
        for strength in strengths:
            for mode in modes:
                cell = measure(games.get_game(gid), strength, mode, decisions, cpu_seconds, seed)
                cells.append(cell)
                if cell.times:
                    print(line(cell), flush=True)
                    if out:  # written as it goes: a long run interrupted keeps its cells
                        with open(out, "w", encoding="utf-8") as fh:
                            json.dump([asdict(c) for c in cells], fh)
    return {f"{c.game}:{c.strength}:{c.mode}": asdict(c) for c in cells}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a few decisions of two games (a smoke check)")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game with players)")
    parser.add_argument("--strengths", default=",".join(STRENGTHS))
    parser.add_argument("--modes", default=",".join(MODES), help="bot (budgets on CPU time), fixed (no clock)")
    parser.add_argument("--decisions", type=int, default=None, help=f"decisions per cell, at most ({DECISIONS})")
    parser.add_argument("--cpu-seconds", type=float, default=None, help=f"CPU seconds per cell, at most ({CPU_SECONDS:g})")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="", help="write every cell's times to this JSON file")
    args = parser.parse_args()

    def split(text: str) -> tuple[str, ...]:
        return tuple(x for x in text.split(",") if x)

    run(args.quick, only=split(args.games), strengths=split(args.strengths), modes=split(args.modes),
        decisions=args.decisions, cpu_seconds=args.cpu_seconds, seed=args.seed, out=args.out)


if __name__ == "__main__":
    main()
