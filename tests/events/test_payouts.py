"""The payout table: prizes add up to the pool to the chip and never rise down the places."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.service.events.payouts import MAX_ENTRANTS, places_paid, prizes, shares


@given(pool=st.integers(0, 10**9), entrants=st.integers(1, MAX_ENTRANTS))
def test_prizes_sum_to_the_pool_and_never_rise(pool: int, entrants: int) -> None:
    paid = prizes(pool, entrants)
    assert sum(p.chips for p in paid) == pool
    assert [p.place for p in paid] == list(range(1, len(paid) + 1))
    amounts = [p.chips for p in paid]
    assert amounts == sorted(amounts, reverse=True)
    assert len(paid) <= entrants


def test_every_row_is_a_whole_pool_and_grows_with_the_field() -> None:
    paid = [places_paid(n) for n in range(1, MAX_ENTRANTS + 1)]
    assert paid == sorted(paid)
    for n in range(1, MAX_ENTRANTS + 1):
        assert sum(shares(n)) == 1000


def test_known_splits() -> None:
    assert [p.chips for p in prizes(1600, 16)] == [640, 432, 304, 224]
    assert [p.chips for p in prizes(100, 6)] == [65, 35]
    # 7 chips for three places: 3.5, 2.1, 1.4 → the half goes to the winner, then 2.1 rounds down.
    assert [p.chips for p in prizes(7, 12)] == [4, 2, 1]
    assert [p.chips for p in prizes(0, 64)] == [0] * 9


@pytest.mark.parametrize("entrants", [0, MAX_ENTRANTS + 1])
def test_a_field_out_of_range_is_refused(entrants: int) -> None:
    with pytest.raises(ValueError):
        prizes(100, entrants)
