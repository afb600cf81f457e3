"""Rage rule tests with stacked hands: one test (or more) per rule of the FOLD text (seed 002)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core.errors import IllegalAction
from games.core.rng import Rng
from games.core.tricks import Trick
from games.core.views import AskAmount, Choice
from games.rage import Rage, RageOptions
from games.rage.cards import COLOUR_CARDS
from games.rage.game import trick_winner
from tests.support.playout import random_playout

G = Rage()


def stacked(hands, stock=("Y9", "R13", "G13", "B13", "O13", "P13"), *, dealer=None, **options):
    """The first deal stacked; ``first_hand`` follows the hand size (4 cards = the deals 4, 3, 2, 1)."""
    opts = RageOptions(first_hand=len(hands[0]), **options)
    n = len(hands)
    return G.new_state(opts, n, 7, hands=hands, stock=stock, dealer=n - 1 if dealer is None else dealer)


def act(state, *actions):
    """Apply actions in turn order (each by the one seat to act)."""
    for action in actions:
        (seat,) = G.to_act(state)
        state, _events = G.apply(state, seat, action)
    return state


def winners(state, *actions):
    """Apply actions in turn order; also return the seats that won the tricks completed."""
    won = []
    for action in actions:
        (seat,) = G.to_act(state)
        state, events = G.apply(state, seat, action)
        won += [e.seat for e in events if e.text.endswith("wins the trick.")]
    return state, won


def legal(state):
    (seat,) = G.to_act(state)
    return set(G.legal_actions(state, seat))


# --------------------------------------------------------------- the deck
def test_fundex_deck_has_110_cards_with_repeated_action_cards() -> None:
    deck = RageOptions().deck()
    assert len(deck) == 110
    counts = Counter(deck)
    assert counts["WILD"] == 2 and counts["CHANGE"] == 4 and counts["OUT"] == 4
    assert counts["BONUS"] == 2 and counts["MAD"] == 2
    assert len(COLOUR_CARDS) == 96 and {c[0] for c in COLOUR_CARDS} == set("ROYGBP")
    assert {int(c[1:]) for c in COLOUR_CARDS} == set(range(16))


def test_action_card_counts_are_options() -> None:
    deck = RageOptions(bonus=3, mad=3, wild=0).deck()
    counts = Counter(deck)
    assert (
        len(deck) == 110 - 2 + 1 + 1 and counts["BONUS"] == 3 and counts["MAD"] == 3 and "WILD" not in counts
    )


# ------------------------------------------------------- deals and trump
def test_ten_deals_of_ten_down_to_one_with_the_dealer_rotating_left() -> None:
    seen = []

    def record(before, seat, action, after):
        if after.deal_no != before.deal_no or not seen:
            seen.append((after.deal_no, after.dealer, len(after.play.hands[0]), after.turn))

    state = G.new_state(None, 4, 3, dealer=2)
    seen.append((state.deal_no, state.dealer, len(state.play.hands[0]), state.turn))
    final, log, _out = random_playout(G, state, Rng(5), on_step=record)
    deals = sorted(set(seen))
    assert [d[0] for d in deals] == list(range(10))
    assert [d[2] for d in deals] == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert [d[1] for d in deals] == [(2 + k) % 4 for k in range(10)]
    # bidding starts at the dealer's left
    assert all(turn == (dealer + 1) % 4 for _k, dealer, _size, turn in deals)
    assert len(final.sheet.rows) == 10
    assert sum(1 for _s, a in log if a.startswith("bid:")) == 40
    assert sum(1 for _s, a in log if a.startswith("play:")) == 4 * 55


@pytest.mark.parametrize("seats", [1, 9])
def test_two_to_eight_players(seats: int) -> None:
    with pytest.raises(IllegalAction):
        G.new_state(None, seats, 1)
    assert G.seat_limits(RageOptions()) == (2, 8)
    assert all(len(h) == 10 for h in G.new_state(None, 8, 1).play.hands)


def test_first_hand_option_shortens_the_game() -> None:
    state = G.new_state(RageOptions(first_hand=3), 3, 1)
    assert len(state.play.hands[1]) == 3
    final, _log, _out = random_playout(G, state, Rng(2))
    assert len(final.sheet.rows) == 3


def test_trump_is_turned_past_action_cards() -> None:
    state = stacked([["R1"], ["R2"]], stock=("OUT", "WILD", "MAD", "G3", "B4"))
    assert state.trump == "G" and state.trump_card == "G3"
    assert "G3" not in state.stock and Counter(state.stock) == Counter(["OUT", "WILD", "MAD", "B4"])


def test_stacked_hands_must_be_in_the_deck() -> None:
    with pytest.raises(ValueError):
        stacked([["WILD"], ["WILD"], ["WILD"]])  # only two Wild Rages exist
    ok = stacked([["WILD"], ["WILD"], ["OUT"]])
    assert ok.play.hands == (("WILD",), ("WILD",), ("OUT",))


# ---------------------------------------------------------------- bidding
def test_bids_from_the_dealers_left_zero_to_hand_size_any_total() -> None:
    state = stacked([["R1", "R2"], ["G1", "G2"], ["B1", "B2"]], dealer=1)
    assert G.to_act(state) == {2}
    assert legal(state) == {"bid:0", "bid:1", "bid:2"}
    with pytest.raises(IllegalAction):
        G.apply(state, 2, "bid:3")
    state = act(state, "bid:2", "bid:2", "bid:2")  # six bid for two tricks: allowed
    assert state.bids == (2, 2, 2) and state.phase == "play"
    assert G.to_act(state) == {2}  # the dealer's left leads


# -------------------------------------------------------------- following
def test_must_follow_the_led_colour_and_may_not_play_action_cards_then() -> None:
    hands = [["R5", "G1", "OUT"], ["R7", "WILD", "CHANGE"], ["B1", "B2", "MAD"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:R5")
    assert legal(state) == {"play:R7"}  # holds red: no Wild, no Change
    with pytest.raises(IllegalAction):
        G.apply(state, 1, "play:WILD=R")
    state = act(state, "play:R7")
    # void in red: anything, including action cards
    assert legal(state) == {"play:B1", "play:B2", "play:MAD"}


def test_leader_may_play_anything_and_choices_carry_the_colour() -> None:
    hands = [["R5", "WILD", "CHANGE"], ["R7", "G1", "G2"], ["B1", "B2", "B3"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0")
    actions = legal(state)
    assert {a for a in actions if a.startswith("play:WILD=")} == {f"play:WILD={c}" for c in "ROYGBP"}
    # Change must name a colour other than the current trump (yellow)
    assert {a for a in actions if a.startswith("play:CHANGE=")} == {f"play:CHANGE={c}" for c in "ROGBP"}
    assert "play:R5" in actions and "play:WILD" not in actions and "play:CHANGE" not in actions


def test_action_lead_lets_the_next_player_play_anything_and_the_first_colour_sets_the_lead() -> None:
    hands = [["BONUS", "R1"], ["G5", "R2"], ["G9", "R3"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:BONUS")
    assert legal(state) == {"play:G5", "play:R2"}
    state = act(state, "play:G5")
    assert state.led == "G"
    assert legal(state) == {"play:G9"}  # green is now the led colour


# ------------------------------------------------------ winning a trick
def test_highest_of_the_led_colour_wins_unless_trumped() -> None:
    # trump yellow; green led
    state = act(
        stacked([["G5", "R1"], ["G9", "R2"], ["P15", "R3"]]),
        "bid:0",
        "bid:0",
        "bid:0",
        "play:G5",
        "play:G9",
        "play:P15",
    )
    assert state.play.last_winner == 1  # the purple 15 is off-colour
    state = act(
        stacked([["G5", "R1"], ["G9", "R2"], ["Y0", "R3"]]),
        "bid:0",
        "bid:0",
        "bid:0",
        "play:G5",
        "play:G9",
        "play:Y0",
    )
    assert state.play.last_winner == 2  # the yellow 0 trumps


def test_only_action_cards_go_to_the_first_card_played() -> None:
    hands = [["OUT", "R1"], ["MAD", "R2"], ["BONUS", "R3"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:OUT", "play:MAD", "play:BONUS")
    assert state.play.last_winner == 0 and state.play.tricks == (1, 0, 0)
    assert Counter(state.play.taken[0]) == Counter(["OUT", "MAD", "BONUS"])


def test_out_rage_cancels_trump_for_this_trick_and_the_rest_of_the_deal() -> None:
    hands = [["G5", "G6"], ["OUT", "Y2"], ["Y1", "B1"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:G5", "play:OUT", "play:Y1")
    assert state.trump_out and state.play.last_winner == 0  # yellow played but no trump: green 5 wins
    view = G.view(state, None)
    assert "Out Rage" in dict(view.public.facts)["Trump"]
    assert all(p.name != "Trump" for p in view.public.piles)  # the trump card is turned face down
    state, won = winners(state, "play:G6", "play:Y2", "play:B1")
    assert won == [0]  # still no trump in the next trick


def test_change_rage_sets_a_new_trump_that_applies_to_the_trick_in_progress() -> None:
    # trump yellow; seat 1 plays a red 2 while void in green, then seat 2 makes red trump
    hands = [["G5", "G6"], ["R2", "B1"], ["CHANGE", "B2"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:G5", "play:R2", "play:CHANGE=R")
    assert state.trump == "R" and state.trump_card == "R13"  # taken from the trump pile
    assert state.play.last_winner == 1  # the red 2 became trump after it was played


def test_change_rage_makes_the_old_trump_plain() -> None:
    hands = [["G5", "G6"], ["Y2", "B1"], ["CHANGE", "B2"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:G5", "play:Y2", "play:CHANGE=B")
    assert state.trump == "B" and state.play.last_winner == 0  # yellow is no longer trump


def test_change_after_out_restores_a_trump_but_not_the_last_one_shown() -> None:
    hands = [["G5", "G6", "G7"], ["OUT", "B1", "CHANGE"], ["Y1", "P1", "B2"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:G5", "play:OUT", "play:Y1")
    assert state.trump_out
    state = act(state, "play:G6")
    assert "play:CHANGE=Y" not in legal(state)  # yellow was the last trump shown
    assert "play:CHANGE=B" in legal(state)
    state = act(state, "play:CHANGE=B", "play:P1")
    assert not state.trump_out and state.trump == "B"
    assert state.play.last_winner == 0  # no blue in this trick: green 6 wins
    state, won = winners(state, "play:G7", "play:B1", "play:B2")
    assert won == [2]  # blue is trump again: blue 2 beats blue 1 and green 7


def test_out_and_change_in_one_trick_apply_in_order() -> None:
    # Out then Change: the trick has a trump again
    hands = [["G5", "R1"], ["OUT", "R2"], ["CHANGE", "R3"], ["P1", "R4"]]
    state = act(
        stacked(hands, dealer=3),
        "bid:0",
        "bid:0",
        "bid:0",
        "bid:0",
        "play:G5",
        "play:OUT",
        "play:CHANGE=P",
        "play:P1",
    )
    assert state.play.last_winner == 3 and not state.trump_out
    # Change then Out: no trump for the trick
    hands = [["G5", "R1"], ["CHANGE", "R2"], ["OUT", "R3"], ["P1", "R4"]]
    state = act(
        stacked(hands, dealer=3),
        "bid:0",
        "bid:0",
        "bid:0",
        "bid:0",
        "play:G5",
        "play:CHANGE=P",
        "play:OUT",
        "play:P1",
    )
    assert state.play.last_winner == 0 and state.trump_out


def test_wild_is_the_highest_of_its_called_colour() -> None:
    hands = [["G15", "R1"], ["WILD", "R2"], ["G14", "R3"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:G15", "play:WILD=G", "play:G14")
    assert state.play.last_winner == 1


def test_wild_called_trump_beats_every_trump() -> None:
    hands = [["G15", "R1"], ["WILD", "R2"], ["Y15", "R3"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:G15", "play:WILD=Y", "play:Y15")
    assert state.play.last_winner == 1


def test_wild_called_another_colour_loses() -> None:
    hands = [["G3", "R1"], ["WILD", "R2"], ["G4", "R3"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:G3", "play:WILD=P", "play:G4")
    assert state.play.last_winner == 2


def test_two_wilds_of_the_same_colour_the_first_wins() -> None:
    hands = [["G3", "R1"], ["WILD", "R2"], ["WILD", "R3"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:G3", "play:WILD=G", "play:WILD=G")
    assert state.play.last_winner == 1
    hands = [["G3", "R1"], ["WILD", "R2"], ["WILD", "R3"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:G3", "play:WILD=G", "play:WILD=Y")
    assert state.play.last_winner == 2  # called trump instead


def test_wild_lead_sets_the_led_colour() -> None:
    hands = [["WILD", "R1"], ["B9", "G2"], ["P15", "B1"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:WILD=B")
    assert state.led == "B" and legal(state) == {"play:B9"}
    state = act(state, "play:B9")
    assert legal(state) == {"play:B1"}
    state = act(state, "play:B1")
    assert state.play.last_winner == 0


def test_wild_after_an_action_lead_sets_the_led_colour() -> None:
    hands = [["OUT", "R1"], ["WILD", "R2"], ["G15", "P1"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0", "play:OUT", "play:WILD=P")
    assert state.led == "P" and legal(state) == {"play:P1"}
    state = act(state, "play:P1")
    assert state.play.last_winner == 1


def test_trick_winner_judges_the_trick_as_a_whole() -> None:
    trick = Trick(0, ((0, "B5"), (1, "WILD"), (2, "Y1"), (3, "WILD")))
    assert trick_winner(trick, ("", "B", "", "B"), "Y", "B") == 2
    assert trick_winner(trick, ("", "B", "", "B"), "", "B") == 1
    assert trick_winner(trick, ("", "B", "", "Y"), "Y", "B") == 3
    only_actions = Trick(2, ((2, "MAD"), (3, "BONUS"), (0, "OUT")))
    assert trick_winner(only_actions, ("", "", ""), "Y", "") == 2


# ---------------------------------------------------------------- scoring
def test_bonus_and_mad_rage_go_to_the_tricks_winner() -> None:
    hands = [["G9", "R15"], ["BONUS", "R2"], ["MAD", "R3"]]
    state = act(stacked(hands), "bid:2", "bid:0", "bid:0", "play:G9", "play:BONUS", "play:MAD")
    assert state.play.last_winner == 0
    state = act(state, "play:R15", "play:R2", "play:R3")
    # seat 0: 2 tricks, exact bid +10, +5 bonus -5 mad = 12; seats 1 and 2: exact zero +5
    assert state.sheet.rows[0] == (12, 5, 5)


def test_bonus_alone_adds_five_and_mad_alone_takes_five() -> None:
    hands = [["G9", "R1"], ["BONUS", "R2"], ["G1", "MAD"]]
    state = act(stacked(hands), "bid:1", "bid:1", "bid:1", "play:G9", "play:BONUS", "play:G1")
    state, won = winners(state, "play:R1", "play:R2", "play:MAD")  # seat 2 is void in red: discards the Mad
    assert won == [1]
    # seat 0: 1 trick + 5 bonus + 10 exact = 16; seat 1: 1 trick - 5 + 10 = 6; seat 2: missed = 0
    assert state.sheet.rows[0] == (16, 6, 0)


def test_exact_bid_scores_ten_zero_bid_five_and_a_miss_nothing() -> None:
    hands = [["G9", "G8"], ["G1", "G2"], ["G3", "G4"]]
    state, won = winners(stacked(hands), "bid:2", "bid:0", "bid:1", "play:G9", "play:G1", "play:G3")
    state, won2 = winners(state, "play:G8", "play:G2", "play:G4")
    assert won + won2 == [0, 0]
    assert state.sheet.rows[0] == (12, 5, 0)


def test_a_missed_zero_bid_scores_the_tricks_only() -> None:
    hands = [["G9", "G8"], ["G1", "G2"], ["G3", "G4"]]
    state = act(stacked(hands), "bid:0", "bid:1", "bid:1", "play:G9", "play:G1", "play:G3")
    state = act(state, "play:G8", "play:G2", "play:G4")
    assert state.sheet.rows[0] == (2, 0, 0)


def test_miss_penalty_house_rule() -> None:
    hands = [["G9", "G8"], ["G1", "G2"], ["G3", "G4"]]
    state = act(stacked(hands, miss_penalty=5), "bid:1", "bid:0", "bid:1", "play:G9", "play:G1", "play:G3")
    state = act(state, "play:G8", "play:G2", "play:G4")
    assert state.sheet.rows[0] == (2 - 5, 5, -5)


def test_highest_total_wins_and_ties_share_the_place() -> None:
    hands = [["G9"], ["G1"], ["G2"]]
    state = act(stacked(hands), "bid:0", "bid:1", "bid:1", "play:G9", "play:G1", "play:G2")
    out = G.outcome(state)
    assert out is not None and G.to_act(state) == frozenset()
    assert out.scores == (1, 0, 0) and out.placings == (1, 2, 2) and out.payoffs == (0, 0, 0)
    state = act(stacked(hands), "bid:1", "bid:0", "bid:0", "play:G9", "play:G1", "play:G2")
    out = G.outcome(state)
    assert out is not None and out.scores == (11, 5, 5) and out.placings == (1, 2, 2)


def test_totals_add_up_over_the_deals() -> None:
    final, _log, out = random_playout(G, G.new_state(RageOptions(first_hand=4), 3, 11), Rng(3))
    assert len(final.sheet.rows) == 4
    assert out.scores == tuple(sum(row[s] for row in final.sheet.rows) for s in range(3))


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_every_card_is_somewhere_and_every_trick_is_counted(seats: int) -> None:
    deck = Counter(RageOptions().deck())

    def check(before, seat, action, after):
        play = after.play
        where = Counter(after.stock) + Counter(play.trick.cards)
        where.update(c for h in play.hands for c in h)
        where.update(c for t in play.taken for c in t)
        if after.trump_card:
            where[after.trump_card] += 1
        assert where == deck
        size = after.options.first_hand - after.deal_no
        assert sum(play.tricks) * seats + len(play.trick.plays) + sum(map(len, play.hands)) == size * seats

    random_playout(G, G.new_state(None, seats, seats), Rng(seats), on_step=check)


# --------------------------------------------------------- worked example
def test_the_worked_example_of_play_replays_exactly() -> None:
    """Round seven (four cards), players A B C = seats 0 1 2, C deals, trump yellow.

    Starting with four cards gives the deals 4, 3, 2, 1: rounds seven to ten of a full game.
    """
    a = ["B15", "G12", "BONUS", "Y5"]
    b = ["Y0", "G10", "O7", "WILD"]
    c = ["B2", "CHANGE", "R15", "OUT"]
    state = stacked([a, b, c], stock=("Y9", "P4", "R8", "G1"), dealer=2)
    assert state.trump == "Y" and G.to_act(state) == {0}
    state = act(state, "bid:2", "bid:2", "bid:1")
    assert state.bids == (2, 2, 1)
    # Trick 1: A leads blue 15; B has no blue and trumps with yellow 0; C must follow with blue 2.
    state = act(state, "play:B15")
    assert "play:Y0" in legal(state)
    state = act(state, "play:Y0")
    assert legal(state) == {"play:B2"}
    state = act(state, "play:B2")
    assert state.play.last_winner == 1
    # Trick 2: B leads green 10; C has no green, plays Change Rage and makes red trump; A follows with green 12.
    state = act(state, "play:G10", "play:CHANGE=R")
    assert state.trump == "R" and state.trump_card == "R8"
    assert legal(state) == {"play:G12"}
    state = act(state, "play:G12")
    assert state.play.last_winner == 0
    # Trick 3: A leads Bonus Rage; B plays orange 7 (sets the led colour); C trumps with red 15.
    state = act(state, "play:BONUS", "play:O7")
    assert state.led == "O"
    state = act(state, "play:R15")
    assert state.play.last_winner == 2
    # Trick 4: C leads Out Rage; A plays yellow 5; B's Wild Rage is called yellow and wins.
    state = act(state, "play:OUT")
    assert state.trump_out
    state = act(state, "play:Y5")
    state, events = G.apply(state, 1, "play:WILD=Y")
    texts = [e.text for e in events]
    assert texts[:2] == ["⟦seat:1⟧ plays Wild Rage as 🟨 Yellow.", "⟦seat:1⟧ wins the trick."]
    assert "Deal 1 scores: ⟦seat:0⟧ +1, ⟦seat:1⟧ +12, ⟦seat:2⟧ +16." in texts
    # A won one trick, B two, C one with the Bonus Rage.
    assert state.deal_no == 1  # the deal is scored and the next one dealt
    assert state.sheet.rows[0] == (1, 12, 16)
    assert state.sheet.totals == (1, 12, 16)
    assert state.dealer == 0 and len(state.play.hands[0]) == 3  # next round: A deals three cards


# ------------------------------------------------------------------ views
def test_view_shows_the_sheet_bids_trump_trick_and_hand() -> None:
    hands = [["R5", "WILD", "CHANGE", "OUT"], ["R7", "OUT", "G2", "G3"], ["B1", "B2", "B3", "B4"]]
    state = act(stacked(hands), "bid:1", "bid:2")
    v = G.view(state, 2)
    assert v.prompt == (AskAmount("bid", v.prompt[0].label, 0, 4),)
    state = act(state, "bid:0")
    v = G.view(state, 0)
    facts = dict(v.public.facts)
    assert "Yellow" in facts["Trump"] and facts["Bids"].startswith("3 bid")
    assert "bid 1" in v.public.seats[0].text and "bid 2" in v.public.seats[1].text
    assert v.public.seats[0].to_act and not v.public.seats[1].to_act
    actions = {c.action: c for c in v.prompt if isinstance(c, Choice)}
    assert all(c.group == "cards" for c in actions.values())
    assert "play:WILD=G" in actions and "play:CHANGE=B" in actions and "play:CHANGE=Y" not in actions
    assert actions["play:OUT"].enabled
    state = act(state, "play:R5")
    v = G.view(state, 1)
    actions = {c.action: c for c in v.prompt}
    assert actions["play:R7"].enabled
    assert not actions["play:OUT"].enabled and not actions["play:G2"].enabled
    assert [p.name for p in v.public.piles] == ["Current trick"] and v.public.piles[0].cards == ("R5",)
    assert v.public.piles[0].plays == ((0, "🟥 Red 5"),) and v.public.piles[0].winner == 0
    assert v.hand == ("R7", "OUT", "G2", "G3")
    assert G.view(state, None).hand == () and G.view(state, None).prompt == ()
    state = act(state, "play:R7", "play:B1")
    v = G.view(state, None)
    last = v.public.piles[-1]
    assert last.name == "Last trick" and last.winner == 1 and last.taken
    assert [s for s, _label in last.plays] == [0, 1, 2] and "⟦" not in last.text
    assert any("wins the trick" in line for line in v.public.recent)


def test_sheet_appears_after_a_deal() -> None:
    hands = [["G9", "G8"], ["G1", "G2"], ["G3", "G4"]]
    state = act(stacked(hands), "bid:2", "bid:0", "bid:1", "play:G9", "play:G1", "play:G3")
    state = act(state, "play:G8", "play:G2", "play:G4")
    v = G.view(state, None)
    sheet = v.public.sheet
    assert sheet is not None and sheet.rows == (("Deal 1", (12, 5, 0)),) and sheet.totals == (12, 5, 0)
    assert "Score sheet" not in dict(v.public.facts)
    assert "pts" not in v.public.seats[0].text and "sheet" not in v.public.seats[0].text


def test_duplicate_action_cards_stay_a_multiset() -> None:
    hands = [["OUT", "OUT", "R1"], ["OUT", "G1", "G2"], ["B1", "B2", "B3"]]
    state = act(stacked(hands), "bid:0", "bid:0", "bid:0")
    v = G.view(state, 0)
    outs = [c for c in v.prompt if c.action == "play:OUT"]
    assert len(outs) == 1 and outs[0].label.endswith("×2")
    state = act(state, "play:OUT")
    assert state.play.hands[0] == ("OUT", "R1")
    # a code someone else also holds gives nothing away; a unique one is private
    assert G.private_cards(state, 0) == {"R1"} and G.private_cards(state, 1) == {"G1", "G2"}


def test_illegal_plays_change_nothing() -> None:
    state = act(stacked([["R5", "G1"], ["R7", "G2"], ["B1", "B2"]]), "bid:0", "bid:0", "bid:0")
    before = G.dump(state)
    for bad in ("play:B1", "play:WILD=R", "play:R5=Y", "bid:1", "play:"):
        with pytest.raises(IllegalAction):
            G.apply(state, 0, bad)
    assert G.dump(state) == before
    assert G.load(before) == state


def test_the_final_result_names_the_rule_and_writes_a_real_minus() -> None:
    """Issue 26: the headline says why (the most points after every deal), negatives with "−"."""
    from dataclasses import replace

    from games.core.sheet import ScoreSheet
    from games.rage.view import final_summary

    state = stacked([["R1"], ["R2"], ["R3"]])
    one = replace(state, phase="over", sheet=ScoreSheet((-3, -5, -4), rows=((-3, -5, -4),) * 2))
    assert final_summary(one) == "Game over: ⟦seat:0⟧ wins with −3 points, the most after 2 deals."
    tied = replace(one, sheet=ScoreSheet((7, 7, 1), rows=((7, 7, 1),)))
    assert final_summary(tied) == "Game over: ⟦seat:0⟧ and ⟦seat:1⟧ tie for first with 7 points, the most after 1 deal."
