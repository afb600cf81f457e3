"""Reversis: the deal, the exchange, the play, aces and the Quinola, the pots and remises
(see docs/rules/reversis.md for the sentence -> test table). The special bids: test_reversis_bids.py."""

from __future__ import annotations

import pytest
from test_reversis_support import G, act, autoplay, deal, keep_all, play, texts

from games.core.errors import IllegalAction
from games.core.views import Choice, PickCards
from games.reversis.cards import CARDS, POINTS, STRENGTH
from games.reversis.game import carried_pots
from games.reversis.state import ACE, ACE_FORCED, QUINOLA, QUINOLA_FORCED, REMISE
from tests.support.view_json import view_json

# --------------------------------------------------------------------- setup


def test_the_pack_is_48_cards_without_tens_ace_high() -> None:
    assert len(CARDS) == 48 and not any(c.startswith("T") for c in CARDS)
    assert STRENGTH["As"] > STRENGTH["Ks"] > STRENGTH["Qs"] > STRENGTH["Js"] > STRENGTH["9s"] > STRENGTH["2s"]


def test_first_hand_antes_five_each_and_ten_from_the_dealer() -> None:
    s = deal(dealer=2)
    assert s.pots.pots == (25,) and s.pots.net == (-5, -5, -10, -5) and s.pots.carried_in == 0


def test_eleven_cards_each_a_twelfth_to_the_dealer_and_three_face_down() -> None:
    s = G.new_state(None, 4, 7, dealer=1)
    sizes = [len(h) for h in s.play.hands]
    assert sizes == [11, 12, 11, 11]
    assert s.face_down[1] == "" and all(s.face_down[i] for i in (0, 2, 3))
    every = [c for h in s.play.hands for c in h] + [c for c in s.face_down if c]
    assert sorted(every) == sorted(CARDS)


def test_only_four_players() -> None:
    with pytest.raises(IllegalAction):
        G.new_state(None, 3, 1)


# ------------------------------------------------------------------ exchange


def test_the_dealer_discards_exactly_one_card_first() -> None:
    s = deal(dealer=3)
    assert G.to_act(s) == {3}
    legal = G.legal_actions(s, 3)
    assert "discard:" not in legal and len(legal) == 12
    assert not G.is_legal(s, 3, "discard:" + ",".join(s.play.hands[3][:2]))
    view = G.view(s, 3)
    (pick,) = view.prompt
    assert isinstance(pick, PickCards) and (pick.min_count, pick.max_count) == (1, 1)
    card = s.play.hands[3][0]
    s, events = act(s, f"discard:{card}")
    assert len(s.play.hands[3]) == 11 and s.talon == (card,)
    assert G.to_act(s) == {0}  # then from the dealer's left (RV-3)
    assert any(e.private_to == 3 and "You discard" in e.text for e in events)


def test_a_player_may_discard_one_card_and_draw_the_face_down_card() -> None:
    s = deal({1: ["As"]}, face_down=["Kh", "Qh", "Jh"])
    s, _ = act(s, f"discard:{s.play.hands[0][-1]}")
    view = G.view(s, 1)
    pick, keep = view.prompt
    assert isinstance(pick, PickCards) and (pick.min_count, pick.max_count) == (1, 1)
    assert isinstance(keep, Choice) and keep.action == "discard:"
    assert not G.is_legal(s, 1, "discard:" + ",".join(s.play.hands[1][:2]))  # one card at most
    s, _ = act(s, "discard:As")
    assert "Kh" in s.play.hands[1] and "As" not in s.play.hands[1] and "As" in s.talon


def test_the_face_down_card_is_not_seen_before_deciding_and_kept_hands_may_look_at_it() -> None:
    s = deal(face_down=["Kh", "Qh", "Jh"])
    s, _ = act(s, f"discard:{s.play.hands[0][-1]}")
    for viewer in (None, 0, 1, 2, 3):
        text = view_json(G.view(s, viewer))
        assert "K♥" not in text and '"Kh"' not in text
    assert "Kh" not in G.private_cards(s, 1)
    s, events = act(s, "discard:")
    assert "Kh" not in s.play.hands[1] and "Kh" in s.talon and s.peeked[1] == "Kh"
    assert any(e.private_to == 1 and "K♥" in e.text for e in events)
    assert "K♥" not in texts(events)
    assert any("K♥" in n for n in G.view(s, 1).notes)
    assert not any("K♥" in n for v in (0, 2, 3) for n in G.view(s, v).notes)
    assert "Kh" in G.private_cards(s, 1)


def test_the_talon_is_the_four_unwanted_cards() -> None:
    s = deal(face_down=["Kh", "Qh", "Jh"])
    dealer_card = s.play.hands[0][-1]
    discard2 = s.play.hands[2][0]
    s, _ = act(s, f"discard:{dealer_card}", "discard:", f"discard:{discard2}", "discard:")
    assert sorted(s.talon) == sorted([dealer_card, "Kh", discard2, "Jh"])
    assert all(len(h) == 11 for h in s.play.hands)


# ---------------------------------------------------------------------- play


def test_dealers_left_leads_follow_suit_highest_of_the_suit_wins_and_leads_next() -> None:
    s = keep_all(deal({1: ["5s"], 2: ["Ah", "9s"], 3: ["Ks"], 0: ["2s"]}, dealer=0, void={3: "h"}))
    assert G.to_act(s) == {1}
    s, _ = play(s, "5s")
    assert set(G.legal_actions(s, 2)) == {f"play:{c}" for c in s.play.hands[2] if c.endswith("s")}
    s, _ = play(s, "9s", "Ks", "2s")
    assert s.play.tricks == (0, 0, 0, 1) and G.to_act(s) == {3}


def test_an_ace_discarded_is_paid_by_the_tricks_winner_one_or_two_for_the_ace_of_diamonds() -> None:
    s = keep_all(deal({1: ["5s"], 2: ["Ah", "Ad"], 3: ["Ks"], 0: ["2s"]}, void={2: "s"}))
    before = s.pots.net
    s, events = play(s, "5s", "Ah", "Ks", "2s")
    assert s.pots.net[2] - before[2] == 1 and s.pots.net[3] - before[3] == -1
    assert s.pots.paid(3, 2, {ACE}) == 1
    assert "pays ⟦seat:2⟧ 1" in texts(events)
    s2 = keep_all(deal({1: ["5s"], 2: ["Ah", "Ad"], 3: ["Ks"], 0: ["2s"]}, void={2: "s"}))
    s2, _ = play(s2, "5s", "Ad", "Ks", "2s")
    assert s2.pots.paid(3, 2, {ACE}) == 2


def test_a_forced_ace_pays_the_leader_even_with_other_cards_of_the_suit_rv4() -> None:
    s = keep_all(deal({1: ["5s"], 2: ["As", "3s"], 3: ["Ks"], 0: ["2s"]}))
    s, _ = play(s, "5s", "As", "Ks", "2s")
    assert s.pots.paid(2, 1, {ACE_FORCED}) == 1 and s.play.tricks[2] == 1
    s = keep_all(deal({1: ["5d"], 2: ["Ad"], 3: ["Kd"], 0: ["2d"]}))
    s, events = play(s, "5d", "Ad", "Kd", "2d")
    assert s.pots.paid(2, 1, {ACE_FORCED}) == 2
    assert "⟦seat:2⟧ has to play A♦ and pays ⟦seat:1⟧ 2." in texts(events)


def test_a_led_ace_pays_nothing_at_once() -> None:
    s = keep_all(deal({1: ["As"], 2: ["5s"], 3: ["Ks"], 0: ["2s"]}))
    before = s.pots.net
    s, _ = play(s, "As", "5s", "Ks", "2s")
    assert s.pots.net == before and s.led_aces == ((1, "As"),)


# -------------------------------------------------------------------- Quinola


def test_the_quinola_discarded_is_paid_5_and_takes_the_only_pot_which_is_formed_again() -> None:
    s = keep_all(deal({1: ["5s"], 2: ["Jh"], 3: ["Ks"], 0: ["2s"]}, void={2: "s"}))
    s, events = play(s, "5s", "Jh", "Ks", "2s")
    assert s.pots.paid(3, 2, {QUINOLA}) == 5
    assert s.pots.pots == (25,)  # re-formed at once (RV-5)
    assert s.pots.net == (-20, -10, 20, -15)
    assert "⟦seat:2⟧ takes Pot 1 (25 chips)" in texts(events) and "A new pot is formed" in texts(events)


def test_the_quinola_takes_only_the_most_recent_pot() -> None:
    carry = {"pots": "50,60", "remises": 2, "deals": 2}
    s = keep_all(deal({1: ["5s"], 2: ["Jh"], 3: ["Ks"], 0: ["2s"]}, void={2: "s"}, carry=carry))
    assert s.pots.pots == (50, 65)
    s, _ = play(s, "5s", "Jh", "Ks", "2s")
    assert s.pots.pots == (50,) and s.pots.net[2] == 65 + 5


def test_a_forced_quinola_pays_the_leader_10_and_5_from_each_other_and_a_remise() -> None:
    s = keep_all(deal({1: ["5h"], 2: ["Jh", "2h"], 3: ["Kh"], 0: ["3h"]}))
    before = s.pots.net
    s, events = play(s, "5h", "Jh", "Kh", "3h")
    delta = [a - b for a, b in zip(s.pots.net, before, strict=True)]
    assert s.pots.paid(2, 1, {QUINOLA_FORCED}) == 10
    assert s.pots.paid(3, 1, {QUINOLA_FORCED}) == 5 and s.pots.paid(0, 1, {QUINOLA_FORCED}) == 5
    assert s.pots.paid(2, -1, {REMISE}) == 25 and s.pots.pots == (50,)
    assert delta == [-5, 20, -35, -5]
    assert "Quinola forced" in texts(events)


def _forced_quinola_hand(dealer: int, carry: dict | None) -> tuple:
    leader, holder = (dealer + 1) % 4, (dealer + 2) % 4
    s = keep_all(deal({leader: ["5h"], holder: ["Jh"]}, dealer=dealer, carry=carry, void={holder: "h"}))
    s, events = play(s, "5h", "Jh")
    pots_after_remise = s.pots.pots
    s, more = autoplay(s)
    assert s.reversis == -1 and s.quinola_seat == holder
    return s, pots_after_remise, texts(events + more)


def test_the_worked_remise_example_over_three_hands_and_the_quinola_takes_pot_3() -> None:
    s, pots, _ = _forced_quinola_hand(0, None)  # the pot holds 25: a remise of 25 makes it 50
    assert pots == (50,)
    out = G.outcome(s)
    assert out.carried_out == 50 and out.carry["pots"] == "50"
    s2 = deal({}, dealer=1, carry=out.carry)
    assert s2.pots.pots == (55,)  # the next dealer antes 5 to Pot 1
    s2, pots, _ = _forced_quinola_hand(1, out.carry)
    assert pots == (55, 55)  # the remise is 55 and forms Pot 2
    out = G.outcome(s2)
    s3 = deal({}, dealer=2, carry=out.carry)
    assert s3.pots.pots == (55, 60)  # the next dealer antes to Pot 2
    s3, pots, text = _forced_quinola_hand(2, out.carry)
    assert pots == (55, 60, 60) and "remise of 60 to Pot 3" in text  # the third remise forms Pot 3
    out = G.outcome(s3)
    s4 = keep_all(deal({0: ["5s"], 1: ["Jh"], 2: ["Ks"]}, dealer=3, carry=out.carry, void={1: "s"}))
    assert s4.pots.pots == (55, 60, 65)
    s4, events = play(s4, "5s", "Jh", "Ks")
    s4, more = play(s4, next(c[5:] for c in G.legal_actions(s4, 3)))
    assert s4.pots.pots == (55, 60) and "takes Pot 3 (65 chips)" in texts(events + more)


def test_remises_restart_once_every_pot_is_won_and_formed_again() -> None:
    carry = {"pots": "55", "remises": 1, "deals": 3}
    s = keep_all(deal({1: ["5s"], 2: ["Jh"], 3: ["Ks"], 0: ["2s"]}, void={2: "s"}, carry=carry))
    s, _ = play(s, "5s", "Jh", "Ks", "2s")
    assert s.pots.pots == (25,) and s.pots.remises == 0


# --------------------------------------------------------------- the carry


def test_later_hands_the_dealer_antes_5_to_the_most_recent_pot_and_nobody_else_antes() -> None:
    s = deal(dealer=1, carry={"pots": "30,40", "remises": 2, "deals": 1})
    assert s.pots.pots == (30, 45) and s.pots.net == (0, -5, 0, 0) and s.pots.carried_in == 70 and s.deal_no == 2


def test_the_carry_keeps_the_pots_as_text_and_conserves_chips() -> None:
    s, _ = autoplay(keep_all(deal(dealer=0)))
    out = G.outcome(s)
    assert not any(isinstance(v, list | tuple) for v in out.carry.values())
    assert carried_pots(out.carry)[0] == s.pots.pots and out.carry["deals"] == 1
    assert sum(out.payoffs) == out.carried_in - out.carried_out
    assert out.table_over is False


def test_the_last_deal_ends_the_table_and_shares_the_pots_out() -> None:
    s = deal(dealer=2, carry={"pots": "40", "remises": 0, "deals": 7})
    assert s.last and G.view(s, None).public.title == "Reversis · deal 8 of 8"
    s, events = autoplay(keep_all(s))
    out = G.outcome(s)
    assert out.table_over and out.carry is None and out.carried_out == 0 and s.pots.pots == ()
    assert sum(out.payoffs) == out.carried_in == 40
    shares = [e for e in s.pots.journal if e.tag == "share"]
    total = sum(e.amount for e in shares)
    assert [e.payee for e in shares] == [3, 0, 1, 2] and max(e.amount for e in shares) - min(e.amount for e in shares) <= 1
    assert shares[0].amount >= shares[-1].amount and total > 0
    assert "the last deal" in texts(events)


def test_the_number_of_deals_is_a_multiple_of_four() -> None:
    assert G.Options().deals == 8
    with pytest.raises(ValueError):
        G.Options(deals=6)
    s = deal(deals=4, carry={"pots": "25", "remises": 0, "deals": 3})
    assert s.last


def test_points_in_tricks() -> None:
    assert (POINTS["As"], POINTS["Kd"], POINTS["Qc"], POINTS["Jh"], POINTS["9s"]) == (4, 3, 2, 1, 0)


def test_the_suggested_buy_in_is_the_texts_100_credits() -> None:
    assert G.suggested_buy_in(G.Options(), 4) == 100
