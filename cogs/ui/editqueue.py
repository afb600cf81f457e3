"""Background edits of private panels, coalesced per panel: one in flight, the newest queued.

Players' hand panels and spectators' panels are both edited after every commit
through the interaction that last showed them. A burst of commits must cost at
most one edit in flight and one waiting per panel, a click being answered comes
first (``quiet``), and shutdown waits for what is under way (``idle``). With a
``pace`` (burst, seconds) a panel is also edited at most at that pace: what
changes while it waits goes out in one edit. Each keeper says what one edit
does; this holds the queue.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

from bot.service.models import TableSnapshot

from .pace import Pacer

K = TypeVar("K", bound=Hashable)


class EditQueue(Generic[K]):
    """``want(key, snap)`` schedules ``edit(key, snap)``; a newer snapshot replaces one not yet shown."""

    def __init__(
        self, edit: Callable[[K, TableSnapshot], Awaitable[None]], *,
        quiet: Callable[[], Awaitable[None]] | None = None, name: str = "edit",
        pace: tuple[int, float] | None = None,
    ) -> None:
        self._edit = edit
        self._quiet = quiet
        self._name = name
        self._wanted: dict[K, TableSnapshot] = {}
        self._tasks: dict[K, asyncio.Task[None]] = {}
        self._pacer: Pacer[K] | None = None if pace is None else Pacer(*pace, self._release)

    def want(self, key: K, snap: TableSnapshot) -> None:
        self._wanted[key] = snap
        if self._pacer is not None and self._pacer.held(key):
            return  # the waiting edit will show this snapshot
        self._start(key)

    def _release(self, key: K) -> None:
        if key in self._wanted:
            self._start(key)

    def _start(self, key: K) -> None:
        task = self._tasks.get(key)
        if task is None or task.done():
            self._tasks[key] = asyncio.create_task(self._drain(key), name=f"{self._name}-{key}")

    def drop(self, key: K) -> None:
        """Forget an edit not yet started (the panel was closed)."""
        self._wanted.pop(key, None)
        if self._pacer is not None:
            self._pacer.forget(key)

    def close(self) -> None:
        """Shutdown: edits held by the pace go out without waiting for it."""
        if self._pacer is not None:
            self._pacer.close()

    async def idle(self) -> None:
        """Wait until every pending edit is done (tests, benchmark, shutdown); one held by the pace
        is not waited for."""
        while True:
            tasks = [t for t in self._tasks.values() if not t.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _drain(self, key: K) -> None:
        while key in self._wanted:
            if self._quiet is not None:
                await self._quiet()  # a click being answered comes first
            if self._pacer is not None and not self._pacer.admit(key):
                return  # released when the pace allows, with the newest snapshot
            await self._edit(key, self._wanted.pop(key))


__all__ = ["EditQueue"]
