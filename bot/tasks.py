"""Stopping the bot's own background tasks (turn timers, the health line) at shutdown."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any


async def cancel_and_wait(task: asyncio.Task[Any] | None) -> None:
    """Cancels ``task`` if it still runs and waits until it has stopped (its cancellation is expected)."""
    if task is not None and not task.done():
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
