"""Renfield's base rules, sentence by sentence, with stacked hands.

Card values are the proposed table (data/renfield_cards.json): rank → bugs/$:
1 0/0, 2 1/D, 3 1/0, 4-5 2/1, 6-7 3/1, 8-9 4/2, 10-11 5/2, 12 x2/3, 13-14 6/3, 15-16 0/4, 17 0/5.
"""

from __future__ import annotations

import json

import pytest
from test_renfield_support import RENFIELD as R
from test_renfield_support import act, deal, finish, legal, plays

from games.core.errors import IllegalAction, NotYourTurn
from games.core.views import AskAmount, Choice
from games.renfield.profile import RENFIELD as PROFILE
from tests.support.view_json import view_json


def filler(n: int) -> list[list[str]]:
    cards = list(PROFILE.playable)
    return [cards[6 * s : 6 * s + 6] for s in range(n)]


# ------------------------------------------------------------------ cards
def test_card_table_is_the_proposed_data_file() -> None:
    assert PROFILE.source == "proposed"
    assert len(PROFILE.playable) == 51 and not set(PROFILE.keys) & set(PROFILE.playable)
    assert (PROFILE.bugs["T13"], PROFILE.cost["T13"]) == (6, 3)
    assert (PROFILE.bugs["S17"], PROFILE.cost["S17"]) == (0, 5)
    assert PROFILE.cost_doublers == {"T2", "P2", "S2"}
    assert PROFILE.bug_doublers == {"T12", "P12", "S12"}
    assert {PROFILE.bugs[c] for c in PROFILE.playable} == set(range(7))
    assert {PROFILE.cost[c] for c in PROFILE.playable} == set(range(6))


def test_a_holder_of_the_real_deck_can_replace_the_table(tmp_path) -> None:
    from games.renfield.profile import CARD_TABLE, _load_renfield_table

    doc = json.loads(CARD_TABLE.read_text(encoding="utf-8"))
    doc["source"] = "printed"
    doc["cards"]["P7"] = {"bugs": 5, "cost": "D"}
    doc["cards"]["S3"] = {"bugs": "x2", "cost": 4}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    bugs, cost, cost_d, bug_d, source = _load_renfield_table(path)
    assert source == "printed" and bugs["P7"] == 5 and "P7" in cost_d and "S3" in bug_d and cost["S3"] == 4
    doc["cards"]["T4"] = {"bugs": 9, "cost": 1}
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ValueError):
        _load_renfield_table(path)


def test_six_cards_each_and_key_cards_out_of_the_deck() -> None:
    for n in (3, 8):
        state = R.new_state(None, n, 5)
        assert all(len(h) == 6 for h in state.hands)
        dealt = [c for h in state.hands for c in h] + list(state.side.stock)
        assert sorted(dealt) == sorted(PROFILE.playable)
    assert R.seat_limits(R.Options()) == (3, 8)
    with pytest.raises(IllegalAction):
        R.new_state(None, 2, 1)
    with pytest.raises(IllegalAction):
        R.new_state(None, 9, 1)


def test_the_deal_is_reproducible_from_the_seed_and_uniform() -> None:
    a, b = R.new_state(None, 5, 42), R.new_state(None, 5, 42)
    assert R.dump(a) == R.dump(b) and a.hands != R.new_state(None, 5, 43).hands
    # the batched shuffle behind the deal is uniform: all 24 orders of 4 cards, evenly
    from collections import Counter

    from games.core.rng import Rng

    counts: Counter = Counter()
    rng = Rng(7)
    for _ in range(12000):
        order, rng = rng.shuffled_batched("abcd")
        counts[order] += 1
    assert len(counts) == 24 and all(400 < c < 600 for c in counts.values())


# ---------------------------------------------------------------- bidding
def test_bidding_goes_once_around_from_the_dealers_left_each_bid_higher() -> None:
    s = deal(R, filler(4), dealer=0)
    assert R.to_act(s) == {1}
    assert legal(R, s)[:2] == ("bid:1", "bid:2") and "pass" in legal(R, s)
    s = act(R, s, "bid:3")
    assert R.to_act(s) == {2} and legal(R, s)[0] == "bid:4"
    with pytest.raises(IllegalAction):
        act(R, s, "bid:3")
    s = act(R, s, "pass", "bid:4")
    assert R.to_act(s) == {0}  # the dealer speaks last
    s = act(R, s, "pass")
    # once around: nobody speaks again; the winner pays the bid into the pot and orders
    assert s.phase == "order" and R.to_act(s) == {3}
    assert s.bidder == 3 and s.net == (0, 0, 0, -4) and s.pot == 4
    with pytest.raises(NotYourTurn):
        R.apply(s, 1, "order:TPS")


def test_dealer_must_take_the_lead_for_five_when_nobody_bids() -> None:
    s = deal(R, filler(4), dealer=2)
    s = act(R, s, "pass", "pass", "pass")  # seats 3, 0, 1
    assert s.phase == "order" and R.to_act(s) == {2}
    assert s.bidder == 2 and s.bid == 5 and s.net[2] == -5 and s.pot == 5


def test_bids_are_offered_up_to_max_bid() -> None:
    s = deal(R, filler(3), max_bid=12)
    bids = [a for a in legal(R, s) if a.startswith("bid:")]
    assert bids == [f"bid:{n}" for n in range(1, 13)]
    s = act(R, s, "bid:12")
    assert legal(R, s) == ("pass",)


# ------------------------------------------------------- suits and tricks
def test_winner_orders_suits_and_the_suit_order_not_the_lead_decides() -> None:
    hands = [
        ["S16", "T6", "T7", "T8", "T9", "T10"],
        ["S17", "T1", "T2", "T3", "T4", "T5"],
        ["P1", "P3", "P4", "P5", "P6", "P7"],
    ]
    s = act(R, deal(R, hands), "bid:1", "pass", "pass")
    assert set(legal(R, s)) == {"order:" + "".join(p) for p in ("TPS", "TSP", "PTS", "PST", "STP", "SPT")}
    s = act(R, s, "order:PTS", "play:S17")
    assert s.order == "PTS"
    s = act(R, s, "play:P1")  # seat 2 is out of Stones
    assert plays(R, s) == {"play:S16"}  # seat 0 must follow suit
    s = act(R, s, "play:S16")
    # Parts are high: the 1 of Parts beats both Stones
    assert s.taken[2] == ("S17", "P1", "S16") and R.to_act(s) == {2}
    assert s.net[2] == -(5 + 0 + 4) and s.bugs[2] == 0


def test_following_is_free_when_void_and_higher_or_lower_is_allowed() -> None:
    hands = [["T1", "T17", "P1", "P2", "P3", "P4"], ["T9", "S1", "S3", "S4", "S5", "S6"], ["S7", "S8", "S9", "S10", "S11", "S13"]]
    s = act(R, deal(R, hands), "bid:1", "pass", "pass", "order:TPS", "play:T9")
    assert plays(R, s) == {f"play:{c}" for c in hands[2]}  # void: anything
    s = act(R, s, "play:S7")
    assert plays(R, s) == {"play:T1", "play:T17"}  # lower or higher, but Tools


def test_each_two_doubles_the_trick_cost_compounding() -> None:
    hands = [["P2", "S3", "S4", "S5", "S6", "S7"], ["T17", "T13", "P1", "P3", "P4", "P5"], ["T2", "T3", "T4", "T5", "T6", "T7"]]
    s = act(R, deal(R, hands), "bid:1", "pass", "pass", "order:TPS", "play:T17", "play:T2", "play:P2")
    assert s.taken[1] == ("T17", "T2", "P2")
    assert s.net[1] == -1 - (5 + 0 + 0) * 4  # two 2s: ×4
    assert s.bugs[1] == 2
    four = [["T17", "T13", "P1", "P3", "P4", "P5"], ["T2", "T3", "T4", "T5", "T6", "T7"],
            ["P2", "S3", "S4", "S5", "S6", "S7"], ["S2", "S8", "S9", "S10", "S11", "S13"]]
    s = act(R, deal(R, four, dealer=3), "bid:1", "pass", "pass", "pass", "order:TPS")
    s = act(R, s, "play:T17", "play:T2", "play:P2", "play:S2")
    assert s.net[0] == -1 - 5 * 8  # three 2s: ×8
    one = [["T1", "S3", "S4", "S5", "S6", "S7"], ["T17", "T13", "P1", "P3", "P4", "P5"], ["T2", "T3", "T4", "T5", "T6", "T7"]]
    s = act(R, deal(R, one), "bid:1", "pass", "pass", "order:TPS", "play:T17", "play:T2", "play:T1")
    assert s.net[1] == -1 - 5 * 2


def _twelves():
    hands = [
        ["T11", "P11", "S10", "S11", "S13", "S14"],
        ["T13", "P13", "S1", "S3", "S4", "S5"],
        ["T12", "P12", "S6", "S7", "S8", "S9"],
    ]
    return act(R, deal(R, hands), "bid:1", "pass", "pass", "order:TPS")


def test_a_twelve_doubles_the_takers_whole_hand_and_two_twelves_quadruple() -> None:
    s = act(R, _twelves(), "play:T13", "play:T12", "play:T11")
    assert s.bugs[1] == (6 + 5) * 2 and s.net[1] == -1 - (3 + 3 + 2)
    s = act(R, s, "play:P13", "play:P12", "play:P11")
    assert s.bugs[1] == (6 + 5 + 6 + 5) * 4


def test_folding_needs_a_bug_comes_after_paying_and_a_leader_passes_the_lead_left() -> None:
    s = _twelves()
    assert "fold" not in legal(R, s)  # no bugs yet
    s = act(R, s, "play:T13")
    assert "fold" not in legal(R, s)
    s = act(R, s, "play:T12", "play:T11")
    # the trick is paid for before seat 1 may fold (when it would lead)
    assert s.net[1] == -1 - 8 and s.pot == 9
    assert R.to_act(s) == {1} and "fold" in legal(R, s)
    s = act(R, s, "fold")
    assert not s.active[1] and R.to_act(s) == {2} and s.trick.plays == ()
    with pytest.raises(NotYourTurn):
        R.apply(s, 1, "play:P13")


def test_last_player_left_wins_the_pot_at_once_even_with_no_bugs() -> None:
    hands = [
        ["T11", "S6", "P7", "P8", "P9", "P10"],
        ["T13", "S1", "S3", "S4", "S5", "P1"],
        ["T12", "S9", "P3", "P4", "P5", "P6"],
    ]
    s = act(R, deal(R, hands), "bid:1", "pass", "pass", "order:TPS", "play:T13", "play:T12", "play:T11")
    s = act(R, s, "fold", "play:S9", "play:S6")
    assert s.bugs == (0, 22, 7)
    s = act(R, s, "fold")
    out = R.outcome(s)
    assert out is not None and R.to_act(s) == frozenset()
    assert out.extra["winners"] == (0,) and out.payoffs == (12, -9, -3)
    assert out.carry is None and out.carried_out == 0


def test_fewest_bugs_wins_ties_split_and_the_odd_chip_carries() -> None:
    hands = [
        ["T11", "S1", "P8", "P15", "T16", "S16"],
        ["T13", "P2", "P3", "P4", "P5", "P6"],
        ["T12", "S9", "P1", "P16", "T15", "S17"],
    ]
    s = act(R, deal(R, hands), "bid:2", "pass", "pass", "order:TPS", "play:T13", "play:T12", "play:T11")
    s = act(R, s, "fold")
    s = act(R, s, "play:S9", "play:S1", "play:P1", "play:P8", "play:P15", "play:P16")
    s = act(R, s, "play:T15", "play:T16", "play:S16", "play:S17")
    out = R.outcome(s)
    assert out is not None and s.bugs == (4, 22, 4)
    assert out.extra["winners"] == (0, 2)
    assert out.carried_out == 1 and out.carry == {"pot": 1, "sitting_out": []}
    assert out.payoffs == (-10 + 19, -10, -19 + 19)
    assert sum(out.payoffs) == -1


def test_a_lone_low_score_wins_the_whole_pot() -> None:
    s, out = finish(R, act(R, _twelves(), "play:T13", "play:T12", "play:T11"))
    winners = out.extra["winners"]
    live = [x for x in range(3) if s.active[x] and s.bugs[x] >= 1]
    assert len(winners) == 1 and s.bugs[winners[0]] == min(s.bugs[x] for x in live)
    assert out.payoffs[winners[0]] > 0 and out.carried_out == 0


def test_nobody_with_a_bug_still_in_means_the_pot_carries() -> None:
    hands = [
        ["T9", "T16", "P16", "S16", "T17", "P17"],
        ["T14", "P2", "P3", "P4", "P5", "P6"],
        ["T10", "P1", "S1", "T15", "P15", "S15"],
    ]
    s = act(R, deal(R, hands), "bid:3", "pass", "pass", "order:TPS", "play:T14", "play:T10", "play:T9")
    s = act(R, s, "fold")
    s, out = finish(R, s)
    assert s.bugs[0] == 0 and s.bugs[2] == 0
    assert out.extra["winners"] == ()
    pot = 3 + (3 + 2 + 2) + sum(PROFILE.cost[c] for c in hands[0][1:] + hands[2][1:])
    assert out.carried_out == pot and out.carry == {"pot": pot, "sitting_out": []}
    # the next hand starts with the carried pot
    nxt = R.new_state(None, 3, 9, dealer=1, carry=out.carry)
    assert nxt.pot == pot and R.outcome(finish(R, nxt)[0]).carried_in == pot


# ------------------------------------------------------------ render model
def test_view_shows_own_hand_as_card_choices_and_never_other_hands() -> None:
    hands = [["S16", "T6", "T7", "T8", "T9", "T10"], ["S17", "T1", "T2", "T3", "T4", "T5"], ["P1", "P3", "P4", "P5", "P6", "P7"]]
    s = deal(R, hands)
    v = R.view(s, 1)
    ask = [p for p in v.prompt if isinstance(p, AskAmount)]
    assert ask and ask[0].kind == "bid" and ask[0].minimum == 1 and ask[0].maximum == 30
    assert any(isinstance(p, Choice) and p.action == "pass" for p in v.prompt)
    s = act(R, s, "bid:1", "pass", "pass", "order:TPS", "play:S17", "play:P1")
    v = R.view(s, 0)
    cards = [p for p in v.prompt if isinstance(p, Choice) and p.group == "cards"]
    # in the suit order (Tools > Parts > Stones), low to high
    assert [c.action for c in cards] == [f"play:{c}" for c in ("T6", "T7", "T8", "T9", "T10", "S16")]
    assert [c.enabled for c in cards] == [False, False, False, False, False, True]
    text = view_json(v)
    for other in (1, 2):
        for card in R.private_cards(s, other):
            assert f'"{card}"' not in text
    pile = v.public.piles[0]
    assert pile.name == "Current trick" and pile.cards == ("S17", "P1") and "⟦" not in pile.text
    # Parts rank above Stones: the 1 of Parts beats the 17 of Stones that was led
    assert pile.plays == ((1, "17🪦"), (2, "1🦴")) and pile.winner == 2 and not pile.taken
    facts = dict(v.public.facts)
    assert R.view(s, None).public.pots == (1,) and facts["Suit order"] == "🔧 Tools > 🦴 Parts > 🪦 Stones"
    assert v.public.seats[0].to_act and not v.public.seats[1].to_act
    spectator = R.view(s, None)
    assert spectator.hand == () and spectator.prompt == ()


def test_timeouts_pick_the_gentlest_choice() -> None:
    s = deal(R, [["T1", "T9", "P4", "S3", "S4", "S5"], ["T17", "T2", "P1", "P3", "P5", "P6"], ["T3", "T4", "T5", "T6", "T7", "T8"]])
    assert R.timeout_action(s, 1) == "pass"
    s = act(R, s, "bid:1", "pass", "pass")
    assert R.timeout_action(s, 1) == "order:TPS"
    s = act(R, s, "order:TPS", "play:T17", "play:T3")
    assert R.timeout_action(s, 0) == "play:T1"  # the lowest legal card, never a fold


def test_a_followers_fold_can_complete_the_trick() -> None:
    hands = [
        ["T13", "P1", "S10", "S11", "S13", "S14"],
        ["T3", "P17", "S5", "S1", "P4", "P5"],
        ["T4", "P3", "S6", "S7", "S8", "S9"],
    ]
    s = act(R, deal(R, hands), "bid:1", "pass", "pass", "order:TPS", "play:T3", "play:T4", "play:T13")
    s = act(R, s, "play:P1", "play:P17", "play:P3")
    assert s.bugs == (9, 1, 0) and R.to_act(s) == {1}
    s = act(R, s, "play:S5", "play:S6")
    assert "fold" in legal(R, s) and R.to_act(s) == {0}
    s = act(R, s, "fold")  # seat 0 was the last to play: the trick is complete without it
    assert s.taken[2] == ("S5", "S6") and s.bugs[2] == 2 + 3 and s.net[2] == -2
    assert s.active == (False, True, True) and R.to_act(s) == {2} and s.trick.plays == ()


def test_the_hand_panel_shows_what_each_card_is_worth() -> None:
    """The printed bugs and cost decide every play, so the buttons carry them."""
    import games

    g = games.get_game("renfield")
    hands = [
        ["T2", "T12", "P8", "S3", "S4", "S5"],
        ["T13", "T14", "T15", "T16", "T17", "P1"],
        ["P13", "P14", "P15", "P16", "P17", "S1"],
        ["S13", "S14", "S15", "S16", "S17", "T1"],
    ]
    s = g.new_state(None, 4, 1, hands=hands, dealer=3)
    for seat, action in ((0, "bid:1"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "order:TPS")):
        s, _ = g.apply(s, seat, action)
    view = g.view(s, 0)
    labels = {c.action: c.label for c in view.prompt if c.group == "cards"}
    p = g.profile
    assert labels["play:P8"] == f"{p.deck.label('P8')} · {p.points(p.bugs['P8'])} · {p.money(p.cost['P8'])}"
    assert "doubles the trick" in labels["play:T2"] and "doubles all" in labels["play:T12"]
    assert view.hand_text.count("\n") == 5
