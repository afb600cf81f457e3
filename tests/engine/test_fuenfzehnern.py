"""Fünfzehnern rules, sentence by sentence, with stacked deals (seed 004, DECISIONS §4.7 and §5.6).

docs/rules/fuenfzehnern.md maps every sentence and decision to the test here that checks it.
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.core.errors import IllegalAction, NotYourTurn
from games.core.rng import Rng
from games.fuenfzehnern import FuenfOptions
from games.fuenfzehnern.cards import RANKING, pack
from tests.engine.test_fuenfzehnern_support import (
    DEAL_A,
    DEAL_B,
    DEAL_C,
    G,
    act,
    act_events,
    legal,
    plays,
    stacked,
)
from tests.support.playout import random_playout


# ------------------------------------------------------------- the deal
def test_three_or_four_players() -> None:
    assert G.seat_limits(FuenfOptions()) == (3, 4)
    for seats in (2, 5):
        with pytest.raises(IllegalAction):
            G.new_state(None, seats, 1)


def test_four_players_use_the_piquet_pack_of_32() -> None:
    cards = pack(4)
    assert len(cards) == 32
    assert Counter(c[0] for c in cards) == dict.fromkeys("AKQJT987", 4)


def test_three_players_remove_the_diamonds() -> None:
    cards = pack(3)
    assert len(cards) == 24 and not any(c.endswith("d") for c in cards)
    with pytest.raises(ValueError):
        stacked([["Ad", *DEAL_A[0][1:]], DEAL_A[1], DEAL_A[2]])


@pytest.mark.parametrize("seats", [3, 4])
def test_eight_cards_each_using_the_whole_pack(seats: int) -> None:
    for seed in range(5):
        state = G.new_state(None, seats, seed)
        hands = state.play.hands
        assert all(len(h) == 8 for h in hands)
        assert sorted(c for h in hands for c in h) == sorted(pack(seats))


def test_the_shuffle_is_seeded_and_differs_between_seeds() -> None:
    assert G.new_state(None, 4, 3).play.hands == G.new_state(None, 4, 3).play.hands
    assert G.new_state(None, 4, 3).play.hands != G.new_state(None, 4, 4).play.hands


def test_stacked_hands_must_be_eight_cards_each() -> None:
    with pytest.raises(ValueError):
        stacked([h[:7] for h in DEAL_A])
    with pytest.raises(ValueError):
        G.new_state(None, 4, 1, hands=DEAL_A, stock=["7s"])


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_player_to_the_dealers_left_leads_first(dealer: int) -> None:
    state = stacked(DEAL_A, dealer=dealer)
    assert G.to_act(state) == {(dealer + 1) % 4}


# ------------------------------------------------------------- the play
def test_the_first_leader_may_lead_anything() -> None:  # FZ-2
    assert legal(stacked(DEAL_A)) == plays(*DEAL_A[0])


def test_others_must_follow_suit_if_possible() -> None:
    state = act(stacked(DEAL_A), "play:7h")
    assert legal(state) == plays("Ah", "Kh")
    with pytest.raises(IllegalAction):
        G.apply(state, 1, "play:As")


def test_a_player_void_in_the_led_suit_may_play_any_card() -> None:
    state = act(stacked(DEAL_A), "play:Ac", "play:7c", "play:Qc")
    assert legal(state) == plays(*DEAL_A[3])  # seat 3 has no clubs


def test_out_of_turn_play_is_refused() -> None:
    with pytest.raises(NotYourTurn):
        G.apply(stacked(DEAL_A), 2, "play:Qh")


def test_the_highest_card_of_the_suit_led_wins_and_a_higher_off_suit_card_does_not() -> None:
    # seat 0 leads 10♣, seat 2 plays J♣, seat 3 (no clubs) discards 10♠: the J♣ wins
    state = act(stacked(DEAL_A), "play:Tc", "play:9c", "play:Jc", "play:Ts")
    assert state.play.last_winner == 2  # J♣ beats 10♣ and 9♣
    state = act(stacked(DEAL_A), "play:7h", "play:Ah", "play:Qh", "play:Th")
    assert state.play.last_winner == 1


def test_the_winner_takes_the_cards_into_a_won_tricks_pile_and_leads_next() -> None:
    state = act(stacked(DEAL_A), "play:7h", "play:Ah", "play:Qh", "play:Th")
    assert sorted(state.play.taken[1]) == sorted(["7h", "Ah", "Qh", "Th"])
    assert state.play.taken[0] == state.play.taken[2] == state.play.taken[3] == ()
    assert G.to_act(state) == {1}


# ------------------------------------------------------------- the lead rule
def _marty_has_the_lead():  # type: ignore[no-untyped-def]
    """The text's example: Riley (seat 0) leads hearts, Marty (seat 1) wins the trick."""
    return act(stacked(DEAL_A), "play:7h", "play:Ah", "play:Qh", "play:Th")


def test_who_takes_the_lead_from_another_must_keep_leading_that_suit() -> None:
    state = _marty_has_the_lead()
    assert state.duties.suits == (None, "h", None, None)
    assert "play:Kd" not in legal(state) and "play:7c" not in legal(state)
    with pytest.raises(IllegalAction):
        G.apply(state, 1, "play:Kd")


def test_an_ace_of_another_suit_may_be_led_as_unbeatable() -> None:
    assert "play:As" in legal(_marty_has_the_lead())


def test_a_card_whose_only_betters_are_in_the_own_hand_is_unbeatable() -> None:  # FZ-6
    # K♠: the A♠ is Marty's own
    assert legal(_marty_has_the_lead()) == plays("Kh", "As", "Ks")


def test_a_card_whose_betters_are_all_played_is_unbeatable() -> None:
    state = act(stacked(DEAL_B), "play:As", "play:Ks", "play:9s", "play:7s")  # A♠ K♠ played
    state = act(state, "play:7d", "play:Ad", "play:Kd", "play:9d")  # seat 1 takes the lead
    assert state.duties.suits[1] == "d"
    # 8♦ (the duty) and Q♠ (A♠ K♠ played); not K♣ (A♣ out), not the hearts (A♥ K♥ out)
    assert legal(state) == plays("8d", "Qs")


def test_once_out_of_the_suit_the_leader_may_lead_anything() -> None:  # FZ-3
    state = act(_marty_has_the_lead(), "play:Kh", "play:Jh", "play:9h", "play:8h")
    assert state.duties.suits[1] == "h"  # still the duty, but Marty has no hearts left
    assert legal(state) == plays("As", "Ks", "Kd", "7c", "8c", "9c")


def test_winning_again_with_an_unbeatable_card_keeps_the_old_duty() -> None:  # FZ-1
    state = act(_marty_has_the_lead(), "play:As", "play:Qs", "play:7s")
    state = act(state, "play:7d")  # seat 0 has no spades
    assert state.play.last_winner == 1
    assert state.duties.suits[1] == "h"
    assert legal(state) == plays("Kh", "Ks")


def test_whoever_beats_the_leader_takes_over_a_duty_in_the_new_suit() -> None:
    # the text's end: Marty, free again, leads diamonds; Riley beats him and must lead diamonds
    state = act(_marty_has_the_lead(), "play:Kh", "play:Jh", "play:9h", "play:8h")
    state = act(state, "play:Kd", "play:Qd", "play:9d", "play:Ad")
    assert state.play.last_winner == 0
    assert state.duties.suits == ("d", None, None, None)  # Marty's duty went with the lead
    # 7♦ 8♦, and A♣ and K♣ (whose only better card is Riley's own A♣); not 10♣
    assert legal(state) == plays("7d", "8d", "Ac", "Kc")


def test_the_duty_is_announced_when_the_lead_changes_hands() -> None:
    state = act(stacked(DEAL_A), "play:7h", "play:Ah", "play:Qh")
    _state, events = act_events(state, "play:Th")
    texts = [e.text for e in events]
    assert "⟦seat:1⟧ takes the trick (9 points in it)." in texts
    assert "⟦seat:1⟧ took the lead from ⟦seat:0⟧ and must keep leading ♥ Hearts while holding any." in texts


# ------------------------------------------------------------- zwang
def test_zwang_is_offered_beside_the_plain_lead_of_the_queen() -> None:
    actions = legal(stacked(DEAL_C))
    assert {"play:Qs", "zwang:Qs"} <= actions
    assert {a for a in actions if a.startswith("zwang:")} == {"zwang:Qs"}


def test_the_ace_holder_is_compelled_to_play_the_ace() -> None:
    state = act(stacked(DEAL_C), "zwang:Qs")
    assert legal(state) == plays("Js", "Ts")  # seat 1 follows as usual
    state = act(state, "play:Ts")
    assert legal(state) == plays("As")  # seat 2 holds 9♠ 8♠ too, but must play the A♠
    with pytest.raises(IllegalAction):
        G.apply(state, 2, "play:9s")
    state = act(state, "play:As", "play:7s")
    assert state.play.last_winner == 2


def test_after_zwang_the_forcers_king_is_the_highest_unplayed_card() -> None:
    state = act(stacked(DEAL_C), "zwang:Qs", "play:Ts", "play:As", "play:7s")
    assert RANKING.unbeatable("Ks", state.play.hands[0], G.gone(state))
    assert state.force is None  # the zwang binds that trick only


def test_a_plain_queen_lead_forces_nothing() -> None:
    state = act(stacked(DEAL_C), "play:Qs", "play:Ts")
    assert legal(state) == plays("As", "9s", "8s")


def test_zwang_is_announced_without_naming_the_ace_holder() -> None:
    _state, events = act_events(stacked(DEAL_C), "zwang:Qs")
    assert [e.text for e in events] == [
        "⟦seat:0⟧ leads Q♠ and declares zwang: whoever holds the Ace of Spades must play it."
    ]
    state = act(stacked(DEAL_C), "zwang:Qs", "play:Ts")
    _state, events = act_events(state, "play:As")
    assert events[0].text == "⟦seat:2⟧ plays A♠, forced by the zwang."


def test_zwang_must_itself_be_a_legal_lead() -> None:  # FZ-4
    state = act(stacked(DEAL_C), "zwang:Qs", "play:Ts", "play:As", "play:7s")
    # seat 2 took the lead in spades: K♥ Q♥ with A♥ out, but hearts may not be led yet
    assert legal(state) == plays("9s", "8s")


def test_no_zwang_without_the_king() -> None:  # FZ-5
    # seat 0 holds K♣ and A♣ but no Q♣, and no king-queen pair anywhere
    assert not any(a.startswith("zwang:") for a in legal(stacked(DEAL_A)))


def test_no_zwang_once_the_ace_is_played() -> None:  # FZ-5
    # Deal D: seat 0 holds A♥ K♠ Q♠; seat 1, void in hearts, discards the A♠ on the A♥
    deal_d = [["Ah", "Ks", "Qs", "7h", "8h", "7d", "8d", "9d"], ["As", "Js", "Ts", "Ad", "Kd", "7c", "8c", "9c"],
              ["Kh", "Qh", "Jh", "9s", "8s", "Qd", "Jd", "Tc"], ["Th", "9h", "7s", "Td", "Ac", "Kc", "Qc", "Jc"]]  # fmt: skip
    state = stacked(deal_d)
    assert "zwang:Qs" in legal(state)
    state = act(state, "play:Ah", "play:As", "play:Kh", "play:Th")
    assert state.play.last_winner == 0
    assert "play:Qs" in legal(state) and not any(a.startswith("zwang:") for a in legal(state))


def test_a_seat_holding_king_queen_and_ace_has_no_zwang() -> None:  # FZ-5
    hands = [["As", "Ks", "Qs", "7h", "8h", "9h", "7d", "8d"], ["Js", "Ts", "Ah", "Jh", "Ad", "Kd", "7c", "8c"],
             ["9d", "9s", "8s", "Kh", "Qh", "Qd", "Jd", "9c"], ["7s", "Th", "Td", "Ac", "Kc", "Qc", "Jc", "Tc"]]  # fmt: skip
    assert not any(a.startswith("zwang:") for a in legal(stacked(hands)))


def test_the_timeout_play_is_a_plain_card_never_zwang() -> None:
    state = stacked(DEAL_C)
    assert G.timeout_action(state, 0).startswith("play:")


# ------------------------------------------------------------- random play keeps the rules
@pytest.mark.parametrize("seats", [3, 4])
def test_random_deals_keep_the_lead_rule_and_zwang(seats: int) -> None:
    for seed in range(30):
        state = G.new_state(None, seats, seed, dealer=seed % seats)
        _final, log, out = random_playout(G, state, Rng(seed))
        assert len(log) == 8 * seats
        assert sum(out.payoffs) == 0
        assert sum(out.extra["points"]) == 15 * seats
