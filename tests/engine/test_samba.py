"""Samba's rules, sentence by sentence (docs/rules/samba.md): the deal, the turn, the pile, melds."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core.errors import IllegalAction
from games.core.rummy.melds import check_new
from games.samba import SambaOptions
from games.samba.state import DECK, RULES, evolve, is_wild, value
from tests.engine.test_samba_support import G, act, card, pick, plain, play, start, with_melds


def test_deck_is_three_decks_with_six_jokers() -> None:
    assert len(DECK) == 162 and len(set(DECK)) == 162
    faces = Counter(c[:2] for c in DECK)
    assert faces["JK"] == 6 and faces["QS"] == 3 and len(faces) == 53


def test_fifteen_each_an_upcard_and_the_left_of_the_dealer_first() -> None:
    s = G.new_state(None, 4, 7, dealer=1)
    assert all(len(h) == 15 for h in s.hands)
    assert len(s.pile) == 1 and s.turn == 2
    red = sum(len(r) for r in s.red3s)
    assert len(s.stock) + 60 + 1 + red + len(s.dead) == 162


def test_exactly_four_players_partners_across_turns_alternate() -> None:
    assert (G.min_players, G.max_players) == (4, 4)
    s = start(["", "", "", ""])
    seats = []
    for _ in range(4):
        seats.append(s.turn)
        s = play(s, "draw")
        s = play(s, f"discard:{sorted(s.hands[s.turn])[0]}")
    assert seats == [0, 1, 2, 3]


def test_red_3s_dealt_are_laid_out_and_replaced_from_the_left_of_the_dealer() -> None:
    s = start(["3H 3D", "", "3H", ""], "9C KS KH QH")
    assert len(s.red3s[0]) == 3 and len(s.hands[0]) == 15 and len(s.hands[2]) == 15
    # seat 0 (left of the dealer) replaces first: K♠ and K♥; then seat 2: Q♥
    assert {c[:2] for c in s.hands[0]} >= {"KS", "KH"} and "QH" in {c[:2] for c in s.hands[2]}


def test_drawing_one_card_a_red_3_is_laid_out_and_replaced() -> None:
    s = start(["", "", "", ""], "9C 3D KS")
    s2, texts = act(s, "draw")
    assert len(s2.hands[0]) == 16 and s2.red3s[0] == ("3D.1",) and any(c.startswith("KS") for c in s2.hands[0])
    assert any("lays out a red 3" in t for t in texts)


def test_standard_preset_draws_two() -> None:
    s = start(["", "", "", ""], "9C KS 3H KH", options=SambaOptions(draw=2, samba_bonus=1500))
    s = play(s, "draw")
    assert len(s.hands[0]) == 17 and len(s.red3s[0]) == 1  # SB-6: two non-red-3 cards
    assert G.presets["standard"].draw == 2 and G.presets["standard"].samba_bonus == 1500
    assert G.presets["text"].draw == 1 and G.presets["text"].samba_bonus == 500


def test_the_pile_is_taken_with_a_natural_pair_and_the_top_card_is_melded() -> None:
    s = start(["KS KH 9S 9H 9D AS AH", "", "", ""], "KD")
    assert "take:new" in G.legal_actions(s, 0)
    s = play(s, "take:new")  # K K K = 30 points < 50: the initial meld is still being built
    assert s.taking and not s.melds[0]
    s = play(s, pick(s, 0, "9S 9H 9D"), "meld:new")
    assert not s.taking and len(s.melds[0]) == 2 and "KD.1" in s.melds[0][0].cards
    assert len(s.hands[0]) == 15 - 5  # the pile (just its top card) was melded


def test_no_pair_and_no_team_meld_no_take() -> None:
    s = start(["", "", "", ""], "QD")  # one Q♠ in the hand: no pair
    assert not [a for a in G.legal_actions(s, 0) if a.startswith("take")]
    with pytest.raises(IllegalAction):
        G.apply(s, 0, "take:new")


def test_the_whole_pile_comes_in_when_the_top_extends_a_team_meld() -> None:
    s = start(["", "", "", ""], "7C")
    s = with_melds(s, 0, "QD QC QD", "4D 5D 6D")
    for seat in (0, 1, 2, 3):  # four discards pile up on the 7♣
        s = play(s, "draw", f"discard:{plain(s, seat)}")
    s = evolve(s, pile=(*s.pile, "7D.3"))  # a 7♦ on top
    assert "take:1" in G.legal_actions(s, 0)  # 7♦ alone extends 4-5-6♦
    n = len(s.pile)
    s2 = play(s, "take:1")
    assert len(s2.hands[0]) == 15 + n - 1 and not s2.pile and "7D.3" in s2.melds[0][1].cards


def test_never_to_start_an_escalera_and_never_with_help_from_the_hand() -> None:
    s = start(["5H 6H", "", "", ""], "7H")  # 5-6♥ in hand: the 7♥ can't start an escalera
    assert not [a for a in G.legal_actions(s, 0) if a.startswith("take")]
    s = with_melds(start(["8D", "", "", ""], "TD"), 0, "QD QC QD", "4D 5D 6D")
    assert not [a for a in G.legal_actions(s, 0) if a.startswith("take")]  # 10♦ would need the 7♦ 8♦ 9♦ from the hand


def test_a_black_3_on_top_blocks_the_pile() -> None:
    s = start(["3S 3C", "", "", ""], "3S")
    assert G.legal_actions(s, 0) == ("draw",)


def test_red_3_upcard_freezes_the_pile_and_scores_for_nobody() -> None:
    s = start(["", "", "", ""], "3H")
    assert s.frozen and not s.red3s[0] and not s.red3s[1]
    s = start(["KS KH", "", "", ""], "3H KD")
    s = play(s, "draw", f"discard:{s.hands[0][-1]}")
    assert s.pile[0] == "3H.1"


def test_a_wild_discarded_freezes_the_pile_and_a_wild_on_top_can_never_be_taken() -> None:
    s = start(["2S", "QS QH", "", ""], "9C")
    s = with_melds(s, 1, "QD QC QD")
    s = play(s, "draw", f"discard:{card(s, 0, '2S')}")
    assert s.frozen and is_wild(s.pile[-1])
    assert G.legal_actions(s, 1) == ("draw",)


def test_a_frozen_pile_needs_a_natural_pair_not_a_team_meld() -> None:
    s = start(["", "QS QH", "", ""], "JK KD")
    s = with_melds(s, 1, "QD QC JK", "KS KH KC")
    s = play(s, "draw", f"discard:{plain(s, 0)}")
    # put a Q on top of the frozen pile: the pair may take it, adding it to the Q set may not
    s = evolve(s, pile=(*s.pile, "QD.3"))
    legal = G.legal_actions(s, 1)
    assert "take:new" in legal and "take:0" not in legal
    s2 = play(s, "take:new")
    assert not s2.frozen and not s2.pile and "JK.1" in s2.hands[1]


def test_sets_three_to_seven_at_most_two_wilds() -> None:
    ids = ["QS.1", "QH.1", "QD.1", "QC.1", "QS.2", "2H.1", "JK.1"]
    assert check_new(ids, RULES) is not None
    assert check_new([*ids, "QH.2"], RULES) is None  # eight cards
    assert check_new(["QS.1", "2H.1", "2D.1", "JK.1"], RULES) is None  # three wilds
    assert check_new(["QS.1", "QH.1"], RULES) is None
    assert check_new(["2S.1", "2H.1", "JK.1"], RULES) is None  # no rank


def test_escaleras_from_4_to_the_ace_no_wilds_no_black_3s() -> None:
    assert check_new(["4S.1", "5S.1", "6S.1"], RULES) is not None
    assert check_new(["QH.1", "KH.1", "AH.1"], RULES) is not None
    assert check_new(["AH.1", "2H.1", "3H.1"], RULES) is None  # aces are high only
    assert check_new(["3S.1", "4S.1", "5S.1"], RULES, going_out=True) is None
    assert check_new(["4S.1", "5S.1", "JK.1"], RULES) is None
    assert check_new(["4S.1", "5S.1", "6S.1", "7S.1", "8S.1", "9S.1", "TS.1", "JS.1"], RULES) is None


def test_partners_share_melds_and_several_sets_of_a_rank() -> None:
    s = with_melds(start(["", "", "QD QD QC", ""], "9C"), 0, "QD QC QC")
    s = play(s, "draw", f"discard:{plain(s, 0)}", "draw", f"discard:{plain(s, 1)}", "draw")
    s = play(s, pick(s, 2, "QD QD QC"))
    assert "meld:new" in G.legal_actions(s, 2) and "meld:0" in G.legal_actions(s, 2)
    s = play(s, "meld:new")
    assert len(s.melds[0]) == 2 and all(m.key == "Q" for m in s.melds[0])


def test_combining_two_sets_sb7() -> None:
    s = with_melds(start(["", "", "", ""], "9C"), 0, "QD QC QD", "QC QD JK", "4D 5D 6D", "7D 8D 9D")
    s = play(s, "draw")
    legal = G.legal_actions(s, 0)
    assert "combine:0,1" in legal and not [a for a in legal if a.startswith("combine:2")]
    s = play(s, "combine:0,1")
    assert len(s.melds[0]) == 3 and len(s.melds[0][0].cards) == 6
    big = with_melds(start(["", "", "", ""], "9C"), 0, "QD QC QD QC", "QD QC QS JK")
    assert not [a for a in G.legal_actions(play(big, "draw"), 0) if a.startswith("combine")]


def test_canastas_close_at_seven() -> None:
    s = with_melds(start(["KS", "", "", ""], "9C"), 0, "KD KD KD KC KC KC JK", "8D 8C 8D")
    s = play(s, "draw", pick(s, 0, "KS"))
    assert not [a for a in G.legal_actions(s, 0) if a.startswith("meld:")]


def test_black_3s_only_when_going_out_three_or_four_no_wilds() -> None:
    s = with_melds(start(["3S 3C 3S KS", "", "", ""], "9C"), 0, "QD QD QD QC QC QC JK", "4D 5D 6D 7D 8D 9D TD")
    s = play(s, "draw")
    s = play(s, pick(s, 0, "3S 3C 3S"))
    assert "meld:new" not in G.legal_actions(s, 0)  # the rest of the hand stays: not going out
    # a hand of black 3s and one card to discard goes out
    s = evolve(s, hands=(("3S.1", "3C.1", "3S.2", "KS.1"), *s.hands[1:]), selection=())
    s = play(s, pick(s, 0, "3S 3C 3S"))
    assert "meld:new" in G.legal_actions(s, 0)
    s = evolve(s, hands=(("3S.1", "3C.1", "2D.1", "KS.1"), *s.hands[1:]), selection=())
    s = play(s, pick(s, 0, "3S 3C 2D"))
    assert "meld:new" not in G.legal_actions(s, 0)  # no wilds with black 3s


def test_card_values() -> None:
    assert [value(c) for c in ("JK.1", "2S.1", "AH.1", "KD.1", "8C.1", "7S.1", "4H.1", "3S.1")] == [
        50, 20, 20, 10, 10, 5, 5, 5
    ]
