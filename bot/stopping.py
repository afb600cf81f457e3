"""How ``python -m bot`` stops on Ctrl-C or SIGTERM, however the moment falls.

A stop request cancels the bot's main task; ``async with bot`` then closes the gateway and the
database. One cancellation can be lost, though: a library that catches ``CancelledError``, or a
cancellation that races a result (Python 3.11's ``wait_for``), leaves the task running, and a task
that won't end holds up ``asyncio.run``'s own shutdown too. A suite run once saw the bot still
logging in 90 seconds after Ctrl-C. So:

* every stop request cancels the task at once (a second Ctrl-C is a second cancel), and while it
  still runs it is cancelled again every ``again`` seconds;
* a stop that hasn't finished ``grace`` seconds after the first request ends the process then,
  with one line on stderr: what a service manager does with a stop that hangs (SIGKILL), only
  sooner and said. Nothing is lost by it: every acknowledged action is committed before it is
  answered, and the kill tests stop the bot at every step.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import threading
from typing import Any

#: Seconds between cancellations of a main task that is still running.
AGAIN = 5.0
#: Seconds after the first stop request before the process ends regardless.
GRACE = 30.0
SIGNALS = (signal.SIGINT, signal.SIGTERM)


def stop_on_signals(task: asyncio.Task[Any], *, again: float = AGAIN, grace: float = GRACE, code: int = 0) -> None:
    """Ctrl-C and SIGTERM cancel ``task`` (and again, while it runs); ``grace`` seconds after the first
    one the process exits with ``code``. Where the loop can't take signals (Windows), nothing changes:
    Ctrl-C is asyncio's own KeyboardInterrupt there."""
    loop = task.get_loop()
    exit_timer: threading.Timer | None = None

    def stop() -> None:
        nonlocal exit_timer
        if task.done():
            return
        task.cancel()
        if exit_timer is None:  # the first request: the grace period starts, and the cancels repeat
            exit_timer = threading.Timer(grace, _exit_now, args=(grace, code))
            exit_timer.daemon = True
            exit_timer.start()
            loop.call_later(again, again_if_running)

    def again_if_running() -> None:
        if not task.done():
            task.cancel()
            loop.call_later(again, again_if_running)

    for sig in SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop)


def _exit_now(grace: float, code: int) -> None:
    print(f"cardroom: still stopping {grace:g} s after the stop request; exiting now.", file=sys.stderr, flush=True)
    os._exit(code)


__all__ = ["AGAIN", "GRACE", "stop_on_signals"]
