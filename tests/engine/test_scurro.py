"""Scurro (seed 003, Game 3): the Renfield engine on the Fairmarket deck, with its own table."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from test_renfield_support import SCURRO as S
from test_renfield_support import act, deal, finish, legal, plays

from games.core.errors import IllegalAction
from games.renfield.profile import SCURRO as PROFILE


def test_aces_are_out_and_the_printed_table_is_used() -> None:
    assert PROFILE.keys == ("FA", "BA", "CA") and len(PROFILE.playable) == 51
    expect = {"F2": (2, 0), "F7": (7, 1), "F9": (9, 1), "F10": (10, 2), "F20": (0, 2), "F40": (10, 2),
              "F60": (10, 2), "FP": (0, 3), "FC": (0, 3), "FQ": (0, 3)}
    for card, (points, coins) in expect.items():
        assert (PROFILE.bugs[card], PROFILE.cost[card]) == (points, coins)
    assert PROFILE.cost_doublers == {"F2", "B2", "C2"} and PROFILE.bug_doublers == {"F20", "B20", "C20"}
    assert sum(PROFILE.bugs[c] for c in PROFILE.playable if c[0] == "F") == 94  # DECISIONS §3 row 12
    state = S.new_state(None, 8, 3)
    assert not {c for h in state.hands for c in h} & set(PROFILE.keys)


def test_ante_one_coin_minimum_bid_five_and_forced_five() -> None:
    hands = [["F3", "F4", "F5", "F6", "F7", "F8"], ["B3", "B4", "B5", "B6", "B7", "B8"],
             ["C3", "C4", "C5", "C6", "C7", "C8"], ["F9", "B9", "C9", "F10", "B10", "C10"]]
    s = deal(S, hands)
    assert s.pot == 4 and s.net == (-1, -1, -1, -1)
    assert legal(S, s)[0] == "bid:5"
    with pytest.raises(IllegalAction):
        act(S, s, "bid:4")
    s = act(S, s, "bid:6")
    assert legal(S, s)[0] == "bid:7"
    forced = act(S, deal(S, hands), "pass", "pass", "pass")
    assert forced.bidder == 0 and forced.bid == 5 and forced.net[0] == -6 and forced.pot == 9
    assert S.timeout_action(forced, 0) == "order:FBC"


def test_suit_order_decides_and_twos_double_the_coin_cost() -> None:
    hands = [["F2", "F3", "F4", "F5", "F6", "F7"], ["BQ", "B3", "B4", "B5", "B6", "B7"],
             ["C2", "C3", "C4", "C5", "C6", "C7"]]
    s = act(S, deal(S, hands), "bid:5", "pass", "pass", "order:CFB", "play:BQ", "play:C2", "play:F2")
    # Cups are high: the 2 of Cups takes the Queen of Bells
    assert s.taken[2] == ("BQ", "C2", "F2")
    assert s.net[2] == -1 - 3 * 4  # two 2s: ×4
    assert s.bugs[2] == 2 + 2


def test_points_face_value_thirty_to_sixty_ten_and_twenties_double_everything() -> None:
    hands = [["F10", "B10", "C3", "C4", "C5", "C6"], ["FQ", "BQ", "C7", "C8", "C9", "C10"],
             ["F20", "B20", "C30", "C40", "C50", "C60"]]
    s = act(S, deal(S, hands), "bid:5", "pass", "pass", "order:FBC", "play:FQ", "play:F20", "play:F10")
    assert s.taken[1] == ("FQ", "F20", "F10")
    assert s.bugs[1] == (0 + 10) * 2 and s.net[1] == -1 - 5 - (3 + 2 + 2)
    s = act(S, s, "play:BQ", "play:B20", "play:B10")
    assert s.bugs[1] == (10 + 10) * 4
    s = act(S, s, "play:C10", "play:C60", "play:C3")
    assert s.taken[2] == ("C10", "C60", "C3") and s.bugs[2] == 10 + 10 + 3


def test_fold_needs_a_point_and_the_fewest_points_win() -> None:
    hands = [["F3", "B3", "C3", "F4", "B4", "C4"], ["FQ", "BQ", "CQ", "FC", "BC", "CC"],
             ["FP", "BP", "CP", "F5", "B5", "C5"]]
    s = act(S, deal(S, hands), "bid:5", "pass", "pass", "order:FBC", "play:FQ")
    assert "fold" not in legal(S, s)
    s = act(S, s, "play:F5", "play:F3")
    assert s.bugs[1] == 5 + 3 and "fold" in legal(S, s)
    s, out = finish(S, s)
    live = [x for x in range(3) if s.bugs[x] >= 1]
    assert out.extra["winners"]
    assert all(s.bugs[w] == min(s.bugs[x] for x in live) for w in out.extra["winners"])


def test_flatline_forced_two_minimum_two_and_a_led_ace_makes_its_suit_high() -> None:
    hands = [["FA", "F3", "F4", "F5", "F6", "F7"], ["BQ", "B3", "B4", "B5", "B6", "B7"],
             ["CQ", "C3", "C4", "C5", "C6", "C7"]]
    s = deal(S, hands, flatline=True, flatline_keys=True)
    assert legal(S, s)[0] == "bid:2"
    s = act(S, s, "pass", "pass")
    assert s.phase == "play" and s.bidder == 0 and s.net[0] == -1 - 2
    s = act(S, s, "play:FA", "play:BQ", "play:CQ")
    assert s.taken[0] == ("FA", "BQ", "CQ")  # the led Ace makes Flags high
    assert s.bugs[0] == 0 and s.net[0] == -3 - 6  # an Ace is 0 points, 0 coins
    plain = act(S, deal(S, [[*h[1:], "F8"] if i == 0 else h for i, h in enumerate(hands)], flatline=True), "pass", "pass")
    plain = act(S, plain, "play:F8", "play:BQ", "play:CQ")
    assert plain.taken[2] == ("F8", "BQ", "CQ")  # rank only: the later Queen wins


def test_blaze_bids_in_points_with_the_one_coin_ante() -> None:
    hands = [["F3", "F4", "F5", "F6", "F7", "F8"], ["B3", "B4", "B5", "B6", "B7", "B8"],
             ["C3", "C4", "C5", "C6", "C7", "C8"]]
    s = deal(S, hands, blaze=True)
    assert s.pot == 3 and legal(S, s)[0] == "bid:1"
    s = act(S, s, "bid:10", "bid:12", "pass", "pass")
    assert s.bidder == 2 and s.bid == 12 and s.net == (-1, -1, -1)


def test_seven_and_eight_card_stud_limits() -> None:
    assert S.seat_limits(S.presets["7-card-stud"]) == (3, 7)
    assert S.seat_limits(S.presets["8-card-stud"]) == (3, 6)
    s = S.new_state(S.presets["7-card-stud"], 7, 1)
    assert all(len(h) == 7 and len(u) == 4 for h, u in zip(s.hands, s.side.up, strict=True))
    s = S.new_state(S.presets["8-card-stud"], 6, 1)
    assert all(len(h) == 8 for h in s.hands) and not any(s.side.up)


def test_wild_death_buy_and_auction_work_in_coins() -> None:
    hands = [["F3", "B3", "C3", "F4", "B4", "C4"], ["FQ", "B5", "C5", "F5", "B6", "C6"],
             ["CQ", "B7", "C7", "F7", "B8", "C8"]]
    s = act(S, deal(S, hands, wild_cards=("F3",), death_cards=("CQ",), buy_the_trick=True), "bid:5", "pass", "pass",
            "order:FBC", "play:FQ")
    assert "play:CQ" not in plays(S, s) and "buy" in legal(S, s)  # holds a Flag, so no Death Card
    s = act(S, s, "play:F7")
    assert "play:F3=FQ" in legal(S, s) and "play:F3=BQ" not in legal(S, s)
    s = act(S, s, "play:F3=FQ")
    assert s.taken[0] == ("FQ", "F7", "F3")  # the later Queen of Flags
    assert s.bugs[0] == 7 + 3 and s.net[0] == -(3 + 1 + 1) - 1
    a = deal(S, hands, stock=["BQ", "F8", "F9", "B9", "C9", "F10", "B10"], auction=True)
    a = act(S, a, "bid:10")
    assert a.net[1] == -1 - 10 and S.view(a, 0).public.pots == (13,) and S.view(a, 0).public.unit == "coin"


def test_scurro_presets_cover_its_variants() -> None:
    assert {"standard", "7-card-stud", "8-card-stud", "draw", "auction", "wild", "death", "death-all-suits",
            "flatline", "flatline-aces", "blaze", "buy-the-trick", "mayhem"} <= set(S.presets)
    with pytest.raises(ValidationError):
        S.Options(wild_cards=("T7",))  # not a Fairmarket card
    with pytest.raises(ValidationError):
        S.Options(death_cards=("FA",))  # an Ace is a suit indicator
    assert S.Options(flatline=True, flatline_keys=True, death_cards=("FA",)).death_cards == ("FA",)


def test_draw_in_coins_and_stud_up_cards() -> None:
    hands = [["F3", "F4", "F5", "F6", "F7", "F8"], ["B3", "B4", "B5", "B6", "B7", "B8"],
             ["C3", "C4", "C5", "C6", "C7", "C8"]]
    s = deal(S, hands, stock=["F9", "B9", "C9", "F10"], draw=True, draw_bet=2)
    s = act(S, s, "bet", "call", "fold")
    assert s.pot == 3 + 4 and s.net == (-1, -3, -3) and s.phase == "discard"
    s = act(S, s, (1, "discard:B3"), (2, "discard:C3,C4"))
    assert [len(h) for h in s.hands] == [6, 6, 6] and s.phase == "bid" and legal(S, s)[0] == "bid:5"
    stud = [["F2", "F3", "F4", "B2", "B3", "B4", "B5"], ["C2", "C3", "C4", "FQ", "F9", "F10", "F20"],
            ["B6", "B7", "B8", "C5", "C6", "C7", "C8"]]
    s = deal(S, stud, stud=True)
    assert S.view(s, 0).public.seats[1].cards == ("FQ", "F9", "F10", "F20")
    assert S.private_cards(s, 1) == {"C2", "C3", "C4"}
