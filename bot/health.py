"""One health line per process, every minute: what an operator watches and greps for.

    health: tables=12 playing=9 waiting_interactions=0 loop_lag_ms=p50:0.2,max:3.1 ticks=60 shards=0,1/4 pid=4242

With several processes (one per range of gateway shards), ``shards`` and
``pid`` say whose line it is: ``all`` for a bot in one process, else this
process's shard ids over the bot's shard count.

*Loop lag* is how late the event loop runs a timer it was asked to run
(``tick`` seconds after the last one): the delay every click's answer also
waits behind. A loop busy with slow work (a blocking call, a long render)
shows here before players feel it; the bot answers within Discord's 3 s only
while it stays far below that.
"""

from __future__ import annotations

import asyncio
import logging
import os
import statistics
from collections.abc import Callable
from dataclasses import dataclass

from bot.tasks import cancel_and_wait, clock_sleep

log = logging.getLogger("cardroom.health")

#: Seconds between two health lines, and between two lag samples.
EVERY, TICK = 60.0, 1.0


@dataclass(frozen=True, slots=True)
class Health:
    tables: int
    playing: int
    waiting: int
    lag_p50_ms: float
    lag_max_ms: float
    ticks: int
    shards: str = "all"
    process: int = 0

    def line(self) -> str:
        return (
            f"health: tables={self.tables} playing={self.playing} waiting_interactions={self.waiting}"
            f" loop_lag_ms=p50:{self.lag_p50_ms:.1f},max:{self.lag_max_ms:.1f} ticks={self.ticks}"
            f" shards={self.shards} pid={self.process}"
        )


class HealthMonitor:
    """Samples the loop's lag every ``tick`` seconds and logs a ``Health`` line every ``every``."""

    def __init__(
        self, tables: Callable[[], tuple[int, int]], waiting: Callable[[], int], *,
        every: float = EVERY, tick: float = TICK, shards: str = "all",
    ) -> None:
        self._tables = tables
        self._shards = shards
        self._waiting = waiting
        self._every, self._tick = every, tick
        self._task: asyncio.Task[None] | None = None
        #: The last line's figures (tests, and anything that wants them without parsing the log).
        self.last: Health | None = None

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="cardroom-health")

    async def stop(self) -> None:
        await cancel_and_wait(self._task)
        self._task = None

    def report(self, lags: list[float]) -> Health:
        tables, playing = self._tables()
        health = Health(
            tables, playing, self._waiting(),
            1000 * statistics.median(lags) if lags else 0.0, 1000 * max(lags, default=0.0), len(lags),
            self._shards, os.getpid(),
        )
        self.last = health
        log.info("%s", health.line())
        return health

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        per_line = max(1, round(self._every / self._tick))  # counted in samples: a test's virtual clock agrees
        lags: list[float] = []
        while True:
            asked = loop.time()
            await clock_sleep(self._tick)
            lags.append(max(0.0, loop.time() - asked - self._tick))
            if len(lags) >= per_line:
                try:
                    self.report(lags)
                except Exception:  # a health line must never take the bot down
                    log.exception("health line failed")
                lags = []
