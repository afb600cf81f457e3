"""Samba's rules, sentence by sentence: the initial meld, going out, "May I go out?", the stock's end,
scoring and the game to 10,000 (docs/rules/samba.md)."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction
from games.samba.scoring import team_score
from games.samba.state import SambaOptions, SambaState, evolve, minimum, value
from tests.engine.test_samba_support import G, act, pick, plain, play, start, with_melds

TWO_BOOKS = ("QD QD QD QC QC QC JK", "4D 5D 6D 7D 8D 9D TD")
#: A table that plays one deal (the ``max_deals`` safeguard): the deal's end is the game's, and the
#: state keeps the deal as it ended, to read its scoring term by term.
ONE_DEAL = SambaOptions(max_deals=1)


@pytest.mark.parametrize(
    ("score", "need"), [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (6995, 120),
                        (7000, 160), (9995, 160)],
)
def test_initial_meld_minimum_by_the_team_score(score: int, need: int) -> None:
    assert minimum(score) == need


def test_initial_meld_is_built_unseen_until_it_reaches_the_minimum_sb8() -> None:
    s = start(["KD KC KD 9D 9C 9D", "", "", ""], "5C")
    s = play(s, "draw", pick(s, 0, "KD KC KD"), "meld:new")  # 30 points: not enough for 50
    assert not s.melds[0] and len(s.staged) == 1
    assert "KD" not in G.view(s, 1).public.piles[1].text
    s, texts = act(play(s, pick(s, 0, "9D 9C 9D")), "meld:new")  # 60 ≥ 50: laid down
    assert len(s.melds[0]) == 2 and not s.staged and any("initial meld" in t for t in texts)


def test_exactly_the_minimum_is_enough_and_bonuses_do_not_count() -> None:
    s = start(["KD KC KD KC AD", "", "", ""], "5C")  # 4 kings + ace = 60 with a later score
    s = play(s, "draw", pick(s, 0, "KD KC KD KC AD"))
    assert "meld:new" not in G.legal_actions(s, 0)  # a K-set with an ace is no set
    s = start(["KD KC KD KC 9D", "", "", ""], "5C", carry={"scores": [1500, 0]})  # needs 90
    s = play(s, "draw", pick(s, 0, "KD KC KD KC"), "meld:new")
    assert not s.melds[0]  # 40 < 90
    s = start(["KD KC KD", "", "", ""], "5C", carry={"scores": [-20, 0]})  # needs 15
    s = play(s, "draw", pick(s, 0, "KD KC KD"), "meld:new")
    assert s.melds[0]  # 30 ≥ 15


def test_a_later_deal_starts_from_the_carried_scores() -> None:
    s = start(["", "", "", ""], carry={"scores": [7000, 3000], "rows": [[7000, 3000]], "deal": 3})
    assert s.deal_no == 3 and s.sheet.totals == (7000, 3000, 7000, 3000)
    assert "160 points needed" in dict(G.view(s, None).public.facts)["Initial meld"]


def test_taking_the_pile_for_the_initial_meld_sb3_and_undo() -> None:
    s = start(["KD KC", "", "", ""], "KS")  # K K K = 30: the rest must come from the hand
    s = play(s, "take:new")
    assert s.taking and "undo" in G.legal_actions(s, 0)
    assert not [a for a in G.legal_actions(s, 0) if a.startswith("discard")]
    s = play(s, "undo")
    assert s.phase == "draw" and s.pile and not s.staged and not s.taking


def test_after_the_initial_meld_no_minimum() -> None:
    s = with_melds(start(["9D 9C 9D", "", "", ""], "5C"), 0, "QD QC QD")
    s = play(s, "draw", pick(s, 0, "9D 9C 9D"), "meld:new")
    assert len(s.melds[0]) == 2


def test_going_out_needs_two_seven_card_melds() -> None:
    s = with_melds(start(["9D 9C 9D", "", "", ""], "5C"), 0, "QD QC QD")
    s = evolve(s, hands=(("9D.1", "9C.1", "9D.2"), *s.hands[1:]))
    s = play(s, "draw", pick(s, 0, "9D 9C 9D"))
    assert "meld:new" not in G.legal_actions(s, 0)  # it would leave one card: no going out


def _ready(options: SambaOptions | None = None, carry: dict[str, object] | None = None) -> SambaState:
    s = with_melds(start(["9D 9C 9D", "", "", ""], "5C", options=options, carry=carry), 0, *TWO_BOOKS)
    return evolve(s, hands=(("9D.1", "9C.1", "9D.2"), *s.hands[1:]))


def test_going_out_by_melding_every_card_sb1_and_scoring() -> None:
    s = play(_ready(ONE_DEAL), "draw")  # draws 5♣-ish from the stock: four cards
    s = play(s, pick(s, 0, "9D 9C 9D"), "meld:new")
    partner = sum(value(c) for c in s.hands[2])
    s = play(s, f"discard:{s.hands[0][0]}")
    assert s.phase == "over" and s.out_by == 0
    t = team_score(s, 0)
    assert (t.clean, t.mixed, t.sambas, t.out) == (0, 1, 1, True)
    melded = 50 + 60 + 5 * 4 + 10 * 3 + 30
    assert t.in_hand == partner and t.total == melded + 300 + 500 + 200 - partner
    assert s.sheet.rows == ((t.total, team_score(s, 1).total) * 2,)
    o = G.outcome(s)
    assert o is not None and o.extra["teams"] == [[0, 2], [1, 3]] and o.placings[0] == o.placings[2] == 1


def test_going_out_ends_the_deal_and_the_next_is_dealt_in_the_same_state() -> None:
    s = play(_ready(), "draw")
    s = play(s, pick(s, 0, "9D 9C 9D"), "meld:new")
    s, texts = act(s, f"discard:{s.hands[0][0]}")
    assert "After deal 1" in " ".join(texts) and G.outcome(s) is None
    assert s.deal_no == 1 and s.dealer == 0 and G.to_act(s) == frozenset({1}) and s.phase == "draw"
    assert [len(h) for h in s.hands] == [15] * 4 and s.melds == ((), ()) and s.out_by == -1
    assert len(s.sheet.rows) == 1 and s.sheet.totals[0] > 900


def test_may_i_go_out_the_partner_answers_and_no_binds() -> None:
    s = play(_ready(), "draw")
    assert "ask" in G.legal_actions(s, 0)
    s = play(s, "ask")
    assert G.to_act(s) == frozenset({2}) and G.legal_actions(s, 2) == ("yes", "no")
    assert [p.action for p in G.view(s, 2).prompt] == ["yes", "no"]
    s = play(s, "no")
    assert G.to_act(s) == frozenset({0}) and "ask" not in G.legal_actions(s, 0)
    s = play(s, pick(s, 0, "9D 9C 9D"))
    assert "meld:new" not in G.legal_actions(s, 0)  # going out is forbidden after a No


def test_after_yes_not_going_out_costs_100() -> None:
    s = play(_ready(), "draw", "ask", "yes")
    s = play(s, f"discard:{s.hands[0][0]}")
    assert s.penalties == (-100, 0) and team_score(s, 0).penalty == -100


def test_red_3s_score_100_each_1000_for_six_negative_without_two_books() -> None:
    s = with_melds(start(["", "", "", ""]), 0, *TWO_BOOKS)
    s = evolve(s, red3s=(("3H.1", "3D.1"), ("3H.2",)))
    assert team_score(s, 0).red3_points == 200 and team_score(s, 1).red3_points == -100
    s = evolve(s, red3s=(("3H.1", "3H.2", "3H.3", "3D.1", "3D.2", "3D.3"), ()))
    assert team_score(s, 0).red3_points == 1000


def test_hand_cards_count_against_the_team() -> None:
    s = start(["", "", "", ""])
    t = team_score(s, 0)
    assert t.in_hand == sum(value(c) for c in (*s.hands[0], *s.hands[2])) > 0
    assert t.total == -t.in_hand


def test_the_stock_used_up_play_goes_on_then_ends_when_a_player_cannot_take() -> None:
    s = start(["", "", "", ""], "9C KD", pad_stock=False)
    s, texts = act(s, "draw")
    assert not s.stock and any("used up" in t for t in texts)
    s, texts = act(s, f"discard:{plain(s, 0)}")
    assert any("can't take the discard pile" in t for t in texts) and "After deal 1: " in " ".join(texts)
    assert s.deal_no == 1 and len(s.sheet.rows) == 1 and G.outcome(s) is None  # the game goes on


def test_the_last_card_a_red_3_meld_then_the_hand_ends_without_a_discard() -> None:
    s = start(["", "", "", ""], "9C 3D", pad_stock=False, options=ONE_DEAL)
    s = play(s, "draw")
    legal = G.legal_actions(s, 0)
    assert s.no_discard and "end" in legal and not [a for a in legal if a.startswith("discard")]
    s = play(s, "end")
    assert s.phase == "over" and s.red3s[0] == ("3D.1",)


def test_game_to_10000_the_higher_team_wins() -> None:
    s = start(["", "", "", ""], "9C KD", carry={"scores": [9990, 9000], "rows": [[9990, 9000]], "deal": 5},
              pad_stock=False)
    s = play(s, "draw", f"discard:{plain(s, 0)}")
    # both teams lose their hands' values: nobody reaches 10,000, the next deal follows on the sheet
    assert G.outcome(s) is None and s.deal_no == 6 and len(s.sheet.rows) == 2
    s = with_melds(start(["", "", "", ""], "9C KD", carry={"scores": [9990, 9000]}, pad_stock=False), 0, *TWO_BOOKS)
    s, texts = act(play(s, "draw"), f"discard:{plain(s, 0)}")
    o = G.outcome(s)
    assert o is not None and s.phase == "over" and s.winner == 0 and o.placings == (1, 2, 1, 2)
    assert o.extra == {"teams": [[0, 2], [1, 3]], "deals": 1} and o.scores == s.sheet.totals
    assert texts[-1].startswith("Game over: ") and " win, " in texts[-1]


def test_reaching_exactly_10000_is_enough_and_a_tie_there_plays_on() -> None:
    s = with_melds(start(["", "", "", ""], "9C KD", carry={"scores": [9000, 0]}, pad_stock=False), 0, *TWO_BOOKS)
    s = play(s, "draw")
    row = team_score(evolve(s, hands=(s.hands[0][1:], *s.hands[1:])), 0).total
    s = start(["", "", "", ""], "9C KD", carry={"scores": [10000 - row, 0]}, pad_stock=False)
    s = play(with_melds(s, 0, *TWO_BOOKS), "draw", f"discard:{plain(s, 0)}")
    assert s.sheet.totals[0] == 10000 and s.phase == "over" and s.winner == 0
    probe = start(["", "", "", ""], "9C KD", pad_stock=False)
    probe = play(probe, "draw", f"discard:{plain(probe, 0)}")
    a, b = probe.sheet.rows[0][:2]
    tied = start(["", "", "", ""], "9C KD", carry={"scores": [12000 - a, 12000 - b]}, pad_stock=False)
    tied, texts = act(play(tied, "draw"), f"discard:{plain(tied, 0)}")
    assert tied.sheet.totals[:2] == (12000, 12000) and G.outcome(tied) is None and tied.deal_no == 1
    assert "Tied at 10000 or more: another deal." in texts


def test_the_safeguard_ends_the_game_after_max_deals() -> None:
    opts = SambaOptions(max_deals=3)
    s = start(["", "", "", ""], "9C KD", carry={"scores": [500, 800], "rows": [[500, 800]], "deal": 2},
              pad_stock=False, options=opts)
    s, texts = act(play(s, "draw"), f"discard:{plain(s, 0)}")
    o = G.outcome(s)
    assert o is not None and s.phase == "over" and "That was deal 3, the last one this table plays." in texts
    assert s.winner == 1 and o.placings == (2, 1, 2, 1) and o.extra["deals"] == 3
    assert SambaOptions().max_deals == 20


def test_a_later_deal_in_the_same_game_needs_the_minimum_of_the_new_score() -> None:
    s = play(_ready(carry={"scores": [600, 0], "rows": [[600, 0]], "deal": 1}), "draw")
    s = play(s, pick(s, 0, "9D 9C 9D"), "meld:new")
    s = play(s, f"discard:{s.hands[0][0]}")  # team 1 goes out: 1,500 or more
    assert 1500 <= s.sheet.totals[0] < 3000 and s.deal_no == 2 and len(s.sheet.rows) == 2
    facts = dict(G.view(s, None).public.facts)["Initial meld"]
    assert s.sheet.totals[1] < 0 and facts == "team 1: 90 points needed; team 2: 15 points needed"


def test_out_of_turn_and_junk_are_refused() -> None:
    s = start(["", "", "", ""])
    with pytest.raises(IllegalAction):
        G.apply(s, 0, "meld:new")
