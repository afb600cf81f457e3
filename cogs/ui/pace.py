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


__all__ = ["Pace"]
