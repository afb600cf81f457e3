"""Kabu rules on stacked hands (rules/004 "Kabu", DECISIONS §4.3 and §5.3 KB-1…KB-5).

Each test names the rule sentence it checks; ``docs/rules/kabu.md`` maps every
sentence and decision to its test. ``hands[s]`` are the cards seat ``s`` gets in
order: the two dealt, then what it draws; ``stock`` is what comes off the stock next.
"""

from __future__ import annotations

import pytest

from games import get_game
from games.core.errors import IllegalAction, NotYourTurn
from games.core.views import Choice
from games.kabu import Kabu, KabuOptions
from games.kabu.cards import DECK, LABELS, total
from tests.support.view_json import view_json

G = Kabu()


def start(hands, stock=None, *, dealer=0, carry=None, stacks=None, seed=5, **options):
    return G.new_state(KabuOptions(**options), len(hands), seed, hands=hands, stock=stock, dealer=dealer,
                       carry=carry, stacks=stacks)


def actor(state):
    (seat,) = G.to_act(state)
    return seat


def act(state, *moves):
    events = []
    for seat, action in moves:
        assert actor(state) == seat, (seat, action, G.to_act(state))
        state, evs = G.apply(state, seat, action)
        events.extend(evs)
    return state, events


def stand_all(state):
    """Everyone still drawing stands, in turn."""
    events = []
    while G.to_act(state):
        state, evs = G.apply(state, actor(state), "stand")
        events.extend(evs)
    return state, events


# ------------------------------------------------------------ setup
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_two_to_six_players(n):
    state = G.new_state(None, n, 1)
    assert state.n == n


@pytest.mark.parametrize("n", [1, 7])
def test_fewer_than_two_or_more_than_six_players_are_refused(n):
    with pytest.raises(IllegalAction):
        G.new_state(None, n, 1)


def test_the_deck_is_forty_cards_ace_to_ten():
    assert len(DECK) == 40 and len(set(DECK)) == 40
    assert {c[0] for c in DECK} == set("A23456789T")
    assert {c[1] for c in DECK} == set("shdc")
    assert LABELS["Th"] == "10♥" and LABELS["As"] == "A♠"


@pytest.mark.parametrize("n", [2, 6])
def test_two_cards_each_face_down_and_the_rest_is_the_stock(n):
    state = G.new_state(None, n, 77)
    assert all(len(h) == 2 for h in state.hands)
    dealt = [c for h in state.hands for c in h]
    assert len(state.stock) == 40 - 2 * n
    assert sorted(dealt + list(state.stock)) == sorted(DECK)
    for s in range(n):
        assert G.private_cards(state, s) == frozenset(state.hands[s])
        assert G.view(state, None).public.seats[s].cards == ()


def test_chips_distributed_evenly_sackson_starting_stack_is_ten_plus_fifteen_per_player():
    assert [G.suggested_buy_in(KabuOptions(), n) for n in (2, 3, 4, 5, 6)] == [40, 55, 70, 85, 100]
    assert get_game("kabu").suggested_buy_in(G.presets["high"], 3) == 275  # five chips a point


def test_each_hand_is_a_fresh_shuffle():
    decks = {tuple(G.new_state(None, 4, seed).hands[0]) for seed in range(30)}
    assert len(decks) > 20
    assert G.dump(G.new_state(None, 4, 9)) == G.dump(G.new_state(None, 4, 9))


# ------------------------------------------------------------ totals
@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (("As", "2h"), 3),  # ace is one point
        (("4s", "5h"), 9),  # nine is the best
        (("8s", "7h"), 5),  # 15: the tens digit dropped
        (("Ts", "Th"), 0),  # 20 counts 0
        (("9s", "Th"), 9),  # the ten counts ten, so 19 is 9
        (("Ts", "Td", "Tc", "6h"), 6),  # four cards: 36 is 6
        (("As", "Ah", "Ad"), 3),
    ],
)
def test_ace_one_others_face_value_and_the_tens_digit_dropped(cards, expected):
    assert total(cards) == expected


# ------------------------------------------------------------ drawing
def test_the_player_to_the_dealers_left_goes_first():
    hands = [("As", "2s"), ("3s", "4s"), ("5s", "6s"), ("7s", "8s")]
    assert actor(start(hands, dealer=0)) == 1
    assert actor(start(hands, dealer=2)) == 3
    assert actor(start(hands, dealer=3)) == 0


def test_a_player_may_pass_or_request_a_card_from_the_stock():
    state = start([("As", "2s"), ("3s", "4s")], stock=["9h", "8h", "7h"], dealer=1)
    assert G.legal_actions(state, 0) == ("draw", "stand")
    prompt = G.view(state, 0).prompt
    assert [(p.action, p.label) for p in prompt if isinstance(p, Choice)] == [("draw", "Draw a card"), ("stand", "Stand")]
    state, _ = act(state, (0, "draw"))
    assert state.hands[0] == ("As", "2s", "9h")  # the top of the stock
    assert state.stock == ("8h", "7h")
    state, _ = act(state, (1, "stand"))
    assert state.done == (False, True)


def test_then_the_next_player_and_so_on_around_the_table():
    state = start([("As", "2s"), ("3s", "4s"), ("5s", "6s")], dealer=0)
    state, _ = act(state, (1, "draw"), (2, "draw"), (0, "draw"), (1, "stand"), (2, "draw"))
    assert actor(state) == 0


def test_a_player_may_draw_at_most_two_cards_a_four_card_hand():
    state = start([("As", "2s"), ("3s", "4s")], stock=["9h", "8h", "7h", "6h", "5h"], dealer=1)
    state, events = act(state, (0, "draw"), (1, "stand"), (0, "draw"))
    assert len(state.hands[0]) == 4
    assert G.to_act(state) == frozenset()  # drawn twice: the drawing is over for everyone
    public = [e.text for e in events if e.private_to is None]
    assert public[2] == "⟦seat:0⟧ draws a second card and has drawn all they may."
    # the second draw cannot be followed by a third
    state = start([("As", "2s"), ("3s", "4s")], dealer=1)
    state, _ = act(state, (0, "draw"), (1, "draw"), (0, "draw"))
    assert actor(state) == 1 and state.done[0]
    state, _ = act(state, (1, "draw"))
    assert state.payoffs is not None and [len(h) for h in state.hands] == [4, 4]


def test_drawing_continues_until_everyone_has_passed_or_drawn_twice():
    state = start([("As", "2s"), ("3s", "4s"), ("5s", "6s")], dealer=2)
    state, _ = act(state, (0, "draw"), (1, "stand"), (2, "draw"))
    assert G.to_act(state) == frozenset({0})  # seat 0 drew once: round again
    state, _ = act(state, (0, "stand"))
    assert actor(state) == 2  # seat 1 stood for good, so it is skipped
    state, _ = act(state, (2, "draw"))
    assert state.payoffs is not None


def test_kb3_a_player_may_draw_after_another_has_passed():
    state = start([("As", "2s"), ("3s", "4s")], dealer=1)
    state, _ = act(state, (0, "stand"))
    assert G.legal_actions(state, 1) == ("draw", "stand")
    state, _ = act(state, (1, "draw"))
    assert actor(state) == 1  # the only one still drawing keeps the turn
    state, _ = act(state, (1, "draw"))
    assert state.payoffs is not None


def test_a_stand_is_final():
    state = start([("As", "2s"), ("3s", "4s")], dealer=1)
    state, _ = act(state, (0, "stand"), (1, "draw"))
    assert G.to_act(state) == frozenset({1})
    with pytest.raises(NotYourTurn):
        G.apply(state, 0, "draw")


def test_kb4_drawn_cards_are_private_until_the_showdown():
    state = start([("As", "2s"), ("3s", "4s"), ("5s", "6s")], stock=["9h", "8h"], dealer=2)
    state, events = act(state, (0, "draw"))
    public = [e.text for e in events if e.private_to is None]
    private = [e for e in events if e.private_to is not None]
    assert public and all("9" not in t for t in public)
    assert [(e.private_to, e.text) for e in private] == [(0, "You draw 9♥.")]
    for viewer in (None, 1, 2):
        text = view_json(G.view(state, viewer))
        assert "9h" not in text and "9♥" not in text and "As" not in text
    own = G.view(state, 0)
    assert "9♥" in own.hand_text and "total 2" in own.hand_text  # 1 + 2 + 9 = 12
    assert G.private_cards(state, 0) == {"As", "2s", "9h"}


def test_stacked_draws_come_before_the_stock():
    state = start([("As", "2s", "5d", "6d"), ("3s", "4s")], stock=["9h", "8h"], dealer=1)
    state, _ = act(state, (0, "draw"), (1, "draw"), (0, "draw"))
    assert state.hands == (("As", "2s", "5d", "6d"), ("3s", "4s", "9h"))


def test_stacking_checks_the_cards():
    with pytest.raises(IllegalAction):
        start([("As", "Ks"), ("3s", "4s")])  # no kings in Kabu
    with pytest.raises(IllegalAction):
        start([("As", "2s"), ("As", "4s")])  # twice the same card
    with pytest.raises(IllegalAction):
        start([("As",), ("3s", "4s")])  # two cards each at least
    with pytest.raises(IllegalAction):
        start([("As", "2s"), ("3s", "4s")], stock=["2s"])


def test_timeout_stands():
    state = start([("As", "2s"), ("3s", "4s")], dealer=1)
    assert G.timeout_action(state, 0) == "stand"


def test_junk_and_out_of_turn_actions_change_nothing():
    state = start([("As", "2s"), ("3s", "4s")], dealer=1)
    before = G.dump(state)
    with pytest.raises(IllegalAction):
        G.apply(state, 0, "draw:2")
    with pytest.raises(NotYourTurn):
        G.apply(state, 1, "draw")
    assert G.dump(state) == before
