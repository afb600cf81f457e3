"""games.core.exchange: reading a pick, listing legal picks, drawing replacements."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction
from games.core.exchange import draw, parse_pick, pick_action, pick_actions, pick_prompt, swap

HAND = ("AS", "KD", "7C", "9H", "JH")


def test_a_pick_is_read_only_when_it_is_of_its_kind_from_the_hand_and_in_range() -> None:
    assert parse_pick("discard:AS,7C", "discard", HAND, 0, 5) == ("AS", "7C")
    assert parse_pick("discard:", "discard", HAND, 0, 5) == ()
    assert parse_pick("discard:", "discard", HAND, 1, 5) is None  # at least one
    assert parse_pick("discard:AS,KD", "discard", HAND, 0, 1) is None  # at most one
    assert parse_pick("discard:AS,AS", "discard", HAND, 0, 5) is None  # the same card twice
    assert parse_pick("discard:QS", "discard", HAND, 0, 5) is None  # not in the hand
    assert parse_pick("keep:AS", "discard", HAND, 0, 5) is None  # another kind
    assert parse_pick("discard:AS,,KD", "discard", HAND, 0, 5) is None  # junk


def test_the_legal_picks_are_every_combination_in_range_and_each_one_parses() -> None:
    picks = pick_actions("discard", HAND, 1, 2)
    assert len(picks) == 5 + 10
    assert picks[0] == pick_action("discard", ("AS",))
    for action in picks:
        assert parse_pick(action, "discard", HAND, 1, 2) is not None
    assert pick_actions("discard", HAND, 0, 0) == ("discard:",)


def test_the_prompt_says_how_many_cards_may_go() -> None:
    assert "up to 3" in pick_prompt("discard", HAND, HAND, 0, 3).label
    assert "1" in pick_prompt("discard", HAND, HAND, 1, 1).label
    both = pick_prompt("discard", HAND, HAND, 1, 4)
    assert "1–4" in both.label and (both.min_count, both.max_count) == (1, 4)


def test_a_swap_keeps_the_rest_in_order_and_draws_from_the_top() -> None:
    hand, stock, drawn = swap(HAND, ("KD", "9H"), ("QC", "8D", "TS"))
    assert drawn == ("QC", "8D") and stock == ("TS",)
    assert hand == ("AS", "7C", "JH", "QC", "8D")
    with pytest.raises(IllegalAction):
        swap(HAND, ("QS",), ("QC",))
    with pytest.raises(IllegalAction):
        draw(("QC",), 2)
