"""How often one message may be edited: a few edits at once, then one per interval, the newest state winning.

A flood of clicks (a hundred Join/Leave pairs on one lobby, a fast hand with
many watchers) would otherwise cost one edit of every affected message per
commit, and Discord would queue them in discord.py's rate limiter, each showing
a state already out of date. With a pace the edit loops (``TablePublisher``,
``EditQueue``) wait instead, and whatever changed meanwhile goes out in one
edit. The clock is read through ``time.monotonic`` at each call (SimCord moves
it in tests), and the wait is an ``asyncio.sleep`` on the same clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from discord.ext import tasks

K = TypeVar("K", bound=Hashable)


def _monotonic() -> float:
    return time.monotonic()


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class Pace(Generic[K]):
    """A token bucket per key: up to ``burst`` edits at once, then one every ``every`` seconds."""

    def __init__(self, burst: int, every: float, *, clock: Callable[[], float] = _monotonic) -> None:
        self.burst = burst
        self.every = every
        self._clock = clock
        self._buckets: dict[K, _Bucket] = {}

    def _refilled(self, key: K) -> _Bucket | None:
        bucket = self._buckets.get(key)
        if bucket is None:
            return None
        now = self._clock()
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.stamp) / self.every)
        bucket.stamp = now
        if bucket.tokens >= self.burst:  # back to a full burst: nothing to remember
            del self._buckets[key]
            return None
        return bucket

    def delay(self, key: K) -> float:
        """Seconds until ``key`` may be edited (0: now)."""
        bucket = self._refilled(key)
        return 0.0 if bucket is None or bucket.tokens >= 1 else (1 - bucket.tokens) * self.every

    def spend(self, key: K) -> None:
        """An edit of ``key`` goes out now."""
        bucket = self._refilled(key) or _Bucket(float(self.burst), self._clock())
        bucket.tokens -= 1
        self._buckets[key] = bucket

    def forget(self, key: K) -> None:
        self._buckets.pop(key, None)


class Pacer(Generic[K]):
    """A ``Pace`` plus the keys it holds back, released from one ``discord.ext.tasks`` loop.

    ``admit(key)`` says whether an edit may go now; if not, the key is held and
    ``release(key)`` is called once its pace allows, from a loop that runs only
    while something is held. A loop rather than a sleeping task per key: the
    click that caused the change is done at once, and every change that arrives
    meanwhile joins the one waiting edit.
    """

    def __init__(self, burst: int, every: float, release: Callable[[K], None]) -> None:
        self.pace: Pace[K] = Pace(burst, every)
        self._release = release
        self._held: set[K] = set()
        self._loop = tasks.loop(seconds=every)(self._tick)

    def admit(self, key: K) -> bool:
        """True: edit now (counted). False: held until the pace allows."""
        if key in self._held:
            return False
        if self.pace.delay(key) > 0:
            self._held.add(key)
            if not self._loop.is_running():
                self._loop.start()
            return False
        self.pace.spend(key)
        return True

    def held(self, key: K) -> bool:
        return key in self._held

    def unhold(self, key: K) -> None:
        """This key's next edit goes out at once (a table started or closed)."""
        self._held.discard(key)

    def forget(self, key: K) -> None:
        self._held.discard(key)
        self.pace.forget(key)

    def close(self) -> None:
        """Shutdown: what is held goes out now (the pace no longer matters), and the loop stops."""
        held, self._held = self._held, set()
        self._loop.cancel()
        for key in held:
            self._release(key)

    async def _tick(self) -> None:
        for key in [k for k in self._held if self.pace.delay(k) <= 0]:
            self._held.discard(key)
            self._release(key)
        if not self._held:
            self._loop.stop()


__all__ = ["Pace", "Pacer"]
