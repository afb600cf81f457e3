"""games.core.pots: carried pots, antes, capture and re-forming, remises, side payments and refunds."""

from __future__ import annotations

from games.core.pots import POT, Pots


def _conserved(p: Pots) -> None:
    assert sum(p.net) == p.carried_in - p.total


def test_form_and_ante_go_to_the_most_recent_pot() -> None:
    p = Pots.carried(4).form((10, 5, 5, 5), "ante")
    assert p.pots == (25,) and p.net == (-10, -5, -5, -5)
    p = Pots.carried(4, (30, 40), remises=2).ante(1, 5, "ante")
    assert p.pots == (30, 45) and p.net == (0, -5, 0, 0) and p.carried_in == 70
    _conserved(p)


def test_an_ante_with_no_pot_opens_one() -> None:
    p = Pots.carried(4).ante(2, 5, "ante")
    assert p.pots == (5,)


def test_side_payments_and_what_one_seat_paid_another() -> None:
    p = Pots.carried(4, (25,)).pay(1, 0, 2, "ace").pay(2, 0, 1, "ace").pay(1, 0, 5, "quinola")
    assert p.net == (8, -7, -1, 0)
    assert p.paid(1, 0, {"ace"}) == 2 and p.paid(1, 0, {"ace", "quinola"}) == 7 and p.paid(0, 1, {"ace"}) == 0
    assert p.pay(1, 1, 5, "x") is p and p.pay(1, 0, 0, "x") is p
    _conserved(p)


def test_capture_takes_the_most_recent_pot_and_reforms_the_only_one() -> None:
    p, won = Pots.carried(4, (50, 60)).capture(3, "q")
    assert won == 60 and p.pots == (50,) and p.net == (0, 0, 0, 60)
    p, won = p.capture(1, "q", reform=(5, 5, 10, 5))
    assert won == 50 and p.pots == (25,) and p.net == (-5, 45, -10, 55) and p.remises == 0
    assert [t.amount for t in p.taken(1, "q")] == [50]
    _conserved(p)


def test_capture_without_a_pot_takes_nothing() -> None:
    p = Pots.carried(4)
    assert p.capture(0, "q") == (p, 0)


def test_the_remise_sizing_of_the_worked_example() -> None:
    """Pot 1 holds 25; a remise of 25 makes it 50; an ante makes 55; the next remise (55) opens
    Pot 2; an ante makes it 60; the next remise (60) opens Pot 3."""
    p, r = Pots.carried(4, (25,)).remise(2, "remise")
    assert r == 25 and p.pots == (50,)
    p = p.ante(0, 5, "ante")
    assert p.pots == (55,)
    p, r = p.remise(1, "remise")
    assert r == 55 and p.pots == (55, 55)
    p = p.ante(1, 5, "ante")
    assert p.pots == (55, 60)
    p, r = p.remise(3, "remise")
    assert r == 60 and p.pots == (55, 60, 60)
    _conserved(p)


def test_remise_sizing_carries_across_hands_and_restarts_when_all_pots_are_won() -> None:
    p, r = Pots.carried(4, (55,), remises=1).remise(0, "remise")
    assert p.pots == (55, 55) and r == 55
    p, _ = Pots.carried(4, (55,), remises=1).capture(0, "q", reform=(10, 5, 5, 5))
    p, r = p.remise(2, "remise")
    assert r == 25 and p.pots == (50,)


def test_refund_undoes_everything_since_the_mark_and_restores_the_pots() -> None:
    start = Pots.carried(4, (25,)).ante(0, 5, "ante")
    mark = start.mark
    p = start.pay(1, 0, 1, "ace")
    p, _ = p.capture(2, "q", reform=(5, 5, 10, 5))
    p, _ = p.remise(3, "remise")
    refunded = p.refund(mark)
    assert refunded.pots == start.pots and refunded.net == start.net and refunded.remises == start.remises
    assert [e.tag for e in refunded.journal[p.mark :]] == ["refund"] * (p.mark - mark)
    assert refunded.refund(refunded.mark) is refunded
    _conserved(refunded)


def test_give_back_returns_a_pot_as_the_most_recent_and_share_out_empties_them() -> None:
    p = Pots.carried(4, (25,)).give_back(1, 40, "return")
    assert p.pots == (25, 40) and p.net == (0, -40, 0, 0) and p.journal[-1].payer == 1 and p.journal[-1].payee == POT
    shared = p.share_out((2, 3, 0, 1), "share")
    assert shared.pots == () and shared.net == (16, -24, 17, 16)
    _conserved(shared)
    assert Pots.carried(4).share_out((0, 1), "x").net == (0, 0, 0, 0)
