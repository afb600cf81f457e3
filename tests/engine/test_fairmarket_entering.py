"""Fairmarket: entering with a fee ("pay the pots"), leaving, and the last hand by unanimous vote
(a test per rule sentence and decision, docs/rules/fairmarket.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.fairmarket import Fairmarket, FairmarketState
from games.fairmarket import cards as fm
from games.fairmarket.entering import entry_fee, spread, voters

G = Fairmarket()
TABLE5 = ("F2", "F3", "F4", "F5", "F6")  # Flags high at every station
LOWS = ("B2", "B3", "B4", "B5", "B6")
MIDS = ("C7", "C8", "C9", "C10", "C20")
MIDS2 = ("C30", "C40", "C50", "C60", "CA")
HIGHS = ("F7", "F8", "F9", "F10", "F20")


def start(
    hands: Sequence[Sequence[str]], *, tenure: Sequence[int] | None = None, hand: int = 6,
    stations: Sequence[int] = (0,) * 5, opts: object = None, table: Sequence[str] = TABLE5,
    last: bool = False, dealer: int = 0, **more: int,
) -> FairmarketState:
    used = {c for h in hands for c in h} | set(table)
    rest = [c for c in fm.CARDS if c not in used]
    carry: dict[str, Any] = {"stations": list(stations), "hands": hand - 1, "last": last, **more}
    if tenure is not None:
        carry["seating"] = {"hand": hand, "tenure": list(tenure)}
    return G.new_state(opts, len(hands), 7, hands=hands, stock=[*table, *rest], carry=carry, dealer=dealer)


def play(state: FairmarketState, votes: Sequence[int] = ()) -> tuple[FairmarketState, list[str]]:
    texts: list[str] = []
    for seat in votes:
        state, events = G.apply(state, seat, "vote")
        texts += [e.text for e in events if e.private_to is None]
    for seat in range(state.n):
        for card in state.hands[seat][:4]:  # in the order stacked (station by station)
            state, _ = G.apply(state, seat, f"place:{card}")
        state, events = G.apply(state, seat, "confirm")
        texts += [e.text for e in events if e.private_to is None]
    return state, texts


# ---------------------------------------------------------------- entering and leaving
def test_the_game_is_told_how_long_each_player_has_sat() -> None:
    assert G.counts_tenure is True


def test_a_newcomer_pays_the_pots_on_top_of_the_ante() -> None:
    # 5 coins carried, 3 players already seated: ceil(5 / 3) = 2, on stations 1 and 2
    state = start([LOWS, MIDS, HIGHS, MIDS2], tenure=(5, 5, 5, 0), stations=(2, 0, 3, 0, 0))
    assert state.fees == (0, 0, 0, 2) and state.fee_in == (1, 1, 0, 0, 0)
    assert [state.pot(k) for k in range(5)] == [4 + 2 + 1, 4 + 1, 4 + 3, 4, 4]
    assert "⟦seat:3⟧ pays the pots to enter: 2 coins (station 1: 1, station 2: 1)." in state.recent
    final, _ = play(state)
    out = G.outcome(final)
    assert out is not None and out.payoffs[3] == final.taken[3] - 5 - 2
    assert sum(out.payoffs) == out.carried_in - out.carried_out
    assert "and an entry fee of 2" in out.details[3]


def test_the_fee_counts_the_jackpot_and_divides_by_the_players_already_seated() -> None:  # FM-9
    opts = G.Options(jackpot=True)
    state = start([LOWS, MIDS, HIGHS], tenure=(3, 3, 0), stations=(1, 0, 0, 0, 0), opts=opts, jackpot=4)
    assert state.fees == (0, 0, 3)  # (1 + 4) / 2 seated = 2.5, rounded up
    assert entry_fee(6, 3) == 2 and entry_fee(7, 3) == 3 and entry_fee(0, 3) == 0


def test_with_seaside_jack_his_purse_counts_as_the_jackpot() -> None:  # FM-10
    state = start([LOWS, MIDS, HIGHS], tenure=(3, 3, 0), opts=G.Options(seaside=True), jack=3)
    assert state.fees == (0, 0, 2)  # 3 / 2 rounded up


def test_the_fee_is_spread_as_evenly_as_possible_starting_at_station_1() -> None:
    assert spread(3) == (1, 1, 1, 0, 0) and spread(7) == (2, 2, 1, 1, 1) and spread(10) == (2,) * 5


def test_several_newcomers_each_pay_on_the_same_total() -> None:  # FME-1
    state = start([LOWS, MIDS, HIGHS, MIDS2], tenure=(4, 4, 0, 0), stations=(0, 0, 0, 0, 3))
    assert state.fees == (0, 0, 2, 2) and state.fee_in == (2, 2, 0, 0, 0)  # 3 / 2 seated = 2 each
    assert sum(1 for line in state.recent if "pays the pots" in line) == 2


def test_no_fee_on_the_first_hand_or_with_nothing_carried() -> None:
    assert start([LOWS, MIDS, HIGHS], tenure=(0, 0, 0), hand=1, stations=(3, 0, 0, 0, 0)).fees == (0, 0, 0)
    assert start([LOWS, MIDS, HIGHS], tenure=(5, 5, 0)).fees == (0, 0, 0)
    assert start([LOWS, MIDS, HIGHS], stations=(3, 0, 0, 0, 0)).fees == (0, 0, 0)  # no seating told


def test_leaving_costs_nothing() -> None:  # FM-12
    # a player left after the last hand: the three who stayed were all dealt it
    state = start([LOWS, MIDS, HIGHS], tenure=(6, 2, 9), stations=(4, 0, 0, 0, 0))
    assert state.fees == (0, 0, 0) and state.pot(0) == 3 + 4


def test_a_newcomers_fee_shows_on_their_seat_line() -> None:
    state = start([LOWS, MIDS, HIGHS], tenure=(3, 3, 0), stations=(3, 0, 0, 0, 0))
    lines = G.view(state, None).public.seats
    assert lines[2].text.startswith("paid 2 to enter") and not lines[0].text.startswith("paid")


def test_the_carried_stations_survive_a_change_of_seating() -> None:  # FME-6
    final, _ = play(start([LOWS, MIDS, HIGHS], table=("FA", *TABLE5[1:])))
    out = G.outcome(final)
    assert out is not None and out.carry is not None
    kept = {k: v for k, v in out.carry.items() if not isinstance(v, list | tuple)}  # what the runtime keeps
    assert kept["stations"] == {"1": 2, "2": 0, "3": 0, "4": 0, "5": 0}
    nxt = G.new_state(None, 4, 3, carry={**kept, "seating": {"hand": 2, "tenure": [1, 1, 1, 0]}})
    assert nxt.carried_in == (2, 0, 0, 0, 0) and nxt.fees == (0, 0, 0, 1)


# ---------------------------------------------------------------- last hand
def test_new_players_of_the_last_five_rounds_have_no_vote() -> None:
    assert voters({"hand": 10, "tenure": [9, 4, 5, 0]}, 4) == (True, False, True, False)
    assert voters({"hand": 3, "tenure": [2, 2, 1]}, 3) == (True, True, False)  # seated since hand 1
    assert voters({"hand": 1, "tenure": [0, 0, 0]}, 3) == (True, True, True)


def test_if_nobody_may_vote_everyone_votes() -> None:  # FME-3
    assert voters({"hand": 10, "tenure": [1, 2]}, 2) == (True, True)
    assert voters(None, 3) == (True, True, True)


def test_a_voter_may_vote_and_withdraw_while_setting_their_hand() -> None:
    state = start([LOWS, MIDS, HIGHS], tenure=(5, 5, 1))
    assert "vote" in G.legal_actions(state, 0) and "vote" not in G.legal_actions(state, 2)
    state, events = G.apply(state, 0, "vote")
    assert all(e.private_to == 0 for e in events)  # the vote itself is secret
    assert G.legal_actions(state, 0)[-1] == "unvote"
    assert ("Last hand vote", "1 of 2 voted for a last hand") in G.view(state, None).public.facts
    assert "Vote for a last hand" in [c.label for c in G.view(state, 1).prompt]
    assert "Withdraw my vote" in [c.label for c in G.view(state, 0).prompt]
    state, _ = G.apply(state, 0, "unvote")
    assert "Last hand vote" not in dict(G.view(state, None).public.facts)


def test_a_vote_is_final_once_the_hand_is_confirmed() -> None:
    state = start([LOWS, MIDS, HIGHS])
    state, _ = G.apply(state, 0, "vote")
    state, _ = G.apply(state, 0, "asis")
    assert 0 not in G.to_act(state) and state.votes[0]
    assert "You voted for a last hand." in G.view(state, 0).notes


def test_a_unanimous_vote_declares_the_next_hand_the_last() -> None:
    final, texts = play(start([LOWS, MIDS, HIGHS], tenure=(5, 5, 1)), votes=(0, 1))
    assert "Everyone agreed: the next hand is the last." in texts
    out = G.outcome(final)
    assert out is not None and out.carry is not None and out.carry["last"] is True and not out.table_over


def test_without_every_voter_play_goes_on_and_names_show_at_the_end() -> None:
    final, texts = play(start([LOWS, MIDS, HIGHS]), votes=(2,))
    assert "⟦seat:2⟧ voted for a last hand, but not everyone did: play goes on." in texts
    out = G.outcome(final)
    assert out is not None and out.carry is not None and out.carry["last"] is False


def test_the_last_hand_is_shown_played_normally_and_has_no_vote() -> None:
    state = start([LOWS, MIDS, HIGHS], last=True)
    assert ("Last hand", "the coins left over are shared when it ends") in G.view(state, None).public.facts
    assert "vote" not in G.legal_actions(state, 0)


def test_after_the_last_hand_the_leftovers_are_shared_and_the_table_ends() -> None:  # FM-11
    opts = G.Options(jackpot=True)
    table = (*TABLE5[:4], "FA")  # station 5's table Ace keeps 2 (its pot of 3 less the low coin)
    state = start([LOWS, MIDS, HIGHS], table=table, last=True, opts=opts, stations=(0, 0, 0, 0, 0), jackpot=5)
    final, texts = play(state)
    # the hand's normal Jackpot award first: seat 1 took 0 ≤ 5 and wins it with the carried 2
    assert final.won[1] == 5 + 2 and final.shares == (0, 0, 0)
    assert "Last hand: nothing is left over to share." in texts
    out = G.outcome(final)
    assert out is not None and out.table_over and out.carried_out == 0
    assert sum(out.payoffs) == out.carried_in


def test_odd_coins_go_to_the_player_who_took_the_very_last_high_card() -> None:  # FME-5
    table = (*TABLE5[:4], "FA")  # station 5's high is the table's: station 4's high player is the last
    state = start([LOWS, MIDS, HIGHS], table=table, last=True, stations=(5, 0, 0, 0, 0))
    final, texts = play(state)
    assert final.results[4].carried == 2 and final.results[0].high_paid == 2 + 5
    assert final.shares == (0, 0, 2)  # 2 left over: 0 each, the odd 2 to seat 2 (station 4's high)
    assert "Last hand: 2 coins left over, shared 0 coins each; ⟦seat:2⟧ took the very last high card and gets the odd 2 coins." in texts
    out = G.outcome(final)
    assert out is not None and out.table_over and out.carry is not None and out.carry["stations"]["5"] == 0
    assert out.payoffs[2] == final.taken[2] + 2 - 5 and sum(out.payoffs) == out.carried_in - out.carried_out == 5


def test_leftovers_split_evenly_among_the_last_hands_players() -> None:
    opts = G.Options(seaside=True)
    state = start([LOWS, MIDS, HIGHS], last=True, opts=opts, jack=9)
    final, texts = play(state)
    leftover = final.jack_in + final.jack_took - sum(final.won) + sum(r.carried for r in final.results)
    assert sum(final.shares) == leftover and max(final.shares) - min(final.shares) <= leftover % 3
    assert any(t.startswith("Last hand: ") and "left over, shared" in t for t in texts)
    out = G.outcome(final)
    assert out is not None and out.carried_out == 0 and out.carry is not None and out.carry["jack"] == 0


def test_with_no_player_high_the_odd_coins_go_from_the_dealers_left() -> None:
    from games.fairmarket.entering import share_out

    assert share_out(5, 3, 0, None) == (1, 2, 2) and share_out(5, 3, 0, 2) == (1, 1, 3)


def test_fees_and_votes_conserve_coins_over_many_random_hands() -> None:
    rng = random.Random(3)
    for name in ("standard", "jackpot", "seaside jack", "allben seaside jack"):
        c: dict[str, Any] | None = None
        tenure = [0, 0, 0]
        for h in range(1, 40):
            if h % 7 == 0:  # a player leaves, another joins
                tenure = [*tenure[1:], 0]
            c = {**(c or {}), "seating": {"hand": h, "tenure": tenure}}
            state = G.new_state(G.presets[name], 3, rng.randrange(10**9), dealer=h % 3, carry=c)
            for s in range(3):
                if rng.random() < 0.3 and "vote" in G.legal_actions(state, s):
                    state, _ = G.apply(state, s, "vote")
                state, _ = G.apply(state, s, "asis")
            out = G.outcome(state)
            assert out is not None and sum(out.payoffs) == out.carried_in - out.carried_out
            if out.table_over:
                assert out.carried_out == 0
                break
            c = dict(out.carry or {})
            tenure = [t + 1 for t in tenure]
