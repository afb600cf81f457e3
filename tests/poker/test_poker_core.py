"""The shared poker pieces: evaluators against pokerkit, pots, the stud betting round, fast values."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from pokerkit import RegularLowHand
from pokerkit.state import _LowHandOpeningLookup

from games.core.betting import BettingRound
from games.core.cards import STANDARD_DECK
from games.core.errors import IllegalAction
from games.core.fastvalue import builder
from games.core.poker import board_key, low_key, low_name, side_pots, split_amount
from games.core.poker.pots import Pot

DECK = STANDARD_DECK.cards


# ------------------------------------------------------------ evaluators
def test_a5_low_of_seven_cards_agrees_with_pokerkit() -> None:
    rnd = random.Random(11)
    for _ in range(5_000):
        a, b = rnd.sample(DECK, 7), rnd.sample(DECK, 7)
        pa, pb = RegularLowHand.from_game("".join(a)), RegularLowHand.from_game("".join(b))
        # pokerkit: a bigger low hand is a better one; ours: a smaller key is better
        assert (low_key(a) < low_key(b)) == (pa > pb) and (low_key(a) == low_key(b)) == (pa == pb), (a, b)


def test_showing_boards_are_ordered_like_pokerkits_opener() -> None:
    lookup = _LowHandOpeningLookup()
    rnd = random.Random(12)
    for size in range(1, 5):
        for _ in range(3_000):
            a, b = tuple(rnd.sample(DECK, size)), tuple(rnd.sample(DECK, size))
            ea, eb = lookup.get_entry("".join(a)), lookup.get_entry("".join(b))
            assert (board_key(a) < board_key(b)) == (ea < eb) and (board_key(a) == board_key(b)) == (ea == eb)


def test_low_names() -> None:
    assert low_name(low_key(("As", "2d", "3c", "4h", "5s", "Kd", "Kc"))) == "5-4 low"
    assert low_name(low_key(("As", "Ad", "Ac", "Kh", "Ks", "Kd", "Kc"))) == "a full house"


# ------------------------------------------------------------ pots
def test_side_pots_layer_by_contribution_with_dead_money() -> None:
    # seat 0 all in for 5, seat 1 folded after putting in 8, seats 2 and 3 in for 20
    pots = side_pots((5, 8, 20, 20), (True, False, True, True))
    assert pots == (Pot(20, (0, 2, 3)), Pot(33, (2, 3)))
    assert sum(p.amount for p in pots) == 53


def test_uncalled_chips_go_back_to_their_owner() -> None:
    assert side_pots((10, 4), (True, True)) == (Pot(8, (0, 1)), Pot(6, (0,)))


def test_odd_chip_rules() -> None:
    assert split_amount(11, [2, 0, 1], "first_left") == ((2, 5), (0, 3), (1, 3))
    assert split_amount(11, [2, 0, 1], "spread") == ((2, 4), (0, 4), (1, 3))


# ------------------------------------------------------------ stud betting
def test_bring_in_then_complete_then_raise() -> None:
    r = BettingRound.open(3, 1, (True,) * 3, bet_size=4, cap=4, bring_in=2)
    assert r.legal(1) == ("bring-in", "complete")
    r, put = r.act(1, "bring-in")
    assert put == 2 and r.level == 0
    assert r.legal(2) == ("call", "complete", "fold") and r.amount_for(2, "complete") == 4
    r, put = r.act(2, "complete")
    assert put == 4 and r.level == 1 and r.legal(0) == ("call", "raise", "fold")
    assert r.total_for(0, "raise") == 8
    with pytest.raises(IllegalAction):
        r.act(0, "complete")


def test_a_short_all_in_raise_does_not_reopen_the_betting() -> None:
    r = BettingRound.open(3, 0, (True,) * 3, bet_size=4, cap=None, stacks=(100, 6, 100))
    r, _ = r.act(0, "bet")  # 4
    r, put = r.act(1, "raise")  # all in for 6: a raise of 2, short of a full 4
    assert put == 6 and r.stacks[1] == 0
    assert r.legal(2) == ("call", "raise", "fold")  # seat 2 hasn't acted: may raise
    r, _ = r.act(2, "call")
    assert r.legal(0) == ("call", "fold")  # seat 0 already acted: only call or fold


def test_no_raise_when_nobody_can_answer_it() -> None:
    r = BettingRound.open(2, 0, (True, True), bet_size=4, cap=None, stacks=(100, 3))
    r, _ = r.act(0, "check")
    assert r.legal(1) == ("check", "bet")
    r, _ = r.act(1, "bet")  # all in for 3
    assert r.legal(0) == ("call", "fold")


def test_heads_up_uncapped() -> None:
    r = BettingRound.open(2, 0, (True, True), bet_size=1, cap=2, heads_up_uncapped=True)
    for seat in (0, 1, 0, 1, 0):
        r, _ = r.act(seat, r.legal(seat)[1])
    assert r.level == 5 and "raise" in r.legal(1)


# ------------------------------------------------------------ fast values
@dataclass(frozen=True, slots=True)
class _Point:
    x: int
    y: tuple[int, ...]


def test_builder_makes_the_same_frozen_value() -> None:
    make = builder(_Point)
    a, b = _Point(1, (2, 3)), make(1, (2, 3))
    assert a == b and hash(a) == hash(b) and repr(a) == repr(b)
    with pytest.raises(AttributeError):
        b.x = 5  # still frozen


def test_builder_refuses_classes_it_cannot_build() -> None:
    @dataclass(frozen=True)
    class NoSlots:
        x: int

    @dataclass(frozen=True, slots=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            assert self.x > 0

    with pytest.raises(TypeError):
        builder(NoSlots)
    with pytest.raises(TypeError):
        builder(Checked)
