"""Put and Take: the DECISIONS (§4.6, PT-1 … PT-4) and the bot's own decisions (docs/rules/putandtake.md)."""

from __future__ import annotations

import pytest
from test_putandtake_support import GAME, NOTHING, deal, turn

from games.core.errors import IllegalAction
from games.putandtake.game import PutAndTake

HANDS = [[], ["7s", "7h", "2c", "3c", "4c"], ["7d", "9c", "9d", "Tc", "Jc"]]
PUT_CARDS = ["7c", "9s", "2d", "3d", "4d"]
# seat 1 and seat 2 both hold fives and sixes; the pot stays empty (no put matches)
TAKERS = [[], ["5c", "6c", "8c", "Tc", "Jc"], ["5d", "6d", "8d", "Td", "Jd"], ["2s", "3s", "4s", "9s", "7s"]]
DRY_PUTS = ["Ks", "Kh", "Kd", "Kc", "Qh"]


def test_nine_players_include_the_dealer() -> None:
    state = GAME.new_state(None, 9, 4)
    assert sum(1 for h in state.hands if h) == 8 and len(state.stock) == 10


def test_stakes_are_an_option_defaulting_to_one_to_five() -> None:
    assert GAME.Options().stakes == "1-5"
    with pytest.raises(ValueError):
        GAME.Options(stakes="1-10")


@pytest.mark.parametrize("dealer", [0, 1, 3])
def test_the_dealer_passed_in_deals_and_acts(dealer: int) -> None:
    """The runtime rotates the dealer left every hand; the engine deals from whoever it is given."""
    state = GAME.new_state(None, 4, 9, dealer=dealer)
    assert state.hands[dealer] == () and GAME.to_act(state) == {dealer}
    assert all(len(state.hands[s]) == 5 for s in range(4) if s != dealer)


def test_pt1_the_same_rank_twice_is_paid_at_each_stake() -> None:
    state = deal(HANDS, ["7c", "Ah", "Ad", "As", "9h", *NOTHING])  # the 9♥ is fifth: 5 a card
    state, _ = turn(state, 5)
    assert state.put == (0, 2, 1 + 2 * 5)
    again = deal(HANDS, ["9s", "Ah", "Ad", "9h", "As", *NOTHING])
    again, _ = turn(again, 5)
    assert again.put[2] == 2 * 1 + 2 * 4  # nines turned first (1 a card) and fourth (4 a card)


def test_pt2_a_player_who_cannot_pay_pays_what_they_have() -> None:
    state = deal(HANDS, [*PUT_CARDS, "9h", *NOTHING[:4]], stacks=[50, 20, 3])
    state, events = turn(state)  # 7♣: seat 2 owes 1, pays 1 (2 left)
    state, events = turn(state)  # 9♠: seat 2 owes 4, has 2
    assert state.put[2] == 3 and state.stack(2) == 0
    assert "⟦seat:2⟧ owes 4 but has only 2 at the table, and puts all of it in." in events[0].text
    state, _ = turn(state, 3)
    state, events = turn(state)  # take round 9♥: seat 2 still takes 2 × 1
    assert state.took[2] == 2 and state.stack(2) == 2
    state, _ = turn(state, 4)
    out = GAME.outcome(state)
    assert out is not None and out.payoffs[2] == -1 and out.details[2] == "put in 3 (all they had), took 2"
    assert not isinstance(out.carry, dict) or "debt" not in out.carry  # nothing is carried


def test_pt2_with_nothing_left_they_put_in_nothing() -> None:
    state = deal(HANDS, ["9s", "9h", "Ah", "Ad", "As", *NOTHING], stacks=[50, 20, 1])
    state, events = turn(state, 2)
    assert state.put[2] == 1 and "⟦seat:2⟧ owes 4 but has no chips left at the table, and puts in nothing." in events[1].text


def test_pt3_with_the_dealer_covering_everyone_gets_the_full_amount() -> None:
    state = deal(TAKERS, [*DRY_PUTS, "5h", "6h", "Ah", "As", "Ad"], dealer=0)
    state, _ = turn(state, 10)
    assert state.took == (0, 1 + 2, 1 + 2, 0) and state.dealer_paid == 6 and state.unpaid == 0


def test_pt4_the_dealer_holds_no_hand_and_never_pays_or_takes() -> None:
    state = deal(HANDS, [*PUT_CARDS, *NOTHING], dealer=0)
    assert GAME.private_cards(state, 0) == frozenset()
    state, _ = turn(state, 10)
    assert state.put[0] == 0 and state.took[0] == 0
    with pytest.raises(IllegalAction):
        deal([["As", "2s", "3s", "4s", "5s"], *HANDS[1:]], [*PUT_CARDS, *NOTHING], dealer=0)


def test_dealer_short_of_chips_pays_takers_from_the_left_and_the_rest_goes_unpaid() -> None:
    """Our decision: the dealer pays what they have, to the takers in seat order from their left."""
    state = deal(TAKERS, [*DRY_PUTS, "5h", "6h", "Ah", "As", "Ad"], dealer=0, stacks=[4, 10, 10, 10])
    state, events = turn(state, 6)  # 5♥ at 1: seat 1 then seat 2 each take 1 from the dealer (2 left)
    assert state.took == (0, 1, 1, 0) and state.dealer_paid == 2
    state, events = turn(state)  # 6♥ at 2: seat 1 gets the dealer's last 2, seat 2 nothing
    assert state.took == (0, 3, 1, 0) and state.unpaid == 2
    assert "⟦seat:2⟧ is owed 2 but gets only 0" in events[0].text
    state, events = turn(state, 3)
    out = GAME.outcome(state)
    assert out is not None and out.payoffs == (-4, 3, 1, 0) and sum(out.payoffs) == 0
    assert out.extra["stacks"] == (0, 13, 11, 10)
    assert out.summary == "The pot ran dry: ⟦seat:0⟧ paid the takers all 4 of their chips, and 2 went unpaid."


def test_dealer_short_of_chips_order_follows_the_dealer() -> None:
    """The same hand dealt by seat 2: seat 3 is now first from the dealer's left, then seat 0, then 1."""
    takers = [TAKERS[2], TAKERS[1], [], TAKERS[3]]
    state = deal(takers, [*DRY_PUTS, "5h", "6h", "Ah", "As", "Ad"], dealer=2, stacks=[10, 10, 3, 10])
    state, _ = turn(state, 7)
    assert state.took == (2, 1, 0, 0) and state.unpaid == 3


def test_a_player_with_no_chips_sits_the_hand_out() -> None:
    state = GAME.new_state(None, 3, 5, dealer=0, stacks=[10, 0, 10])
    assert state.hands[1] == () and len(state.hands[2]) == 5
    state, _ = turn(state, 10)
    out = GAME.outcome(state)
    assert out is not None and out.payoffs[1] == 0 and out.details[1] == "sat out (no chips)"
    assert GAME.view(state, 1).hand == ()


def test_no_player_with_chips_no_hand() -> None:
    state = GAME.new_state(None, 3, 5, dealer=0, stacks=[10, 0, 0])
    assert GAME.to_act(state) == frozenset()
    out = GAME.outcome(state)
    assert out is not None and out.payoffs == (0, 0, 0) and out.summary == "Not enough players with chips to deal a hand."
    assert out.details == ("dealer: nobody else had chips to play", "sat out (no chips)", "sat out (no chips)")


def test_a_dealer_without_chips_still_deals_and_takers_go_short() -> None:
    state = deal(TAKERS, [*DRY_PUTS, "5h", "6h", "Ah", "As", "Ad"], dealer=0, stacks=[0, 10, 10, 10])
    state, _ = turn(state, 10)
    out = GAME.outcome(state)
    assert out is not None and out.payoffs == (0, 0, 0, 0) and state.unpaid == 6


def test_a_sleeping_dealer_turns_the_card_on_timeout() -> None:
    state = deal(HANDS, [*PUT_CARDS, *NOTHING], dealer=0)
    assert GAME.timeout_action(state, 0) == "turn"


def test_dealing_one_card_at_a_time_from_the_dealers_left() -> None:
    stock = ["As", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", *NOTHING, "Ah", "2h", "3h", "4h", "5h"]
    state = GAME.new_state(None, 3, 1, stock=stock, dealer=1)
    assert state.hands == (("2s", "4s", "6s", "8s", "Ts"), (), ("As", "3s", "5s", "7s", "9s"))
    assert state.stock == (*NOTHING, "Ah", "2h", "3h", "4h", "5h")


def test_any_later_hand_from_given_stacks_and_a_stacked_deal() -> None:
    """A hand deep into a session: dealer 3 of 5, uneven stacks, stacked cards."""
    hands = [["2c", "3c", "4c", "5c", "6c"], ["2d", "3d", "4d", "5d", "6d"], ["7c"], [], ["9c", "9d"]]
    state = GAME.new_state(None, 5, 77, hands=hands, dealer=3, stacks=[7, 30, 2, 40, 1], carry={"hands": 12})
    assert state.hands[2][0] == "7c" and state.hands[4][:2] == ("9c", "9d") and state.hands[3] == ()
    final, _ = turn(state, 10)
    out = GAME.outcome(final)
    assert out is not None and sum(out.payoffs) == 0 and out.carried_in == out.carried_out == 0
    assert all(v >= 0 for v in out.extra["stacks"])
    assert out.extra["stacks"] == tuple(s + p for s, p in zip([7, 30, 2, 40, 1], out.payoffs, strict=True))
    assert not out.table_over  # no agreed length: the table plays on until it is ended


def test_a_stacked_hand_of_more_than_five_is_refused() -> None:
    with pytest.raises(IllegalAction):
        deal([[], ["2c", "3c", "4c", "5c", "6c", "7c"], ["2d"]], [*PUT_CARDS[1:], *NOTHING])


def test_the_deal_is_reproducible_from_the_seed() -> None:
    assert PutAndTake().dump(GAME.new_state(None, 6, 42)) == GAME.dump(GAME.new_state(None, 6, 42))
    assert GAME.new_state(None, 6, 42).hands != GAME.new_state(None, 6, 43).hands
