"""The health line: tables held, interactions waiting, and how late the event loop runs."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

from bot.health import Health, HealthMonitor


async def test_a_line_reports_the_figures_it_is_given() -> None:
    monitor = HealthMonitor(lambda: (3, 2), lambda: 1, every=0.05, tick=0.01)
    monitor.start()
    await asyncio.sleep(0.15)
    await monitor.stop()
    assert monitor.last is not None
    assert (monitor.last.tables, monitor.last.playing, monitor.last.waiting) == (3, 2, 1)
    assert monitor.last.ticks >= 2
    assert monitor.last.line().startswith("health: tables=3 playing=2 waiting_interactions=1 loop_lag_ms=p50:")


async def test_a_blocked_loop_shows_as_lag() -> None:
    monitor = HealthMonitor(lambda: (0, 0), lambda: 0, every=0.2, tick=0.01)
    lines: list[Health] = []
    report = monitor.report
    monitor.report = lambda lags: lines.append(report(lags)) or lines[-1]  # type: ignore[method-assign]
    monitor.start()
    await asyncio.sleep(0.03)
    time.sleep(0.08)  # a blocking call on the loop: every click would wait this long
    for _ in range(200):  # until the window that held the block has been reported, however slow the machine
        await asyncio.sleep(0.05)
        if lines:
            break
    await monitor.stop()
    # Whichever line's window held the block shows it (on a busy machine it may not be the last one).
    assert lines and max(line.lag_max_ms for line in lines) >= 60, lines


def test_the_line_reads_as_documented() -> None:
    line = Health(12, 9, 0, 0.24, 3.1, 60, "0,1/4", 4242).line()
    assert line == (
        "health: tables=12 playing=9 waiting_interactions=0 loop_lag_ms=p50:0.2,max:3.1 ticks=60 shards=0,1/4 pid=4242"
    )
    docs = (Path(__file__).resolve().parents[2] / "docs" / "deploy.md").read_text()
    assert line in docs


async def test_a_line_names_the_process_and_its_shards() -> None:
    monitor = HealthMonitor(lambda: (0, 0), lambda: 0, every=0.02, tick=0.01, shards="2,3/4")
    monitor.start()
    await asyncio.sleep(0.08)
    await monitor.stop()
    assert monitor.last is not None
    assert (monitor.last.shards, monitor.last.process) == ("2,3/4", os.getpid())
    assert monitor.last.line().endswith(f" shards=2,3/4 pid={os.getpid()}")
