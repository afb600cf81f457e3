"""Écarté rule tests with stacked deals: the play of the tricks, the scoring, the game to 5 and
the match (the Denexa text, with DECISIONS §4.5 and §5.5)."""

from __future__ import annotations

import pytest

from games.core.tricks import Trick
from games.ecarte import EcarteOptions
from games.ecarte.flow import deal_points
from games.ecarte.state import trick_winner
from tests.engine.test_ecarte_support import G, act, carried, legal, start, texts

# Spades are trumps (upcard 9♠) throughout; seat 0 deals, seat 1 leads.
FOLLOW = [["Th", "Jh", "7h", "Qs", "8c"], ["9h", "Qc", "8d", "7s", "Ad"]]
# After the exchange below: seat 1 has As Ts Kh Kd 7c, seat 0 Qs Js 8h 8d Kc; seat 0 takes 3 tricks.
SPLIT = [["Qs", "Js", "8h", "8d", "7h"], ["As", "Ts", "Kh", "Kd", "7d"]]
SPLIT_EXCHANGE = ("propose", "accept", "discard:7d", "discard:7h", "play")
SPLIT_PLAYS = (
    "play:Kh", "play:8h", "play:Kd", "play:8d", "play:7c", "play:Kc", "play:Qs", "play:As", "play:Js", "play:Ts",
)
SPLIT_AFTER = [["Qs", "Js", "8h", "8d", "Kc"], ["As", "Ts", "Kh", "Kd", "7c"]]
STRONG = ["Qs", "Js", "As", "Ts", "Kh"]  # takes all five tricks against WEAK
WEAK = ["8s", "7s", "7h", "8h", "7d"]


def play_first_legal(state):
    """Plays the deal out, each player playing their first legal card; returns (state, events)."""
    events = []
    deal_no = state.deal_no
    while state.phase == "play" and state.deal_no == deal_no:
        state, more = act(state, next(a for a in legal(state) if a.startswith("play:")))
        events.extend(more)
    return state, events


# ------------------------------------------------------------------- play
def test_the_non_dealer_leads_the_first_trick() -> None:
    for dealer in (0, 1):
        state, _ = act(start(FOLLOW, dealer=dealer), "play")
        assert G.to_act(state) == {1 - dealer}
        assert set(legal(state)) == {f"play:{c}" for c in state.play.hands[1 - dealer]}  # any lead


@pytest.mark.parametrize(
    ("lead", "allowed"),
    [
        ("9h", {"Th", "Jh"}),  # follow suit and head the trick: not 7♥
        ("Qc", {"8c"}),  # follow suit even when it cannot head
        ("8d", {"Qs"}),  # void in the suit led: trump
        ("7s", {"Qs"}),  # a trump led: follow with a higher trump
    ],
)
def test_the_second_player_follows_suit_and_heads_the_trick_else_trumps(lead: str, allowed: set[str]) -> None:
    state, _ = act(start(FOLLOW), "play", f"play:{lead}")
    assert set(legal(state)) == {f"play:{c}" for c in allowed}


def test_void_in_the_suit_and_in_trumps_any_card() -> None:
    hands = [["Th", "Jh", "7h", "Kc", "8c"], FOLLOW[1]]
    state, _ = act(start(hands), "play", "play:8d")
    assert set(legal(state)) == {f"play:{c}" for c in hands[0]}


def test_the_duty_holds_for_every_trick_not_only_the_first() -> None:
    state, _ = act(start(SPLIT_AFTER), "play", *SPLIT_PLAYS[:6])
    assert G.to_act(state) == {0}  # took the third trick with K♣, so leads the fourth
    state, _ = act(state, "play:Qs")
    assert set(legal(state)) == {"play:As", "play:Ts"}  # follow spades, neither can head the queen


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        ((("Ah", 1), ("Jh", 0)), 0),  # the jack outranks the ace
        ((("Ah", 1), ("Th", 0)), 1),  # the ace outranks the ten
        ((("Kh", 1), ("7s", 0)), 0),  # a trump beats a plain suit
        ((("Qs", 1), ("Ks", 0)), 0),  # the higher trump
        ((("7h", 1), ("Kc", 0)), 1),  # an off-suit card never wins
    ],
)
def test_the_higher_trump_or_the_higher_card_of_the_suit_led_wins(plays, winner: int) -> None:
    trick = Trick(plays[0][1], tuple((seat, card) for card, seat in plays))
    assert trick_winner(trick, "s") == winner


def test_the_trick_winner_takes_it_and_leads_the_next() -> None:
    state, events = act(start(SPLIT_AFTER), "play", *SPLIT_PLAYS[:6])
    assert state.play.tricks == (1, 2) and G.to_act(state) == {0}
    assert "⟦seat:0⟧ takes the trick." in texts(events)
    piles = G.view(state, None).public.piles
    assert piles[0].name == "Last trick" and piles[0].winner == 0 and piles[0].taken


# ---------------------------------------------------------------- scoring
@pytest.mark.parametrize(
    ("tricks", "vulnerable", "denexa_scoring", "expected"),
    [
        ((3, 2), -1, False, (0, 1)),
        ((1, 4), -1, False, (1, 1)),
        ((5, 0), -1, False, (0, 2)),  # the vole
        ((3, 2), 1, False, (0, 2)),  # the vulnerable player failed to make 3
        ((5, 0), 1, False, (0, 2)),  # never more than 2 (EC-5)
        ((5, 0), 0, False, (0, 2)),  # the vulnerable player makes the vole: still 2 (EC-5)
        ((3, 2), 0, False, (0, 1)),  # the vulnerable player makes the point
        ((3, 2), -1, True, (0, 1)),
        ((5, 0), -1, True, (0, 2)),
        ((3, 2), 1, True, (0, 2)),
        ((0, 5), 0, True, (1, 3)),  # the text: vole +1, vulnerable opponent +1
    ],
)
def test_deal_points(tricks, vulnerable: int, denexa_scoring: bool, expected) -> None:
    winner, points, _vole, _against = deal_points(tricks, vulnerable, denexa_scoring)
    assert (winner, points) == expected


def test_the_majority_scores_one_point() -> None:
    state, events = act(start(SPLIT, ("9s", "7c", "Kc")), *SPLIT_EXCHANGE, *SPLIT_PLAYS)
    assert "⟦seat:0⟧ takes 3 tricks and scores 1 point." in texts(events)
    assert state.sheet.rows == ((1, 0),) and state.scores == (1, 0)
    assert any(e.ends_deal and "Deal 1 scores" in e.text for e in events)
    # further deals until someone reaches 5: the next is dealt by the other player
    assert state.deal_no == 1 and state.dealer == 1 and state.phase == "propose"


@pytest.mark.parametrize("denexa_scoring", [False, True])
def test_all_five_tricks_score_two(denexa_scoring: bool) -> None:
    state = start([WEAK, STRONG], ("9s", "Kd", "8d"), denexa_scoring=denexa_scoring)
    state, _ = act(state, "propose", "accept", "discard:Kh", "discard:7d", "play")
    assert state.vulnerable == -1
    state, events = play_first_legal(state)
    assert "⟦seat:1⟧ takes all five tricks (the vole) and scores 2 points." in texts(events)
    assert state.sheet.rows[-1] == (0, 2)


@pytest.mark.parametrize(("denexa_scoring", "points"), [(False, 2), (True, 3)])
def test_the_vole_against_the_dealer_who_refused(denexa_scoring: bool, points: int) -> None:
    state, _ = act(start([WEAK, STRONG], denexa_scoring=denexa_scoring), "propose", "refuse")  # the dealer vulnerable
    state, events = play_first_legal(state)
    assert f"⟦seat:1⟧ takes all five tricks from a vulnerable opponent and scores {points} points." in texts(events)


def test_the_vole_by_the_vulnerable_player_scores_two() -> None:
    """EC-5: the non-dealer who said "I play" takes all five tricks: 2 points, not 3."""
    state, _ = act(start([WEAK, STRONG], denexa_scoring=False), "play")
    state, events = play_first_legal(state)
    assert "⟦seat:1⟧ takes all five tricks (the vole) and scores 2 points." in texts(events)
    assert state.sheet.rows[-1] == (0, 2)


@pytest.mark.parametrize(("denexa_scoring", "points"), [(False, 2), (True, 3)])
def test_the_vole_against_a_vulnerable_player(denexa_scoring: bool, points: int) -> None:
    state, _ = act(start([STRONG, WEAK], denexa_scoring=denexa_scoring), "play")  # seat 1 vulnerable, loses all
    state, _ = play_first_legal(state)
    assert state.sheet.rows[-1] == (points, 0)


@pytest.mark.parametrize(("denexa_scoring", "points"), [(False, 2), (True, 2)])
def test_beating_a_vulnerable_player_scores_an_extra_point(denexa_scoring: bool, points: int) -> None:
    state, events = act(start(SPLIT_AFTER, denexa_scoring=denexa_scoring), "play", *SPLIT_PLAYS)
    assert state.sheet.rows[-1] == (points, 0)
    assert f"⟦seat:0⟧ takes 3 tricks from a vulnerable opponent and scores {points} points." in texts(events)


def test_the_vulnerable_player_who_makes_the_point_scores_one() -> None:
    state, _ = act(start(SPLIT_AFTER), "propose", "refuse", *SPLIT_PLAYS)  # the dealer refused, and wins 3
    assert state.sheet.rows[-1] == (1, 0)


# ------------------------------------------------------------- the game to 5
def test_five_points_win_the_game() -> None:
    """EC-6: a game started at its sixth deal from 4–3, dealer seat 0."""
    state = start(SPLIT, ("9s", "7c", "Kc"), carry=carried((4, 3), deal=5, dealer=0))
    assert state.deal_no == 5 and state.scores == (4, 3)
    state, events = act(state, *SPLIT_EXCHANGE, *SPLIT_PLAYS)
    assert state.phase == "over" and state.winner == 0 and G.to_act(state) == frozenset()
    assert texts(events)[-1] == "⟦seat:0⟧ wins the game 5–3."
    out = G.outcome(state)
    assert out is not None
    assert out.placings == (1, 2) and out.scores == (5, 3) and out.payoffs == (0, 0)
    assert out.summary == "⟦seat:0⟧ wins the game 5–3." and out.details == ("5 points", "3 points")
    assert out.table_over  # a single game is the whole match by default
    sheet = G.view(state, None).public.sheet
    assert sheet is not None and sheet.rows == (("Earlier deals", (4, 3)), ("Deal 6", (1, 0)))
    assert sheet.totals == (5, 3)


def test_below_five_the_game_goes_on() -> None:
    state = start(SPLIT, ("9s", "7c", "Kc"), carry=carried((3, 4), deal=2, dealer=0))
    state, _ = act(state, *SPLIT_EXCHANGE, *SPLIT_PLAYS)
    assert state.phase == "propose" and state.scores == (4, 4) and state.deal_no == 3 and state.dealer == 1
    assert G.outcome(state) is None


def test_the_loser_pays_the_stake() -> None:
    state = start(SPLIT, ("9s", "7c", "Kc"), carry=carried((4, 0), deal=3), stake=25)
    state, _ = act(state, *SPLIT_EXCHANGE, *SPLIT_PLAYS)
    out = G.outcome(state)
    assert out is not None and out.payoffs == (25, -25) and sum(out.payoffs) == 0


# ------------------------------------------------------------------ the match
def test_a_match_carries_games_won_and_ends_when_decided() -> None:
    opts = {"match_games": 2}
    state = start(SPLIT, ("9s", "7c", "Kc"), carry=carried((4, 0), deal=3, dealer=0), **opts)
    state, _ = act(state, *SPLIT_EXCHANGE, *SPLIT_PLAYS)
    out = G.outcome(state)
    assert out is not None and not out.table_over
    assert out.carry == {"match": [1, 0], "games": 1, "dealer": 1}
    assert out.summary == "⟦seat:0⟧ wins the game 5–0; the match stands at 1–0 to ⟦seat:0⟧."
    assert out.details == ("5 points · games won 1", "0 points · games won 0")
    # the next game starts from the carry: no points, the match score, the next dealer
    nxt = G.new_state(EcarteOptions(**opts), 2, 99, dealer=0, carry=out.carry)
    assert nxt.scores == (0, 0) and nxt.match == (1, 0) and nxt.dealer == 1 and nxt.deal_no == 0
    assert ("Match", "⟦seat:0⟧ 1 – 0 ⟦seat:1⟧ (first to 2 games)") in G.view(nxt, None).public.facts
    assert G.view(nxt, None).public.title == "Écarté · game 2 · deal 1"
    # the second game won ends the match and the table
    last = start(SPLIT, ("9s", "7c", "Kc"), carry=carried((4, 1), deal=4, match=(1, 1), games=2), **opts)
    last, _ = act(last, *SPLIT_EXCHANGE, *SPLIT_PLAYS)
    out = G.outcome(last)
    assert out is not None and out.table_over and out.placings == (1, 2)
    assert out.summary == "⟦seat:0⟧ wins the game 5–1 and the match by 2 games to 1."


def test_a_tied_match_reads_level() -> None:
    state = start(SPLIT_AFTER, carry=carried((4, 0), deal=3, match=(0, 1), games=1), match_games=3)
    state, _ = act(state, "propose", "refuse", *SPLIT_PLAYS)  # the dealer refused and takes 3 tricks
    out = G.outcome(state)
    assert out is not None and out.summary == "⟦seat:0⟧ wins the game 5–0; the match is level at 1–1."
    assert not out.table_over and out.carry is not None and out.carry["match"] == [1, 1]


# ------------------------------------------------------------- the table
def test_views_hide_the_other_hand_and_show_the_choices() -> None:
    state, _ = act(start(SPLIT), "propose", "accept")
    mine = G.view(state, 1)
    assert set(mine.hand) == set(SPLIT[1]) and mine.prompt
    assert mine.prompt[0].label == "Discard 1–5 cards (stock: 21 left)"
    other = G.view(state, 0)
    assert not set(other.hand) & set(SPLIT[1]) and other.prompt == ()
    assert "10♠" not in other.hand_text and "A♠" in mine.hand_text


def test_timeouts_choose_gently() -> None:
    state = start(SPLIT)
    assert G.timeout_action(state, 1) == "play"
    state, _ = act(state, "propose")
    assert G.timeout_action(state, 0) == "accept"
    state, _ = act(state, "accept")
    assert G.timeout_action(state, 1) == "discard:7d"  # the lowest card, not a trump
    state, _ = act(start([STRONG, ["Ks", "7h", "8h", "7d", "8d"]]), "play")
    assert G.timeout_action(state, 1) == "king"


@pytest.mark.parametrize(("denexa", "note"), [(False, "your opponent scores 2."), (True, "an extra point.")])
def test_the_vulnerable_player_is_told_what_it_costs(denexa: bool, note: str) -> None:
    state, _ = act(start(SPLIT, denexa_scoring=denexa), "play")
    assert any(n.endswith(note) for n in G.view(state, 1).notes)
    assert not any("vulnerable" in n for n in G.view(state, 0).notes)
