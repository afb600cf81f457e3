"""One task for every table's deadline: turn timers, the beat between hands, idle lobbies.

It sleeps until the service's earliest deadline, then asks the service to
apply the timed-out players' default actions (the service's ``on_change``
then updates the table messages). A new, earlier deadline re-arms it. Only
``bot.tasks.clock_sleep`` is used for waiting, and time comes from the
injected clock, so SimCord's virtual clock (which drives both
``discord.utils.utcnow`` and the loop's timers) fast-forwards a turn timer in
tests, and nothing else ends one (not the wall clock of a busy machine).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

from bot.service.table_play import Chooser
from bot.service.tables import TableService
from bot.tasks import cancel_and_wait, clock_sleep
from data.faults import DatabaseUnavailable, StorageFault

log = logging.getLogger("cardroom.timers")


class TurnTimers:
    def __init__(
        self, service: TableService, clock: Callable[[], datetime], choose: Chooser | None = None
    ) -> None:
        self.service = service
        self.clock = clock
        #: The computer's move for a timed-out seat (None: the game's default).
        self.choose = choose
        self._task: asyncio.Task[None] | None = None
        self._target: datetime | None = None
        self._sleeping = False
        self._dirty = False

    def poke(self, deadline: datetime | None = None) -> None:
        """A table's deadline changed: make sure we wake up by then."""
        running = self._task is not None and not self._task.done()
        if running and not self._sleeping:
            self._dirty = True  # busy: it re-reads the next deadline before sleeping
            return
        if running and deadline is not None and self._target is not None and self._target <= deadline:
            return
        if running and deadline is None:
            return
        if running:
            assert self._task is not None
            self._task.cancel()  # safe: it is only ever cancelled while sleeping
        self._task = asyncio.create_task(self._run(), name="cardroom-turn-timers")

    async def stop(self) -> None:
        await cancel_and_wait(self._task)
        self._task = None

    async def _run(self) -> None:
        while True:
            self._dirty = False
            target = await self.service.next_deadline()
            if self._dirty:
                continue
            self._target = target
            if target is None:
                return
            delay = (target - self.clock()).total_seconds()
            if delay > 0:
                await self._rest(delay + 0.05)
            try:
                results = await self.service.timeout_due(self.clock(), self.choose)
                if results:
                    log.info("turn timer: %d timed-out action(s) applied", len(results))
                elif delay <= 0:
                    await self._rest(1)  # the service saw nothing due yet (clock skew): don't spin
            except (DatabaseUnavailable, StorageFault):  # passing, and logged where it happened
                log.info("turn timer: the database is unavailable; retrying in 5 s")
                await self._rest(5)
            except Exception:
                log.exception("turn timer failed; retrying in 5 s")
                await self._rest(5)

    async def _rest(self, seconds: float) -> None:
        """Waits on the bot's clock, marked as sleeping: only then may ``poke`` cancel the task."""
        self._sleeping = True
        try:
            await clock_sleep(seconds)
        finally:
            self._sleeping = False
