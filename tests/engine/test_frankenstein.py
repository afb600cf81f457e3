"""Frankenstein rules on stacked deals (rules/000 "Bonus Poker Game", DECISIONS §4.9)."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction, NotYourTurn
from games.core.views import Choice, PickCards
from games.frankenstein import Frankenstein, FrankensteinOptions

G = Frankenstein()

# Five cards each; extra stacked cards are what that seat draws.
PAIR_OF_KINGS = ("Ks", "Kd", "2c", "7h", "9d")
PAIR_OF_QUEENS = ("Qs", "Qd", "3c", "8h", "Td")
JUNK = ("2s", "4d", "6c", "8s", "Jh")


def start(hands, stock=(), *, dealer=0, carry=None, stacks=None, **options):
    return G.new_state(FrankensteinOptions(**options), len(hands), 5, hands=hands, stock=stock, dealer=dealer,
                       carry=carry, stacks=stacks)


def actor(state):
    (seat,) = G.to_act(state)
    return seat


def act(state, *moves):
    for seat, action in moves:
        assert actor(state) == seat, (seat, action, G.to_act(state))
        state, _events = G.apply(state, seat, action)
    return state


def checks(state):
    """Everyone left checks the current betting round."""
    phase = state.phase
    while state.payoffs is None and state.phase == phase:
        state = act(state, (actor(state), "check"))
    return state


def stand_pat(state):
    while state.payoffs is None and state.phase == "draw":
        state = act(state, (actor(state), "discard:"))
    return state


# ------------------------------------------------------------ betting and the open
def test_open_is_the_dealers_left_and_rotates_with_the_deal() -> None:
    hands = [PAIR_OF_KINGS, PAIR_OF_QUEENS, JUNK]
    assert actor(start(hands, dealer=0)) == 1
    s = start(hands, dealer=1)
    assert actor(s) == 2
    s = checks(s)
    assert s.phase == "draw" and actor(s) == 2  # the first draw rotates too
    assert any("⟦seat:2⟧ opens" in line for line in start(hands, dealer=1).recent)


def test_everyone_gets_a_turn_in_a_checked_round() -> None:
    s = start([PAIR_OF_KINGS, PAIR_OF_QUEENS, JUNK])
    s = act(s, (1, "check"), (2, "check"))
    assert s.phase == "bet1" and actor(s) == 0
    s = act(s, (0, "check"))
    assert s.phase == "draw"


def test_all_in_players_still_draw_but_nobody_bets_alone() -> None:
    s = start([PAIR_OF_KINGS, PAIR_OF_QUEENS], stacks=(1, 10))  # seat 0 is all in with the ante
    assert s.phase == "draw" and s.drawing == (1, 0)
    s = stand_pat(s)
    assert s.payoffs is not None  # no betting after the draw either: one seat can't bet alone
    assert G.outcome(s).payoffs == (1, -1)


def test_fold_only_when_the_bet_comes_to_you() -> None:
    s = start([PAIR_OF_KINGS, PAIR_OF_QUEENS, JUNK])
    assert G.legal_actions(s, 1) == ("check", "bet")
    with pytest.raises(IllegalAction):
        G.apply(s, 1, "fold")
    s = act(s, (1, "bet"))
    assert G.legal_actions(s, 2) == ("call", "raise", "fold")
    labels = {c.action: c.label for c in G.view(s, 2).prompt}
    assert labels == {"call": "Call 1", "raise": "Raise to 2", "fold": "Fold"}


def test_a_fold_is_for_the_whole_deal() -> None:
    s = start([PAIR_OF_KINGS, PAIR_OF_QUEENS, JUNK])
    s = act(s, (1, "bet"), (2, "fold"), (0, "call"))
    assert s.phase == "draw"
    assert s.drawing == (1, 0)  # the folded seat doesn't draw
    s = stand_pat(s)
    assert s.phase == "bet2" and 2 not in {actor(s)}
    assert G.legal_actions(s, 2) == ()


def test_limits_and_cap() -> None:
    s = start([PAIR_OF_KINGS, PAIR_OF_QUEENS, JUNK])
    s = act(s, (1, "bet"), (2, "raise"), (0, "raise"), (1, "raise"))
    assert s.round.level == 4 and G.legal_actions(s, 2) == ("call", "fold")
    s = act(s, (2, "call"), (0, "call"))
    assert s.contributed == (5, 5, 5)
    s = stand_pat(s)
    s = act(s, (1, "bet"))
    assert s.contributed[1] == 7  # 2 after the draw


def test_out_of_turn_is_refused() -> None:
    s = start([PAIR_OF_KINGS, PAIR_OF_QUEENS, JUNK])
    with pytest.raises(NotYourTurn):
        G.apply(s, 0, "check")


# ------------------------------------------------------------ the draw
def test_draw_up_to_three_cards_discards_go_to_the_zombie() -> None:
    hands = [(*PAIR_OF_KINGS, "Ah", "Ac", "Ad"), PAIR_OF_QUEENS, JUNK]
    s = checks(start(hands))
    s = act(s, (1, "discard:"), (2, "discard:"))
    assert actor(s) == 0
    prompt = G.view(s, 0).prompt
    assert isinstance(prompt[0], PickCards) and prompt[0].max_count == 3
    assert any(isinstance(p, Choice) and p.action == "discard:" for p in prompt)
    assert not G.is_legal(s, 0, "discard:2c,7h,9d,Ks")  # four cards
    assert not G.is_legal(s, 0, "discard:Qs")  # not in the hand
    assert not G.is_legal(s, 0, "discard:2c,2c")
    s = act(s, (0, "discard:9d,2c,7h"))  # any order
    assert sorted(s.hands[0]) == sorted(("Ks", "Kd", "Ah", "Ac", "Ad"))
    assert s.discards[0] == ("2c", "7h", "9d")
    # the discards are face down: only their owner knows them
    assert "2c" in G.private_cards(s, 0)
    assert G.view(s, 1).public.piles[0].cards == ()
    assert "3 cards face down" in G.view(s, 1).public.piles[0].text


# ------------------------------------------------------------ the Zombie
def _zombie_deal():
    # seat 0 throws 5h 6h 7h, seat 1 throws 8d 9c: the Zombie gets a straight
    return [
        ("Ks", "Kd", "5h", "6h", "7h", "2d", "3d", "Tc"),
        ("Qs", "Qd", "Qc", "8d", "9c", "2h", "3h"),
        JUNK,
    ]


def test_zombie_beats_the_best_hand_who_matches_the_pot_and_it_carries() -> None:
    s = checks(start(_zombie_deal()))
    s = act(s, (1, "discard:8d,9c"), (2, "discard:"), (0, "discard:5h,6h,7h"))
    s = checks(s)
    out = G.outcome(s)
    # Zombie: 5-6-7-8-9 straight beats seat 1's three queens; seat 1 pays the pot (3) again
    assert out.carried_out == 6 and out.carry == {"pot": 6}
    assert out.payoffs == (-1, -4, -1)
    assert sum(out.payoffs) == out.carried_in - out.carried_out
    assert "The Zombie beats ⟦seat:1⟧" in out.summary
    assert out.details[1] == "three queens, beaten by the Zombie"
    assert G.view(s, 2).public.piles[0].cards == ("5h", "6h", "7h", "8d", "9c")


def test_a_short_zombie_loses_to_the_same_hand_with_more_cards() -> None:
    hands = [
        ("Ks", "Kd", "9h", "4c", "5c", "2d", "3d", "7s"),
        ("Kh", "Kc", "9s", "4h", "5h"),
        JUNK,
    ]
    s = checks(start(hands))
    s = act(s, (1, "discard:"), (2, "discard:"), (0, "discard:Ks,Kd,9h"))
    s = checks(s)
    out = G.outcome(s)
    # Zombie K-K-9 (three cards) vs seat 1's K-K-9-5-4: the complete hand is better
    assert out.carried_out == 0 and out.payoffs[1] == 2


def test_zombie_exact_tie_goes_to_the_players() -> None:
    hands = [
        ("5d", "6d", "7d", "As", "Ad", "Kc", "Qc", "Jc"),  # throws 5-6-7, keeps the aces
        ("5c", "6c", "7s", "8h", "9h"),  # a straight to the 9, stands pat
        ("8s", "9s", "2h", "3h", "4h", "Th", "Js"),  # throws 8-9
    ]
    s = checks(start(hands))
    s = act(s, (1, "discard:"), (2, "discard:8s,9s"), (0, "discard:5d,6d,7d"))
    s = checks(s)
    out = G.outcome(s)
    # the Zombie also has a straight to the 9: a tie, so seat 1 wins the pot
    assert "a straight to the 9" in out.summary
    assert out.carried_out == 0 and out.payoffs == (-1, 2, -1)


def test_short_zombie_plays_what_it_has() -> None:
    hands = [
        ("As", "Ad", "9h", "4c", "5c", "Ts", "3d"),  # throws the aces
        ("Kh", "Qc", "9s", "4h", "7h"),  # king high
    ]
    s = checks(start(hands))
    s = act(s, (1, "discard:"), (0, "discard:As,Ad"))
    s = checks(s)
    out = G.outcome(s)
    # the Zombie's pair of aces (two cards) beats seat 1's K-Q-9 (seat 0 now has T-9-5-4-3)
    assert out.carried_out > 0 and "a pair of aces" in out.summary


def test_no_discards_means_no_zombie() -> None:
    s = checks(start([PAIR_OF_KINGS, PAIR_OF_QUEENS, JUNK]))
    s = stand_pat(s)
    s = checks(s)
    out = G.outcome(s)
    assert out.payoffs == (2, -1, -1) and out.carry is None
    assert "no Zombie" in s.recent[-1] and out.summary == "⟦seat:0⟧ wins with a pair of kings."
    assert out.details == ("a pair of kings", "a pair of queens", "jack high")


def test_folded_hands_stay_out_of_the_zombie() -> None:
    hands = [
        ("Ks", "Kd", "2c", "7h", "9d"),
        ("As", "Ah", "Ac", "Ad", "Td"),  # folds four aces
        ("2s", "3d", "4c", "8s", "Jh", "5d", "6d"),
    ]
    s = start(hands)
    s = act(s, (1, "check"), (2, "bet"), (0, "call"), (1, "fold"))
    s = act(s, (2, "discard:8s,Jh"), (0, "discard:"))
    s = checks(s)
    out = G.outcome(s)
    # Zombie: 8-J only; seat 2 made a 2-6 straight and wins
    assert out.carried_out == 0 and out.payoffs[2] > 0
    assert "As" not in G.view(s, 0).public.piles[0].cards


def test_the_last_player_must_still_beat_the_zombie() -> None:
    hands = [
        ("Ks", "Kd", "5h", "6h", "7h", "2d", "3d", "4d"),
        ("Qs", "Qd", "Qc", "8d", "9c", "2h", "3h"),
    ]
    s = checks(start(hands))
    s = act(s, (1, "discard:8d,9c"), (0, "discard:5h,6h,7h"))
    s = act(s, (1, "bet"), (0, "fold"))  # seat 1 is alone, but the Zombie has a straight
    out = G.outcome(s)
    assert out.carried_out > 0 and out.payoffs[1] < 0
    assert "The Zombie beats ⟦seat:1⟧" in out.summary


def test_everyone_folds_before_the_draw_no_zombie() -> None:
    s = start([PAIR_OF_KINGS, PAIR_OF_QUEENS, JUNK])
    s = act(s, (1, "bet"), (2, "fold"), (0, "fold"))
    out = G.outcome(s)
    assert out.payoffs == (-1, 2, -1) and out.carry is None


def test_carried_pot_is_won_at_the_next_deal_and_everyone_antes() -> None:
    s = start([PAIR_OF_KINGS, PAIR_OF_QUEENS, JUNK], carry={"pot": 6})
    assert G.view(s, None).public.pots == (9,)  # 6 carried + 3 antes
    s = stand_pat(checks(s))
    s = checks(s)
    out = G.outcome(s)
    assert out.carried_in == 6 and out.payoffs == (8, -1, -1)
    assert sum(out.payoffs) == out.carried_in - out.carried_out


def test_carried_pot_is_won_even_without_antes_or_bets() -> None:
    s = start([PAIR_OF_KINGS, PAIR_OF_QUEENS, JUNK], carry={"pot": 7}, ante=0)
    s = checks(stand_pat(checks(s)))
    out = G.outcome(s)
    assert out.payoffs == (7, 0, 0) and sum(out.payoffs) == out.carried_in


def test_tied_would_be_winners_share_the_match() -> None:
    hands = [
        ("Ks", "Kd", "5h", "6h", "7h", "2d", "3d", "4d"),
        ("Kh", "Kc", "8d", "9c", "Jd", "2h", "3h", "4h"),
        ("2s", "3c", "4s", "Js", "Jh"),
    ]
    s = checks(start(hands))
    s = act(s, (1, "discard:8d,9c,Jd"), (2, "discard:"), (0, "discard:5h,6h,7h"))
    s = checks(s)
    out = G.outcome(s)
    # seats 0 and 1 both hold K-K-4-3-2; the Zombie has 5-6-7-8-9; the pot of 3 is matched 2 + 1,
    # the odd chip paid by the first of them from the dealer's left (seat 1)
    assert out.carried_out == 6 and out.payoffs == (-2, -3, -1)


def test_short_stack_matches_only_what_it_has() -> None:
    s = checks(start(_zombie_deal(), stacks=(50, 2, 50)))
    s = act(s, (1, "discard:8d,9c"), (2, "discard:"), (0, "discard:5h,6h,7h"))
    s = checks(s)
    out = G.outcome(s)
    assert out.payoffs[1] == -2 and out.extra["stacks"][1] == 0  # ante 1 + the 1 chip it had left
    assert out.carried_out == 3 + 1


def test_views_keep_hands_private() -> None:
    s = start([PAIR_OF_KINGS, PAIR_OF_QUEENS, JUNK])
    v = G.view(s, 0)
    assert v.hand == PAIR_OF_KINGS and "pair of kings" in v.hand_text
    assert all(line.cards == () for line in v.public.seats)
    assert G.private_cards(s, 1) == frozenset(PAIR_OF_QUEENS)


def test_a_seat_with_no_chips_sits_the_deal_out() -> None:
    s = start([PAIR_OF_KINGS, (), PAIR_OF_QUEENS], stacks=(10, 0, 10))
    assert s.hands[1] == () and s.contributed == (1, 0, 1) and not s.live[1]
    assert actor(s) == 2  # the open (seat 1) sits out: the next seat bets first
    assert "sitting out" in G.view(s, 0).public.seats[1].text
    s = checks(stand_pat(checks(s)))
    assert G.outcome(s).payoffs == (1, 0, -1)


def test_no_deal_without_two_players_with_chips() -> None:
    s = start([PAIR_OF_KINGS, PAIR_OF_QUEENS], stacks=(10, 0), carry={"pot": 4})
    out = G.outcome(s)
    assert out.payoffs == (0, 0) and out.carry == {"pot": 4} and G.to_act(s) == frozenset()
