"""Every benchmark runs, in a tiny configuration of its quick mode, so none rots between CI runs.

CI also runs ``python -m benchmarks --quick`` (.ci/run); these keep the same entry points honest
in the ordinary suite. No figure's size is asserted (the machine is shared), only that each run
measured something real. The shard benchmark has its own tiny run (``test_bench_shards.py``).
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from benchmarks import ai, computer_load, discord_load, engines, images, ledger, ratings, shards, thinking
from benchmarks import tournaments as tournaments_bench
from benchmarks.__main__ import MODULES

#: Modules of benchmarks/ that are a benchmark's parts, not a benchmark.
PARTS = {"__init__", "__main__", "shard_procs", "shard_worker", "tournament_watch"}  # parts of a benchmark, not benchmarks


def test_python_m_benchmarks_runs_every_benchmark() -> None:
    here = Path(engines.__file__).parent
    found = {f"benchmarks.{p.stem}" for p in here.glob("*.py") if p.stem not in PARTS}
    assert set(MODULES) == found
    for name in MODULES:
        assert callable(importlib.import_module(name).run), name


def test_the_quick_runs_fixed_phases_take_seconds_not_minutes() -> None:
    """CI runs every quick mode (.ci/run) in its 30 minutes: the phases that last a set time stay short.

    Shards: load, kill (at least 4 s), driving the resumed shard (3 s), the long run, and the two
    engines' service runs (half the load phase each); thinking: three runs; AI: the budgets' clock
    sped up (a strong decision's 0.25 s budget, in real seconds).
    """
    args = shards.parse([], quick=True)
    shard_phases = args.seconds + max(4.0, args.seconds / 3) + 3.0 + args.long_seconds + args.seconds
    assert shard_phases <= 20.0, shard_phases
    assert 3 * thinking.QUICK_SECONDS <= 3.0
    assert 0.25 / ai.QUICK_SPEED <= 0.01


def test_engines() -> None:
    rows = engines.run(quick=True, seconds=0.01)["engines"]
    assert rows and all(r["hands"] >= 1 and r["actions_per_s"] > 0 for r in rows)


def test_razz_vs_pokerkit() -> None:
    from benchmarks import razz_vs_pokerkit  # pokerkit is a test dependency: never skipped for want of it

    result = razz_vs_pokerkit.run(quick=True, hands=20)
    assert result


def test_ledger() -> None:
    result = ledger.run(quick=True, rounds=1)
    assert result["ledger_hands_per_s"] > 0 and result["raw_hands_per_s"] > 0


def test_discord_load_with_the_health_line_on() -> None:
    result = discord_load.run(quick=True, tables=2, rounds=2)
    assert result["audit_ok"] and result["actions"] >= 2
    assert result["kinds"]["action button"]["n"] >= 2 and result["trivial_p50_ms"] > 0


def test_computer_load() -> None:
    result = computer_load.run(quick=True, tables=1, rounds=3)
    assert result["audit_ok"] and result["computers_per_table"] == 1 and result["actions"] >= 1


def test_thinking() -> None:
    result = thinking.run(quick=True, seconds=0.3)
    assert [r["mode"] for r in result["runs"]] == ["none", "pool", "inline"]
    assert all(r["acts"] > 0 for r in result["runs"]) and result["runs"][1]["decisions"] > 0


def test_ai() -> None:
    figures = ai.run(quick=True, only=("kabu",), deals=2, seconds=0.01)
    kabu = figures["kabu"]
    assert kabu["normal-baseline"]["n"] >= 2 and kabu["easy_ms"] and kabu["normal_ms"]


def test_ratings() -> None:
    figures = ratings.run(quick=True, rounds=1)
    assert figures and all(f["best_ms"] > 0 for f in figures.values())


def test_images() -> None:
    result = images.run(quick=True)
    assert result["pictures"] and result["p99_ms"] > 0


def test_tournaments_run_at_once_and_their_books_balance(capsys: pytest.CaptureFixture[str]) -> None:
    """Two knockouts at once, people clicking through SimCord and computers filling: the figures are
    there and the books hold (every pool intact or paid out in full, every scope's audit clean). At
    20 chips a player, people who bet and call bust: knock-outs, payouts and their clicks are counted."""
    result = tournaments_bench.run(quick=True, events=2, seats=3, people=2, rounds=6, turns=10, stack=20)
    assert result["events"] == 2 and result["tables"] == 2 and result["rounds"] >= 1
    assert result["starting_stack"] == 20 and result["knockouts"] >= 1 and result["finished"] >= 1
    assert result["payouts"] >= result["finished"] and result["tables_closed"] >= result["finished"]
    assert result["busy_n"] >= 1 and result["busy_p99_ms"] > 0
    assert result["actions"] >= 2 and result["hands"] >= 1 and result["stake_levels"] >= 1
    assert result["kinds"]["action button"]["n"] >= 2 and result["kinds"]["my hand"]["n"] >= 2
    assert result["trivial_p50_ms"] > 0 and result["all_p99_ms"] >= result["all_p50_ms"] > 0
    assert result["books_ok"], result["problems"]
    out = capsys.readouterr().out
    assert "2 knockout razz tournaments × 3 seats (2 people each, computers filling, 20 chips each" in out
    assert "clicks in turns that saw knock-outs, moves, tables ended or payouts: " in out
    assert "books: every payout equal to its pool and every audit balanced: True" in out
    assert "people's interactions: p50 " in out and "targets: p99 ≤ 50 ms — " in out


def test_a_p99_of_too_few_samples_is_not_judged() -> None:
    """A quick run's p99 is one outlier: its targets say "not judged", a run of enough samples is held to them."""
    few = discord_load.timing_figures({"/rules": [0.001] * 10, "my hand": [0.2] * 10})
    assert few["target_ms_met"] is None and few["target_ratio_met"] is None and few["target_met"] is None
    slow = discord_load.timing_figures({"/rules": [0.001] * 200, "my hand": [0.2] * 200})
    assert slow["target_ms_met"] is False and slow["target_ratio_met"] is False and slow["target_met"] is False
    quick = discord_load.timing_figures({"/rules": [0.001] * 200, "my hand": [0.002] * 200})
    assert quick["target_met"] is True
