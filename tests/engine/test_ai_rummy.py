"""The shared rummy play (games/ai/rummy.py): the table read back from a seat's view, the melds it
plans, the cards it keeps, and a bigger pile making a risky discard weigh more."""

from __future__ import annotations

import random

import games
from games.ai.baselines.burraco import SPEC as BURRACO
from games.ai.baselines.samba import SPEC as SAMBA
from games.ai.rummy import Knobs, RummyBot, keep_value, plan, read_table
from games.core.rummy.melds import Meld, check_new
from games.core.rummy.turns import NEW
from tests.support.rummy_scan import decisions


def test_the_table_read_from_the_view_is_the_seat_s_hand_pile_and_melds() -> None:
    for game_id, spec in (("burraco", BURRACO), ("samba", SAMBA)):
        game = games.get_game(game_id)
        base = RummyBot(spec, Knobs("b"))
        checked = 0
        for state, seat, _action in decisions(game, base, base, range(1)):
            table = read_table(game.view(state, seat), seat, spec)
            assert sorted(table.hand) == sorted(state.hands[seat])
            assert table.top == (state.pile[-1] if state.pile else "")
            assert table.pile_size == len(state.pile)
            for got, real in ((table.mine, state.melds[seat % 2]), (table.theirs, state.melds[1 - seat % 2])):
                assert [sorted(m.cards) for m in got] == [sorted(m.cards) for m in real]
                assert [m.key for m in got] == [m.key for m in real]
            checked += 1
        assert checked > 50


def test_the_plan_lays_off_then_melds_sets_and_runs() -> None:
    hand = ("7H.1", "7S.1", "7D.2", "9C.1", "TC.1", "JC.2", "KS.1", "4D.1")
    steps = plan(hand, (), BURRACO)
    assert {s.cards for s in steps} == {("7H.1", "7S.1", "7D.2"), ("9C.1", "TC.1", "JC.2")}
    assert all(s.target == NEW for s in steps)
    laid = plan(("8H.1", "KS.1", "QS.1"), plan_melds(), BURRACO)
    assert laid and laid[0].cards == ("8H.1",) and laid[0].target == "meld:0"


def plan_melds() -> tuple[Meld, ...]:
    meld = check_new(("5H.1", "6H.1", "7H.1"), BURRACO.rules, ())
    assert meld is not None
    return (meld,)


def test_a_wild_is_kept_before_a_pair_and_a_pair_before_a_lone_card() -> None:
    hand = ("JK.1", "9S.1", "9H.1", "4C.1")
    assert keep_value("JK.1", hand, (), BURRACO) > keep_value("9S.1", hand, (), BURRACO) > keep_value("4C.1", hand, (), BURRACO)


def test_a_bigger_pile_makes_a_discard_the_next_player_may_want_weigh_more() -> None:
    game = games.get_game("samba")
    base = RummyBot(SAMBA, Knobs("b"))
    state, seat, _action = next(
        (st, s, a) for st, s, a in decisions(game, base, base, range(1)) if a.startswith("discard:") and len(st.pile) >= 2
    )
    table = read_table(game.view(state, seat), seat, SAMBA)
    cards = [a[8:] for a in game.legal_actions(state, seat) if a.startswith("discard:")]
    flat = RummyBot(SAMBA, Knobs("flat", samples=32)).risks(game, state, table, cards, seat, random.Random(1))
    heavy = RummyBot(SAMBA, Knobs("heavy", samples=32, pile_weight=0.5)).risks(game, state, table, cards, seat, random.Random(1))
    assert any(heavy[c] > flat[c] for c in cards)
    assert all(heavy[c] >= flat[c] for c in cards)
