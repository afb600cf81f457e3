"""The core pieces added for Rage and Tresotti: multiset dealing, the score sheet, TrickPlay, hand choices."""

from __future__ import annotations

import pytest

from games.core.game import Event
from games.core.rng import Rng
from games.core.sheet import ScoreSheet, deal, remember
from games.core.tricks import Trick, TrickPlay, without
from games.core.views import hand_choices, seat_name

DECK = ("A", "B", "C", "X", "X", "X")


def test_deal_shuffles_and_leaves_the_rest_as_stock() -> None:
    hands, stock = deal(DECK, 2, 2, Rng(1))
    assert all(len(h) == 2 for h in hands) and len(stock) == 2
    assert sorted([*hands[0], *hands[1], *stock]) == sorted(DECK)
    assert deal(DECK, 2, 2, Rng(1)) == (hands, stock)  # reproducible


def test_stacked_deal_counts_duplicates() -> None:
    hands, stock = deal(DECK, 2, 2, Rng(1), hands=[["X", "X"], ["A", "X"]])
    assert hands == (("X", "X"), ("A", "X")) and sorted(stock) == ["B", "C"]
    hands, stock = deal(DECK, 2, 2, Rng(1), hands=[["X", "X"], ["A", "B"]], stock=["X", "C"])
    assert stock == ("X", "C")
    with pytest.raises(ValueError):
        deal(DECK, 2, 2, Rng(1), hands=[["X", "X"], ["X", "X"]])  # four X in a deck of three
    with pytest.raises(ValueError):
        deal(DECK, 2, 2, Rng(1), hands=[["A", "B"], ["C"]])  # wrong size
    with pytest.raises(ValueError):
        deal(DECK, 2, 2, Rng(1), stock=["A"])


def test_sheet_rows_totals_floor_and_placings() -> None:
    sheet = ScoreSheet.empty(3).add((5, -2, 0)).add((-10, 4, 4), floor=0)
    assert sheet.totals == (0, 2, 4)
    assert sheet.rows == ((5, -2, 0), (-5, 4, 4))  # the floor shows in the row
    shown = sheet.view()
    assert shown is not None and shown.totals == sheet.totals
    assert shown.rows == (("Deal 1", (5, -2, 0)), ("Deal 2", (-5, 4, 4)))
    assert ScoreSheet.empty(3).view() is None  # nothing scored yet: no sheet to show
    out = sheet.outcome("done")
    assert out.payoffs == (0, 0, 0) and out.placings == (3, 2, 1) and out.scores == (0, 2, 4)
    assert out.details == ("0 points", "2 points", "4 points")
    tied = ScoreSheet((7, 7, 3))
    assert tied.outcome("").placings == (1, 1, 3)
    assert tied.outcome("", winner=1).placings == (2, 1, 3)


def test_sheet_view_keeps_every_deal_in_order() -> None:
    sheet = ScoreSheet.empty(1)
    for k in range(12):
        sheet = sheet.add((k,))
    shown = sheet.view()
    assert shown is not None and [label for label, _row in shown.rows] == [f"Deal {k}" for k in range(1, 13)]
    assert [row for _label, row in shown.rows] == [(k,) for k in range(12)] and shown.totals == (66,)


def test_trick_play_rotates_and_gives_the_trick_to_the_winner() -> None:
    play = TrickPlay.start([["a1", "a2"], ["b1", "b2"], ["c1", "c2"]], leader=1)
    assert play.to_play == 1

    def last_card_wins(trick: Trick) -> int:
        return trick.plays[-1][0]

    play = play.play(1, "b2", last_card_wins).play(2, "c1", last_card_wins)
    assert play.to_play == 0 and play.trick.cards == ("b2", "c1")
    play = play.play(0, "a2", last_card_wins)
    assert play.trick == Trick(0) and play.tricks == (1, 0, 0) and play.taken[0] == ("b2", "c1", "a2")
    assert play.last == Trick(1, ((1, "b2"), (2, "c1"), (0, "a2"))) and play.last_winner == 0
    assert not play.done
    play = play.play(0, "a1", last_card_wins).play(1, "b1", last_card_wins).play(2, "c2", last_card_wins)
    assert play.done and play.tricks == (1, 0, 1)


def test_without_removes_one_copy() -> None:
    assert without(("X", "A", "X"), "X") == ("A", "X")
    with pytest.raises(ValueError):
        without(("A",), "B")


def test_hand_choices_disable_unplayable_and_merge_duplicates() -> None:
    choices = hand_choices(("X", "A", "X"), {"play:A"}, str.lower)
    assert [(c.action, c.label, c.enabled, c.group) for c in choices] == [
        ("play:X", "x ×2", False, "cards"),
        ("play:A", "a", True, "cards"),
    ]
    assert seat_name(0) == "⟦seat:0⟧"


def test_remember_keeps_the_latest_public_texts() -> None:
    events = [Event("one"), Event("secret", private_to=1), Event("two")]
    assert remember(("zero",), events, keep=2) == ("one", "two")
