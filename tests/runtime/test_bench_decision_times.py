"""The decision-time benchmark (benchmarks/decision_times.py) and ``benchmarks.ai --cpu-time``.

No speed is asserted (the machine is shared): what is asserted is that decisions are timed on the
clock given (the thread's CPU time in a real run), that the bot mode hands the players that clock
as their budget's and the fixed mode none, that each player's clock cap is found, and how a cell
reports decisions past the cap and the issue's p99 caps.
"""

from __future__ import annotations

import time

import pytest

import games
from benchmarks import ai, decision_times
from benchmarks.decision_times import Cell, cap_of, line, measure
from games.ai.search import computer_player


class Ticks:
    """A fake clock: one second more at every read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_cpu_clock_is_the_threads_cpu_not_the_wall() -> None:
    cpu, wall = ai.cpu_clock(), time.perf_counter()
    time.sleep(0.2)
    assert time.perf_counter() - wall >= 0.2
    assert ai.cpu_clock() - cpu < 0.1  # asleep, the thread used (almost) no CPU


def test_each_players_clock_cap_is_found() -> None:
    def cap(game_id: str, strength: str) -> float | None:
        return cap_of(computer_player(games.get_game(game_id), strength, None))

    assert cap("kabu", "easy") == pytest.approx(0.02)  # the generic search's easy budget
    assert cap("kabu", "strong") is None  # the exact policy has no clock
    assert cap("rage", "easy") is None  # a rule player: a strength but no clock
    assert cap("renfield", "strong") == pytest.approx(1.0)  # GuidedSearch, tuned
    assert cap("tresotti", "strong") == pytest.approx(1.0)  # Budgeted: its full strength's budget
    assert cap("razz", "normal") == pytest.approx(0.1)  # a betting style's
    assert cap("fairmarket", "strong") == pytest.approx(1.0)  # a market level's
    assert cap("burraco", "strong") == pytest.approx(1.0)  # the rummy search's


def test_a_cell_times_decisions_with_a_choice_on_the_clock_given() -> None:
    fixed = measure(games.get_game("kabu"), "normal", "fixed", decisions=12, cpu_seconds=10**6, clock=Ticks())
    assert len(fixed.times) == 12 and all(t == 1.0 for t in fixed.times)  # one read before, one after
    assert fixed.cap is None and fixed.games_played >= 1
    # bot mode: the easy search's budget runs on that clock too, so each decision reads it more
    bot = measure(games.get_game("kabu"), "easy", "bot", decisions=12, cpu_seconds=10**6, clock=Ticks())
    assert len(bot.times) == 12 and all(t > 1.0 for t in bot.times)
    unclocked = measure(games.get_game("kabu"), "easy", "fixed", decisions=12, cpu_seconds=10**6, clock=Ticks())
    assert all(t == 1.0 for t in unclocked.times)


def test_the_quick_run_fills_every_cell_of_its_games(capsys: pytest.CaptureFixture[str]) -> None:
    # No CPU cap to speak of: the quick run's one second a cell holds two of strong Écarté's exchanges on a
    # busy machine (its dearest decisions), and a test must not depend on the machine's speed.
    cells = decision_times.run(quick=True, decisions=4, cpu_seconds=120)
    assert set(cells) == {f"{g}:{s}:{m}" for g in decision_times.QUICK_GAMES for s in decision_times.STRENGTHS
                          for m in decision_times.MODES}
    assert all(len(c["times"]) == 4 for c in cells.values())
    assert capsys.readouterr().out.count("| ecarte ") == 6


def test_a_game_without_choices_ends_its_cell() -> None:
    cell = measure(games.get_game("putandtake"), "strong", "bot", decisions=10, cpu_seconds=10**6)
    assert cell.times == [] and cell.games_played == 3


def test_a_row_says_what_ran_past_the_cap_and_the_goal() -> None:
    cell = Cell("tresotti", "strong", "fixed", [0.01] * 97 + [0.5, 2.0, 4.0], 1.0, 2, (1.0, 2.0))
    assert cell.over_cap() == [2.0, 4.0] and cell.kept_share() == pytest.approx(0.375)
    row = line(cell)
    assert "2 past cap (keeps 38%)" in row and "!" in row  # p99 4 s is past strong's 1.5 s
    calm = Cell("kabu", "easy", "fixed", [0.001] * 100, 0.02, 4, (1.0, 1.0))
    assert "0 past cap" in line(calm) and "!" not in line(calm)
    cut = Cell("rage", "normal", "bot", [0.05] * 90 + [0.203] * 10, 0.2, 4, (1.0, 1.0))
    assert "10 cut (+3.0 at most)" in line(cut) and "!" not in line(cut)


def test_the_strength_benchmark_times_on_the_cpu_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai, "cpu_clock", Ticks())
    _results, times = ai.play_game(games.get_game("kabu"), ("normal-easy",), 2, 60.0, 1.0, 0, cpu_time=True)
    assert times["normal"] and all(t == 1.0 for t in times["normal"])  # KabuPlayer: no clock of its own
    assert times["easy"] and all(t >= 1.0 for t in times["easy"])
    _results, wall = ai.play_game(games.get_game("kabu"), ("normal-easy",), 2, 60.0, 1.0, 0)
    assert all(t < 1.0 for t in wall["normal"])  # without the flag: the wall clock, not the fake
