"""Burraco rule tests with stacked deals (seed 004 Burraco text, DECISIONS §4.8 and §5.8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.burraco.state import DECK, BurracoState, value
from games.core.errors import IllegalAction
from games.core.rummy.melds import check_new
from games.core.rummy.turns import DRAW, OVER, PLAY
from games.core.views import Choice, PickCards, seat_name
from tests.engine.test_burraco_support import ONE_DEAL, G, events_of, play, start


def test_setup_two_decks_eleven_each_two_pozzetti_and_the_upcard() -> None:
    assert len(DECK) == 108 and sum(c.startswith("JK") for c in DECK) == 4
    s = G.new_state(None, 4, 7, dealer=2)
    assert [len(h) for h in s.hands] == [11] * 4
    assert [len(p) for p in s.pozzetti] == [11, 11] and len(s.pile) == 1
    assert len(s.stock) == 108 - 44 - 22 - 1
    everything = [c for h in s.hands for c in h] + [c for p in s.pozzetti for c in p] + list(s.pile) + list(s.stock)
    assert sorted(everything) == sorted(DECK)
    assert s.turn == 3 and G.to_act(s) == {3}  # the dealer's left goes first
    assert G.seat_limits(G.Options()) == (4, 4)


def test_draw_the_stock_top_or_take_the_whole_pile() -> None:
    s = start(top=["KH.2"], up="9C.2")
    assert G.legal_actions(s, 0) == ("draw", "take")
    drawn = play(s, 0, "draw")
    assert "KH.2" in drawn.hands[0] and drawn.stock[0] != "KH.2" and drawn.phase == PLAY
    # a pile of several cards comes whole
    s2 = replace(s, pile=("9C.2", "4D.2", "7H.2"))
    taken = play(s2, 0, "take")
    assert {"9C.2", "4D.2", "7H.2"} <= set(taken.hands[0]) and taken.pile == () and len(taken.hands[0]) == 14
    assert taken.keep == ""  # no restriction after a bigger pile


def test_a_one_card_pile_cannot_be_discarded_the_same_turn_but_its_twin_can() -> None:
    s = start([["QH.1"]], up="QH.2")
    s = play(s, 0, "take")
    legal = G.legal_actions(s, 0)
    assert "discard:QH.2" not in legal and "discard:QH.1" in legal
    with pytest.raises(IllegalAction):
        G.apply(s, 0, "discard:QH.2")
    assert any("can't discard" in n for n in G.view(s, 0).notes)


def test_melds_are_built_by_picking_then_choosing_a_target() -> None:
    s = play(start([["7S.1", "8S.1", "9S.1", "KH.1", "KD.1", "KC.1"]]), 0, "draw")
    assert G.is_legal(s, 0, "pick:7S.1,8S.1,9S.1")  # a PickCards submission of several cards
    assert not G.is_legal(s, 0, "pick:7S.1,7S.1") and not G.is_legal(s, 1, "pick:7S.1")
    s = play(s, 0, "pick:7S.1,8S.1")
    assert "meld:new" not in G.legal_actions(s, 0)
    s = play(s, 0, "pick:9S.1")
    assert "meld:new" in G.legal_actions(s, 0)
    s, texts = events_of(s, 0, "meld:new", "pick:KH.1,KD.1,KC.1", "meld:new")  # several melds a turn
    assert [m.kind for m in s.melds[0]] == ["run", "set"] and "7S.1" not in s.hands[0]
    assert any("new run" in t for t in texts)
    assert s.phase == PLAY and G.legal_actions(s, 0)[0].startswith("discard:")


def test_partners_share_melds_and_add_to_them_on_later_turns() -> None:
    s = start([["7S.1", "8S.1", "9S.1"], ["TS.2"], ["TS.1"]])
    s = play(s, 0, "draw", "pick:7S.1,8S.1,9S.1", "meld:new")
    s = play(s, 0, f"discard:{s.hands[0][0]}")
    s = play(s, 1, "draw", "pick:TS.2")
    assert "meld:0" not in G.legal_actions(s, 1)  # not the opponents' meld
    s = play(s, 1, "clear", f"discard:{s.hands[1][-1]}")
    s = play(s, 2, "draw", "pick:TS.1")
    assert "meld:0" in G.legal_actions(s, 2)
    s = play(s, 2, "meld:0")
    assert [c[:2] for c in s.melds[0][0].cards] == ["7S", "8S", "9S", "TS"]


def test_one_set_per_rank_per_team_and_no_set_of_wilds() -> None:
    s = start([["9S.1", "9H.1", "9D.1", "9C.1", "9S.2", "9H.2", "2S.1", "2H.1", "2D.1"]])
    s = play(s, 0, "draw", "pick:9S.1,9H.1,9D.1", "meld:new", "pick:9C.1,9S.2,9H.2")
    assert "meld:new" not in G.legal_actions(s, 0) and "meld:0" in G.legal_actions(s, 0)
    s = play(s, 0, "clear", "pick:2S.1,2H.1,2D.1")
    assert "meld:new" not in G.legal_actions(s, 0)


def test_one_wild_per_meld() -> None:
    s = play(start([["5S.1", "5H.1", "JK.1", "2D.1"]]), 0, "draw", "pick:5S.1,5H.1,JK.1,2D.1")
    assert "meld:new" not in G.legal_actions(s, 0)
    s = play(s, 0, "clear", "pick:5S.1,5H.1,JK.1", "meld:new", "pick:2D.1")
    assert "meld:0" not in G.legal_actions(s, 0)


def test_a_wild_sits_low_moves_up_and_is_replaced_on_the_table() -> None:
    s = play(start([["7S.1", "8S.1", "JK.1", "TS.1", "9S.1"]]), 0, "draw", "pick:7S.1,8S.1,JK.1", "meld:new")
    assert [c[:2] for c in s.melds[0][0].cards] == ["JK", "7S", "8S"]
    s = play(s, 0, "pick:TS.1", "meld:0")
    assert [c[:2] for c in s.melds[0][0].cards] == ["7S", "8S", "JK", "TS"]
    s = play(s, 0, "pick:9S.1", "meld:0")
    assert [c[:2] for c in s.melds[0][0].cards] == ["JK", "7S", "8S", "9S", "TS"]
    assert "Joker as 6♠" in G.view(s, None).public.piles[1].text


def test_burrachi_clean_and_dirty_are_marked_on_the_table() -> None:
    run = ["4H.1", "5H.1", "6H.1", "7H.1", "8H.1", "9H.1", "TH.1"]
    s = play(start([[*run, "QS.1", "QD.1", "JK.1"]]), 0, "draw", f"pick:{','.join(run)}")
    s, texts = events_of(s, 0, "meld:new")
    assert "That makes a clean burraco!" in texts
    s, texts = events_of(s, 0, "pick:QS.1,QD.1,JK.1", "meld:new")
    pile = G.view(s, 2).public.piles[1]
    assert "clean burraco" in pile.text and pile.name == f"Melds of {seat_name(0)} and {seat_name(2)}"
    six = ["3C.1", "4C.1", "5C.1", "6C.1", "7C.1", "8C.1"]
    # a 2 of clubs would sit at its own place (clean); a 2 of diamonds is a wild (dirty)
    assert check_new([*six, "2C.2"], G_RULES()).clean
    s2 = play(start([[*six, "2D.2"]]), 0, "draw", f"pick:{','.join(six)},2D.2")
    s2, texts = events_of(s2, 0, "meld:new")
    assert "That makes a dirty burraco." in texts and "dirty burraco" in G.view(s2, None).public.piles[1].text


def test_running_out_mid_turn_takes_a_pozzetto_and_plays_on() -> None:
    hand = ["3S.1", "4S.1", "5S.1", "6S.1", "7S.1", "8S.1", "9S.1", "TS.1", "JS.1", "QS.1", "KS.1"]
    s = start([hand], poz1=["AH.1"], top=["AS.1"])
    s = play(s, 0, "draw", f"pick:{','.join([*hand, 'AS.1'])}")
    s, texts = events_of(s, 0, "meld:new")
    assert s.taken == (0, -1) and s.pozzetti[0] == () and "AH.1" in s.hands[0] and len(s.hands[0]) == 11
    assert s.phase == PLAY and s.turn == 0
    assert any("takes a pozzetto and plays on" in t for t in texts)


def test_discarding_the_last_card_takes_a_pozzetto_face_down_until_the_next_turn() -> None:
    s = start(poz1=["AH.1"])
    s = replace(s, hands=(("7S.1", "8S.1", "9S.1"), *s.hands[1:]))
    s = play(s, 0, "draw", "pick:7S.1,8S.1,9S.1", "meld:new")
    (last,) = s.hands[0]
    s, texts = events_of(s, 0, f"discard:{last}")
    assert s.hands[0] == () and len(s.face_down[0]) == 11 and s.taken == (0, -1)
    assert any("face down until their next turn" in t for t in texts)
    assert "AH.1" not in G.private_cards(s, 0)  # face down: not even its owner sees it
    assert "a pozzetto face down" in G.view(s, 1).public.seats[0].text
    for seat in (1, 2, 3):
        s = play(s, seat, "draw")
        s = play(s, seat, f"discard:{s.hands[seat][0]}")
    assert s.turn == 0 and "AH.1" in s.hands[0] and s.face_down[0] == () and len(s.hands[0]) == 11


def test_the_second_pozzetto_is_reserved_for_the_other_team() -> None:
    s = start([["7S.1", "8S.1", "9S.1"], ["7H.1", "8H.1", "9H.1"], ["7D.1", "8D.1", "9D.1"]])
    s = replace(s, hands=(("7S.1", "8S.1", "9S.1"), ("7H.1", "8H.1", "9H.1"), ("7D.1", "8D.1", "9D.1"), s.hands[3]))
    s = play(s, 0, "draw", "pick:7S.1,8S.1,9S.1", "meld:new")
    s = play(s, 0, f"discard:{s.hands[0][0]}")
    assert s.taken == (0, -1)
    s = play(s, 1, "draw", "pick:7H.1,8H.1,9H.1", "meld:new")
    s = play(s, 1, f"discard:{s.hands[1][0]}")
    assert s.taken == (0, 1) and s.pozzetti == ((), ())
    # seat 2's team has its pozzetto: melding down to no cards (or to one it can't close with) is refused
    s = play(s, 2, "draw", "pick:7D.1,8D.1,9D.1")
    assert "meld:new" not in G.legal_actions(s, 2)


def _closing(hand: tuple[str, ...], *, taken: bool = True, book: bool = True) -> BurracoState:
    run = ["4H.1", "5H.1", "6H.1", "7H.1", "8H.1", "9H.1", "TH.1"]
    s = start(options=ONE_DEAL)
    melds = ((check_new(run if book else run[:3], G_RULES()),), ())
    s = replace(s, hands=(hand, *s.hands[1:]), melds=melds, phase=PLAY)
    return replace(s, taken=(0, -1), pozzetti=((), s.pozzetti[1])) if taken else s


def test_closing_needs_the_pozzetto_a_burraco_and_a_final_non_wild_discard() -> None:
    assert "discard:KS.1" in G.legal_actions(_closing(("KS.1",)), 0)
    assert "discard:KS.1" not in G.legal_actions(_closing(("KS.1",), book=False), 0)  # no burraco
    assert "discard:JK.1" not in G.legal_actions(_closing(("JK.1",)), 0)  # a wild can't close
    assert "discard:2C.1" not in G.legal_actions(_closing(("2C.1",)), 0)
    # without the pozzetto the last discard takes it instead (no close)
    s = play(_closing(("KS.1",), taken=False), 0, "discard:KS.1")
    assert s.phase == DRAW and s.taken == (0, -1) and s.closed_by == -1
    # melding every card, with no final discard, is not a close (BU-3)
    s = play(_closing(("JS.1", "QS.1", "KS.1")), 0, "pick:JS.1,QS.1,KS.1")
    assert "meld:new" not in G.legal_actions(s, 0)
    # nor may a meld leave a last card that can't close (a wild)
    s = play(_closing(("JS.1", "QS.1", "KS.1", "JK.1")), 0, "pick:JS.1,QS.1,KS.1")
    assert "meld:new" not in G.legal_actions(s, 0)
    s = play(_closing(("JS.1", "QS.1", "KS.1", "9C.1")), 0, "pick:JS.1,QS.1,KS.1")
    assert "meld:new" in G.legal_actions(s, 0)


def test_a_legal_close_ends_the_hand_with_the_bonus() -> None:
    s = _closing(("KS.1",))
    s, texts = events_of(s, 0, "discard:KS.1")
    assert s.phase == OVER and s.closed_by == 0 and "The hand is closed." in texts
    out = G.outcome(s)
    run = s.melds[0][0].cards
    partner = sum(value(c) for c in s.hands[2])
    assert out is not None and out.scores[0] == sum(value(c) for c in run) + 200 + 100 - partner
    assert "closing +100" in " ".join(texts)
    assert out.scores[1] == -sum(value(c) for c in (*s.hands[1], *s.hands[3])) - 100


def G_RULES():
    from games.burraco.state import RULES

    return RULES


def test_the_hand_ends_when_the_stock_is_down_to_two() -> None:
    s = start(stock_len=3, options=ONE_DEAL)
    s, texts = events_of(s, 0, "draw")
    assert s.last_turn and len(s.stock) == 2 and any("last turn" in t for t in texts)
    s, texts = events_of(s, 0, f"discard:{s.hands[0][0]}")
    assert s.phase == OVER and "The stock is down to two cards: the hand ends." in texts
    out = G.outcome(s)
    assert out is not None and out.scores[0] == -sum(value(c) for c in (*s.hands[0], *s.hands[2])) - 100


def test_the_stalemate_four_turns_taking_a_one_card_pile() -> None:
    s = start(options=ONE_DEAL)
    for seat in range(4):
        assert s.phase == DRAW
        s = play(s, seat, "take")
        s, texts = events_of(s, seat, f"discard:{s.hands[seat][0]}")
    assert s.phase == OVER and any("stalemate" in t for t in texts)
    # a draw breaks the count
    s = start()
    s = play(s, 0, "take", f"discard:{s.hands[0][0]}")
    s = play(s, 1, "draw", f"discard:{s.hands[1][0]}")
    for seat in (2, 3, 0):
        s = play(s, seat, "take", f"discard:{s.hands[seat][0]}")
    assert s.phase == DRAW and s.one_card_turns == 2  # seat 2 took a two-card pile: counting restarted


def test_card_values() -> None:
    assert [value(c) for c in ("JK.1", "2S.1", "AH.1", "KD.1", "8C.1", "7S.1", "3H.1")] == [30, 20, 15, 10, 10, 5, 5]


def test_scoring_melds_minus_hands_burrachi_and_the_pozzetto_penalty() -> None:
    run = ["4H.1", "5H.1", "6H.1", "7H.1", "8H.1", "9H.1", "TH.1"]
    dirty = ["3C.1", "4C.1", "5C.1", "6C.1", "7C.1", "8C.1", "JK.1"]
    s = start(stock_len=3, options=ONE_DEAL)
    rules = G_RULES()
    melds = ((check_new(run, rules), check_new(dirty, rules)), ())
    hands = (("KS.1",), ("AS.1", "2D.1"), ("3S.1",), ())
    s = replace(s, hands=hands, melds=melds, taken=(0, -1), pozzetti=((), s.pozzetti[1]), face_down=((),) * 4)
    s = play(s, 0, "draw")
    s = play(s, 0, f"discard:{s.hands[0][-1]}")
    out = G.outcome(s)
    team0 = sum(map(value, run)) + sum(map(value, dirty)) - 10 - 5 + 200 + 100
    team1 = -15 - 20 - 100
    assert out is not None and out.scores == (team0, team1, team0, team1)
    assert out.placings == (1, 2, 1, 2) and out.extra["teams"] == [[0, 2], [1, 3]]


def test_a_pozzetto_still_face_down_counts_as_hand_without_the_penalty() -> None:
    s = start(stock_len=3, options=ONE_DEAL)
    s = replace(s, hands=(("7S.1", "8S.1", "9S.1"), *s.hands[1:]))
    s = play(s, 0, "draw", "pick:7S.1,8S.1,9S.1", "meld:new")
    s = play(s, 0, f"discard:{s.hands[0][0]}")  # the last card, on the last turn
    assert s.phase == OVER and len(s.face_down[0]) == 11
    out = G.outcome(s)
    unseen = sum(value(c) for c in s.face_down[0])
    assert out is not None and out.scores[0] == 5 + 10 + 10 - unseen - sum(value(c) for c in s.hands[2])


def test_game_ends_past_the_target_from_carried_scores() -> None:
    carry = {"scores": [1990, 1500], "rows": [[1990, 1500]], "deal": 6}
    s = start(stock_len=3, carry=carry)
    assert G.view(s, None).public.sheet.totals == (1990, 1500, 1990, 1500) and s.deal_no == 6
    run = ["4H.1", "5H.1", "6H.1", "7H.1", "8H.1", "9H.1", "TH.1"]
    s = replace(s, melds=((check_new(run, G_RULES()),), ()), taken=(0, 1), pozzetti=((), ()),
                hands=(("KS.1", "KD.1"), *s.hands[1:]))
    s = play(s, 0, "draw", "discard:KS.1")
    out = G.outcome(s)
    assert out is not None and out.placings == (1, 2, 1, 2) and out.extra["teams"] == [[0, 2], [1, 3]]
    assert "win" in out.summary and out.scores[0] > 2000


def test_not_past_the_target_the_next_deal_follows_on_the_same_sheet() -> None:
    s = start(stock_len=3, carry={"scores": [100, 50], "rows": [[100, 50]], "deal": 1})
    s = play(s, 0, "draw")
    s, events = G.apply(s, 0, f"discard:{s.hands[0][0]}")
    assert G.outcome(s) is None and s.phase == DRAW
    assert any(e.ends_deal for e in events) and any("Deal 3: ⟦seat:0⟧ deals" in e.text for e in events)
    assert s.deal_no == 2 and s.dealer == 0 and s.turn == 1 and len(s.sheet.rows) == 2
    assert [len(h) for h in s.hands] == [11] * 4 and s.taken == (-1, -1) and s.melds == ((), ())
    sheet = G.view(s, None).public.sheet
    assert sheet is not None and [r[0] for r in sheet.rows] == ["Deal 1", "Deal 2"]
    assert G.view(s, None).public.title == "Burraco · deal 3"


def test_the_safeguard_ends_the_game_after_max_deals() -> None:
    s = start(stock_len=3, carry={"scores": [300, 200], "rows": [[300, 200]], "deal": 19})
    s = play(s, 0, "draw")
    s, texts = events_of(s, 0, f"discard:{s.hands[0][0]}")
    out = G.outcome(s)
    assert out is not None and any("the last one this table plays" in t for t in texts)
    winner = 0 if out.scores[0] > out.scores[1] else 1
    assert out.placings[winner] == 1 and out.placings[1 - winner] == 2
    tie = replace(s, sheet=replace(s.sheet, totals=(5, 5, 5, 5)), winner=-1)
    assert "a tie" in G.view(tie, None).public.summary


def test_a_tie_above_the_target_plays_another_deal() -> None:
    from games.burraco.scoring import game_winner

    assert game_winner((2100, 2100), 2000) is None
    assert game_winner((2000, 1500), 2000) is None  # exceed, not reach
    assert game_winner((2001, 2300), 2000) == 1


def test_views_show_melds_pile_pozzetti_sheet_and_a_sorted_hand() -> None:
    s = start([["KS.1", "3S.1", "JK.1", "2H.1"]], up="9C.2")
    view = G.view(s, 0)
    names = [p.name for p in view.public.piles]
    assert names == ["Discard pile", *(f"Melds of {seat_name(t)} and {seat_name(t + 2)}" for t in (0, 1))]
    assert view.public.piles[0].text == "1 card, top 9♣" and view.public.piles[0].cards == ("9C.2",)
    facts = dict(view.public.facts)
    assert facts["Pozzetti"] == "2 left, one for each team" and facts["Stock"] == "41 cards"
    assert list(view.hand) == sorted(view.hand, key=lambda c: __import__("games.core.rummy.cards", fromlist=["x"]).by_suit(c))
    # card faces: the panel groups the hand by suit or rank (the player's choice); no hand text
    assert view.hand_text == "" and [f.code for f in view.faces] == list(view.hand)
    assert view.faces[-1].label == "Joker" and not view.faces[-1].rank
    assert [p.action for p in view.prompt if isinstance(p, Choice)] == ["draw", "take"]
    assert G.view(s, 1).prompt == ()
    s = play(s, 0, "draw")
    prompt = G.view(s, 0).prompt
    picks = [p for p in prompt if isinstance(p, PickCards)]
    assert [(p.kind, len(p.cards), p.max_count) for p in picks] == [("pick", 12, 12), ("discard", 12, 1)]
    assert not any(isinstance(p, Choice) and p.action.startswith("discard:") for p in prompt)
    one = play(s, 0, f"pick:{s.hands[0][0]}")
    assert [p.action for p in G.view(one, 0).prompt if isinstance(p, Choice)] == [f"discard:{s.hands[0][0]}", "clear"]


def test_big_hands_are_paged_and_nothing_is_cut() -> None:
    s = start()
    pile = tuple(c for c in s.stock[:30])
    s = replace(s, pile=pile, stock=s.stock[30:])
    s = play(s, 0, "take")
    prompt = G.view(s, 0).prompt
    picks = [p for p in prompt if isinstance(p, PickCards)]
    assert [len(p.cards) for p in picks] == [25, 16] and {p.kind for p in picks} == {"pick"}
    assert sorted(c for p in picks for c in p.cards) == sorted(s.hands[0])
    one = G.view(play(s, 0, f"pick:{s.hands[0][0]}"), 0).prompt
    assert f"discard:{s.hands[0][0]}" in [p.action for p in one if isinstance(p, Choice)]


def test_timeout_draws_then_discards() -> None:
    s = start()
    assert G.timeout_action(s, 0) == "draw"
    s = play(s, 0, "draw")
    assert G.timeout_action(s, 0).startswith("discard:")


def test_state_round_trips() -> None:
    s = play(start([["7S.1", "8S.1", "9S.1"]]), 0, "draw", "pick:7S.1,8S.1,9S.1", "meld:new", "pick:" + "KS.1")
    assert isinstance(s, BurracoState)
    assert G.load(G.dump(s)) == s


def test_two_runs_of_a_suit_may_stand_but_never_merge() -> None:
    s = play(start([["3S.1", "4S.1", "5S.1", "7S.1", "8S.1", "9S.1", "6S.1"]]), 0, "draw")
    s = play(s, 0, "pick:3S.1,4S.1,5S.1", "meld:new", "pick:7S.1,8S.1,9S.1", "meld:new")
    assert len(s.melds[0]) == 2  # more than one sequence of a suit
    s = play(s, 0, "pick:6S.1")
    # the 6♠ extends either run, but nothing joins the two into 3♠–9♠
    assert set(G.legal_actions(s, 0)) >= {"meld:0", "meld:1"}
    assert "They fit: meld 1, meld 2." in G.view(s, 0).notes[0]
    s = play(s, 0, "meld:0")
    assert [len(m.cards) for m in s.melds[0]] == [4, 3]


def test_aces_high_or_low_in_play() -> None:
    s = play(start([["AS.1", "2S.1", "3S.1", "QH.1", "KH.1", "AH.1"]]), 0, "draw")
    s = play(s, 0, "pick:AS.1,2S.1,3S.1", "meld:new", "pick:QH.1,KH.1,AH.1", "meld:new")
    assert [m.low for m in s.melds[0]] == [1, 12] and all(m.clean for m in s.melds[0])
