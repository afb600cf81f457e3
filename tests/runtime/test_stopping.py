"""``python -m bot`` stops on Ctrl-C or SIGTERM even when a cancellation is lost (``bot/stopping.py``).

A real process, a real signal: a main task that swallows cancellations stands in for a library that
loses one (a suite run once saw the bot still logging in 90 s after Ctrl-C). One swallowed cancel:
the next one, a moment later, stops it cleanly. A task that never ends: the process exits at the
grace period with one line on stderr.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

STUBBORN = """
import asyncio, sys
from bot.stopping import stop_on_signals

async def main(grace: float, swallow: int) -> None:
    stop_on_signals(asyncio.current_task(), again=0.2, grace=grace, code=0)
    print("ready", flush=True)
    swallowed = 0
    while True:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            if swallowed == swallow:
                raise
            swallowed += 1
            print("swallowed", flush=True)

try:
    asyncio.run(main(float(sys.argv[1]), int(sys.argv[2])))
except asyncio.CancelledError:
    print("stopped", flush=True)
"""


def run_and_stop(sig: signal.Signals, grace: float, swallow: int) -> tuple[int, str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", STUBBORN, str(grace), str(swallow)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=120)
    return proc.returncode, out, err


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_lost_cancellation_is_sent_again(sig: signal.Signals) -> None:
    code, out, err = run_and_stop(sig, grace=600, swallow=1)
    assert (code, out.split(), err) == (0, ["swallowed", "stopped"], "")


def test_a_stop_that_never_finishes_ends_the_process_at_the_grace_period() -> None:
    code, out, err = run_and_stop(signal.SIGINT, grace=1, swallow=10**9)
    assert code == 0 and "stopped" not in out and out.count("swallowed") >= 2  # cancelled again and again
    assert err == "cardroom: still stopping 1 s after the stop request; exiting now.\n"
