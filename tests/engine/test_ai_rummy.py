"""The shared rummy play (games/ai/rummy.py): the table read back from a seat's view, the melds it
plans, the cards it keeps, and a bigger pile making a risky discard weigh more."""

from __future__ import annotations

import random
from types import SimpleNamespace

import games
from games.ai.baselines.burraco import SPEC as BURRACO
from games.ai.baselines.samba import SPEC as SAMBA
from games.ai.players.samba import SPEC as SAMBA_STRONG
from games.ai.players.samba import player as samba_player
from games.ai.players.samba import table_extra
from games.ai.rummy import Knobs, RummyBot, Step, keep_value, plan, read_table
from games.ai.rummy_search import SearchingBot, beats
from games.ai.search import STRENGTHS
from games.core.rummy.melds import SET, Meld, check_new
from games.core.rummy.turns import NEW
from games.samba.state import OUT_BONUS
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


def test_a_searched_choice_beats_the_rule_s_only_by_a_clear_margin() -> None:
    """Paired play-outs: a mean ahead by less than ``margin`` standard errors is noise, and two are needed."""
    assert beats([3.0, 3.0, 3.0], [1.0, 1.0, 1.0], 1.0)
    assert beats([5.0, 0.0, 4.0], [1.0, 1.0, 1.0], 1.0)  # ahead by 2, standard error 1.53
    assert not beats([5.0, 0.0, 4.0], [1.0, 1.0, 1.0], 2.0)
    assert not beats([9.0], [0.0], 1.0)


def test_samba_s_strong_search_keeps_the_rule_s_choice_without_a_clear_winner() -> None:
    """Six noisy play-outs made strong Samba worse than normal's rule: with a margin, one play-out never
    overturns the rule's discard; without one (Burraco's search) the best mean wins."""
    game = games.get_game("samba")
    base = RummyBot(SAMBA, Knobs("b"))
    state, seat, _action = next(
        (st, s, a) for st, s, a in decisions(game, base, base, range(1))
        if a.startswith("discard:") and len([x for x in game.legal_actions(st, s) if x.startswith("discard:")]) >= 3
    )
    options = [a for a in game.legal_actions(state, seat) if a.startswith("discard:")][:3]
    strong = samba_player(STRENGTHS["strong"], None)
    assert isinstance(strong, SearchingBot) and strong.margin > 0
    for rule in options:
        one = SearchingBot(SAMBA, Knobs("s", caution=1.0), samples=1, margin=strong.margin)
        assert one._best(game, state, seat, options, random.Random(3), rule) == rule
    plain = SearchingBot(SAMBA, Knobs("s", caution=1.0), samples=1)
    picks = {plain._best(game, state, seat, options, random.Random(3), rule) for rule in options}
    assert len(picks) == 1  # the rule's choice plays no part


def test_samba_s_search_scores_red_3s_and_part_of_the_going_out_bonus() -> None:
    """Melds and hands alone miss Samba's red 3s (for a team with two books, against one without) and the
    going-out bonus, which a four-turn play-out rarely reaches: half of it counts once the team could go out."""
    book = Meld(SET, tuple(f"8{s}.{k}" for s in "SHDC" for k in (1, 2))[:7], "8")
    reds = (("3H.1", "3D.1"), ())
    long_hands = (("4S.1",) * 9, ("5S.1",) * 9, ("6S.1",) * 9, ("7S.1",) * 9)
    none = SimpleNamespace(melds=((), ()), red3s=reds, hands=long_hands)
    assert table_extra(none, 0) == -200 and table_extra(none, 1) == 0
    two = SimpleNamespace(melds=((book, book), ()), red3s=reds, hands=long_hands)
    assert table_extra(two, 0) == 200
    near = SimpleNamespace(melds=((book, book), ()), red3s=reds, hands=(("4S.1",) * 9, (), ("6S.1",) * 3, ()))
    assert table_extra(near, 0) == 200 + OUT_BONUS / 2
    assert SAMBA_STRONG.extra is table_extra and BURRACO.extra(near, 0) == 0  # Burraco's search is unchanged


def test_a_last_wild_goes_on_the_meld_it_makes_a_book() -> None:
    """Near the end the wild may go anywhere, but first where it closes a book: Samba's second book is
    what lets the team go out (before, it went on the first meld that took it, and the hand could not go
    out)."""
    short = Meld(SET, ("9S.1", "9S.3", "9H.3", "9C.2"), "9")
    six = Meld(SET, ("4S.3", "4H.1", "4H.2", "4D.1", "4C.1", "2H.2"), "4")
    steps = plan(("QC.1", "2D.3"), (short, six), SAMBA)
    assert steps and steps[0] == Step(("2D.3",), "meld:1")
