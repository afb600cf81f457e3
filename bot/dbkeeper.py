"""Brings a PostgreSQL connection back after the server went away, and the tables with it.

The engine (``data.pg``) already reopens a lost connection on its next use, so a click after the
server is back is answered. This keeper does what no click does: while the database is away it
retries in the background with backoff (``data.pgfaults.Retry``), re-claims the tables whose
leases went with the lease connection (``TableService.adopt_pending``) so their turn timers and
computer players resume, keeps polling for tables another process held until that one lets go,
and gives up after ``retry.give_up`` seconds, so the service manager restarts a process that would
otherwise sit there refusing every click.

It runs only while there is something to do: no timer ticks while all is well (nor under SimCord).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

from bot.service import TableService, TableSnapshot
from data.pg import PostgresDatabase
from data.store import DatabaseUnavailable

log = logging.getLogger("cardroom.db")


class DatabaseKeeper:
    """Reconnects ``db`` and adopts waiting tables in the background; ``on_give_up`` when it can't."""

    def __init__(
        self,
        db: PostgresDatabase,
        tables: TableService,
        *,
        on_tables: Callable[[list[TableSnapshot]], None],
        on_give_up: Callable[[float], None],
    ) -> None:
        self._db = db
        self._tables = tables
        self._on_tables = on_tables
        self._on_give_up = on_give_up
        self._task: asyncio.Task[None] | None = None
        self._stopped = False
        db.on_trouble = self.wake
        tables.on_pending = self.wake

    def wake(self) -> None:
        """Something needs doing (the server went away, a table waits for its lease): start unless running."""
        if self._stopped or (self._task is not None and not self._task.done()):
            return
        self._task = asyncio.get_running_loop().create_task(self._run(), name="cardroom-db-keeper")

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def stop(self) -> None:
        self._stopped = True
        self._db.on_trouble = None
        self._tables.on_pending = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        delays = self._db.retry.delays()
        while not self._stopped:
            healthy = (self._db.down_since is None and not self._db.leases.lost) or await self._db.reconnect()
            down_since = self._db.down_since
            if not healthy and down_since is not None:
                away = time.monotonic() - down_since
                if away >= self._db.retry.give_up:
                    self._on_give_up(away)
                    return
            if healthy:  # every table whose lease can't be proven any more is re-claimed (or waits)
                try:
                    adopted = await self._tables.adopt_pending()
                except DatabaseUnavailable:
                    adopted = []
                if adopted:
                    log.warning("driving %d table(s) again after re-claiming their leases", len(adopted))
                    self._on_tables(adopted)
                    delays = self._db.retry.delays()
            if healthy and not self._tables.pending:
                return
            await asyncio.sleep(next(delays))


__all__ = ["DatabaseKeeper"]
