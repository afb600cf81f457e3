"""The edit pace (``cogs.ui.pace.Pace``) on a fake clock: a burst, then one edit per interval."""

from __future__ import annotations

import pytest

from cogs.ui.pace import Pace


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_then_one_edit_per_interval_per_key() -> None:
    clock = FakeClock()
    pace: Pace[int] = Pace(3, 2.0, clock=clock)
    for _ in range(3):
        assert pace.delay(1) == 0
        pace.spend(1)
    assert pace.delay(1) == pytest.approx(2.0)  # the burst is spent: the next edit waits an interval
    assert pace.delay(2) == 0  # another message has its own bucket
    clock.now += 1.5
    assert pace.delay(1) == pytest.approx(0.5)
    clock.now += 0.5
    assert pace.delay(1) == 0
    pace.spend(1)
    assert pace.delay(1) == pytest.approx(2.0)
    clock.now += 60  # a quiet minute: the whole burst is back, and the key is forgotten
    assert pace.delay(1) == 0
    for _ in range(3):
        pace.spend(1)
    assert pace.delay(1) > 0
    pace.forget(1)
    assert pace.delay(1) == 0
