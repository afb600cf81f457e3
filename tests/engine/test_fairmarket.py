"""Fairmarket, the base game: a test for every rule sentence (docs/rules/fairmarket.md)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.core.errors import IllegalAction, NotYourTurn
from games.core.game import Outcome
from games.fairmarket import Fairmarket, FairmarketState
from games.fairmarket import cards as fm
from games.fairmarket.state import TABLE
from games.fairmarket.stations import play_station

G = Fairmarket()


def start(
    hands: Sequence[Sequence[str]], table: Sequence[str], *, carry: dict[str, object] | None = None, dealer: int = 0
) -> FairmarketState:
    """A stacked hand: each seat's five cards (in station order), the five table cards."""
    used = {c for h in hands for c in h} | set(table)
    rest = [c for c in fm.CARDS if c not in used]
    return G.new_state(None, len(hands), 7, hands=hands, stock=[*table, *rest], dealer=dealer, carry=carry)


def set_all(state: FairmarketState) -> tuple[FairmarketState, list[str]]:
    """Every seat sets its cards in the order dealt; returns the final state and every public text."""
    texts: list[str] = []
    for seat in range(state.n):
        for card in state.hands[seat][:4]:  # in the order stacked (station by station)
            state, _ = G.apply(state, seat, f"place:{card}")
        state, events = G.apply(state, seat, "confirm")
        texts += [e.text for e in events if e.private_to is None]
    return state, texts


def done(state: FairmarketState) -> Outcome:
    out = G.outcome(state)
    assert out is not None
    return out


# three seats; the table is all Flags low cards unless a test says otherwise
TABLE5 = ("F2", "F3", "F4", "F5", "F6")
LOWS = ("B2", "B3", "B4", "B5", "B6")
MIDS = ("C7", "C8", "C9", "C10", "C20")
HIGHS = ("F7", "F8", "F9", "F10", "F20")


# ---------------------------------------------------------------- the deck
def test_deck_is_54_cards_in_flags_bells_cups_of_eighteen_ranks() -> None:
    assert len(fm.CARDS) == 54 and len(set(fm.CARDS)) == 54
    assert fm.DECK.suit_names == {"F": "Flags", "B": "Bells", "C": "Cups"}
    for s in "FBC":
        ranks = [fm.rank(c) for c in fm.CARDS if fm.suit(c) == s]
        assert ranks[:9] == ["A", "2", "3", "4", "5", "6", "7", "8", "9"]  # flats, Ace to nine
        assert ranks[9:15] == ["10", "20", "30", "40", "50", "60"]  # doubles
        assert ranks[15:] == ["P", "C", "Q"]  # royals: Page, Consort, Queen


def test_ace_is_the_highest_card_above_the_queen() -> None:
    order = sorted({fm.rank(c) for c in fm.CARDS}, key=lambda r: fm.RANK_VALUE[r])
    assert order[-2:] == ["Q", "A"] and order[0] == "2"
    assert order.index("60") < order.index("P") < order.index("C") < order.index("Q")
    r = play_station(0, "B2", ((0, "BQ"), (1, "BA")), 3)
    assert r.high == 1


# ---------------------------------------------------------------- ante and deal
def test_each_player_antes_one_coin_into_each_of_five_stations() -> None:
    state = start([LOWS, MIDS, HIGHS], TABLE5)
    assert state.ante == 1 and [state.pot(k) for k in range(5)] == [3] * 5
    final, _texts = set_all(state)
    out = done(final)
    assert [t - 5 for t in final.taken] == list(out.payoffs)  # a hand costs five coins


def test_carried_coins_return_to_their_pots_after_the_antes() -> None:
    state = start([LOWS, MIDS, HIGHS], TABLE5, carry={"stations": [0, 4, 0, 1, 0], "hands": 3})
    assert [state.pot(k) for k in range(5)] == [3, 7, 3, 4, 3]
    assert any("station 2: 4, station 4: 1" in line for line in state.recent)
    final, _texts = set_all(state)
    assert final.results[1].high_paid == 6  # the high card of station 2 takes 7 less the low's coin


def test_deal_gives_five_cards_each_and_one_table_card_per_station() -> None:
    state = G.new_state(None, 6, 42)
    assert all(len(h) == 5 for h in state.hands) and len(state.table) == 5
    every = [c for h in state.hands for c in h] + list(state.table) + list(state.stock)
    assert sorted(every) == sorted(fm.CARDS)
    assert G.dump(G.new_state(None, 6, 42)) == G.dump(state)  # a seed is one deal
    assert G.dump(G.new_state(None, 6, 43)) != G.dump(state)


def test_table_cards_are_face_up_and_hands_are_secret() -> None:
    state = start([LOWS, MIDS, HIGHS], TABLE5)
    view = G.view(state, 1)
    assert all(p.cards == (t,) for p, t in zip(view.public.piles, TABLE5, strict=True))
    assert view.hand == fm.natural(MIDS)
    for other in (0, 2):
        assert not (G.private_cards(state, other) & set(str(G.view(state, 1))))


def test_stacked_cards_must_be_distinct_fairmarket_cards() -> None:
    with pytest.raises(IllegalAction):
        start([LOWS, MIDS, ("F7", "F8", "F9", "F10", "XX")], TABLE5)
    with pytest.raises(IllegalAction):
        start([LOWS, MIDS, ("B2", "F8", "F9", "F10", "F20")], TABLE5)


# ---------------------------------------------------------------- setting hands
def test_everyone_sets_their_hand_at_the_same_time() -> None:
    state = start([LOWS, MIDS, HIGHS], TABLE5)
    assert G.to_act(state) == {0, 1, 2}
    state, _ = G.apply(state, 2, "asis")
    assert G.to_act(state) == {0, 1}


def test_cards_are_placed_station_by_station_and_the_last_goes_on_its_own() -> None:
    state = start([LOWS, MIDS, HIGHS], TABLE5)
    for card in ("B6", "B5", "B4"):
        state, events = G.apply(state, 0, f"place:{card}")
        assert all(e.private_to == 0 for e in events)
    assert state.order[0] == ("B6", "B5", "B4")
    assert G.legal_actions(state, 0) == ("place:B2", "place:B3", "asis", "reset", "vote")
    state, events = G.apply(state, 0, "place:B3")
    assert state.order[0] == ("B6", "B5", "B4", "B3", "B2") and len(events) == 2
    assert G.legal_actions(state, 0) == ("confirm", "reset", "vote")


def test_order_can_change_while_setting_but_not_after_confirming() -> None:
    state = start([LOWS, MIDS, HIGHS], TABLE5)
    state, _ = G.apply(state, 0, "place:B6")
    state, _ = G.apply(state, 0, "reset")
    assert state.order[0] == ()
    for card in ("B6", "B5", "B4", "B3"):
        state, _ = G.apply(state, 0, f"place:{card}")
    state, events = G.apply(state, 0, "confirm")
    assert [e.text for e in events] == ["⟦seat:0⟧ has set their hand."]
    assert 0 not in G.to_act(state)
    for action in ("reset", "place:B6", "confirm"):
        with pytest.raises(NotYourTurn):
            G.apply(state, 0, action)
    state, _ = G.apply(state, 1, "asis")
    state, _ = G.apply(state, 2, "asis")
    assert [p[0] for p in state.results[0].plays] == [0, 1, 2]
    assert state.results[0].plays[0] == (0, "B6")  # played in the order set


def test_nobody_sees_another_order_until_the_reveal() -> None:
    state = start([LOWS, MIDS, HIGHS], TABLE5)
    state, _ = G.apply(state, 0, "place:B6")
    for viewer in (None, 1, 2):
        assert "6 🔔" not in str(G.view(state, viewer))
    assert any("6 🔔" in n for n in G.view(state, 0).notes)


def test_a_player_who_times_out_sets_the_rest_as_shown() -> None:
    state = start([LOWS, MIDS, HIGHS], TABLE5)
    assert G.timeout_action(state, 0) == "asis"
    for card in ("B6", "B5", "B4", "B3"):
        state, _ = G.apply(state, 0, f"place:{card}")
    assert G.timeout_action(state, 0) == "confirm"
    mixed = start([("C40", "B50", "F30", "B40", "C60"), MIDS, HIGHS], TABLE5)
    mixed, _ = G.apply(mixed, 0, "place:C40")
    mixed, _ = G.apply(mixed, 0, "asis")  # the rest as the panel shows it: by suit, then rank
    assert mixed.order[0] == ("C40", "F30", "B40", "B50", "C60")  # Flags, Bells, Cups
    assert [c for c in fm.natural(mixed.hands[0]) if c != "C40"] == list(mixed.order[0][1:])


def test_stations_play_when_all_hands_are_set() -> None:
    state = start([LOWS, MIDS, HIGHS], TABLE5)
    state, _ = G.apply(state, 0, "asis")
    state, _ = G.apply(state, 1, "asis")
    assert G.outcome(state) is None
    state, events = G.apply(state, 2, "asis")
    assert len(state.results) == 5 and G.to_act(state) == frozenset()
    assert sum(1 for e in events if e.text.startswith("Station ")) == 5


# ---------------------------------------------------------------- the five pots
def test_table_card_sets_the_high_suit() -> None:
    r = play_station(0, "C2", ((0, "FA"), (1, "C3"), (2, "B9")), 3)
    assert r.high == 1  # the 3 of Cups beats the Ace of Flags


def test_lowest_card_takes_one_coin_and_highest_the_rest() -> None:
    r = play_station(0, "C5", ((0, "F2"), (1, "C9"), (2, "B7")), 7)
    assert r.low == (0,) and r.low_paid == (1,)
    assert r.high == 1 and r.high_paid == 6 and r.carried == 0


def test_two_off_suit_cards_of_the_same_rank_tie_for_low_and_each_take_one() -> None:
    r = play_station(0, "C5", ((0, "F2"), (1, "B2"), (2, "C9")), 3)
    assert r.low == (0, 1) and r.low_paid == (1, 1)
    assert r.high == 2 and r.high_paid == 1


def test_low_ignores_suit_among_off_suit_cards() -> None:
    # off-suit cards rank by rank alone: a Bells 3 is lower than a Flags 4
    r = play_station(0, "C5", ((0, "F4"), (1, "B3"), (2, "C9")), 3)
    assert r.low == (1,)


def test_table_low_carries_its_coin_to_the_next_round() -> None:
    r = play_station(0, "C2", ((0, "C3"), (1, "C9"), (2, "CA")), 3)
    assert r.low == (TABLE,) and r.high == 2 and r.high_paid == 2 and r.carried == 1


def test_table_high_carries_the_rest_to_the_next_round() -> None:
    r = play_station(0, "CA", ((0, "F2"), (1, "B9"), (2, "F60")), 3)
    assert r.low == (0,) and r.high == TABLE and r.carried == 2


def test_a_whole_hand_pays_station_by_station_and_reads_names() -> None:
    # seat 0 plays Bells lows, seat 1 Cups, seat 2 Flags over a Flags table: 2 wins every high
    final, texts = set_all(start([LOWS, MIDS, HIGHS], TABLE5))
    out = done(final)
    assert final.taken == (5, 0, 10)
    assert out.payoffs == (0, -5, 5) and out.carried_out == 0
    assert "Station 1 (table card 2 🚩, pot 3): ⟦seat:0⟧ has the low card, 2 🔔, and takes 1. " \
        "⟦seat:2⟧ has the high card, 7 🚩, and takes 2." in texts
    assert out.summary == "⟦seat:2⟧ comes out best this hand, +5. Nothing carries to the next hand."
    assert out.details == ("took 5 for an ante of 5", "took 0 for an ante of 5", "took 10 for an ante of 5")


# ---------------------------------------------------------------- carries across hands
def test_carries_stay_on_their_station_into_the_next_hand() -> None:
    table = ("FA", "F3", "F4", "F5", "F6")  # station 1: the Ace of Flags is table high
    final, _ = set_all(start([LOWS, MIDS, HIGHS], table))
    out = done(final)
    assert out.carry == {
        "stations": {"1": 2, "2": 0, "3": 0, "4": 0, "5": 0}, "hands": 1, "jackpot": 0, "jack": 0, "last": False
    }
    assert (out.carried_in, out.carried_out) == (0, 2) and sum(out.payoffs) == -2
    nxt = start([LOWS, MIDS, HIGHS], TABLE5, carry=out.carry, dealer=1)
    assert nxt.pot(0) == 5 and nxt.hands_played == 1
    final2, _ = set_all(nxt)
    out2 = done(final2)
    assert (out2.carried_in, out2.carried_out) == (2, 0) and sum(out2.payoffs) == 2


def test_chips_are_conserved_over_many_random_hands() -> None:
    from games.core.rng import Rng
    from tests.support.playout import random_playout

    for n in (2, 3, 6):
        carry = None
        for seed in range(20):
            state = G.new_state(None, n, seed, dealer=seed % n, carry=carry)
            _final, _log, out = random_playout(G, state, Rng(seed))
            assert sum(out.payoffs) == out.carried_in - out.carried_out
            assert out.carried_in == sum(state.carried_in)
            carry = out.carry
            assert carry is not None and carry["hands"] == seed + 1


def test_a_bad_carry_is_refused() -> None:
    with pytest.raises(IllegalAction):
        start([LOWS, MIDS, HIGHS], TABLE5, carry={"stations": [1, 2]})


# ---------------------------------------------------------------- two players
def test_two_players_ante_two_coins_per_station() -> None:
    state = start([LOWS, HIGHS], TABLE5)
    assert state.ante == 2 and state.pot(0) == 4
    final, _ = set_all(state)
    out = done(final)
    assert final.taken == (5, 15) and out.payoffs == (-5, 5)


def test_player_count_is_two_to_six() -> None:
    assert G.seat_limits(G.Options()) == (2, 6)
    with pytest.raises(IllegalAction):
        G.new_state(None, 7, 1)


def test_two_player_option_seats_exactly_two_and_antes_two_per_station() -> None:
    opts = G.Options(two_players=True)
    assert G.presets["two players"] == opts
    assert G.seat_limits(opts) == (2, 2)
    with pytest.raises(IllegalAction):
        G.new_state(opts, 3, 1)
    state = G.new_state(opts, 2, 1)
    assert state.ante == 2 and [state.pot(k) for k in range(5)] == [4] * 5


def test_two_players_start_with_twice_the_coins() -> None:
    assert G.suggested_buy_in(G.Options(), 4) == 40  # "30-50 coins per player"
    assert G.suggested_buy_in(G.Options(two_players=True), 2) == 80  # "twice the amount"


def test_rules_say_the_seeded_shuffle_is_the_dealing_procedure() -> None:
    from games.core.summary import RulesText

    text = RulesText.parse(G.rules_summary)
    assert "seeded shuffle deals every stack at random" in text.body
    assert "dealing procedure (all stacks dealt face down, then handed out at random)" in text.body
    assert "pays the pots" in text.body and "last hand" in text.body
    assert "Jack" in text.variants["seaside jack"]
