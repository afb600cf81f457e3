"""Écarté rule tests with stacked deals: the deal, the exchange, vulnerability and the king of trumps
(the Denexa text, with DECISIONS §4.5 and §5.5). Play, scoring and the match: ``test_ecarte_play.py``."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction, NotYourTurn
from games.core.views import Choice, PickCards
from games.ecarte import EcarteOptions
from games.ecarte.cards import CARDS, RANKS, STRENGTH
from tests.engine.test_ecarte_support import G, act, carried, legal, start, texts

# Seat 0 deals, seat 1 (the non-dealer) speaks first. Spades are trumps (upcard 9♠); nobody holds K♠.
HANDS = [["Qh", "Jh", "8d", "7d", "8c"], ["As", "Ts", "Kh", "Kd", "7c"]]


# ------------------------------------------------------------------ the deal
def test_the_deck_is_the_piquet_pack_of_32() -> None:
    assert len(CARDS) == 32 and len(set(CARDS)) == 32
    assert {c[0] for c in CARDS} == set("KQJAT987") and {c[1] for c in CARDS} == set("shdc")


def test_ranking_is_k_q_j_a_10_9_8_7() -> None:
    assert RANKS == ("K", "Q", "J", "A", "T", "9", "8", "7")
    order = sorted((c for c in CARDS if c[1] == "h"), key=STRENGTH.__getitem__, reverse=True)
    assert order == ["Kh", "Qh", "Jh", "Ah", "Th", "9h", "8h", "7h"]


def test_five_cards_each_the_upcard_sets_trumps_the_rest_is_the_stock() -> None:
    state = G.new_state(None, 2, 3)
    hands = state.play.hands
    assert [len(h) for h in hands] == [5, 5] and len(state.stock) == 21
    everything = [*hands[0], *hands[1], state.upcard, *state.stock]
    assert sorted(everything) == sorted(CARDS)
    assert state.trump == state.upcard[1]
    with pytest.raises(IllegalAction):
        G.new_state(None, 3, 3)


def test_stacked_upcard_names_trumps() -> None:
    state = start(HANDS, ("Th",))
    assert state.upcard == "Th" and state.trump == "h"
    assert "turns up 10♥: ♥ Hearts are trumps" in state.recent[0]


def test_a_turned_up_king_scores_the_dealer_one_point() -> None:
    state = start(HANDS, ("Ks",), dealer=1)
    assert state.scores == (0, 1) and state.phase == "propose"
    assert any("turned up the king and scores 1 point" in r for r in state.recent)
    plain = start(HANDS, ("9s",), dealer=1)
    assert plain.scores == (0, 0)


def test_the_dealer_alternates_each_deal() -> None:
    state, _ = act(start(HANDS), "play", *_first_cards_play())
    assert state.deal_no == 1 and state.dealer == 1 and G.to_act(state) == {0}


def _first_cards_play() -> list[str]:
    """Plays out HANDS after "I play" with a fixed strategy (the first legal card each time)."""
    state, _ = act(start(HANDS), "play")
    plays = []
    while state.deal_no == 0 and state.phase == "play":
        action = legal(state)[0]
        plays.append(action)
        state, _ = act(state, action)
    return plays


# -------------------------------------------------------------- the exchange
def test_the_non_dealer_plays_or_proposes_first() -> None:
    state = start(HANDS)
    assert G.to_act(state) == {1} and set(legal(state)) == {"play", "propose"}
    with pytest.raises(NotYourTurn):
        G.apply(state, 0, "propose")


def test_i_play_starts_the_play_without_exchange() -> None:
    state, events = act(start(HANDS), "play")
    assert state.phase == "play" and state.exchanges == 0 and len(state.stock) == 21
    assert G.to_act(state) == {1}  # the non-dealer leads
    assert "⟦seat:1⟧ plays without an exchange and is vulnerable." in texts(events)


def test_the_dealer_may_refuse_a_proposal_and_play_proceeds_without_exchange() -> None:
    state, _ = act(start(HANDS), "propose")
    assert G.to_act(state) == {0} and set(legal(state)) == {"accept", "refuse"}
    state, events = act(state, "refuse")
    assert state.phase == "play" and state.play.hands == tuple(tuple(h) for h in HANDS)
    assert "⟦seat:0⟧ refuses the exchange and is vulnerable." in texts(events)


def test_accepted_the_non_dealer_then_the_dealer_discard_and_draw_back_to_five() -> None:
    state = start(HANDS, ("9s", "Ks", "Qs", "Js", "Kc"))
    state, events = act(state, "propose", "accept")
    assert state.phase == "discard" and G.to_act(state) == {1}
    state, events = act(state, "discard:7c,Kd")
    assert sorted(state.play.hands[1]) == sorted(["As", "Ts", "Kh", "Ks", "Qs"])
    assert "⟦seat:1⟧ discards 2 cards and draws 2." in texts(events)
    assert [e.text for e in events if e.private_to == 1] == ["You draw K♠, Q♠."]
    assert G.to_act(state) == {0}
    state, events = act(state, "discard:8c")
    assert sorted(state.play.hands[0]) == sorted(["Qh", "Jh", "8d", "7d", "Js"])
    assert "⟦seat:0⟧ discards 1 card and draws 1." in texts(events)
    # then the non-dealer may propose again or play
    assert state.phase == "propose" and G.to_act(state) == {1} and state.exchanges == 1
    assert len(state.stock) == 21 - 3 and state.stock[0] == "Kc"


def test_any_number_of_cards_one_to_five_may_be_discarded() -> None:
    state, _ = act(start(HANDS), "propose", "accept")
    picks = legal(state)
    assert len(picks) == 31  # every non-empty subset of five cards
    assert "discard:" not in picks and "discard:As,Ts,Kh,Kd,7c" in picks
    state, _ = act(state, "discard:As,Ts,Kh,Kd,7c")
    assert len(state.play.hands[1]) == 5 and not {"As", "Ts", "Kh", "Kd", "7c"} & set(state.play.hands[1])


def test_discards_may_be_named_in_any_order() -> None:
    state, _ = act(start(HANDS), "propose", "accept")
    assert G.is_legal(state, 1, "discard:Kd,7c") and G.is_legal(state, 1, "discard:7c,Kd")
    assert not G.is_legal(state, 1, "discard:7c,7c") and not G.is_legal(state, 1, "discard:Qh")
    assert not G.is_legal(state, 0, "discard:Qh")
    with pytest.raises(IllegalAction):
        G.apply(state, 1, "discard:Qh")


def test_proposals_again_and_the_dealer_may_refuse_again() -> None:
    state, _ = act(start(HANDS), "propose", "accept", "discard:7c", "discard:8c", "propose")
    assert G.to_act(state) == {0}
    state, events = act(state, "refuse")
    assert state.phase == "play" and "⟦seat:0⟧ refuses: play begins." in texts(events)


def test_after_the_first_exchange_nobody_becomes_vulnerable() -> None:
    state, _ = act(start(HANDS), "propose", "accept", "discard:7c", "discard:8c", "propose", "refuse")
    assert state.vulnerable == -1
    state, events = act(start(HANDS), "propose", "accept", "discard:7c", "discard:8c", "play")
    assert state.vulnerable == -1 and "⟦seat:1⟧ plays on: no more exchanges." in texts(events)


@pytest.mark.parametrize(("first", "vulnerable"), [(("play",), 1), (("propose", "refuse"), 0)])
def test_who_prevents_the_first_exchange_is_vulnerable(first: tuple[str, ...], vulnerable: int) -> None:
    """DECISIONS §4.5 fixes the text's typo: the non-dealer's "I play" or the dealer's refusal."""
    state, _ = act(start(HANDS), *first)
    assert state.vulnerable == vulnerable
    line = G.view(state, None).public.seats[vulnerable].text
    assert "vulnerable" in line and "vulnerable" not in G.view(state, None).public.seats[1 - vulnerable].text


def test_low_stock_the_non_dealer_takes_first_even_leaving_the_dealer_short() -> None:
    state = start(HANDS, stock=["9s", "Ks", "Qs", "Js", "7s"])  # four cards behind the upcard
    state, _ = act(state, "propose", "accept")
    assert G.discard_limits(state) == (1, 4)  # never more than the stock holds (EC-2)
    state, _ = act(state, "discard:Kh,Kd,7c")
    assert G.discard_limits(state) == (1, 1)  # the dealer gets what remains
    assert "discard:Qh,Jh" not in legal(state) and not G.is_legal(state, 0, "discard:Qh,Jh")
    view = G.view(state, 0)
    (pick,) = [p for p in view.prompt if isinstance(p, PickCards)]
    assert pick.max_count == 1 and "1" in pick.label
    state, events = act(state, "discard:8c")
    assert state.phase == "play" and not state.stock
    assert "The stock is used up: play begins." in texts(events)


def test_when_the_non_dealer_empties_the_stock_the_dealer_cannot_exchange() -> None:
    state = start(HANDS, stock=["9s", "Ks", "Qs"])
    state, events = act(state, "propose", "accept", "discard:Kh,Kd")
    assert state.phase == "play" and G.to_act(state) == {1}
    assert "The stock is empty: ⟦seat:0⟧ cannot exchange, and play begins." in texts(events)


def test_an_empty_stock_allows_no_proposal() -> None:
    state = start(HANDS, stock=["9s", "Ks"])
    state, _ = act(state, "propose", "accept", "discard:7c")
    assert state.phase == "play"  # the dealer could not exchange: no more proposals
    state = start(HANDS, stock=["9s"])  # a stock with the upcard alone: the hand begins at once
    assert state.phase == "play"


def test_the_upcard_is_never_drawn() -> None:
    state = start(HANDS, stock=["9s", "Ks", "Qs", "Js", "7s"])
    state, _ = act(state, "propose", "accept", "discard:Kh,Kd,7c,As")
    assert state.phase == "play" and "9s" not in state.play.hands[0] + state.play.hands[1]
    assert state.upcard == "9s"


def test_an_accepted_exchange_needs_a_discard_from_both_sides() -> None:
    """DECISIONS §4.5 and EC-1: at least one card, the dealer too."""
    state, _ = act(start(HANDS), "propose", "accept")
    assert not G.is_legal(state, 1, "discard:")
    state, _ = act(state, "discard:7c")
    assert not G.is_legal(state, 0, "discard:") and G.discard_limits(state)[0] == 1


def test_denexa_empty_exchange_avoids_vulnerability() -> None:
    """The text: "it is possible to avoid vulnerability by starting an exchange and then discarding no cards"."""
    state, _ = act(start(HANDS, empty_exchange=True), "propose", "accept")
    assert G.is_legal(state, 1, "discard:")
    assert any(isinstance(p, Choice) and p.action == "discard:" for p in G.view(state, 1).prompt)
    state, events = act(state, "discard:")
    assert state.play.hands[1] == tuple(HANDS[1]) and "⟦seat:1⟧ discards nothing." in texts(events)
    state, _ = act(state, "discard:8c", "play")
    assert state.vulnerable == -1 and state.phase == "play"


def test_denexa_two_empty_discards_end_the_exchange() -> None:
    """Our decision: a round where nobody changed a card cannot be proposed again (it would loop)."""
    state, events = act(start(HANDS, empty_exchange=True), "propose", "accept", "discard:", "discard:")
    assert state.phase == "play" and "Neither player changed a card: play begins." in texts(events)


# ---------------------------------------------------------- the king of trumps
KING = [["Qh", "Jh", "8d", "7d", "8c"], ["Ks", "Ts", "Kh", "Kd", "7c"]]


def test_the_king_of_trumps_may_be_shown_for_a_point_before_the_first_card() -> None:
    state, _ = act(start(KING), "play")
    assert legal(state)[0] == "king"
    view = G.view(state, 1)
    assert view.prompt[0] == Choice("king", "Show the king of trumps (+1 point)", "success")
    state, events = act(state, "king")
    assert state.scores == (0, 1) and state.king_shown == 1
    assert "⟦seat:1⟧ shows the king of trumps (K♠) and scores 1 point." in texts(events)
    assert "king" not in legal(state) and G.to_act(state) == {1}  # still to lead
    assert "Ks" not in G.private_cards(state, 1)  # shown: no longer a secret


def test_a_king_drawn_in_the_exchange_counts_too() -> None:
    state = start(HANDS, ("9s", "Ks"))
    state, _ = act(state, "propose", "accept", "discard:7c", "discard:8c", "play")
    assert "Ks" in state.play.hands[1] and legal(state)[0] == "king"


def test_the_dealer_may_show_the_king_before_their_first_card() -> None:
    hands = [KING[1], KING[0]]  # the dealer (seat 0) holds K♠
    state, _ = act(start(hands), "play")
    assert "king" not in legal(state)  # seat 1 leads and has no king
    state, _ = act(state, "play:Qh")
    assert G.to_act(state) == {0} and legal(state)[0] == "king"
    state, _ = act(state, "king", "play:Kh")
    assert state.scores == (1, 0)


def test_no_king_after_the_first_card_and_no_penalty_for_keeping_it() -> None:
    """EC-3 and EC-4: offered only before that player's first card; not shown, no point, no penalty."""
    state, _ = act(start(KING), "play", "play:Kh")
    state, _ = act(state, legal(state)[0])  # seat 0 answers; seat 1 took the trick and leads again
    assert G.to_act(state) == {1} and "king" not in legal(state)
    with pytest.raises(IllegalAction):
        G.apply(state, 1, "king")
    assert state.scores == (0, 0)


def test_no_king_to_show_when_it_is_the_upcard() -> None:
    state, _ = act(start(HANDS, ("Ks",)), "play")
    assert "king" not in legal(state) and state.scores == (1, 0)


def test_a_winning_king_shown_ends_the_game_unplayed() -> None:
    state = start(KING, carry=carried((2, 4), deal=6, dealer=0))
    state, events = act(state, "play", "king")
    assert state.phase == "over" and state.winner == 1 and state.scores == (2, 5)
    assert G.to_act(state) == frozenset() and len(state.play.hands[1]) == 5  # not played out
    out = G.outcome(state)
    assert out is not None and out.placings == (2, 1) and out.scores == (2, 5)
    assert "⟦seat:1⟧ wins the game 5–2." in texts(events)
    assert any(e.ends_deal for e in events)


def test_a_winning_turned_king_ends_the_game_at_the_deal() -> None:
    """EC-6: a later deal from given scores; the dealer at 4 turns up a king."""
    state = start(HANDS, ("Kc",), carry=carried((4, 3), deal=5, dealer=0))
    assert state.phase == "over" and state.winner == 0 and state.scores == (5, 3)
    out = G.outcome(state)
    assert out is not None and out.summary == "⟦seat:0⟧ wins the game 5–3."
    sheet = G.view(state, None).public.sheet
    assert sheet is not None and sheet.rows == (("Earlier deals", (4, 3)), ("Deal 6", (1, 0)))


# ------------------------------------------------------------------ options
def test_options_and_presets() -> None:
    assert EcarteOptions() == G.presets["standard"]
    assert G.presets["denexa"].denexa_scoring and G.presets["denexa"].empty_exchange
    assert G.presets["best_of_three"].match_games == 2
    assert not G.plays_for_chips(EcarteOptions()) and G.plays_for_chips(EcarteOptions(stake=5))
