"""Kabu's showdown and the end of the game (rules/004 "Kabu", DECISIONS §4.3, §5.3 KB-1, KB-2, KB-5).

Every deal is stacked; ``stacks=`` are the chips each seat has at the table and
``carry=`` the hands played before, so any hand of a game (not only the first) is set up here.
"""

from __future__ import annotations

import pytest

from games.core.views import seat_name
from games.kabu import Kabu, KabuOptions
from tests.engine.test_kabu import act, stand_all, start

G = Kabu()
W = seat_name

# Two-card hands with a known total.
NINE = ("4s", "5s")
EIGHT = ("3h", "5h")
SEVEN = ("3d", "4d")
FOUR = ("As", "3c")
TWO = ("Ac", "Ah")
ZERO = ("Ts", "Th")
FIVE_AGAIN = ("2d", "3s")
FIVE = ("Ad", "4h")


def showdown(hands, *, stacks=None, dealer=0, carry=None, **options):
    state = start(hands, dealer=dealer, stacks=stacks, carry=carry, **options)
    state, events = stand_all(state)
    return state, G.outcome(state), events


def test_each_player_reveals_the_hand_and_announces_the_total():
    state, out, events = showdown([SEVEN, FOUR], dealer=1)
    assert events[-1].private_to is None
    assert G.private_cards(state, 0) == frozenset() == G.private_cards(state, 1)
    lines = G.view(state, None).public.seats
    assert lines[0].cards == ("3d", "4d") and "total 7" in lines[0].text
    assert out.details == ("7 with 3♦ 4♦", "4 with A♠ 3♣")
    assert out.extra["totals"] == (7, 4)


def test_jim_seven_george_four_george_pays_jim_three():
    _state, out, events = showdown([SEVEN, FOUR], dealer=1)
    assert out.payoffs == (3, -3)
    assert f"{W(1)} pays 3 to {W(0)}." in events[-1].text
    assert out.summary == f"{W(0)} has the best total, 7, and is paid by everyone below."
    assert out.placings == (1, 2)


def test_each_player_pays_every_higher_opponent_the_difference():
    _state, out, events = showdown([NINE, FOUR, SEVEN, ZERO], stacks=[50] * 4, dealer=3)
    # 0 pays 9, 4, 7 = 20; 4 pays 5 + 3 = 8; 7 pays 2; 9 pays nothing
    assert out.payoffs == (9 + 5 + 2, 4 - 8, 7 + 3 - 2, -20)
    assert sum(out.payoffs) == 0
    text = events[-1].text
    assert f"{W(3)} pays 9 to {W(0)}, 4 to {W(1)} and 7 to {W(2)}." in text
    assert f"{W(1)} pays 5 to {W(0)} and 3 to {W(2)}." in text
    assert f"{W(2)} pays 2 to {W(0)}." in text
    assert not out.table_over
    assert out.extra["stacks"] == (66, 46, 58, 30)


def test_equal_totals_pay_each_other_nothing():
    _state, out, _events = showdown([FIVE, FIVE_AGAIN, TWO], dealer=2)  # texts go from the dealer's left
    assert out.payoffs == (3, 3, -6)
    assert out.summary == f"{W(0)} and {W(1)} share the best total, 5, and are paid by everyone below."
    _state, out, _events = showdown([FIVE, FIVE_AGAIN])
    assert out.payoffs == (0, 0) and out.summary == "Every total is 5: nobody pays."


def test_a_point_is_worth_the_point_value_option():
    _state, out, _events = showdown([SEVEN, FOUR], point_value=5)
    assert out.payoffs == (15, -15)
    assert G.suggested_buy_in(KabuOptions(point_value=5), 2) == 200


def test_the_game_continues_while_everyone_can_pay():
    # seat 1 owes exactly what it has: it pays, and the game goes on (it plays the next hand with 0)
    _state, out, _events = showdown([NINE, FOUR], stacks=[10, 5])
    assert out.payoffs == (5, -5) and not out.table_over
    assert out.extra["stacks"] == (15, 0)
    following = start([FOUR, NINE], stacks=out.extra["stacks"], carry=out.carry, dealer=1)
    assert following.hand_no == 2
    nxt = G.outcome(stand_all(following)[0])
    assert nxt.payoffs == (-5, 5) and not nxt.table_over  # a player with no chips can still win


def test_a_player_who_cannot_pay_pays_nobody_and_the_game_ends():
    state, out, events = showdown([NINE, FOUR], stacks=[10, 4])
    assert out.payoffs == (0, 0)
    assert out.table_over
    assert state.insolvent == (False, True)
    assert f"{W(1)} owes 5 chips but has only 4, so pays nobody and is paid by nobody." in events[-1].text
    assert out.summary == (
        f"{W(1)} can't pay what they owe, so the game is over. {W(0)} wins the game with the most chips: 10."
    )
    assert out.details[1] == "4 with A♠ 3♣: couldn't pay, so paid nobody"
    assert out.placings == (1, 2)  # by the chips each holds


def test_kb1_insolvency_is_against_the_total_owed_to_all_opponents():
    # seat 2 owes 5 to seat 0 and 3 to seat 1: each alone is payable from 7, the total (8) is not
    _state, out, _events = showdown([NINE, SEVEN, FOUR], stacks=[20, 20, 7])
    assert out.table_over
    assert out.payoffs == (2, -2, 0)  # the solvent ones still settle among themselves
    _state, out, _events = showdown([NINE, SEVEN, FOUR], stacks=[20, 20, 8])
    assert not out.table_over and out.payoffs == (7, 1, -8)


def test_kb2_two_players_insolvent_in_the_same_hand():
    _state, out, events = showdown([NINE, EIGHT, FOUR, TWO], stacks=[30, 30, 3, 3], dealer=3)
    assert out.table_over
    assert out.payoffs == (1, -1, 0, 0)
    text = events[-1].text
    assert f"{W(2)} owes" in text and f"{W(3)} owes" in text
    assert out.summary.startswith(f"{W(2)} and {W(3)} can't pay what they owe, so the game is over.")


def test_kb5_an_insolvent_player_is_not_paid_either_and_the_final_hand_stays_zero_sum():
    # seat 1 (7) can't pay seat 0 (9) its 2; seat 2 (4) owes 5 + 3 and can pay: it pays only seat 0
    _state, out, _events = showdown([NINE, SEVEN, FOUR], stacks=[0, 1, 20])
    assert out.table_over
    assert out.payoffs == (5, 0, -5)
    assert sum(out.payoffs) == 0 and out.carried_in == out.carried_out == 0


def test_kb5_the_most_chips_win_and_rank_the_seats():
    # seat 0 has the better hand but fewer chips after it: seat 2 still wins the game
    _state, out, _events = showdown([NINE, SEVEN, FOUR], stacks=[10, 1, 40])
    assert out.extra["stacks"] == (15, 1, 35)
    assert out.summary.endswith(f"{W(2)} wins the game with the most chips: 35.")
    assert out.placings == (2, 3, 1)


def test_a_tie_for_the_most_chips_shares_the_win():
    _state, out, _events = showdown([NINE, SEVEN, FOUR], stacks=[5, 1, 15], dealer=2)
    assert out.extra["stacks"] == (10, 1, 10)
    assert out.summary.endswith(f"{W(0)} and {W(2)} share the win with the most chips: 10 each.")
    assert out.placings == (1, 3, 1)


def test_without_stacks_nobody_can_go_broke():
    _state, out, _events = showdown([NINE, ZERO])
    assert out.payoffs == (9, -9) and not out.table_over
    assert "stacks" not in out.extra


def test_a_later_hand_starts_from_given_stacks_carry_and_dealer():
    # hand 7 of a game, dealer seat 2: seat 0 draws first; seat 1 has 3 chips left and busts
    state = start([SEVEN, ("As", "Ad", "Ah"), NINE], stacks=[40, 3, 12], carry={"hands": 6}, dealer=2)
    assert state.hand_no == 7 and G.view(state, None).public.recent[0].startswith("Hand 7: two cards each.")
    state, _ = act(state, (0, "stand"), (1, "draw"), (2, "stand"), (1, "stand"))
    out = G.outcome(state)
    assert state.hands[1] == ("As", "Ad", "Ah")  # a total of 3 owes 4 + 6 = 10 > 3
    assert out.table_over and out.payoffs == (-2, 0, 2)
    assert out.carry == {"hands": 7}


def test_the_result_is_readable_and_names_nobody_in_the_details():
    state, out, events = showdown([NINE, FOUR, SEVEN], stacks=[30, 30, 30])
    assert all("⟦" not in d for d in out.details)
    view = G.view(state, 1)
    assert view.prompt == () and view.public.summary == out.summary
    assert [line.text.split(" — ")[1] for line in view.public.seats] == ["4♠ 5♠", "A♠ 3♣", "3♦ 4♦"]
    assert "+7" in view.public.seats[0].text and "−8" in view.public.seats[1].text  # the real minus
    # one sentence per payer, not one per payment
    assert events[-1].text.count(" pays ") == 2


@pytest.mark.parametrize("seed", range(40))
def test_random_hands_are_zero_sum_and_end_exactly_on_insolvency(seed):
    from games.core.rng import Rng
    from tests.support.playout import random_playout

    n = 2 + seed % 5
    stacks = [(seed * 7 + 3 * s) % 25 for s in range(n)]
    state = G.new_state(None, n, seed, stacks=stacks, dealer=seed % n)
    final, _log, out = random_playout(G, state, Rng(seed))
    assert sum(out.payoffs) == 0
    assert all(st + p >= 0 for st, p in zip(stacks, out.payoffs, strict=True))
    owed = [sum(max(0, t - mine) for t in out.extra["totals"]) for mine in out.extra["totals"]]
    assert out.table_over == any(o > st for o, st in zip(owed, stacks, strict=True))
    assert final.insolvent == tuple(o > st for o, st in zip(owed, stacks, strict=True))
