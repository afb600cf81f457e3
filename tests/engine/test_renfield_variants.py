"""Every Renfield variant, with stacked hands (values: see test_renfield.py)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from test_renfield_support import RENFIELD as R
from test_renfield_support import act, deal, finish, legal, plays

from games.core.errors import IllegalAction
from games.core.views import PickCards
from games.renfield.profile import RENFIELD as PROFILE
from tests.support.view_json import view_json


def _view_text(state, seat) -> str:
    return view_json(R.view(state, seat))


# ------------------------------------------------------------------- Stud
STUD = [
    ["T1", "T3", "T4", "P1", "P3", "P4", "P5"],
    ["S1", "S3", "S4", "T17", "T5", "T6", "T7"],
    ["S5", "S6", "S7", "T8", "T9", "T10", "T11"],
]


def test_stud_deals_seven_three_down_four_up_and_up_cards_are_public() -> None:
    s = deal(R, STUD, stud=True)
    assert s.side.up[1] == ("T17", "T5", "T6", "T7")
    assert R.private_cards(s, 1) == {"S1", "S3", "S4"}
    v = R.view(s, 0)
    assert v.public.seats[1].cards == ("T17", "T5", "T6", "T7")
    text = _view_text(s, 0)
    assert '"S1"' not in text and '"T17"' in text
    # play either up- or down-cards; a played up-card leaves the table row
    s = act(R, s, "bid:1", "pass", "pass", "order:TPS")
    assert {"play:S1", "play:T17"} <= plays(R, s)
    s = act(R, s, "play:T17")
    assert s.side.up[1] == ("T5", "T6", "T7")
    s, _out = finish(R, s)
    assert all(len(h) == 1 for h in s.hands)  # six tricks, one card left over


def test_stud_allows_seven_players_at_most() -> None:
    opts = R.Options(stud=True)
    assert R.seat_limits(opts) == (3, 7)
    with pytest.raises(IllegalAction):
        R.new_state(opts, 8, 1)
    assert all(len(h) == 7 for h in R.new_state(opts, 7, 1).hands)


# --------------------------------------------------------- Breathing Room
def test_breathing_room_deals_eight_plays_six_max_six_players() -> None:
    opts = R.Options(breathing_room=True)
    assert R.seat_limits(opts) == (3, 6)
    s = R.new_state(opts, 6, 4)
    assert all(len(h) == 8 for h in s.hands)
    s, _out = finish(R, s)
    assert s.tricks_done == 6 or sum(s.active) == 1
    with pytest.raises(IllegalAction):
        R.new_state(opts, 7, 1)


# ------------------------------------------------------------------- Draw
DRAW = [
    ["T1", "T3", "T4", "T5", "T6", "T7"],
    ["P1", "P3", "P4", "P5", "P6", "P7"],
    ["S1", "S3", "S4", "S5", "S6", "S7"],
]
DRAW_STOCK = ["T8", "T9", "T10", "P8", "P9", "P10", "S8", "S9", "S10"]


def test_draw_betting_round_then_secret_discards_and_refill() -> None:
    s = deal(R, DRAW, stock=DRAW_STOCK, draw=True, draw_bet=2)
    assert s.phase == "betting" and R.to_act(s) == {1}
    assert legal(R, s) == ("check", "bet")
    s = act(R, s, "bet", "raise", "fold", "call")  # seats 1, 2, 0, 1
    assert s.pot == 8 and s.net == (0, -4, -4) and not s.active[0]
    assert s.phase == "discard" and R.to_act(s) == {1, 2}  # both at once
    assert "discard:" in legal(R, s, 1) and len(legal(R, s, 1)) == 1 + 6 + 15 + 20 + 15
    v = R.view(s, 1)
    assert any(isinstance(p, PickCards) and p.kind == "discard" and p.max_count == 4 for p in v.prompt)
    with pytest.raises(IllegalAction):
        R.apply(s, 1, "discard:P1,P3,P4,P5,P6")  # at most four
    s = act(R, s, (1, "discard:P4,P1"))  # any order is accepted
    assert R.to_act(s) == {2} and s.hands[1] == ("P3", "P5", "P6", "P7")
    for viewer in (None, 0, 2):  # discards stay secret
        assert '"P1"' not in _view_text(s, viewer) and '"P4"' not in _view_text(s, viewer)
    s = act(R, s, (2, "discard:"))
    assert s.phase == "bid" and R.to_act(s) == {1}
    assert len(s.hands[1]) == 6 and {"P3", "P5", "P6", "P7"} <= set(s.hands[1])
    new = set(s.hands[1]) - {"P3", "P5", "P6", "P7"}
    assert new <= set(DRAW_STOCK) | {"P1", "P4"}
    assert s.hands[2] == tuple(DRAW[2])
    assert sorted(s.side.stock + s.hands[1]) == sorted(DRAW_STOCK + DRAW[1])
    s = act(R, s, "bid:1", "pass")  # the folded seat 0 no longer bids
    assert s.phase == "order" and s.bidder == 1


def test_draw_everyone_else_folding_in_the_betting_ends_the_hand() -> None:
    s = deal(R, DRAW, stock=DRAW_STOCK, draw=True, draw_bet=3)
    s = act(R, s, "bet", "fold", "fold")
    out = R.outcome(s)
    assert out is not None and out.extra["winners"] == (1,) and out.payoffs == (0, 0, 0)


def test_draw_refuses_stud_and_breathing_room() -> None:
    for extra in ({"stud": True}, {"breathing_room": True}):
        with pytest.raises(ValidationError, match="refills hands to six"):
            R.Options(draw=True, **extra)


def test_draw_then_auction_then_bidding() -> None:
    s = deal(R, DRAW, stock=[*DRAW_STOCK, "T11", "P11", "S11"], draw=True, auction=True)
    s = act(R, s, "check", "check", "check", (0, "discard:T1"), (1, "discard:"), (2, "discard:"))
    assert s.phase == "auction" and R.to_act(s) == {1}
    assert len(s.side.pack) == 6 and s.side.lot and len(s.side.stock) == 12 + 1 - 1 - 7
    for _ in range(7):
        s = act(R, s, "pass", "pass", "pass")
    assert s.phase == "bid" and len(s.side.discards) == 7


# ---------------------------------------------------------------- Auction
AUCTION_HANDS = [
    ["T1", "T3", "T4", "T5", "T6", "T7"],
    ["P1", "P3", "P4", "P5", "P6", "P7"],
    ["S1", "S3", "S4", "S5", "S6", "S7"],
]
PACK = ["P17", "T8", "T9", "T10", "P8", "P9", "P10"]


def test_auction_buy_outright_offer_split_and_unbought_discard() -> None:
    s = deal(R, AUCTION_HANDS, stock=[*PACK, "S8", "S9"], auction=True)
    assert s.phase == "auction" and s.side.lot == "P17" and R.to_act(s) == {1}
    assert legal(R, s)[0] == "bid:1" and legal(R, s)[-2:] == ("bid:10", "pass")
    # the pack's other cards are never shown
    assert '"T8"' not in _view_text(s, 1)
    s = act(R, s, "bid:3", "bid:10")  # $10 buys at once
    assert s.phase == "offer" and R.to_act(s) == {2}
    assert s.pot == 10 and s.net == (0, 0, -10) and "P17" in s.hands[2]
    assert "offer:P17" not in legal(R, s)  # "another card" from the hand
    s = act(R, s, "offer:S3")
    assert s.side.lot == "S3" and s.side.seller == 2 and R.to_act(s) == {1}
    s = act(R, s, "bid:5", "pass")  # seat 1, then seat 0; the seller can't bid
    # $5: $2 to the seller, the odd dollar with the rest to the pot
    assert s.net == (0, -5, -8) and s.pot == 13 and "S3" in s.hands[1]
    s = act(R, s, "offer:P1")
    assert R.to_act(s) == {0}  # buyers in this chain may not buy again
    s = act(R, s, "pass")
    assert "P1" in s.side.discards and s.side.lot == "T8"
    assert [len(h) for h in s.hands] == [6, 6, 6]
    for _ in range(6):  # nobody wants the rest of the pack
        s = act(R, s, "pass", "pass", "pass")
    assert s.phase == "bid" and s.side.discards == ("P1", "T8", "T9", "T10", "P8", "P9", "P10")
    s, out = finish(R, s)
    assert sum(out.payoffs) == -out.carried_out


def test_auction_limits_players_to_seven() -> None:
    assert R.seat_limits(R.Options(auction=True)) == (3, 7)
    assert R.seat_limits(R.Options(auction=True, stud=True)) == (3, 6)  # 6×7 + 7 cards
    assert R.seat_limits(R.Options(auction=True, breathing_room=True)) == (3, 5)


# ------------------------------------------------------------- Wild Cards
def test_wild_card_plays_as_declared_and_scores_at_face_value() -> None:
    hands = [
        ["P5", "P6", "T3", "T4", "T5", "T6"],
        ["T1", "T17", "P3", "P4", "S3", "S4"],
        ["S16", "S5", "T7", "T8", "T9", "T10"],
    ]
    s = act(R, deal(R, hands, wild_cards=("T1",)), "bid:1", "pass", "pass", "order:SPT")
    assert "play:T1=S17" in legal(R, s) and "play:T1" not in legal(R, s)
    s = act(R, s, "play:T1=S17")
    assert s.played_as == ("S17",)
    assert plays(R, s) == {"play:S16", "play:S5"}  # the declared suit must be followed
    s = act(R, s, "play:S16", "play:P5")
    assert s.taken[1] == ("T1", "S16", "P5")
    # face value: T1 is 0 bugs and $0; S16 0/$4; P5 2/$1
    assert s.bugs[1] == 2 and s.net[1] == -1 - 5


def test_wild_cards_in_the_view() -> None:
    hands = [
        ["P5", "P6", "T3", "T4", "T5", "T6"],
        ["T1", "T17", "P3", "P4", "S3", "S4"],
        ["S16", "S5", "T7", "T8", "T9", "T10"],
    ]
    s = act(R, deal(R, hands, wild_cards=("T1",)), "bid:1", "pass", "pass", "order:SPT")
    v = R.view(s, 1)
    choices = {p.action: p for p in v.prompt if hasattr(p, "group")}
    assert choices["play:T1=T1"].group == "cards" and choices["play:T1=T1"].enabled
    # per suit: the highest identity (to take the trick) and the lowest (to duck it);
    # the lowest Tools card is T1 itself, already on the card's own button
    assert {a for a, p in choices.items() if p.group == "wild"} == {
        "play:T1=S17", "play:T1=S1", "play:T1=P17", "play:T1=P1", "play:T1=T17"
    }
    assert all(a in legal(R, s) for a in choices)
    assert len(v.prompt) <= 25 and any("highest or lowest" in n for n in v.notes)
    assert dict(v.public.facts)["Wild"] == PROFILE.deck.label("T1")


def test_wild_may_be_declared_as_the_led_suit_and_later_identity_wins() -> None:
    hands = [
        ["S3", "T3", "T4", "T5", "T6", "T7"],
        ["S17", "T17", "P3", "P4", "T8", "T9"],
        ["P1", "S16", "S4", "T10", "T11", "T13"],
    ]
    s = act(R, deal(R, hands, wild_cards=("P1",)), "bid:1", "pass", "pass", "order:TPS", "play:S17")
    wilds = {a for a in legal(R, s) if a.startswith("play:P1=")}
    assert wilds == {f"play:P1=S{r}" for r in range(1, 18)}  # only as the led suit
    s = act(R, s, "play:P1=S17", "play:S3")
    assert s.taken[2] == ("S17", "P1", "S3")  # the later S17 wins


def test_wild_options_are_validated() -> None:
    with pytest.raises(ValidationError):
        R.Options(wild_cards=("X9",))
    with pytest.raises(ValidationError):
        R.Options(wild_cards=("T0",))  # a key card isn't dealt
    with pytest.raises(ValidationError):
        R.Options(wild_cards=("T5",), death_cards=("T5",))
    assert R.Options(wild_cards=("S3", "T1")).wild_cards == ("T1", "S3")


# ------------------------------------------------------------- Death Card
def test_death_card_trick_is_taken_by_nobody_and_the_would_be_taker_leads() -> None:
    hands = [
        ["T1", "S14", "P3", "P4", "P5", "P6"],
        ["T17", "T3", "T4", "T5", "T6", "T7"],
        ["S13", "P7", "P8", "P9", "P10", "P11"],
    ]
    s = act(R, deal(R, hands, death_cards=("S13", "S14")), "bid:1", "pass", "pass", "order:TPS")
    assert "play:S13" not in legal(R, s, 1) and "play:S14" not in legal(R, s, 1)
    s = act(R, s, "play:T17")
    assert "play:S13" in legal(R, s)  # void in Tools: the suitless card may be played
    s = act(R, s, "play:S13")
    assert plays(R, s) == {"play:T1"}  # holding Tools, no Death Card (no suit)
    s = act(R, s, "play:T1")
    assert s.taken == ((), (), ()) and s.net == (0, -1, 0) and s.pot == 1
    assert {"T17", "S13", "T1"} <= set(s.side.discards)
    assert R.to_act(s) == {1} and s.tricks_done == 1
    v = R.view(s, 0)
    assert "Death cards" in dict(v.public.facts)


def test_death_card_with_all_suits_may_always_follow() -> None:
    hands = [
        ["T1", "S14", "P3", "P4", "P5", "P6"],
        ["T17", "T3", "T4", "T5", "T6", "T7"],
        ["T2", "P7", "P8", "P9", "P10", "P11"],
    ]
    s = deal(R, hands, death_cards=("S14",), death_suits="all")
    s = act(R, s, "bid:1", "pass", "pass", "order:TPS", "play:T17", "play:T2")
    assert plays(R, s) == {"play:T1", "play:S14"}


def test_a_leader_whose_last_card_is_the_death_card_must_fold() -> None:
    hands = [
        ["T7", "T8", "T9", "T10", "T11", "P2"],
        ["T17", "T16", "T15", "T14", "T13", "S13"],
        ["T1", "T3", "T4", "T5", "T6", "P1"],
    ]
    s = act(R, deal(R, hands, death_cards=("S13",)), "bid:1", "pass", "pass", "order:TPS")
    for lead, low, mid in zip(["T17", "T16", "T15", "T14", "T13"], ["T1", "T3", "T4", "T5", "T6"], ["T7", "T8", "T9", "T10", "T11"], strict=True):
        s = act(R, s, f"play:{lead}", f"play:{low}", f"play:{mid}")
    # seat 1 holds only the Death Card: it folds at once and the lead passes left
    assert not s.active[1] and R.to_act(s) == {2} and s.hands[1] == ("S13",)
    assert any("must fold" in line for line in s.recent)
    s = act(R, s, "play:P1", "play:P2")
    out = R.outcome(s)
    assert out is not None and out.extra["winners"] == (0,) and s.bugs[0] == 1


# --------------------------------------------------------------- Flatline
def test_flatline_forced_two_rank_only_and_later_equal_rank_wins() -> None:
    hands = [
        ["T9", "T4", "T1", "T3", "T5", "T6"],
        ["P9", "P3", "P1", "P4", "P5", "P6"],
        ["S5", "S15", "S1", "S3", "S4", "S6"],
    ]
    s = act(R, deal(R, hands, flatline=True), "pass", "pass")
    # no key cards: the dealer takes the lead for $2 and leads at once
    assert s.phase == "play" and R.to_act(s) == {0} and s.net[0] == -2 and s.order == ""
    s = act(R, s, "play:T9", "play:P9", "play:S5")
    assert s.taken[1] == ("T9", "P9", "S5")  # the second 9 is higher
    s = act(R, s, "play:P3", "play:S15", "play:T4")
    assert s.taken[2] == ("P3", "S15", "T4")  # rank only, suits are equal


def test_flatline_bids_are_for_the_lead_only() -> None:
    s = act(R, deal(R, [["T1", "T3", "T4", "T5", "T6", "T7"], ["P1", "P3", "P4", "P5", "P6", "P7"], ["S1", "S3", "S4", "S5", "S6", "S7"]], flatline=True), "bid:4", "pass", "pass")
    assert s.phase == "play" and R.to_act(s) == {1} and s.net[1] == -4


def test_flatline_zeros_a_led_zero_makes_its_suit_high() -> None:
    opts = R.Options(flatline=True, flatline_keys=True)
    assert len(opts.deck_cards()) == 54
    hands = [
        ["T0", "S3", "S4", "S5", "S6", "S7"],
        ["P17", "P3", "P4", "P5", "P6", "P7"],
        ["S17", "S8", "S9", "S10", "S11", "S13"],
    ]
    s = act(R, deal(R, hands, flatline=True, flatline_keys=True), "pass", "pass", "play:T0", "play:P17", "play:S17")
    assert s.taken[0] == ("T0", "P17", "S17")  # Tools are high for this trick
    assert s.bugs[0] == 0 and s.net[0] == -2 - 5 - 5  # a zero is 0 bugs and $0
    hands[2] = ["T1", "S8", "S9", "S10", "S11", "S13"]
    s = act(R, deal(R, hands, flatline=True, flatline_keys=True), "pass", "pass", "play:T0", "play:P17", "play:T1")
    assert s.taken[2] == ("T0", "P17", "T1")
    with pytest.raises(ValidationError):
        R.Options(flatline_keys=True)


# ------------------------------------------------------------------ Blaze
BLAZE = [
    ["T1", "T15", "P16", "S16", "T16", "S17"],
    ["T3", "P1", "P3", "S1", "S3", "S5"],
    ["T4", "P4", "P5", "S4", "S15", "P15"],
]


def test_blaze_ante_and_bidding_in_bugs_round_and_round() -> None:
    s = deal(R, BLAZE, blaze=True)
    assert s.pot == 3 and s.net == (-1, -1, -1)
    s = act(R, s, "bid:1", "bid:2", "bid:3", "bid:4")  # seat 1 speaks again
    s = act(R, s, "pass")  # seat 2 is out for good
    assert R.to_act(s) == {0}
    s = act(R, s, "pass")
    assert s.phase == "order" and s.bidder == 1 and s.bid == 4
    assert s.net == (-1, -1, -1)  # bids are in bugs, not dollars


def test_blaze_everyone_passing_leaves_the_dealer_the_lead_at_one_bug() -> None:
    s = act(R, deal(R, BLAZE, blaze=True), "pass", "pass")
    assert s.bidder == 0 and s.bid == 1 and s.phase == "order"


def test_blaze_failed_bid_matches_the_pot_which_carries_with_the_folded_sitting_out() -> None:
    s = act(R, deal(R, BLAZE, blaze=True), "bid:30", "pass", "pass", "order:TPS")
    s = act(R, s, "play:T3", "play:T4", "play:T1")  # seat 2 takes 3 bugs for $1
    assert s.bugs[2] == 3 and s.pot == 3 + 1
    s = act(R, s, "fold")
    assert R.to_act(s) == {0}  # the lead passes left
    s, out = finish(R, s)
    assert s.bugs[1] < 30 and out.extra["winners"] == ()
    # the last five tricks cost $22 in all (no 2s): the pot stood at 4 + 22 when seat 1 matched it
    seat1_costs = sum(PROFILE.cost[c] for c in s.taken[1])
    assert out.payoffs[1] == -1 - seat1_costs - 26
    assert out.carried_out == 52 and out.carry == {"pot": 52, "sitting_out": [2]}
    # the folded seat sits out until the pot is won
    nxt = R.new_state(R.Options(blaze=True), 3, 5, dealer=1, carry=out.carry)
    assert nxt.hands[2] == () and not nxt.side.dealt_in[2]
    assert nxt.pot == 52 + 2 and nxt.net == (-1, -1, 0)
    assert R.to_act(nxt) == {0}
    nxt = act(R, nxt, "pass")
    assert R.to_act(nxt) == {1}  # seat 2 is skipped


def test_blaze_bidder_who_makes_the_bid_wins_the_pot_and_sit_outs_return() -> None:
    hands = [["T1", "T3", "P1", "P3", "S1", "S3"], ["T9", "T4", "P4", "P5", "S4", "S5"], []]
    carry = {"pot": 40, "sitting_out": [2]}
    s = deal(R, hands, blaze=True, carry=carry)
    assert s.pot == 42 and R.to_act(s) == {1}
    s = act(R, s, "bid:1", "pass", "order:TPS", "play:T9", "play:T1")
    assert s.bugs[1] == 4
    s, out = finish(R, s)
    assert out.extra["winners"] == (1,) and out.carry is None
    assert out.carried_in == 40 and out.payoffs[2] == 0


def test_blaze_bidder_folding_fails_at_once_even_with_enough_bugs() -> None:
    hands = [
        ["T1", "P16", "T15", "T16", "P17", "T17"],
        ["S5", "P1", "P3", "S1", "S3", "T3"],
        ["S4", "T4", "P4", "P5", "P15", "S15"],
    ]
    s = act(R, deal(R, hands, blaze=True), "bid:2", "pass", "pass", "order:STP")
    s = act(R, s, "play:S5", "play:S4", "play:T1")
    assert s.bugs[1] == 4 and R.to_act(s) == {1}
    pot = s.pot
    s = act(R, s, "fold")
    out = R.outcome(s)
    assert out is not None and out.extra["winners"] == ()
    assert out.carried_out == 2 * pot and out.carry == {"pot": 2 * pot, "sitting_out": [1]}


def test_blaze_sit_outs_are_cleared_when_too_few_would_play() -> None:
    s = R.new_state(R.Options(blaze=True), 3, 2, carry={"pot": 9, "sitting_out": [0, 2]})
    assert all(s.side.dealt_in) and s.pot == 9 + 3


# ------------------------------------------------------ Buying the Trick
def test_buying_the_trick_pays_for_the_cards_in_it_with_doubling() -> None:
    hands = [
        ["P1", "P3", "S3", "S4", "S5", "S6"],
        ["P17", "T3", "T4", "T5", "T6", "T7"],
        ["P2", "T8", "T9", "T10", "T11", "T13"],
    ]
    s = act(R, deal(R, hands, buy_the_trick=True), "bid:1", "pass", "pass", "order:TPS", "play:P17", "play:P2")
    assert "buy" in legal(R, s) and "fold" not in legal(R, s)  # no bugs: buy, not fold
    v = R.view(s, 0)
    assert any(getattr(p, "action", "") == "buy" and "$10" in p.label for p in v.prompt)
    s = act(R, s, "buy")
    assert not s.active[0] and s.net[0] == -(5 + 0) * 2
    # the trick is complete without seat 0
    assert s.taken[1] == ("P17", "P2") and R.to_act(s) == {1}
    # with a bug (from the 2) seat 1 folds the ordinary way; buying is for the bugless
    assert "fold" in legal(R, s) and "buy" not in legal(R, s) and s.trick.plays == ()


def test_a_bugless_leader_may_buy_out_for_nothing() -> None:
    hands = [
        ["P1", "P3", "S3", "S4", "S5", "S6"],
        ["P17", "T3", "T4", "T5", "T6", "T7"],
        ["P16", "T8", "T9", "T10", "T11", "T13"],
    ]
    s = act(R, deal(R, hands, buy_the_trick=True), "bid:1", "pass", "pass", "order:TPS", "play:P17", "play:P16")
    s = act(R, s, "play:P1")
    assert s.bugs[1] == 0 and R.to_act(s) == {1} and "buy" in legal(R, s)
    s = act(R, s, "buy")  # nothing is in the trick yet
    assert not s.active[1] and s.net[1] == -1 - (5 + 4 + 0) and R.to_act(s) == {2}


def test_without_the_option_there_is_no_buying() -> None:
    s = act(R, deal(R, [["P1", "P3", "S3", "S4", "S5", "S6"], ["P17", "T3", "T4", "T5", "T6", "T7"], ["P2", "T8", "T9", "T10", "T11", "T13"]]), "bid:1", "pass", "pass", "order:TPS", "play:P17")
    assert "buy" not in legal(R, s)


# ---------------------------------------------------------- combinations
def test_presets_cover_every_variant_and_a_combination() -> None:
    names = set(R.presets)
    assert {"standard", "stud", "draw", "auction", "breathing-room", "wild", "death", "death-all-suits",
            "flatline", "flatline-zeros", "blaze", "buy-the-trick", "mayhem", "blaze-auction",
            "draw-auction-flatline"} <= names
    mayhem = R.presets["mayhem"]
    assert mayhem.stud and mayhem.wild_cards and mayhem.death_cards and mayhem.buy_the_trick
    with pytest.raises(ValidationError):
        R.Options(stud=True, breathing_room=True)
    with pytest.raises(ValidationError):
        R.Options(max_bid=5)


def test_timeout_with_only_wild_cards_plays_the_lowest_as_itself() -> None:
    wild = ("P10", "P3", "P4", "P5", "P6", "P7")
    hands = [["T1", "T3", "T4", "T5", "T6", "T7"], list(wild), ["S1", "S3", "S4", "S5", "S6", "S7"]]
    s = act(R, deal(R, hands, wild_cards=wild), "bid:1", "pass", "pass", "order:TPS")
    assert R.timeout_action(s, 1) == "play:P3=P3"


@pytest.mark.parametrize("preset", sorted(R.presets))
def test_random_hands_conserve_cards_and_chips_at_every_step(preset: str) -> None:
    from games.core.rng import Rng
    from tests.support.playout import random_playout

    options = R.presets[preset]
    deck = sorted(options.deck_cards())

    def check(_before, _seat, _action, s) -> None:
        side = s.side
        cards = [c for h in s.hands for c in h] + [c for t in s.taken for c in t] + list(s.trick.cards)
        cards += [*side.stock, *side.pending, *side.pack, *side.discards] + ([side.lot] if side.lot else [])
        assert sorted(cards) == deck
        if s.phase != "done":
            assert sum(s.net) + s.pot == side.carried_in
        for seat in range(s.n):
            assert set(side.up[seat]) <= set(s.hands[seat])

    low, high = R.seat_limits(options)
    for seed in range(6):
        n = (low, high)[seed % 2]
        state = R.new_state(options, n, seed, dealer=seed % n)
        _final, _log, out = random_playout(R, state, Rng(seed), on_step=check)
        assert sum(out.payoffs) == out.carried_in - out.carried_out


def test_a_bought_auction_card_is_public_knowledge() -> None:
    """Everyone watched the auction, so the bought card is face up, not a hidden card."""
    s = deal(R, AUCTION_HANDS, stock=[*PACK, "S8", "S9"], auction=True)
    s = act(R, s, "bid:3", "bid:10")
    assert "P17" in s.hands[2] and "P17" in s.side.up[2]
    assert "P17" not in R.private_cards(s, 2)
    line = next(line for line in R.view(s, 0).public.seats if line.seat == 2)
    assert "P17" in line.cards
