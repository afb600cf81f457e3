"""Razz rules, each on a stacked deal (rules/004 Razz, DECISIONS §4.1, docs/rules/razz.md)."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction, NotYourTurn
from games.core.views import Choice
from games.razz import Razz, RazzOptions

G = Razz()


def start(hands, stock=(), *, dealer=0, stacks=None, **options):
    opts = RazzOptions(**options)
    return G.new_state(opts, len(hands), 7, hands=hands, stock=stock, dealer=dealer, stacks=stacks)


def act(state, *moves):
    """Apply (seat, action) moves, checking each seat is the one to act."""
    for seat, action in moves:
        assert G.to_act(state) == frozenset({seat}), (seat, action, G.to_act(state))
        state, _events = G.apply(state, seat, action)
    return state


def actor(state):
    (seat,) = G.to_act(state)
    return seat


def check_round(state):
    """Everyone checks (or calls) until the street changes or the hand ends."""
    street = state.street
    while state.payoffs is None and state.street == street:
        seat = actor(state)
        move = "check" if "check" in state.legal else "call"
        state, _ = G.apply(state, seat, move)
    return state


def labels(state, seat):
    return {c.action: c.label for c in G.view(state, seat).prompt if isinstance(c, Choice)}


# ------------------------------------------------------------ bring-in
def test_highest_door_card_brings_in_and_suits_break_ties() -> None:
    # door cards: K♥, K♠, 5♦ — the kings tie on rank, spades beat hearts
    s = start([("2c", "3c", "Kh"), ("4c", "5c", "Ks"), ("6c", "7c", "5d")])
    assert G.to_act(s) == frozenset({1})
    assert s.legal == ("bring-in", "complete")  # no check, no fold
    assert labels(s, 1) == {"bring-in": "Bring in 2", "complete": "Complete to 4"}


def test_aces_are_low_for_the_bring_in() -> None:
    s = start([("2c", "3c", "As"), ("4c", "5c", "2d")])
    assert actor(s) == 1  # the 2 is the highest door card; the ace is the lowest


def test_bring_in_is_announced() -> None:
    s = start([("2c", "3c", "Kh"), ("4c", "5c", "Ks"), ("6c", "7c", "5d")])
    assert any("⟦seat:1⟧" in line and "bring in" in line for line in s.recent)


def test_facing_the_bring_in_call_complete_or_fold() -> None:
    s = start([("2c", "3c", "Kh"), ("4c", "5c", "Ks"), ("6c", "7c", "5d")])
    s = act(s, (1, "bring-in"))
    assert actor(s) == 2
    assert s.legal == ("call", "complete", "fold")
    assert labels(s, 2) == {"call": "Call 2", "complete": "Complete to 4", "fold": "Fold"}
    s = act(s, (2, "complete"))
    assert s.contributed == (1, 3, 5)
    assert s.legal == ("call", "raise", "fold") and labels(s, 0)["raise"] == "Raise to 8"


def test_bring_in_player_gets_no_option_when_everyone_calls() -> None:
    s = start(
        [("2c", "3c", "Kh", "4h"), ("4c", "5c", "Ks", "6h"), ("6c", "7c", "5d", "7h")],
    )
    s = act(s, (1, "bring-in"), (2, "call"), (0, "call"))
    assert s.street == 4  # the round ended without asking seat 1 again


def test_bring_in_player_may_complete() -> None:
    s = start([("2c", "3c", "Kh"), ("4c", "5c", "Ks"), ("6c", "7c", "5d")])
    s = act(s, (1, "complete"))
    assert s.contributed == (1, 5, 1) and s.round.level == 1


# ------------------------------------------------------------ later streets
HANDS_3 = [
    # seat 0: board 9h Qh ... ; seat 1: board Ks 2h (best on 4th) ; seat 2: door 5d then Jd
    ("2c", "3c", "9h", "Qh", "Th", "Jh", "8c"),
    ("4c", "5c", "Ks", "2h", "3h", "4h", "9c"),
    ("6c", "7c", "5d", "Jd", "Td", "Qd", "Tc"),
]


def test_best_showing_board_opens_later_streets() -> None:
    s = start(HANDS_3)
    s = act(s, (1, "bring-in"), (2, "call"), (0, "call"))
    # boards: Q-9, K-2, J-5: the lowest high card wins, so J-5 (seat 2) opens
    assert s.street == 4 and actor(s) == 2
    assert any("4th street" in line and "⟦seat:2⟧" in line and "opens" in line for line in s.recent)


def test_board_ties_go_to_the_first_seat_from_the_dealers_left() -> None:
    hands = [
        ("2c", "3c", "9h", "4h"),
        ("4c", "5c", "9s", "4s"),
        ("6c", "7c", "Kd", "Qd"),
    ]
    # seats 0 and 1 both show 9-4; dealer 0 → seat 1 is first to the left
    s = act(start(hands, dealer=0), (2, "bring-in"), (0, "call"), (1, "call"))
    assert s.street == 4 and actor(s) == 1
    s = act(start(hands, dealer=1), (2, "bring-in"), (0, "call"), (1, "call"))
    assert actor(s) == 0  # dealer 1 → seat 2, then seat 0


def test_limit_doubles_from_fifth_street() -> None:
    s = start(HANDS_3)
    s = act(s, (1, "bring-in"), (2, "call"), (0, "call"))
    assert s.street == 4
    assert labels(s, actor(s))["bet"] == "Bet 4"
    s = check_round(s)
    assert s.street == 5
    assert labels(s, actor(s))["bet"] == "Bet 8"
    s = check_round(s)
    assert s.street == 6 and labels(s, actor(s))["bet"] == "Bet 8"
    s = check_round(s)
    assert s.street == 7 and labels(s, actor(s))["bet"] == "Bet 8"


def test_seventh_card_is_dealt_down() -> None:
    s = start(HANDS_3)
    s = act(s, (1, "bring-in"), (2, "call"), (0, "call"))
    for _ in range(3):
        s = check_round(s)
    assert s.street == 7
    assert G.view(s, 0).hand == ("2c", "3c", "8c")  # two down and the seventh
    assert G.view(s, 1).public.seats[0].cards == ("9h", "Qh", "Th", "Jh")
    assert "8c" in G.private_cards(s, 0) and "8c" not in G.view(s, 1).public.seats[0].cards


def test_cap_is_a_bet_and_three_raises() -> None:
    s = start(HANDS_3)
    s = act(s, (1, "bring-in"), (2, "complete"), (0, "raise"), (1, "raise"), (2, "raise"))
    assert s.round.level == 4
    assert s.legal == ("call", "fold")  # capped
    s = act(s, (0, "call"), (1, "call"))
    assert s.street == 4 and s.contributed == (17, 17, 17)


def test_heads_up_is_uncapped_by_default_and_capped_on_request() -> None:
    hands = [("2c", "3c", "9h"), ("4c", "5c", "Ks")]
    s = act(start(hands), (1, "bring-in"), (0, "complete"), (1, "raise"), (0, "raise"), (1, "raise"))
    assert "raise" in s.legal  # fifth bet allowed heads-up
    s = act(s, (0, "raise"))
    assert s.round.level == 5
    c = act(start(hands, heads_up_uncapped=False), (1, "bring-in"), (0, "complete"), (1, "raise"), (0, "raise"),
            (1, "raise"))
    assert c.legal == ("call", "fold")


def test_cap_lifts_when_a_fold_leaves_two_players() -> None:
    s = start(HANDS_3)
    s = act(s, (1, "bring-in"), (2, "complete"), (0, "raise"), (1, "raise"), (2, "raise"))
    assert s.legal == ("call", "fold")
    s = act(s, (0, "fold"))
    assert s.legal == ("call", "raise", "fold")  # heads-up now


def test_fold_only_when_facing_a_bet() -> None:
    s = start(HANDS_3)
    s = act(s, (1, "bring-in"), (2, "call"), (0, "call"))
    assert "fold" not in s.legal and "check" in s.legal
    with pytest.raises(IllegalAction):
        G.apply(s, actor(s), "fold")
    assert G.timeout_action(s, actor(s)) == "check"
    s = act(s, (actor(s), "bet"))
    assert "fold" in s.legal and G.timeout_action(s, actor(s)) == "fold"


def test_out_of_turn_and_unknown_actions_are_refused() -> None:
    s = start(HANDS_3)
    with pytest.raises(NotYourTurn):
        G.apply(s, 0, "bring-in")
    with pytest.raises(IllegalAction):
        G.apply(s, 1, "raise")


# ------------------------------------------------------------ community card
def test_community_card_when_the_stub_is_too_short() -> None:
    ranks = "A23456789TJQK"
    deck = [r + s for s in "shdc" for r in ranks]
    hands = [tuple(deck[i * 6:(i + 1) * 6]) for i in range(8)]  # 48 cards: 3rd to 6th street
    stock = tuple(deck[48:])  # 4 cards left for 8 players on 7th street
    s = start(hands, stock)
    while s.payoffs is None and s.street < 7:
        s = check_round(s) if "check" in s.legal else act(s, (actor(s), s.legal[0]))
    assert s.street == 7 and s.community == stock[0]
    assert all(s.cards[seat][6] == stock[0] for seat in range(8))
    view = G.view(s, 0)
    assert view.public.piles and view.public.piles[0].cards == (stock[0],)
    assert stock[0] not in view.hand  # it's face up, not a down card
    assert any("face up for everyone" in line for line in s.recent)


# ------------------------------------------------------------ showdown
def test_lowest_hand_wins_pairs_count_against() -> None:
    hands = [
        ("Ac", "Ad", "Kh", "2c", "3c", "4c", "Qd"),  # the pair doesn't play: K-4-3-2-A
        ("2h", "3h", "Ks", "4h", "5h", "6h", "7h"),  # 6-5-4-3-2 (straight & flush ignored)
    ]
    s = act(start(hands), (1, "bring-in"), (0, "call"))
    for _ in range(4):
        s = check_round(s)
    out = G.outcome(s)
    # seat 0: A-2-3-4-K (K low) vs seat 1: 6-5-4-3-2 → seat 1 wins
    assert out.payoffs == (-3, 3) and out.summary == "⟦seat:1⟧ wins with 6-5-4-3-2 low."
    assert out.details == ("Q-4-3-2-A low", "6-5-4-3-2 low")  # each low as the showdown shows it


THREE_WAY_TIE = [
    ("As", "2s", "Ks", "3s", "4s", "5s", "Qs"),
    ("Ah", "2h", "Kh", "3h", "4h", "5h", "Qh"),
    ("Ad", "2d", "Kd", "3d", "4d", "5d", "Qd"),
    ("6c", "7c", "8c"),
    ("9c", "Tc", "Jc"),
]


@pytest.mark.parametrize(("rule", "expected"), [("first_left", (3 - 3, 5 - 3, 3 - 3)), ("spread", (0, 1, 1))])
def test_split_pot_and_odd_chips(rule, expected) -> None:
    s = start(THREE_WAY_TIE, odd_chips=rule)  # dealer 0: seats 1, 2, 3, 4, 0 from the left
    s = act(s, (0, "bring-in"), (1, "call"), (2, "call"), (3, "fold"), (4, "fold"))
    for _ in range(4):
        s = check_round(s)
    out = G.outcome(s)
    # pot 11 = 5 antes + 3 × 2; 11 = 3 × 3 + 2 odd chips
    assert out.payoffs[:3] == expected and out.payoffs[3:] == (-1, -1)
    assert sum(out.payoffs) == 0


def test_side_pot_when_a_short_stack_is_all_in() -> None:
    hands = [
        ("As", "2s", "3s", "4s", "5s", "Kc", "Kd"),  # the best low, but only 5 chips
        ("7h", "8h", "Kh", "9h", "Th", "Jh", "6h"),  # 10-9-8-7-6
        ("Qd", "Qs", "Ks", "Jd", "Js", "Td", "Ts"),  # worst
    ]
    s = start(hands, stacks=(5, 100, 100))
    s = act(s, (2, "bring-in"), (0, "complete"))  # seat 0 completes all in for 4 (1 ante + 4)
    assert s.stacks[0] == 0
    s = act(s, (1, "raise"), (2, "call"))
    while s.payoffs is None:
        seat = actor(s)
        s = act(s, (seat, "bet" if "bet" in s.legal else "call"))
    out = G.outcome(s)
    # main pot: 5 × 3 = 15 to seat 0; the rest is a side pot between seats 1 and 2
    assert out.payoffs[0] == 10
    assert out.payoffs[1] > 0 > out.payoffs[2]
    assert out.extra["stacks"][0] == 15
    assert sum(out.payoffs) == 0


def test_fold_to_one_player_ends_the_hand() -> None:
    s = start(HANDS_3)
    s = act(s, (1, "bring-in"), (2, "fold"), (0, "fold"))
    out = G.outcome(s)
    assert out.payoffs == (-1, 2, -1) and G.to_act(s) == frozenset()


# ------------------------------------------------------------ views and setup
def test_views_show_down_cards_privately_and_up_cards_publicly() -> None:
    s = start(HANDS_3)
    v = G.view(s, 0)
    assert v.hand == ("2c", "3c")
    assert [line.cards for line in v.public.seats] == [("9h",), ("Ks",), ("5d",)]
    assert "Pot" not in dict(v.public.facts) and v.public.pots == (3,)  # the adapter writes the pot
    assert [line.stack for line in v.public.seats] == [None, None, None]  # unlimited stacks: none to show
    limited = G.view(start(HANDS_3, stacks=(50, 50, 50)), None).public
    assert [line.stack for line in limited.seats] == [49, 49, 49] and limited.pots == (3,)  # after the antes
    spectator = G.view(s, None)
    assert spectator.hand == () and "2c" not in str(spectator)


def test_stacked_cards_must_be_real_and_distinct() -> None:
    with pytest.raises(IllegalAction):
        start([("2c", "3c", "Kh"), ("2c", "5c", "Ks")])
    with pytest.raises(IllegalAction):
        start([("2c", "3c", "Xx"), ("4c", "5c", "Ks")])


def test_history_is_only_for_finished_hands() -> None:
    s = start(HANDS_3)
    assert G.history_text(s) is None
    s = act(s, (1, "bring-in"), (2, "fold"), (0, "fold"))
    text = G.history_text(s)
    # PHH numbers players from the dealer's left: seat 1 is p1
    assert text.startswith("variant = 'FR'")
    assert "'p1 pb',\n  'p2 f',\n  'p3 f'," in text
    assert "finishing_stacks = [1000002, 999999, 999999]" in text


def test_a_seat_with_no_chips_sits_the_hand_out() -> None:
    hands = [("2c", "3c", "Kh"), (), ("6c", "7c", "5d"), ("8d", "9d", "Qs")]
    s = start(hands, stacks=(20, 0, 20, 20))
    assert s.cards[1] == () and s.contributed == (1, 0, 1, 1) and not s.live[1]
    assert actor(s) == 0  # K♥ brings in
    assert "sitting out" in G.view(s, 0).public.seats[1].text
    s = act(s, (0, "bring-in"), (2, "fold"), (3, "fold"))  # seat 1 is skipped
    assert G.outcome(s).payoffs == (2, 0, -1, -1)
    # the PHH names only the players dealt in: seats 2, 3 and 0 from the dealer's left
    assert "players = ['⟦seat:2⟧', '⟦seat:3⟧', '⟦seat:0⟧']" in G.history_text(s)


def test_no_hand_without_two_players_with_chips() -> None:
    s = start([("2c", "3c", "Kh"), ()], stacks=(20, 0))
    out = G.outcome(s)
    assert out.payoffs == (0, 0) and G.to_act(s) == frozenset() and G.history_text(s) is None
    assert G.view(s, 0).hand == ()
