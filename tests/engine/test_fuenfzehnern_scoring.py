"""Fünfzehnern scoring, the pool, the match over a fixed number of deals, and what players see."""

from __future__ import annotations

import pytest

from games.core.rng import Rng
from games.core.views import Choice
from games.fuenfzehnern import FuenfOptions
from games.fuenfzehnern.cards import POINTS, pack
from tests.engine.test_fuenfzehnern_support import (
    DEAL_A,
    DEAL_C,
    SUITED_3,
    SUITED_4,
    SWEEP_3,
    SWEEP_4,
    G,
    act,
    stacked,
)
from tests.support.playout import random_playout


# ------------------------------------------------------------- card values
def test_card_values() -> None:
    for suit in "shdc":
        assert [POINTS[f"{r}{suit}"] for r in "AKQJT987"] == [5, 4, 3, 2, 1, 0, 0, 0]


@pytest.mark.parametrize(("seats", "total"), [(4, 60), (3, 45)])
def test_the_pack_holds_fifteen_points_a_player(seats: int, total: int) -> None:  # FZ-7
    assert sum(POINTS[c] for c in pack(seats)) == total == 15 * seats


# ------------------------------------------------------------- scoring a deal
def test_a_sweep_scores_points_minus_fifteen() -> None:
    final = act(stacked(SUITED_4), *SWEEP_4)
    out = G.outcome(final)
    assert out is not None
    assert out.extra["points"] == (60, 0, 0, 0)
    assert out.scores == (45, -15, -15, -15)
    assert out.payoffs == (45, -15, -15, -15)  # chips above 15 taken from the pool, below paid in
    assert out.placings == (1, 2, 2, 2)


def test_three_players_score_points_minus_fifteen_too() -> None:  # FZ-7
    out = G.outcome(act(stacked(SUITED_3), *SWEEP_3))
    assert out is not None
    assert out.scores == (30, -15, -15) and sum(out.payoffs) == 0


def test_chips_per_point_multiplies_the_pool_payments() -> None:
    out = G.outcome(act(stacked(SUITED_4, chips_per_point=3), *SWEEP_4))
    assert out is not None and out.payoffs == (135, -45, -45, -45)


@pytest.mark.parametrize("seats", [3, 4])
def test_random_deals_pay_points_minus_fifteen_and_the_pool_balances(seats: int) -> None:
    for seed in range(20):
        state = G.new_state(FuenfOptions(chips_per_point=2), seats, seed)
        final, _log, out = random_playout(G, state, Rng(seed))
        points = tuple(sum(POINTS[c] for c in taken) for taken in final.play.taken)
        assert out.scores == tuple(p - 15 for p in points)
        assert out.payoffs == tuple(2 * (p - 15) for p in points)
        assert sum(out.payoffs) == 0 and out.carried_in == out.carried_out == 0


def test_the_hand_is_not_over_before_the_eighth_trick() -> None:
    state = act(stacked(SUITED_4), *SWEEP_4[:-1])
    assert G.outcome(state) is None and G.to_act(state) == {3}


def test_the_result_says_who_scored_best_and_each_seats_points() -> None:
    out = G.outcome(act(stacked(SUITED_4), *SWEEP_4))
    assert out is not None
    assert out.summary == "Deal 1 of 12: ⟦seat:0⟧ scores best with 60 points (+45)."
    assert out.details == (
        "60 points, +45 (match +45)",
        "0 points, −15 (match −15)",
        "0 points, −15 (match −15)",
        "0 points, −15 (match −15)",
    )


# ------------------------------------------------------------- the match
def test_the_first_deal_carries_the_match_on() -> None:
    out = G.outcome(act(stacked(SUITED_4), *SWEEP_4))
    assert out is not None and not out.table_over
    assert out.carry == {"deal": 1, "totals": [45, -15, -15, -15], "rows": [[45, -15, -15, -15]]}
    nxt = G.new_state(None, 4, 9, dealer=0, carry=out.carry)
    assert nxt.deal_no == 2 and nxt.totals == (45, -15, -15, -15)


def test_a_test_can_start_any_deal_from_given_scores() -> None:
    carry = {"deal": 6, "totals": [10, -4, 0, -6], "rows": [[10, -4, 0, -6]] * 1}
    state = stacked(DEAL_A, carry=carry)
    assert state.deal_no == 7 and state.totals == (10, -4, 0, -6)
    assert G.view(state, None).public.title == "Fünfzehnern · deal 7 of 12"


def test_the_last_deal_ends_the_table_and_names_the_match_winner_by_the_totals() -> None:
    # seat 0 sweeps the last deal (+45), but seat 1 came in 100 ahead
    carry = {"deal": 11, "totals": [0, 100, -40, -60]}
    out = G.outcome(act(stacked(SUITED_4, carry=carry), *SWEEP_4))
    assert out is not None and out.table_over
    assert out.extra["totals"] == (45, 85, -55, -75)
    assert out.summary == "Deal 12 of 12, the last: ⟦seat:1⟧ wins the match with +85."
    assert out.payoffs == (45, -15, -15, -15)  # chips still settle this deal alone


def test_the_number_of_deals_is_a_table_option() -> None:
    out = G.outcome(act(stacked(SUITED_4, deals=1), *SWEEP_4))
    assert out is not None and out.table_over
    carry = {"deal": 5, "totals": [0, 0, 0, 0]}
    out = G.outcome(act(stacked(SUITED_4, deals=6, carry=carry), *SWEEP_4))
    assert out is not None and out.table_over
    assert out.summary == "Deal 6 of 6, the last: ⟦seat:0⟧ wins the match with +45."


def test_a_shared_match_win_is_said_as_such() -> None:
    carry = {"deal": 11, "totals": [-15, 45, 0, 0]}
    out = G.outcome(act(stacked(SUITED_4, carry=carry), *SWEEP_4))
    assert out is not None
    assert out.summary == "Deal 12 of 12, the last: ⟦seat:0⟧ and ⟦seat:1⟧ share the match win with +30 each."


def test_a_carry_from_the_last_deal_starts_a_new_match() -> None:
    state = G.new_state(None, 4, 1, carry={"deal": 12, "totals": [5, -5, 0, 0]})
    assert state.deal_no == 1 and state.totals == (0, 0, 0, 0)


def test_a_carry_without_the_seats_totals_keeps_the_deal_count() -> None:
    # the runtime drops seat-indexed carry when the players change
    state = G.new_state(None, 3, 1, carry={"deal": 4})
    assert state.deal_no == 5 and state.totals == (0, 0, 0)
    state = G.new_state(None, 3, 1, carry={"deal": 4, "totals": [1, 2, 3, -6]})
    assert state.deal_no == 5 and state.totals == (0, 0, 0)


# ------------------------------------------------------------- what players see
def test_points_taken_so_far_are_on_every_seat_line() -> None:
    state = act(stacked(DEAL_A), "play:7h", "play:Ah", "play:Qh", "play:Th")
    lines = G.view(state, None).public.seats
    assert lines[1].text.startswith("9 points taken · 1 trick · 7 cards")
    assert "must lead ♥ Hearts while holding any" in lines[1].text
    assert lines[0].text.startswith("0 points taken · 0 tricks")


def test_the_zwang_button_sits_beside_the_plain_queen_lead() -> None:
    view = G.view(stacked(DEAL_C), 0)
    choices = [p for p in view.prompt if isinstance(p, Choice)]
    labels = {c.action: c.label for c in choices if c.enabled}
    assert labels["play:Qs"] == "Q♠"
    assert labels["zwang:Qs"] == "Lead Q♠ — zwang!"
    assert sum(1 for c in choices if c.action.startswith("zwang:")) == 1


def test_no_zwang_button_when_zwang_is_not_legal() -> None:
    state = act(stacked(DEAL_C), "zwang:Qs", "play:Ts", "play:As", "play:7s")
    view = G.view(state, 2)  # K♥ Q♥ with A♥ out, but seat 2 must lead spades
    assert not any(isinstance(p, Choice) and p.action.startswith("zwang:") for p in view.prompt)
    assert view.notes == ("You took the lead in ♠ Spades: lead ♠ Spades while you hold any, or a card nobody can beat.",)


def test_the_ace_holder_is_told_and_the_table_sees_the_zwang() -> None:
    state = act(stacked(DEAL_C), "zwang:Qs", "play:Ts")
    assert G.view(state, 2).notes == ("Zwang: you must play A♠ to this trick.",)
    assert G.view(state, 1).notes == ()
    facts = dict(G.view(state, None).public.facts)
    assert facts["Zwang"] == "⟦seat:0⟧ declared it: whoever holds the Ace of Spades must play it."
    enabled = [p.action for p in G.view(state, 2).prompt if isinstance(p, Choice) and p.enabled]
    assert enabled == ["play:As"]


def test_the_score_sheet_shows_each_deal_and_the_totals() -> None:
    carry = {"deal": 2, "totals": [3, -3, 1, -1], "rows": [[5, -5, 0, 0], [-2, 2, 1, -1]]}
    state = stacked(SUITED_4, carry=carry)
    sheet = G.view(state, None).public.sheet
    assert sheet is not None
    assert [label for label, _row in sheet.rows] == ["Deal 1", "Deal 2"]
    assert sheet.totals == (3, -3, 1, -1)
    sheet = G.view(act(state, *SWEEP_4), None).public.sheet
    assert sheet is not None
    assert sheet.rows[-1] == ("Deal 3", (45, -15, -15, -15))
    assert sheet.totals == (48, -18, -14, -16)


def test_no_score_sheet_before_the_first_deal_is_scored() -> None:
    assert G.view(stacked(DEAL_A), None).public.sheet is None


def test_a_spectator_sees_no_hand_and_a_seat_sees_only_its_own() -> None:
    state = stacked(DEAL_A)
    assert G.view(state, None).hand == ()
    view = G.view(state, 2)
    assert sorted(view.hand) == sorted(DEAL_A[2])
    assert view.hand_text == "Q♠, J♠, Q♥, J♥, Q♦, J♦, Q♣, J♣"
    assert view.prompt == ()  # not seat 2's turn


def test_scores_are_written_with_their_sign_as_the_chip_results_are() -> None:
    from games.fuenfzehnern.texts import seat_details, signed

    assert (signed(4), signed(-8), signed(0)) == ("+4", "−8", "±0")
    assert seat_details((15, 1), (0, -14), (3, -14)) == ("15 points, ±0 (match +3)", "1 point, −14 (match −14)")
