"""The bot's own waits (turn timers, health samples) run on SimCord's clock only, never the wall clock.

SimCord ends a plain ``asyncio.sleep`` of the bot after as many real seconds
when no test moves its clock first. Before ``bot.tasks.clock_sleep`` a busy
machine so timed players out in the middle of slow tests ("bot did not
settle" in ``test_every_game_reads``), and the health line's 1-second
samples kept every settle busy until its deadline (the benchmarks' crash).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

import pytest

from bot.client import CardroomBot
from bot.tasks import use_clock_sleep
from tests.e2e.conftest import World
from tests.e2e.test_play import open_table, snapshot
from tools.simclock import simcord_sleep


def recording(sleep: Callable[[float], Awaitable[None]], asked: list[float]) -> Callable[[float], Awaitable[None]]:
    async def recorded(seconds: float) -> None:
        asked.append(seconds)
        await sleep(seconds)

    return recorded


async def test_clicks_settle_with_the_health_line_sampling_every_second(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    w = world
    await w.env.restart_bot(CardroomBot(db_path=w.db_path, seed_source=lambda: 1000, computer_pause=0))
    assert w.bot.health_tick == 1.0  # production's sample rate
    start = w.env.now()
    table = await open_table(w, "renfield", w.players[:3])
    for _ in range(3):
        assert await table.play_turn() is not None
    assert w.env.now() == start, "no sample moved SimCord's clock on its own"
    with caplog.at_level(logging.INFO, logger="cardroom.health"):
        await w.env.advance_time(60)
    lines = [r.getMessage() for r in caplog.records if r.name == "cardroom.health"]
    assert len(lines) == 1 and lines[0].startswith("health: tables=1 playing=1 "), lines
    assert w.bot.health.last is not None and w.bot.health.last.ticks == 60


async def test_a_turn_timer_waits_for_the_clock_the_test_moves(world: World) -> None:
    w = world
    asked: list[float] = []
    with use_clock_sleep(recording(simcord_sleep(w.env), asked)):
        table = await open_table(w, "renfield", w.players[:3], turn_seconds=30)
        snap = await snapshot(w, table)
        assert snap.deadline is not None
        assert asked and 30 <= asked[-1] <= 31, asked  # the turn timer sleeps until the deadline, on the clock
        await w.env.advance_time(29)
        assert (await snapshot(w, table)).seq == snap.seq, "nobody timed out before the deadline"
        await w.env.advance_time(2)
        await w.bot.publisher.idle()
        after = await snapshot(w, table)
    assert after.seq > snap.seq and any(info.timeouts for info in after.seats), "the player to act timed out"


@pytest.mark.long
async def test_real_seconds_past_the_deadline_time_nobody_out(world: World) -> None:
    """A slow machine: more real seconds pass than the turn lasts, and nothing happens (11 s of wall clock)."""
    w = world
    table = await open_table(w, "renfield", w.players[:3], turn_seconds=10)
    snap = await snapshot(w, table)
    start = w.env.now()
    time.sleep(10.5)  # the loop is blocked, as on a busy machine; a wall-clock timer would be due when it runs
    await w.env.settle()
    assert (await snapshot(w, table)).seq == snap.seq, "the turn timed out on the wall clock"
    assert w.env.now() == start
