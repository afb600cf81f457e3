"""The duplicate-match harness (games/ai/duplicate.py): fair, reproducible, and it tells players apart.

Every match here counts samples, not time (``clock=None`` for the searches), so the
figures are the same on any machine; the harness's own clock is a fake one where a
test reads the decision times.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest

import games
from games.ai.duplicate import duplicate_match, half_width, t975
from games.ai.policy import RandomPolicy
from games.ai.search import EASY, NORMAL, SearchPlayer
from games.core.game import Game


class First:
    """A deliberately weak player: always the first legal action (Kabu: always draw, even on nine)."""

    name = "first"

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        return game.legal_actions(state, seat)[0]


class Recorder:
    """Random play that notes every seat it was asked to act for."""

    name = "recorder"

    def __init__(self, log: list[set[int]]) -> None:
        self.seats: set[int] = set()
        log.append(self.seats)

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        self.seats.add(seat)
        return RandomPolicy().choose(game, state, seat, rng)


def easy() -> SearchPlayer:
    return SearchPlayer(EASY)  # no clock: two samples per action, whatever the machine


def test_student_t_is_wider_for_few_deals_and_tends_to_the_normal() -> None:
    assert t975(1) == pytest.approx(12.706)
    assert t975(30) == pytest.approx(2.042, abs=1e-3)
    assert t975(31) == pytest.approx(2.0395, abs=1e-3)
    assert t975(120) == pytest.approx(1.980, abs=1e-3)
    assert 1.96 < t975(10_000) < 1.961
    assert half_width([1.0]) == math.inf
    assert half_width([1.0, 3.0]) == pytest.approx(12.706 * math.sqrt(2) / math.sqrt(2))


@pytest.mark.parametrize(("game_id", "seats"), [("kabu", 3), ("kabu", 5), ("ecarte", 2), ("razz", 2)])
def test_a_player_against_itself_scores_exactly_zero_on_every_deal(game_id: str, seats: int) -> None:
    """Each seat's generator is the same in every rotation, so the rotations play the same hand
    and A's advantages at the N seats cancel exactly, even for random play."""
    result = duplicate_match(games.get_game(game_id), RandomPolicy, RandomPolicy, deals=8, seats=seats)
    assert result.n == 8 and result.seats == seats
    assert result.values == pytest.approx([0.0] * 8, abs=1e-9)
    assert result.mean == pytest.approx(0.0, abs=1e-9)


def test_heads_up_a_against_b_is_minus_b_against_a_deal_by_deal() -> None:
    game = games.get_game("ecarte")
    ab = duplicate_match(game, easy, RandomPolicy, deals=6, seed=3)
    ba = duplicate_match(game, RandomPolicy, easy, deals=6, seed=3)
    assert any(v != 0 for v in ab.values)  # the players did differ
    assert ab.values == pytest.approx([-v for v in ba.values])


def test_the_same_seed_gives_the_same_match_and_another_seed_another() -> None:
    game = games.get_game("kabu")
    once = duplicate_match(game, easy, RandomPolicy, deals=10, seed=5)
    again = duplicate_match(game, easy, RandomPolicy, deals=10, seed=5)
    other = duplicate_match(game, easy, RandomPolicy, deals=10, seed=6)
    assert once.values == again.values
    assert once.values != other.values


@pytest.mark.parametrize(("game_id", "seats"), [("kabu", 4), ("ecarte", 2)])
def test_a_sits_in_every_seat_once_per_deal_against_a_field_of_b(game_id: str, seats: int) -> None:
    made_a: list[set[int]] = []
    made_b: list[set[int]] = []
    deals = 3
    duplicate_match(games.get_game(game_id), lambda: Recorder(made_a), lambda: Recorder(made_b), deals=deals, seats=seats)
    assert len(made_a) == deals * seats and len(made_b) == deals * seats * (seats - 1)  # a fresh policy per seat
    for d in range(deals):
        a_seats = [made_a[d * seats + r] for r in range(seats)]
        assert a_seats == [{r} for r in range(seats)]  # rotation r: A at seat r (it acted there, nowhere else)
        for r in range(seats):
            field = made_b[(d * seats + r) * (seats - 1):(d * seats + r + 1) * (seats - 1)]
            assert set().union(*field) == set(range(seats)) - {r}


def test_decisions_are_timed_per_side_on_the_given_clock() -> None:
    """A clock that moves one tick per reading: each decision with a real choice takes one tick."""
    game = games.get_game("kabu")
    result = duplicate_match(game, First, RandomPolicy, deals=5, clock=itertools.count().__next__)
    assert result.times_a and result.times_b
    assert set(result.times_a) == {1} and set(result.times_b) == {1}
    # Kabu: every decision is draw or stand, a real choice; A draws twice at each of its 3 seats
    assert len(result.times_a) == 5 * 3 * 2


def test_options_by_preset_name_change_the_stakes() -> None:
    game = games.get_game("kabu")
    standard = duplicate_match(game, easy, First, deals=6, options="standard")
    high = duplicate_match(game, easy, First, deals=6, options="high")
    assert high.values == pytest.approx([5 * v for v in standard.values])  # same cards, five chips a point


def test_a_match_stopped_early_is_the_same_as_a_shorter_match() -> None:
    game = games.get_game("kabu")
    asked = itertools.count()
    stopped = duplicate_match(game, easy, RandomPolicy, deals=10, seed=2, stop=lambda: next(asked) >= 2)
    shorter = duplicate_match(game, easy, RandomPolicy, deals=4, seed=2)
    assert stopped.values == shorter.values and stopped.n == 4
    never = duplicate_match(game, easy, RandomPolicy, deals=3, seed=2, stop=lambda: True)
    assert never.n == 2  # two deals at least: an interval needs them


@pytest.mark.parametrize(("game_id", "deals"), [("kabu", 60), ("ecarte", 8)])
def test_a_deliberately_weakened_player_comes_out_behind(game_id: str, deals: int) -> None:
    """Normal search (24 samples per action, no clock) against always the first legal action:
    the 95% interval of the search's value per deal lies above zero."""
    result = duplicate_match(games.get_game(game_id), lambda: SearchPlayer(NORMAL), First, deals=deals)
    assert result.low > 0, result.line()
    assert len(result.values) == deals
