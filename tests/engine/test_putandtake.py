"""Put and Take: one test (at least) for every sentence of the rules text (docs/rules/putandtake.md)."""

from __future__ import annotations

import pytest
from test_putandtake_support import GAME, NOTHING, deal, pots, turn

from games import get_game
from games.core.cards import STANDARD_DECK
from games.core.errors import IllegalAction, NotYourTurn
from games.putandtake import PutTakeOptions

# Seat 1 holds two 7s, a 2, a 3 and a 4; seat 2 a 7 and two 9s. The dealer (0) holds nothing.
HANDS = [[], ["7s", "7h", "2c", "3c", "4c"], ["7d", "9c", "9d", "Tc", "Jc"]]
PUT_CARDS = ["7c", "9s", "2d", "3d", "4d"]


def test_registered_with_its_title_and_chips() -> None:
    game = get_game("putandtake")
    assert game.title == "Put and Take" and game.uses_chips and game.hand_by_hand and game.uses_stacks


@pytest.mark.parametrize("seats", [2, 5, 9])
def test_two_to_nine_players(seats: int) -> None:
    state = GAME.new_state(None, seats, 3)
    assert sum(1 for h in state.hands if h) == seats - 1


@pytest.mark.parametrize("seats", [1, 10])
def test_fewer_than_two_or_more_than_nine_refused(seats: int) -> None:
    with pytest.raises(IllegalAction):
        GAME.new_state(None, seats, 3)


def test_a_put_round_then_a_take_round() -> None:
    state = deal(HANDS, [*PUT_CARDS, "2h", "Ks", "Kh", "Kd", "Kc"])
    state, _ = turn(state, 5)
    assert state.pot == 19 and state.took == (0, 0, 0)  # the put round only puts
    state, _ = turn(state)  # take round, card 1: 2♥, 1 a card: seat 1 holds the 2♣
    assert state.took == (0, 1, 0) and state.pot == 18


def test_no_decisions_only_the_dealer_turns_cards() -> None:
    state = deal(HANDS, [*PUT_CARDS, *NOTHING], dealer=0)
    assert GAME.to_act(state) == {0}
    assert GAME.legal_actions(state, 0) == ("turn",)
    assert GAME.legal_actions(state, 1) == () and GAME.legal_actions(state, 2) == ()
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, "turn")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "pass")


def test_a_standard_52_card_deck() -> None:
    state = GAME.new_state(None, 9, 11)
    cards = [c for h in state.hands for c in h] + list(state.stock)
    assert len(cards) == 8 * 5 + 10 == len(set(cards)) and set(cards) <= set(STANDARD_DECK.cards)
    with pytest.raises(IllegalAction):
        deal([[], ["Zz", "7h", "2c", "3c", "4c"]], NOTHING * 2)


def test_the_game_counts_in_chips_with_no_unit_note() -> None:
    # one word for the money: Put and Take counts in the table's chips (no "1 credit = 1 chip")
    assert GAME.unit_note == "" and GAME.view(GAME.new_state(None, 3, 7), None).public.unit == "chip"


def test_five_cards_to_each_player_other_than_the_dealer_no_ante() -> None:
    state = GAME.new_state(None, 4, 5, dealer=2, stacks=[10, 10, 10, 10])
    assert [len(h) for h in state.hands] == [5, 5, 0, 5]
    assert state.pot == 0 and state.put == (0, 0, 0, 0)
    assert [state.stack(s) for s in range(4)] == [10, 10, 10, 10]


def test_first_card_one_credit_per_matching_card() -> None:
    state, events = turn(deal(HANDS, [*PUT_CARDS, *NOTHING]))
    assert state.put == (0, 2, 1) and state.pot == 3  # seat 1 holds two 7s, seat 2 one
    assert "7♣" in events[0].text and "⟦seat:1⟧ puts 2 in the pot." in events[0].text


def test_second_card_two_credits_per_matching_card() -> None:
    state, _ = turn(deal(HANDS, [*PUT_CARDS, *NOTHING]), 2)
    assert state.put == (0, 2, 1 + 2 * 2)


def test_third_fourth_fifth_cards_three_four_five_credits() -> None:
    state = deal(HANDS, [*PUT_CARDS, *NOTHING])
    assert pots(state, 5) == [3, 7, 10, 14, 19]
    state, _ = turn(state, 5)
    assert state.put == (0, 2 + 3 + 4 + 5, 1 + 4)


def test_the_five_put_cards_are_discarded_then_the_take_round() -> None:
    state, events = turn(deal(HANDS, [*PUT_CARDS, *NOTHING]), 5)
    assert "The take round begins with 19 in the pot." in events[-1].text
    assert GAME.view(state, None).public.piles == ()  # the put cards are off the table
    state, _ = turn(state)
    (pile,) = GAME.view(state, None).public.piles
    assert pile.cards == ("Ks",) and pile.name == "Take round cards"


def test_take_round_players_take_from_the_pot_on_a_match() -> None:
    # take cards 9♥ (1 a card), 2♥ (2), 3♥ (3), 4♥ (4), K♠ (5)
    state = deal(HANDS, [*PUT_CARDS, "9h", "2h", "3h", "4h", "Ks"])
    state, _ = turn(state, 5)
    state, events = turn(state)
    assert state.took == (0, 0, 2) and state.pot == 17  # two 9s at 1 each
    assert "⟦seat:2⟧ takes 2 from the pot." in events[0].text
    state, _ = turn(state, 3)
    assert state.took == (0, 2 + 3 + 4, 2) and state.pot == 8


def test_pot_runs_out_the_dealer_pays_the_balance() -> None:
    hands = [[], ["2c", "2s", "3c", "3s", "4c"], ["5c", "6c", "8c", "9c", "Tc"]]
    # put round: only the 5♦ matches (seat 2 pays 1); take round: seat 1 takes 2×2 + 2×3 + 4 = 14
    state = deal(hands, ["5d", "Ks", "Kh", "Kd", "Kc", "Qs", "2d", "3d", "4d", "Qh"], dealer=0)
    state, events = turn(state, 10)
    assert state.took == (0, 14, 0) and state.dealer_paid == 13
    assert "⟦seat:1⟧ takes 4: 1 from the pot and 3 from the dealer, ⟦seat:0⟧." in events[6].text
    out = GAME.outcome(state)
    assert out is not None and out.payoffs == (-13, 14, -1)
    assert out.summary == "The pot ran dry: ⟦seat:0⟧ paid the takers 13 chips of their own."


def test_remaining_chips_go_to_the_dealer() -> None:
    state, events = turn(deal(HANDS, [*PUT_CARDS, *NOTHING], dealer=0), 10)
    out = GAME.outcome(state)
    assert out is not None and out.payoffs == (19, -14, -5) and sum(out.payoffs) == 0
    assert out.summary == "⟦seat:0⟧ keeps the 19 chips left in the pot."
    assert out.details == ("dealer: kept 19 left in the pot", "put in 14, took 0", "put in 5, took 0")
    assert events[-1].text == "The take round is over. ⟦seat:0⟧ keeps the 19 chips left in the pot."


def test_variation_one_two_four_eight_sixteen() -> None:
    state = deal(HANDS, [*PUT_CARDS, *NOTHING], stakes="1-16")
    assert pots(state, 5) == [3, 3 + 4, 3 + 4 + 4, 3 + 4 + 4 + 8, 3 + 4 + 4 + 8 + 16]
    assert GAME.presets["doubling"] == PutTakeOptions(stakes="1-16")
    assert GAME.presets["standard"] == PutTakeOptions()
    assert dict(GAME.view(state, None).public.facts)["Stakes"] == "1-2-4-8-16"
