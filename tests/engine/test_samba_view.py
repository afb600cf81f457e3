"""What Samba players see: the hand as card faces (grouped and sorted by the panel), the pile, both
teams' melds compact, the picker narrowed to cards that can still make a meld, the score sheet."""

from __future__ import annotations

from games.core.views import PickCards, seat_name
from tests.engine.test_samba_support import G, pick, play, start, with_melds


def test_the_hand_is_given_as_card_faces_and_no_hand_text() -> None:
    s = start(["KD KC JK 2S 4H", "", "", ""], "5C")
    view = G.view(s, 0)
    assert view.hand_text == "" and [f.code for f in view.faces] == list(view.hand) and len(view.faces) == 15
    jokers = [f for f in view.faces if f.label == "Joker"]
    assert jokers and all(not f.rank and not f.suit for f in jokers)
    kings = [f for f in view.faces if f.rank == "K"]
    assert {f.suit for f in kings} >= {"♦", "♣"} and len({f.code for f in kings}) == len(kings)
    assert G.view(s, None).faces == () and G.view(s, 1).faces != view.faces


def test_table_lines_pile_frozen_melds_compact_and_the_sheet() -> None:
    s = with_melds(start(["", "", "", ""], "2C"), 0, "QD QD QD QC QC QC QS", "4D 5D 6D")
    piles = {p.name: p.text for p in G.view(s, 3).public.piles}
    assert piles["Discard pile"] == "1 card, top 2♣ · frozen"
    team = f"Melds of {seat_name(0)} and {seat_name(2)}"  # named after the partners
    assert "1. Q ×7 (clean canasta)" in piles[team] and "2. 4♦ 5♦ 6♦ (escalera)" in piles[team]
    sheet = G.view(s, 3).public.sheet
    assert sheet is not None and sheet.totals == (0, 0, 0, 0)


def test_after_a_pick_only_cards_that_can_still_make_a_meld_are_offered() -> None:
    s = play(start(["KD KC 4H 5H JK", "", "", ""], "5C"), "draw")
    s = play(s, pick(s, 0, "KD"))
    legal = [a[5:] for a in G.legal_actions(s, 0) if a.startswith("pick:")]
    faces = {c[:2] for c in legal}
    assert "KC" in faces and "JK" in faces and "4H" not in faces  # kings, wilds, diamonds near: yes
    assert all(c[:2] == "KC" or c[0] in "2K" or c[:2] == "JK" or c[1] == "D" for c in legal)
    (picker,) = [p for p in G.view(s, 0).prompt if isinstance(p, PickCards) and p.kind == "pick"]
    assert set(picker.cards) == set(legal)


def test_a_pick_that_can_never_make_a_meld_is_told_so() -> None:
    s = play(start(["KD KC 4H 5H JK", "", "", ""], "5C"), "draw")
    s = play(s, pick(s, 0, "KD 4H"))  # a picker takes any cards at once
    notes = " ".join(G.view(s, 0).notes)
    assert "These cards can't go in one meld: clear them and pick again." in notes
    s = play(s, "clear", pick(s, 0, "4H 5H"))
    assert "They fit no meld yet: pick more, or clear." in " ".join(G.view(s, 0).notes)
