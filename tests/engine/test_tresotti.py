"""Tresotti rule tests with stacked hands (Fairmarket rules, Game 2, with DECISIONS §3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.core.cards import FAIRMARKET_DECK
from games.core.errors import IllegalAction
from games.core.rng import Rng
from games.core.sheet import ScoreSheet
from games.core.tricks import Trick
from games.core.views import AskAmount, Choice
from games.tresotti import Tresotti, TresottiOptions
from games.tresotti.cards import BASIC, DEARWORTH
from games.tresotti.game import trick_winner
from tests.support.playout import random_playout

G = Tresotti()

# Deal A: one suit each, no doubles anywhere. Seat 0 (bidding first) wins every trick it leads.
SUITED = [
    ["F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "FA"],
    ["B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "BA"],
    ["C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "CA"],
]
SUITED_PLAYS = [
    a for i in range(9) for a in (f"play:{SUITED[0][i]}", f"play:{SUITED[1][i]}", f"play:{SUITED[2][i]}")
]
# The back half of the same deck: every double and the Page, Consort and Queen of each suit.
BACK = [f"{s}{r}" for s in "FBC" for r in ("10", "20", "30", "40", "50", "60", "P", "C", "Q")]


# Deal B: seat 0 bids 3 and takes 3 tricks, seat 2 takes the other 6; seat 1 (only Bells)
# discards doubles into both: 10 + 20 to seat 0 and 30 (or 40) to seat 2.
def split_deal(third_double: str = "B30"):
    hands = [
        ["F9", "F8", "F7", "C2", "C3", "C4", "C5", "C6", "C7"],
        ["B10", "B20", third_double, "B2", "B3", "B4", "B5", "B6", "B7"],
        ["F2", "F3", "F4", "C8", "F5", "F6", "C9", "CA", "FA"],
    ]
    plays = [
        "play:F9", "play:B10", "play:F2",
        "play:F8", "play:B20", "play:F3",
        "play:F7", "play:B2", "play:F4",
        "play:C2", f"play:{third_double}", "play:C8",
        "play:F5", "play:C3", "play:B3",
        "play:F6", "play:C4", "play:B4",
        "play:C9", "play:C5", "play:B5",
        "play:CA", "play:C6", "play:B6",
        "play:FA", "play:C7", "play:B7",
    ]  # fmt: skip
    return hands, plays


def stacked(hands, *, stock=None, dealer=None, totals=None, **options):
    n = len(hands)
    state = G.new_state(
        TresottiOptions(**options), n, 5, hands=hands, stock=stock, dealer=n - 1 if dealer is None else dealer
    )
    if totals is not None:
        state = replace(state, sheet=ScoreSheet(tuple(totals)))
    return state


def act(state, *actions):
    for action in actions:
        (seat,) = G.to_act(state)
        state, _events = G.apply(state, seat, action)
    return state


def legal(state):
    (seat,) = G.to_act(state)
    return G.legal_actions(state, seat)


# ------------------------------------------------------------- the deal
@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_nine_cards_each_for_three_to_six_players(seats: int) -> None:
    state = G.new_state(None, seats, 1)
    assert all(len(h) == 9 for h in state.play.hands)
    dealt = [c for h in state.play.hands for c in h]
    assert len(set(dealt)) == 9 * seats and set(dealt) <= set(FAIRMARKET_DECK.cards)
    with pytest.raises(IllegalAction):
        G.new_state(None, 7, 1)
    with pytest.raises(IllegalAction):
        G.new_state(None, 2, 1)


def test_dealer_rotates_left_and_each_deal_is_a_fresh_shuffle() -> None:
    state = act(stacked(SUITED, dealer=2), "bid:3", "pass", "pass", *SUITED_PLAYS)
    assert state.deal_no == 1 and state.dealer == 0 and G.to_act(state) == {1}
    assert sorted(c for h in state.play.hands for c in h) != sorted(c for h in SUITED for c in h)


# ---------------------------------------------------------------- bidding
def test_one_bid_each_from_the_dealers_left_each_higher() -> None:
    state = G.new_state(None, 4, 1, dealer=3)
    assert G.to_act(state) == {0}
    assert legal(state) == ("pass", *(f"bid:{n}" for n in range(3, 11)))
    state = act(state, "bid:4")
    assert legal(state) == ("pass", *(f"bid:{n}" for n in range(5, 11)))
    with pytest.raises(IllegalAction):
        G.apply(state, 1, "bid:4")
    state = act(state, "pass", "bid:6")
    assert G.to_act(state) == {3} and "pass" in legal(state)  # the dealer may pass over a bid
    state = act(state, "pass")
    assert state.phase == "play" and state.bidder == 2 and state.bid == 6
    assert G.to_act(state) == {2}  # the high bidder leads


def test_dealer_must_bid_three_when_everyone_else_passes() -> None:
    state = act(G.new_state(None, 3, 1, dealer=1), "pass", "pass")
    assert G.to_act(state) == {1} and legal(state) == ("bid:3",)
    with pytest.raises(IllegalAction):
        G.apply(state, 1, "pass")
    view = G.view(state, 1)
    assert [p.action for p in view.prompt] == ["bid:3"]
    state = act(state, "bid:3")
    assert state.bidder == 1 and state.bid == 3 and G.to_act(state) == {1}


def test_a_bid_of_ten_cannot_be_topped() -> None:
    state = act(G.new_state(None, 4, 1, dealer=3), "bid:10")
    assert state.phase == "play" and state.bidder == 0 and state.bid == 10


def test_bid_prompt_asks_for_an_amount_from_the_next_minimum() -> None:
    state = act(G.new_state(None, 3, 1, dealer=2), "bid:5")
    prompt = G.view(state, 1).prompt
    assert prompt[0] == Choice("pass", "Pass")
    assert isinstance(prompt[1], AskAmount) and (prompt[1].kind, prompt[1].minimum, prompt[1].maximum) == (
        "bid",
        6,
        10,
    )


# ------------------------------------------------------------ the tricks
def test_the_first_lead_sets_trump_for_the_deal() -> None:
    hands, plays = split_deal()
    state = act(stacked(hands), "bid:3", "pass", "pass")
    assert state.trump == ""
    state = act(state, "play:F9")
    assert state.trump == "F"
    state = act(state, *plays[1:12])  # a Cups trick later: Flags stay trump
    assert state.trump == "F"


def test_must_follow_the_led_suit_if_possible() -> None:
    hands, _plays = split_deal()
    state = act(stacked(hands), "bid:3", "pass", "pass", "play:C2")
    assert set(legal(state)) == {f"play:{c}" for c in hands[1]}  # void in Cups: anything
    state = act(state, "play:B10")
    assert set(legal(state)) == {"play:C8", "play:C9", "play:CA"}
    view = G.view(state, 2)
    enabled = {c.action for c in view.prompt if c.enabled}
    assert enabled == {"play:C8", "play:C9", "play:CA"} and len(view.prompt) == 9
    assert all(c.group == "cards" for c in view.prompt)


@pytest.mark.parametrize(
    ("plays", "trump", "winner"),
    [
        ((("F7", 0), ("F60", 1), ("FA", 2)), "B", 0),  # a flat led: flats beat the higher courses
        ((("F7", 0), ("F8", 1), ("F60", 2)), "B", 1),
        ((("F7", 0), ("F9", 1), ("F8", 2)), "B", 1),
        ((("F7", 0), ("B40", 1), ("B3", 2)), "B", 2),  # within trump the led course still rules
        ((("F7", 0), ("B40", 1), ("BQ", 2)), "B", 2),  # no trump of the led course: natural rank
        ((("F2", 0), ("C9", 1), ("CA", 2)), "B", 0),  # off-suit never wins
        ((("FP", 0), ("FA", 1), ("F9", 2)), "B", 1),  # Ace is the top Royal
        ((("FA", 0), ("F9", 1), ("F60", 2)), "B", 0),
        ((("F10", 0), ("FQ", 1), ("F20", 2)), "B", 2),  # a double led: doubles beat royals
        ((("F10", 0), ("FP", 1), ("F9", 2)), "C", 0),
        ((("B9", 0), ("BA", 1), ("F2", 2)), "B", 0),  # trump led: its course first
        ((("B9", 0), ("F9", 1), ("CA", 2), ("C60", 3)), "C", 2),
    ],
)
def test_trick_ranking_trump_led_suit_led_course_rank(plays, trump, winner) -> None:
    trick = Trick(0, tuple((seat, card) for card, seat in plays))
    assert trick_winner(trick, trump, BASIC) == winner


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        ((("F2", 0), ("FA", 1)), 0),  # Ace is the lowest flat
        ((("FA", 0), ("F2", 1), ("F9", 2)), 2),
        ((("F10", 0), ("FP", 1), ("F9", 2)), 1),  # 10–Queen are one course
        ((("F40", 0), ("F9", 1), ("F30", 2)), 0),
        ((("FQ", 0), ("F60", 1), ("FA", 2)), 0),
    ],
)
def test_dearworth_ranking_has_two_courses_of_nine_with_the_ace_low(plays, winner) -> None:
    trick = Trick(0, tuple((seat, card) for card, seat in plays))
    assert trick_winner(trick, "C", DEARWORTH) == winner


def test_course_ranking_in_play() -> None:
    # trump Flags; then a Cups flat led: seat 2's 8 of Cups beats seat 0's 2 (both flats)
    hands, plays = split_deal()
    state = act(stacked(hands), "bid:3", "pass", "pass", *plays[:9])
    assert state.play.tricks == (3, 0, 0)
    state = act(state, *plays[9:12])
    assert state.play.last_winner == 2
    state = act(state, *plays[12:24])
    assert state.play.last.cards == ("CA", "C6", "B6") and state.play.last_winner == 2


# ---------------------------------------------------------------- scoring
def test_a_point_a_trick_and_game_for_the_most_doubles() -> None:
    hands, plays = split_deal("B40")
    state = act(stacked(hands), "bid:3", "pass", "pass", *plays[:-1])
    assert G.doubles_taken(state) == (30, 0, 40)
    assert G.game_point(state) == 2
    state = act(state, plays[-1])
    assert state.sheet.rows[0] == (3, 0, 7)


def test_a_tie_for_game_gives_nobody_the_point() -> None:
    hands, plays = split_deal("B30")
    state = act(stacked(hands), "bid:3", "pass", "pass", *plays[:-1])
    assert G.doubles_taken(state) == (30, 0, 30) and G.game_point(state) is None
    state = act(state, plays[-1])
    assert state.sheet.rows[0] == (3, 0, 6)


def test_no_doubles_taken_is_a_tie_too() -> None:
    state = act(stacked(SUITED), "bid:9", "pass", "pass", *SUITED_PLAYS)
    assert state.sheet.rows[0] == (9, 0, 0)


def test_all_tricks_and_game_make_ten() -> None:
    hands = [
        ["F10", "F20", "F30", "F40", "F50", "F60", "F7", "F8", "F9"],
        ["B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "BA"],
        ["C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "CA"],
    ]
    plays = [
        a for i in range(9) for a in (f"play:{hands[0][i]}", f"play:{hands[1][i]}", f"play:{hands[2][i]}")
    ]
    state = act(stacked(hands), "bid:10", *plays)
    assert state.sheet.rows[0] == (10, 0, 0)


def test_a_bidder_who_falls_short_scores_nothing_and_others_still_score() -> None:
    hands, plays = split_deal("B40")
    state = act(stacked(hands), "bid:4", "pass", "pass", *plays)
    assert state.sheet.rows[0] == (0, 0, 7)


def test_a_bidder_who_makes_more_scores_all_of_it() -> None:
    state = act(stacked(SUITED), "bid:5", "pass", "pass", *SUITED_PLAYS)
    assert state.sheet.rows[0] == (9, 0, 0)


def test_dearworth_exact_bid_scores_double() -> None:
    state = act(stacked(SUITED, dearworth=True), "bid:9", "pass", "pass", *SUITED_PLAYS)
    assert state.sheet.rows[0] == (18, 0, 0)


def test_dearworth_making_more_scores_the_points() -> None:
    state = act(stacked(SUITED, dearworth=True), "bid:8", "pass", "pass", *SUITED_PLAYS)
    assert state.sheet.rows[0] == (9, 0, 0)


def test_dearworth_failed_bid_loses_the_bid_but_never_below_zero() -> None:
    state = act(stacked(SUITED, dearworth=True, totals=(15, 2, 0)), "bid:10", *SUITED_PLAYS)
    assert state.sheet.totals == (5, 2, 0)
    state = act(stacked(SUITED, dearworth=True, totals=(4, 2, 0)), "bid:10", *SUITED_PLAYS)
    assert state.sheet.totals == (0, 2, 0) and state.sheet.rows[-1] == (-4, 0, 0)


# ------------------------------------------------------------ the ending
def test_first_to_31_wins() -> None:
    state = act(stacked(SUITED, totals=(22, 30, 30)), "bid:9", "pass", "pass", *SUITED_PLAYS)
    out = G.outcome(state)
    assert out is not None and G.to_act(state) == frozenset()
    assert out.scores == (31, 30, 30) and out.placings == (1, 2, 2) and out.payoffs == (0, 0, 0)
    assert "⟦seat:0⟧ wins" in out.summary


def test_below_31_the_game_goes_on() -> None:
    state = act(stacked(SUITED, totals=(21, 30, 30)), "bid:9", "pass", "pass", *SUITED_PLAYS)
    assert G.outcome(state) is None and state.deal_no == 1 and state.sheet.totals == (30, 30, 30)


def test_simultaneous_31s_go_to_the_highest_score() -> None:
    hands, plays = split_deal("B30")
    state = act(stacked(hands, totals=(28, 0, 26)), "bid:3", "pass", "pass", *plays)
    out = G.outcome(state)
    assert out is not None and out.scores == (31, 0, 32) and out.placings == (2, 3, 1)


def test_tied_high_scores_go_to_that_deals_bidder() -> None:
    hands, plays = split_deal("B30")
    state = act(stacked(hands, totals=(28, 0, 25)), "bid:3", "pass", "pass", *plays)
    out = G.outcome(state)
    assert out is not None and out.scores == (31, 0, 31) and out.placings == (1, 3, 2)


def test_tied_high_scores_without_the_bidder_play_another_deal() -> None:
    state = act(stacked(SUITED, totals=(20, 31, 31)), "bid:9", "pass", "pass", *SUITED_PLAYS)
    assert G.outcome(state) is None and state.phase == "bid" and state.deal_no == 1
    assert "another deal" in " ".join(state.recent)


def test_winner_after_covers_every_case() -> None:
    assert G.winner_after((30, 12, 0), 0, 31) is None
    assert G.winner_after((31, 12, 0), 1, 31) == 0
    assert G.winner_after((33, 35, 0), 0, 31) == 1
    assert G.winner_after((35, 35, 0), 1, 31) == 1
    assert G.winner_after((35, 35, 0), 2, 31) is None
    assert G.winner_after((35, 35, 40), 0, 31) == 2


def test_target_is_an_option() -> None:
    state = act(stacked(SUITED, target=9), "bid:9", "pass", "pass", *SUITED_PLAYS)
    assert G.outcome(state) is not None and G.outcome(state).scores == (9, 0, 0)


# ------------------------------------------------------------ Sellersport
def test_sellersport_is_for_exactly_three() -> None:
    opts = TresottiOptions(sellersport=True)
    assert G.seat_limits(opts) == (3, 3)
    with pytest.raises(IllegalAction):
        G.new_state(opts, 4, 1)


def test_sellersport_plays_the_back_half_and_cannot_end_after_a_front_hand() -> None:
    state = stacked(SUITED, stock=BACK, totals=(30, 0, 0), sellersport=True)
    assert state.front
    state = act(state, "bid:9", "pass", "pass", *SUITED_PLAYS)
    assert state.sheet.totals == (39, 0, 0) and G.outcome(state) is None  # 39 after a front hand: play on
    assert not state.front and state.dealer == 0
    assert state.play.hands == tuple(tuple(BACK[i * 9 : (i + 1) * 9]) for i in range(3))
    view = G.view(state, None)
    assert dict(view.public.facts)["Hand"] == "back"
    # back hand: seat 1 bids and takes every trick and the game point
    back_plays = [
        a for i in range(9) for a in (f"play:{BACK[9 + i]}", f"play:{BACK[18 + i]}", f"play:{BACK[i]}")
    ]
    state = act(state, "bid:3", "pass", "pass", *back_plays)
    out = G.outcome(state)
    assert out is not None and out.scores == (39, 10, 0) and out.placings == (1, 2, 3)


def test_sellersport_random_game_uses_both_halves_of_each_shuffle() -> None:
    opts = TresottiOptions(sellersport=True)
    halves = []

    def record(before, seat, action, after):
        if after.deal_no != before.deal_no and after.phase == "bid":
            halves.append((after.front, tuple(sorted(c for h in after.play.hands for c in h))))

    state = G.new_state(opts, 3, 4)
    halves.append((state.front, tuple(sorted(c for h in state.play.hands for c in h))))
    final, _log, out = random_playout(G, state, Rng(9), on_step=record)
    assert [f for f, _c in halves] == [True, False] * (len(halves) // 2) + [True] * (len(halves) % 2)
    for (_f1, front), (_f2, back) in zip(halves[0::2], halves[1::2], strict=False):
        assert sorted(front + back) == sorted(FAIRMARKET_DECK.cards)
    assert final.deal_no % 2 == 1  # the game ended after a back hand
    assert max(out.scores) >= 31


@pytest.mark.parametrize(
    ("preset", "seats"), [("standard", 3), ("standard", 6), ("sellersport", 3), ("dearworth", 4)]
)
def test_cards_and_tricks_are_conserved_in_random_games(preset: str, seats: int) -> None:
    def check(before, seat, action, after):
        play = after.play
        cards = [*play.trick.cards, *(c for h in play.hands for c in h), *(c for t in play.taken for c in t)]
        assert len(cards) == len(set(cards)) == 9 * seats and set(cards) <= set(FAIRMARKET_DECK.cards)
        assert not set(after.back) & set(cards)
        assert sum(play.tricks) * seats + len(play.trick.plays) + sum(map(len, play.hands)) == 9 * seats
        assert min(after.sheet.totals) >= 0

    random_playout(G, G.new_state(G.presets[preset], seats, 2), Rng(seats), on_step=check)


# --------------------------------------------------------------- the view
def test_view_shows_scores_trump_bid_and_the_trick() -> None:
    hands, plays = split_deal("B40")
    state = act(stacked(hands, totals=(4, 5, 6)), "bid:3", "pass", "pass", *plays[:11])
    view = G.view(state, 2)
    facts = dict(view.public.facts)
    assert "Flags" in facts["Trump"] and "Cups" in facts["Led suit"] and facts["Bid"] == "⟦seat:0⟧: 3"
    assert view.public.seats[0].text.startswith("won 3 · doubles 30")
    assert "bid 3" in view.public.seats[0].text and "pts" not in view.public.seats[0].text
    assert view.public.piles[0].name == "Current trick" and view.public.piles[0].cards == ("C2", "B40")
    assert view.hand == ("C8", "F5", "F6", "C9", "CA", "FA")
    assert G.view(state, 0).prompt == () and G.view(state, None).hand == ()
    assert G.private_cards(state, 2) == frozenset(view.hand)


# ------------------------------------------------------------- the result says why (issue 26)
def _over(totals: list[int], bidder: int, target: int = 11) -> str:
    state = stacked(SUITED, totals=totals, target=target)
    winner = G.winner_after(totals, bidder, target)
    assert winner is not None
    state = replace(state, phase="over", winner=winner, bidder=bidder)
    out = G.outcome(state)
    assert out is not None
    return out.summary


def test_the_final_result_names_the_rule_that_decided_it() -> None:
    assert _over([12, 4, 9], bidder=2) == "Game over: ⟦seat:0⟧ wins with 12 points, the first to reach 11."
    assert _over([12, 14, 9], bidder=0) == (
        "Game over: ⟦seat:1⟧ wins with 14 points, the most of the players past 11."
    )
    assert _over([11, 11, 3], bidder=1) == (
        "Game over: ⟦seat:1⟧ wins, tied at 11 points with ⟦seat:0⟧: a tie goes to the deal's bidder."
    )
