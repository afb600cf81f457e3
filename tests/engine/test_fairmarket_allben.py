"""Fairmarket's Allben story cards (options ``allben``, ``lighton``, ``lenders``): a test per rule
sentence and decision (docs/rules/fairmarket.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from pydantic import ValidationError

from games.fairmarket import Fairmarket, FairmarketState
from games.fairmarket import cards as fm

G = Fairmarket()
AB = G.Options(allben=True)
TABLE5 = ("F2", "F3", "F4", "F5", "F6")  # Flags high at every station
LOWS = ("B2", "B3", "B4", "B5", "B6")  # the low at every station
MIDS = ("C7", "C8", "C9", "C10", "C20")  # nothing
HIGHS = ("F7", "F8", "F9", "F10", "F20")  # the rest


def start(
    hands: Sequence[Sequence[str]], table: Sequence[str] = TABLE5, opts: object = AB,
    undealt: Sequence[str] = (), jackpot: int = 0,
) -> FairmarketState:
    used = {c for h in hands for c in h} | set(table) | set(undealt)
    rest = [c for c in fm.CARDS if c not in used]
    carry = {"stations": [0] * 5, "hands": 3, "jackpot": jackpot}
    return G.new_state(opts, len(hands), 7, hands=hands, stock=[*table, *undealt, *rest], carry=carry)


def play(state: FairmarketState) -> tuple[FairmarketState, list[str]]:
    texts: list[str] = []
    for seat in range(state.n):
        for card in state.hands[seat][:4]:  # in the order stacked (station by station)
            state, _ = G.apply(state, seat, f"place:{card}")
        state, events = G.apply(state, seat, "confirm")
        texts += [e.text for e in events if e.private_to is None]
    return state, texts


def test_story_cards_are_host_options_with_presets() -> None:
    assert G.Options().allben is False and G.presets["allben"] == AB
    assert G.presets["allben jackpot"] == G.Options(allben=True, jackpot=True)
    assert G.presets["lighton"].lighton and G.presets["lenders jackpot"].lenders
    with pytest.raises(ValidationError):
        G.Options(lighton=True)
    with pytest.raises(ValidationError):
        G.Options(lenders=True)


def test_without_the_option_story_cards_are_plain_cards() -> None:
    final, _ = play(start([("BQ", *LOWS[1:]), MIDS, HIGHS], opts=G.Options()))
    assert final.results[1].plays[0] == (0, "B3")  # no Quit: the Queen's player plays on


def test_a_table_story_card_plays_as_rank_zero() -> None:
    table = ("FP", *TABLE5[1:])  # a table Page in Flags: lower than any Flags card played
    final, _ = play(start([HIGHS, ("F50", *MIDS[1:]), ("F60", *LOWS[1:])], table))
    r = final.results[0]
    assert r.low == (-1,) and r.high == 2 and final.carried_out[0] == 1
    base, _ = play(start([HIGHS, ("F50", *MIDS[1:]), ("F60", *LOWS[1:])], table, G.Options()))
    assert base.results[0].high == -1  # without Allben the Page would be the high card


def test_the_table_story_card_does_not_counterfeit_a_players() -> None:  # FM-7
    table = ("FP", *TABLE5[1:])
    final, texts = play(start([("BP", *LOWS[1:]), MIDS, HIGHS], table, undealt=("C30", "C40", "C50", "C60")))
    assert final.results[1].plays[0] == (0, "C30")  # the player's Page acted
    assert any("the Put" in t for t in texts)


def test_a_players_story_card_acts_and_takes_nothing() -> None:
    seat2 = ("FP", *HIGHS[1:])  # the Page of the high suit would have been the high card
    final, _ = play(start([LOWS, MIDS, seat2], undealt=("C30", "C40", "C50", "C60")))
    r = final.results[0]
    assert r.high == -1 and r.low == (0,) and 2 not in (*r.low, r.high)


def test_the_page_plays_random_cards_from_the_deck_for_the_rest_of_the_hand() -> None:  # FM-8
    undealt = ("C30", "B40", "C50", "B60")
    final, texts = play(start([("BP", *LOWS[1:]), MIDS, HIGHS], undealt=undealt))
    assert [dict(r.plays)[0] for r in final.results] == ["BP", *undealt]
    assert any("the Put" in t for t in texts)
    assert any("plays a random card from the deck: 40 🔔" in t for t in texts)


def test_the_consort_defers_half_the_pot_rounded_down() -> None:  # FM-5
    final, texts = play(start([("BC", *LOWS[1:]), MIDS, HIGHS]))
    r = final.results[0]
    assert r.cut == 1 and r.carried == 1 and final.carried_out[0] == 1
    assert r.low == (1,) and r.high == 2 and r.high_paid == 1  # pot 3: 1 cut, 1 low, 1 high
    assert any("the Cut. 1 of the pot is deferred" in t for t in texts)


def test_the_cut_acts_before_the_tithes_low_and_high() -> None:  # §3.2 #9, FM-6
    seat0 = ("BQ", *LOWS[1:])  # quits at station 1
    seat1 = ("C7", "CC", *MIDS[2:])  # cuts station 2
    final, _ = play(start([seat0, seat1, HIGHS]))
    r = final.results[1]
    assert r.cut == 1 and r.tithes == ((0, 1),) and r.low_paid == (1,) and r.high_paid == 0


def test_the_queen_quits_with_a_tithe_of_one_coin_from_each_later_pot() -> None:
    seat0 = ("B2", "BQ", *LOWS[2:])
    final, texts = play(start([seat0, MIDS, HIGHS]))
    assert all(0 not in dict(r.plays) for r in final.results[2:])  # plays no more cards
    assert [r.tithes for r in final.results] == [(), (), ((0, 1),), ((0, 1),), ((0, 1),)]
    assert final.taken[0] == 1 + 3 and final.results[1].low == (1,)
    assert any("takes a tithe of 1" in t for t in texts) and any("the Quit" in t for t in texts)


def test_a_queen_as_the_last_card_takes_nothing() -> None:
    seat0 = (*MIDS[:4], "BQ")
    final, texts = play(start([seat0, LOWS, HIGHS]))
    assert final.taken[0] == 0 and all(not r.tithes for r in final.results)
    assert any("as their last card: she takes nothing" in t for t in texts)


def test_same_story_cards_played_together_counterfeit_and_play_as_rank_zero() -> None:
    seat0, seat1 = ("BQ", *LOWS[1:]), ("CQ", *MIDS[1:])
    final, texts = play(start([seat0, seat1, HIGHS]))
    r = final.results[0]
    assert r.low == (0, 1) and r.low_paid == (1, 1) and r.high == 2  # rank zero wins the low
    assert dict(final.results[1].plays)[0] == "B3" and dict(final.results[1].plays)[1] == "C8"  # play on
    assert any("counterfeit each other" in t for t in texts)


def test_counterfeit_pages_do_not_put() -> None:
    final, _ = play(start([("BP", *LOWS[1:]), ("CP", *MIDS[1:]), HIGHS]))
    assert dict(final.results[1].plays)[0] == "B3"


def test_lighton_the_page_always_takes_a_coin_as_the_low() -> None:
    opts = G.presets["lighton"]
    seat1 = ("FP", *MIDS[1:])  # a Page of the high suit still counts as low
    final, texts = play(start([LOWS, seat1, HIGHS], opts=opts, undealt=("C30", "C40", "C50", "C60")))
    r = final.results[0]
    assert r.low == (1,) and r.low_paid == (1,) and r.high == 2 and r.high_paid == 2
    assert final.taken[0] == 4  # seat 0's B2 does not take the low at station 1
    assert any("in Lighton it takes a coin as the low" in t for t in texts)


def test_lenders_two_queens_still_quit_without_tithes_and_cannot_win_the_jackpot() -> None:
    opts = G.presets["lenders jackpot"]
    seat0, seat1 = ("BQ", *LOWS[1:]), ("CQ", *MIDS[1:])
    final, texts = play(start([seat0, seat1, HIGHS], opts=opts, jackpot=3))
    assert final.taken[:2] == (1, 1)  # the counterfeits still play as rank zero at station 1
    assert all(set(dict(r.plays)) == {2} and not r.tithes for r in final.results[1:])
    assert final.won == (0, 0, 0) and final.jackpot_out == 3  # 1 ≤ 3, but they may not win it
    assert any("In Lenders the counterfeit Queens" in t for t in texts)


def test_a_quitter_qualifies_for_the_jackpot_on_the_coins_taken() -> None:  # FM-13
    seat1 = (*MIDS[:3], "BQ", "C60")  # quits at station 4, a tithe of 1 from station 5
    final, _ = play(start([LOWS, seat1, HIGHS], opts=G.presets["allben jackpot"], jackpot=1))
    assert final.taken[1] == 1 and final.won[1] == 1


def test_story_cards_conserve_coins_over_many_random_hands() -> None:
    rng = random.Random(5)
    for name in ("allben", "allben jackpot", "lighton", "lenders jackpot"):
        for n in (2, 3, 6):
            c: dict[str, Any] | None = None
            for h in range(40):
                final, _ = play(G.new_state(G.presets[name], n, rng.randrange(10**9), dealer=h % n, carry=c))
                out = G.outcome(final)
                assert out is not None and sum(out.payoffs) == out.carried_in - out.carried_out
                c = dict(out.carry or {})


def test_a_random_story_card_drawn_for_the_page_acts() -> None:  # FMA-3
    final, _ = play(start([("BP", *LOWS[1:]), MIDS, HIGHS], undealt=("CQ", "C40", "C50", "C60")))
    assert dict(final.results[1].plays)[0] == "CQ"  # the random Queen quits
    assert all(0 not in dict(r.plays) for r in final.results[2:])
    assert [r.tithes for r in final.results[2:]] == [((0, 1),)] * 3


def test_a_quitters_seat_line_says_they_were_out_after_their_station() -> None:
    seat0 = ("B2", "BQ", *LOWS[2:])  # quits at station 2
    final, _ = play(start([seat0, MIDS, HIGHS]))
    seats = G.view(final, None).public.seats
    assert seats[0].text.startswith("out of the round after station 2 · took")
    assert "out of the round" not in seats[1].text
    assert {s for s, _c in G.view(final, None).public.piles[2].plays} == {1, 2}  # still in at station 3


def test_a_dry_pot_with_the_table_high_says_nothing_is_left() -> None:
    seat0 = ("BQ", *LOWS[1:])  # quits at station 1: a tithe from stations 2-5
    seat1 = ("C7", "CC", *MIDS[2:])  # cuts station 2: pot 3 → 1 cut, 1 tithe, 1 low, 0 for the high
    table = ("F2", "FA", *TABLE5[2:])  # station 2's table Ace is high
    final, texts = play(start([seat0, seat1, HIGHS], table))
    r = final.results[1]
    assert r.high == -1 and r.high_paid == 0
    line = next(t for t in texts if t.startswith("Station 2 "))
    assert "Nothing is left for the high card." in line and "0 carries over" not in line
