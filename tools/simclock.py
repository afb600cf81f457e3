"""The bot's clock waits on SimCord's clock only: ``with simcord_clock(env): ...``.

SimCord ends a bot's plain ``asyncio.sleep`` in one of two ways: when a test
moves its virtual clock (``env.advance_time``), or, as a fallback, once as
many *real* seconds have passed. The fallback made the suite depend on the
machine's speed: a table's 20-second turn timer, armed at the first action,
fired after 20 real seconds of a slow test, so a player timed out in the
middle of it and the settle that saw the timer due within its 5 seconds
waited for it, then had to apply the timeout within the same 5 seconds; the
health line's 1-second samples kept every settle busy until its deadline.

Inside the block the bot's deliberate waits (``bot.tasks.clock_sleep``: turn
timers, health samples, a computer's beat and hard limit) are declared to SimCord as
external waits, which only ``advance_time`` ends: a test decides when time
passes, a busy machine does not.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

import simcord

from bot.tasks import Sleep, use_clock_sleep

#: What SimCord's timeout messages call such a wait.
REASON = "the bot waits on its clock (bot.tasks.clock_sleep)"


def simcord_sleep(env: simcord.Env) -> Sleep:
    """A clock wait of ``env``'s bot that only ``env.advance_time`` ends."""

    async def sleep(seconds: float) -> None:
        waiting = asyncio.sleep(seconds)
        try:
            await env.external_wait(waiting, reason=REASON)
        except simcord.SetupError:
            # Not work of this env's bot (a bot a test runs beside SimCord): the loop's own clock.
            await asyncio.sleep(seconds)

    return sleep


@contextlib.contextmanager
def simcord_clock(env: simcord.Env) -> Iterator[None]:
    """The bot's clock waits end only when ``env``'s clock moves, while the block runs."""
    with use_clock_sleep(simcord_sleep(env)):
        yield
