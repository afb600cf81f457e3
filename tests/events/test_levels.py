"""The level clock: the stakes rise on schedule, keep each game's proportions, stop at its limits."""

from __future__ import annotations

import pytest

from bot.service.events.levels import MULTIPLIERS, level_at, raised
from games.frankenstein.options import FrankensteinOptions
from games.razz.options import RazzOptions

RAZZ_STAKES = ("ante", "bring_in", "small_bet", "big_bet")


def test_levels_follow_the_clock() -> None:
    first = level_at(0, 600)
    assert (first.number, first.multiplier, first.started, first.ends) == (1, 1, 0, 600)
    third = level_at(1799.9, 600)
    assert (third.number, third.multiplier) == (3, 3)
    last = level_at(10**9, 600)
    assert last.number == len(MULTIPLIERS) and last.ends is None
    assert level_at(-5, 600).number == 1
    with pytest.raises(ValueError):
        level_at(0, 0)


def test_razz_stakes_rise_in_proportion() -> None:
    level4 = raised(RazzOptions(), RAZZ_STAKES, 4)
    assert (level4.ante, level4.bring_in, level4.small_bet, level4.big_bet) == (4, 8, 16, 32)
    assert level4.cap == RazzOptions().cap, "only the stakes change"


def test_a_level_past_the_options_limits_keeps_the_last_that_fits() -> None:
    # Razz's big bet is at most 4000: ×200 of 8 = 1600 fits, the ante 1 → 200 fits.
    assert raised(RazzOptions(), RAZZ_STAKES, 200).big_bet == 1600
    big = RazzOptions(ante=10, bring_in=50, small_bet=100, big_bet=200)
    # ×20 = 4000 fits the big bet but the small bet 2000 and bring-in 1000 are at their limits.
    top = raised(big, RAZZ_STAKES, 40)
    assert top.big_bet <= 4000 and top.bring_in <= 1000
    assert top.big_bet == 200 * 20
    frank = raised(FrankensteinOptions(), ("ante", "small_bet", "big_bet"), 1000)
    assert frank.big_bet <= 2000 and frank.small_bet <= frank.big_bet
