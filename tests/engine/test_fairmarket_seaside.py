"""Fairmarket's Seaside Jack (option ``seaside``): a test per rule sentence and decision
(docs/rules/fairmarket.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from pydantic import ValidationError

from games.fairmarket import Fairmarket, FairmarketState
from games.fairmarket import cards as fm
from games.fairmarket.seaside import award_jack
from games.fairmarket.state import JACK

G = Fairmarket()
SJ = G.Options(seaside=True)
AS = G.Options(allben=True, seaside=True)
TABLE5 = ("F2", "F3", "F4", "F5", "F6")  # Flags high at every station
LOWS = ("B2", "B3", "B4", "B5", "B6")  # the low at every station (if nobody plays lower)
MIDS = ("C7", "C8", "C9", "C10", "C20")  # nothing
MIDS2 = ("C30", "C40", "C50", "C60", "CA")  # nothing
HIGHS = ("F7", "F8", "F9", "F10", "F20")  # the high at every station (unless Jack plays higher)


def dealt(plays: Sequence[str]) -> tuple[str, ...]:
    """Jack's cards in the order dealt, for the stations he is to play them at (he plays in reverse)."""
    return tuple(reversed(plays))


def start(
    hands: Sequence[Sequence[str]], jack: Sequence[str], *, opts: object = SJ, purse: int = 0,
    table: Sequence[str] = TABLE5, undealt: Sequence[str] = (), stations: Sequence[int] = (0,) * 5,
) -> FairmarketState:
    """Stacked players' hands (station order), Jack's plays (station order), his purse and the carries."""
    stacked = [*hands, dealt(jack)]
    used = {c for h in stacked for c in h} | set(table) | set(undealt)
    rest = [c for c in fm.CARDS if c not in used]
    carry = {"stations": list(stations), "hands": 3, "jack": purse}
    return G.new_state(opts, len(hands), 7, hands=stacked, stock=[*table, *undealt, *rest], carry=carry)


def play(state: FairmarketState) -> tuple[FairmarketState, list[str]]:
    texts: list[str] = []
    for seat in range(state.n):
        for card in state.hands[seat][:4]:  # in the order stacked (station by station)
            state, _ = G.apply(state, seat, f"place:{card}")
        state, events = G.apply(state, seat, "confirm")
        texts += [e.text for e in events if e.private_to is None]
    return state, texts


def shown(texts: Sequence[str]) -> list[str]:
    """The five station lines of a hand's texts."""
    return [t for t in texts if t.startswith("Station ")]


def test_seaside_jack_is_an_option_with_presets_and_replaces_the_jackpot() -> None:
    assert G.Options().seaside is False and G.presets["seaside jack"] == SJ
    assert G.presets["allben seaside jack"] == AS
    with pytest.raises(ValidationError, match="replaces the Jackpot"):
        G.Options(seaside=True, jackpot=True)


def test_jack_is_dealt_five_cards_in_the_same_sequence_after_the_dealer() -> None:  # FMS-1
    deck = list(fm.CARDS)
    state = G.new_state(SJ, 3, 1, stock=deck, dealer=0)
    # one card a round to seats 1, 2, 0 (the dealer), then Jack
    assert state.hands[1][:2] == (deck[0], deck[4]) and state.hands[0][0] == deck[2]
    assert state.jack == tuple(deck[3:20:4]) and state.table == tuple(deck[20:25])
    assert state.jack_order()[0] == deck[19]  # his last card dealt is his first station
    assert len(state.stock) == 54 - 20 - 5
    assert G.new_state(G.Options(), 3, 1, stock=deck).jack == ()


def test_jack_plays_blind_in_reverse_deal_order() -> None:
    final, _ = play(start([LOWS, MIDS, HIGHS], ("C30", "C40", "C50", "C60", "CA")))
    assert [dict(r.plays)[JACK] for r in final.results] == ["C30", "C40", "C50", "C60", "CA"]
    assert final.jack == ("CA", "C60", "C50", "C40", "C30")  # as dealt


def test_jacks_cards_win_high_and_low_like_a_players() -> None:
    jack = ("F30", "B2", *MIDS2[2:])  # high at station 1, low (with nobody lower) at station 2
    final, texts = play(start([("B3", "B7", *LOWS[2:]), MIDS, HIGHS], jack))
    assert final.results[0].high == JACK and final.results[0].high_paid == 3 - 1
    assert final.results[1].low == (JACK,) and final.jack_took == 2 + 1
    assert "Jack has the high card, 30 🚩, and takes 2." in shown(texts)[0]
    assert "Jack has the low card, 2 🔔, and takes 1." in shown(texts)[1]


def test_jacks_purse_starts_empty_and_keeps_what_he_wins() -> None:
    state = G.new_state(SJ, 3, 5)
    assert state.jack_in == 0
    final, _ = play(start([LOWS, ("B7", *HIGHS[1:]), ("F30", *MIDS[1:])], ("F40", *MIDS2[1:]), purse=4))
    assert final.jack_took == 2 and final.taken == (5, 8, 0)  # seat 2 took 0 < 2
    out = G.outcome(final)
    assert out is not None and out.carry is not None
    assert final.won == (0, 0, 6) and out.carry["jack"] == 0
    kept, _ = play(start([LOWS, ("B7", *HIGHS[1:]), ("F30", *MIDS[1:])], ("F40", *MIDS2[1:]), purse=0))
    assert kept.won == (0, 0, 2)  # from an empty purse: what he took this hand


def test_a_player_who_takes_less_than_jack_wins_all_of_his_money() -> None:
    # Jack takes 2 at station 1; seat 1 takes nothing: it wins the 4 old coins and this hand's 2
    final, texts = play(start([LOWS, MIDS, ("F7", *HIGHS[1:])], ("F30", *MIDS2[1:]), purse=4))
    assert final.jack_took == 2 and final.taken[1] == 0
    assert final.won == (0, 6, 0) and final.jack_out == 0
    assert "⟦seat:1⟧ took 0, fewer coins than Jack's 2 coins, and wins Jack's purse: 6 coins." in texts
    out = G.outcome(final)
    assert out is not None and out.payoffs[1] == 6 - 5
    assert (out.carried_in, out.carried_out) == (4, 0) and sum(out.payoffs) == 4


def test_taking_as_much_as_jack_does_not_win() -> None:
    assert award_jack([2, 3, 5], [True] * 3, 4, 2).won == (0, 0, 0)
    kept = award_jack([2, 3, 5], [True] * 3, 4, 2)
    assert kept.purse == 6 and "nobody took fewer" in kept.text
    assert award_jack([0, 0, 0], [True] * 3, 4, 0).won == (0, 0, 0)  # Jack took nothing: nobody can


def test_several_eligible_the_fewest_coins_wins() -> None:
    got = award_jack([1, 0, 3], [True] * 3, 5, 2)
    assert got.won == (0, 7, 0) and got.purse == 0


def test_tied_winners_split_and_odd_coins_stay_with_jack() -> None:
    final, texts = play(start([LOWS, MIDS, MIDS2], HIGHS, purse=1))
    assert final.jack_took == 10 and final.taken == (5, 0, 0)
    assert final.won == (0, 5, 5) and final.jack_out == 1  # 1 + 10 = 11: 5 each, 1 stays
    assert any("split Jack's purse: 5 coins each. 1 odd coin stays with Jack." in t for t in texts)


def test_carried_pots_are_never_won_with_jacks_purse() -> None:
    table = ("FA", *TABLE5[1:])  # station 1's table Ace is high: its coins carry
    final, _ = play(start([LOWS, MIDS, HIGHS], ("F30", *MIDS2[1:]), table=table, stations=(0, 4, 0, 0, 0)))
    assert final.carried_out[0] == 2 and final.won[1] == final.jack_took  # the purse only
    out = G.outcome(final)
    assert out is not None and out.carried_out == 2 and sum(out.payoffs) == 4 - 2


def test_jacks_purse_is_always_shown_and_his_cards_once_played() -> None:
    state = start([LOWS, MIDS, HIGHS], ("F30", *MIDS2[1:]), purse=3)
    public = G.view(state, None).public
    assert ("Jack's purse", "3 coins") in public.facts
    assert not any("F30" in p.cards for p in public.piles)  # his cards are face down until played
    final, _ = play(state)
    public = G.view(final, None).public
    assert "F30" in public.piles[0].cards and "Jack has the high card" in public.piles[0].text
    assert all(seat >= 0 for p in public.piles for seat, _c in p.plays)  # Jack is no seat
    assert ("Jack took", "2 coins") in public.facts
    assert ("Jack's purse for the next hand", "empty") in public.facts  # seat 1 took 0 < 2 and won it


def test_jacks_story_cards_act_like_a_players() -> None:
    final, texts = play(start([LOWS, MIDS, HIGHS], ("FQ", *MIDS2[1:]), opts=AS))
    assert all(JACK not in dict(r.plays) for r in final.results[1:])  # Jack quit
    assert [r.tithes for r in final.results[1:]] == [((JACK, 1),)] * 4 and final.jack_took == 4
    assert "Jack plays the Queen, Queen 🚩: the Quit. He is out of the round" in shown(texts)[0]
    assert all("Jack takes a tithe of 1." in t for t in shown(texts)[1:])
    cut, texts = play(start([LOWS, MIDS, HIGHS], ("FC", *MIDS2[1:]), opts=AS))
    assert cut.results[0].cut == 1 and any("Jack plays the Consort" in t for t in texts)


def test_jacks_page_is_ignored_but_still_counterfeits() -> None:
    final, texts = play(start([LOWS, MIDS, HIGHS], ("FP", *MIDS2[1:]), opts=AS, undealt=("B30", "B40")))
    assert dict(final.results[1].plays)[JACK] == "C40"  # his own next card: no Put
    assert any("the Put is ignored" in t for t in texts)
    both, texts = play(start([("BP", *LOWS[1:]), MIDS, HIGHS], ("FP", *MIDS2[1:]), opts=AS))
    assert dict(both.results[1].plays)[0] == "B3"  # the player's Page was counterfeited
    assert both.results[0].low == (0,) and both.results[0].high == 2  # rank zero: off-suit is lowest
    assert any("counterfeit each other" in t for t in texts)


def test_jack_counterfeits_a_players_queen() -> None:
    final, _ = play(start([("BQ", *LOWS[1:]), MIDS, HIGHS], ("CQ", *MIDS2[1:]), opts=AS))
    assert 0 in dict(final.results[1].plays) and JACK in dict(final.results[1].plays)
    assert final.results[0].low == (0, JACK)  # both rank zero off-suit: a tie for low
    assert final.jack_took == 1


def test_lenders_quitters_cannot_win_jacks_purse() -> None:  # FMS-4
    opts = G.Options(allben=True, lenders=True, seaside=True)
    final, _ = play(start([("BQ", *LOWS[1:]), ("CQ", *MIDS[1:]), HIGHS], ("F30", *MIDS2[1:]), opts=opts))
    assert final.taken[:2] == (1, 1) and final.jack_took == 1 + 4  # 1 < 5, but they may not win it
    assert final.won == (0, 0, 0) and final.jack_out == 5


def test_jack_conserves_coins_over_many_random_hands() -> None:
    rng = random.Random(9)
    for name in ("seaside jack", "allben seaside jack"):
        for n in (2, 3, 6):
            c: dict[str, Any] | None = None
            for h in range(40):
                state = G.new_state(G.presets[name], n, rng.randrange(10**9), dealer=h % n, carry=c)
                final, _ = play(state)
                out = G.outcome(final)
                assert out is not None and sum(out.payoffs) == out.carried_in - out.carried_out
                assert out.carried_out == sum(final.carried_out) + final.jack_out
                c = dict(out.carry or {})
                assert c["jack"] == final.jack_out and final.jack_in + final.jack_took - sum(final.won) == c["jack"]


def test_jacks_page_in_lighton_still_takes_its_coin_as_the_low() -> None:  # FMS-3
    opts = G.Options(allben=True, lighton=True, seaside=True)
    final, texts = play(start([LOWS, MIDS, HIGHS], ("FP", *MIDS2[1:]), opts=opts))
    assert final.results[0].low == (JACK,) and final.results[0].low_paid == (1,)
    assert dict(final.results[1].plays)[JACK] == "C40"  # no Put
    assert "Jack plays the Page, Page 🚩: the Put is ignored, and in Lighton it takes a coin as the low." in shown(texts)[0]


def test_a_purse_too_small_to_split_stays_with_jack() -> None:  # FMS-6
    got = award_jack([0, 0, 5], [True] * 3, 0, 1)
    assert got.won == (0, 0, 0) and got.purse == 1 and "cannot be split" in got.text
