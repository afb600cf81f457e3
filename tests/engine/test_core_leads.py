"""games.core.leads: lead duties, the unbeatable-card exemption and forced plays, on a toy deck."""

from __future__ import annotations

from games.core.leads import Duties, Force, Ranking, forced_follow, legal_leads, may_force

# Two suits, x and y, ranks 1 (low) to 5 (high): "x5" is the top x.
CARDS = tuple(f"{s}{r}" for s in "xy" for r in range(1, 6))
RANK = Ranking.of(CARDS, lambda c: c[0], {c: int(c[1]) for c in CARDS})
SUIT = {c: c[0] for c in CARDS}


def test_ranking_lists_the_higher_cards_of_the_same_suit_only() -> None:
    assert RANK.above["x3"] == frozenset({"x4", "x5"})
    assert RANK.above["y5"] == frozenset()


def test_the_top_card_is_unbeatable_from_the_start() -> None:
    assert RANK.unbeatable("x5", ("x5", "y1"), ())


def test_a_card_is_unbeatable_once_every_higher_card_is_played() -> None:
    assert not RANK.unbeatable("x3", ("x3",), ("x5",))
    assert RANK.unbeatable("x3", ("x3",), ("x5", "x4"))


def test_higher_cards_in_the_seats_own_hand_count_as_out_of_the_way() -> None:
    assert RANK.unbeatable("x3", ("x3", "x4"), ("x5",))
    assert not RANK.unbeatable("x3", ("x3", "x4"), ())


def test_nobody_has_a_duty_at_first() -> None:
    assert Duties.none(3).suits == (None, None, None)


def test_taking_the_lead_from_another_seat_binds_the_led_suit() -> None:
    duties = Duties.none(3).after_trick(leader=0, winner=1, led_suit="x")
    assert duties.suits == (None, "x", None)


def test_keeping_the_lead_changes_no_duty() -> None:
    duties = Duties((None, "x", None))
    assert duties.after_trick(leader=1, winner=1, led_suit="y") is duties


def test_losing_the_lead_ends_the_duty_and_the_taker_gets_a_new_one() -> None:
    duties = Duties((None, "x", None)).after_trick(leader=1, winner=2, led_suit="y")
    assert duties.suits == (None, None, "y")


def test_a_duty_binds_only_while_the_seat_holds_that_suit() -> None:
    duties = Duties((None, "x", None))
    assert duties.binding(1, ("x1", "y2"), SUIT) == "x"
    assert duties.binding(1, ("y1", "y2"), SUIT) is None
    assert duties.binding(0, ("x1",), SUIT) is None


def test_legal_leads_are_the_duty_suit_and_unbeatable_cards() -> None:
    hand = ("x1", "y5", "y3", "y2")
    assert legal_leads(hand, None, RANK, ()) == hand
    assert legal_leads(hand, "x", RANK, ()) == ("x1", "y5")
    # with y4 played, y3 and y2 are beaten only by cards the seat holds itself
    assert legal_leads(hand, "x", RANK, ("y4",)) == hand


def test_a_force_needs_both_cards_and_the_target_out_in_another_hand() -> None:
    assert may_force(("x4", "x3", "y1"), "x3", "x4", "x5", ())
    assert not may_force(("x3", "y1"), "x3", "x4", "x5", ())
    assert not may_force(("x4", "x3", "x5"), "x3", "x4", "x5", ())
    assert not may_force(("x4", "x3"), "x3", "x4", "x5", ("x5",))


def test_a_force_leaves_its_target_the_only_card_of_its_holder() -> None:
    force = Force("x5", by=0)
    assert forced_follow(("x1", "x5", "y2"), force) == ("x5",)
    assert forced_follow(("x1", "y2"), force) is None
    assert forced_follow(("x1", "x5"), None) is None
