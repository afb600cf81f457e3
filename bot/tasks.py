"""The bot's own background tasks (turn timers, the health line, a computer's beat): their waits and their stop.

Every deliberate wait of those tasks goes through ``clock_sleep``: seconds of
the bot's clock. In production that is ``asyncio.sleep``. A harness that owns
the clock (SimCord, see ``tools/simclock.py``) swaps it with ``use_clock_sleep``
so those waits end only when the harness moves its clock: otherwise SimCord
ends a plain ``asyncio.sleep`` after that many *real* seconds, and a slow
machine makes a turn time out, or a settle wait for a timer, in the middle
of a test.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

#: A wait of some seconds of the bot's clock.
Sleep = Callable[[float], Awaitable[None]]

_sleep: Sleep = asyncio.sleep


async def clock_sleep(seconds: float) -> None:
    """Waits ``seconds`` of the bot's clock (the harness's, when one took it over)."""
    await _sleep(seconds)


@contextlib.contextmanager
def use_clock_sleep(sleep: Sleep) -> Iterator[None]:
    """While the block runs, the bot's clock waits are ``sleep`` (a process-wide setting: one harness at a time)."""
    global _sleep
    before, _sleep = _sleep, sleep
    try:
        yield
    finally:
        _sleep = before


async def cancel_and_wait(task: asyncio.Task[Any] | None) -> None:
    """Cancels ``task`` if it still runs and waits until it has stopped (its cancellation is expected)."""
    if task is not None and not task.done():
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
