"""Fairmarket's Jackpot rules (option ``jackpot``): a test per rule sentence (docs/rules/fairmarket.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.fairmarket import Fairmarket, FairmarketState
from games.fairmarket import cards as fm
from games.fairmarket.jackpot import grow, threshold

G = Fairmarket()
JP = G.Options(jackpot=True)
TABLE5 = ("F2", "F3", "F4", "F5", "F6")
LOWS = ("B2", "B3", "B4", "B5", "B6")  # takes the low coin at every station
MIDS = ("C7", "C8", "C9", "C10", "C20")  # takes nothing
HIGHS = ("F7", "F8", "F9", "F10", "F20")  # takes the rest


def start(
    hands: Sequence[Sequence[str]], table: Sequence[str], carry: dict[str, object], opts: object = JP
) -> FairmarketState:
    used = {c for h in hands for c in h} | set(table)
    rest = [c for c in fm.CARDS if c not in used]
    return G.new_state(opts, len(hands), 7, hands=hands, stock=[*table, *rest], carry=carry)


def play(state: FairmarketState) -> tuple[FairmarketState, list[str]]:
    texts: list[str] = []
    for seat in range(state.n):
        for card in state.hands[seat][:4]:  # in the order stacked (station by station)
            state, _ = G.apply(state, seat, f"place:{card}")
        state, events = G.apply(state, seat, "confirm")
        texts += [e.text for e in events if e.private_to is None]
    return state, texts


def carry(stations: Sequence[int] = (0,) * 5, jackpot: int = 0) -> dict[str, object]:
    return {"stations": list(stations), "hands": 4, "jackpot": jackpot}


def test_the_jackpot_is_an_option_with_presets() -> None:
    assert G.Options().jackpot is False
    assert G.presets["jackpot"] == JP
    assert G.presets["two players jackpot"] == G.Options(two_players=True, jackpot=True)


def test_the_jackpot_is_always_shown_on_the_table() -> None:
    state = start([LOWS, MIDS, HIGHS], TABLE5, carry(jackpot=3))
    assert ("Jackpot", "3 coins") in G.view(state, None).public.facts
    assert "Jackpot" not in dict(G.view(start([LOWS, MIDS, HIGHS], TABLE5, carry(), G.Options()), None).public.facts)
    final, _ = play(state)
    assert ("Jackpot for the next hand", "empty") in G.view(final, 0).public.facts  # the middle seat won it


def test_a_carry_of_more_than_one_coin_per_player_feeds_the_jackpot_one_coin() -> None:
    state = start([LOWS, MIDS, HIGHS], TABLE5, carry([0, 4, 0, 0, 0], 1))  # "four coins in a three-player game"
    assert state.jackpot == 2 and state.carried_in == (0, 3, 0, 0, 0)
    assert state.pot(1) == 6
    assert any("station 2" in line and "holds 2" in line for line in state.recent)


def test_a_carry_of_one_coin_per_player_does_not_feed_it() -> None:
    state = start([LOWS, MIDS, HIGHS], TABLE5, carry([3, 3, 0, 0, 0]))
    assert state.jackpot == 0 and state.carried_in == (3, 3, 0, 0, 0)


def test_on_a_tie_for_largest_only_the_lower_numbered_pot_gives_a_coin() -> None:
    assert grow([0, 5, 1, 5, 0], 0, 3) == ((0, 4, 1, 5, 0), 1, 1)


def test_the_jackpot_grows_by_one_coin_a_round_at_most() -> None:
    assert grow([9, 8, 7, 6, 5], 2, 3) == ((8, 8, 7, 6, 5), 3, 0)


def test_with_two_players_the_threshold_is_five_coins() -> None:
    assert threshold(2) == 5 and threshold(3) == 4 and threshold(6) == 7
    assert grow([4, 0, 0, 0, 0], 0, 2)[1] == 0
    assert grow([5, 0, 0, 0, 0], 0, 2)[1] == 1


def test_growth_only_with_the_option() -> None:
    state = start([LOWS, MIDS, HIGHS], TABLE5, carry([0, 9, 0, 0, 0]), G.Options())
    assert state.jackpot == 0 and state.carried_in[1] == 9


def test_with_an_empty_jackpot_a_player_must_take_zero_and_wins_every_carried_pot() -> None:
    table = ("FA", "F3", "F4", "F5", "F6")  # station 1: table high carries 2
    final, texts = play(start([LOWS, MIDS, HIGHS], table, carry()))
    out = G.outcome(final)
    assert out is not None
    assert final.taken[1] == 0 and final.won == (0, 2, 0)
    assert out.payoffs[1] == 2 - 5
    assert out.carry is not None and out.carry["stations"] == {str(k): 0 for k in range(1, 6)}
    assert out.carry["hands"] == 5 and out.carry["jackpot"] == 0
    assert any("wins the Jackpot with the carried pots: 2 coins" in t for t in texts)


def test_taking_no_more_than_the_jackpot_holds_wins_it() -> None:
    seat0 = ("B2", "C30", "C40", "C50", "C60")  # takes 1 (station 1's low)
    seat1 = ("C7", "B3", "B4", "B5", "B6")  # takes 4
    final, _ = play(start([seat0, seat1, HIGHS], TABLE5, carry(jackpot=1)))
    assert final.taken[:2] == (1, 4) and final.won == (1, 0, 0) and final.jackpot_out == 0


def test_taking_more_than_the_jackpot_does_not_win_and_it_stays() -> None:
    final, texts = play(start([LOWS, MIDS, HIGHS], TABLE5, carry([0, 0, 0, 0, 0], 0)))
    # the middle seat took 0 and wins 0: an empty pool wins nothing and the table reads nothing of it
    assert final.won == (0, 0, 0) and not any("Jackpot" in t for t in texts)
    seat0 = ("B2", "C30", "C40", "C50", "C60")
    seat1 = ("C7", "B3", "B4", "B5", "B6")
    table = ("FA", "F3", "F4", "F5", "F6")  # station 1: table high carries 2
    final, _ = play(start([seat1, seat0, HIGHS], table, carry(jackpot=0)))
    assert min(final.taken) > 0  # nobody took no more than the empty Jackpot
    assert final.won == (0, 0, 0) and final.jackpot_out == 0 and final.carried_out[0] == 2


def test_several_qualifiers_the_fewest_coins_wins() -> None:
    seat0 = ("B2", "C30", "C40", "C50", "C60")  # takes 1
    seat1 = ("C7", "B3", "B4", "B5", "B6")  # takes 4
    seat3 = ("C8", "C9", "C10", "C20", "CC")  # takes 0
    final, _ = play(start([seat0, seat1, HIGHS, seat3], TABLE5, carry(jackpot=1)))
    assert final.taken[0] == 1 and final.taken[3] == 0
    assert final.won == (0, 0, 0, 1)


def test_tied_qualifiers_split_and_odd_coins_stay_on_the_jackpot() -> None:
    other = ("C30", "C40", "C50", "C60", "CP")  # takes nothing either
    table = ("FA", "F3", "F4", "F5", "F6")  # station 1 (pot 4): table high carries 3
    final, texts = play(start([LOWS, MIDS, HIGHS, other], table, carry(jackpot=4)))
    assert final.taken[1] == final.taken[3] == 0
    assert final.won == (0, 3, 0, 3) and final.jackpot_out == 1  # 4 + 3 carried = 7: 3 each, 1 stays
    assert final.carried_out == (0,) * 5
    out = G.outcome(final)
    assert out is not None and out.carry is not None and out.carry["jackpot"] == 1
    assert any("split the Jackpot" in t and "1 odd coin stays on the Jackpot." in t for t in texts)


def test_the_jackpot_persists_across_hands_and_coins_are_conserved() -> None:
    rng = random.Random(12)
    for n in (2, 3, 4):
        c: dict[str, Any] | None = None
        for h in range(60):
            state = G.new_state(JP, n, rng.randrange(10**9), dealer=h % n, carry=c)
            if c is not None:
                assert state.jackpot + sum(state.carried_in) == c["jackpot"] + sum(c["stations"].values())
            final, _ = play(state)
            out = G.outcome(final)
            assert out is not None
            assert sum(out.payoffs) == out.carried_in - out.carried_out
            c = dict(out.carry or {})
            assert out.carried_out == sum(c["stations"].values()) + c["jackpot"]
