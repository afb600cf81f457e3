"""Frankenstein's computer players make no plainly bad decision (docs/ai.md, ## Frankenstein).

States come from deals the rule-based baseline plays, with a random action now and then; normal (the
casual player's rules) and strong decide at every one (strong at a fixed 60 samples, no clock; the rules
checked don't depend on the count). The judged search strong is built on (``JUDGED``) is tested below.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from ai_poker_support import assert_baseline_sees_only_its_view, assert_no_bad_decision, baseline_states

from games.ai.baselines.frankenstein import Baseline
from games.ai.players.frankenstein import (
    JUDGED,
    STYLES,
    Drawer,
    RulePlayer,
    draw_action,
    draw_candidates,
    draw_rule,
    last_round,
    may_raise,
    pot,
    premium,
    reply,
    sample_ranged,
    throws,
    value,
    weigh,
)
from games.ai.poker import BettingPlayer, Estimate, check_down, estimate, estimate_each, judge
from games.core.cards import STANDARD_DECK
from games.core.poker.highhand import HIGH_RANK, PAIR, STRAIGHT, TWO_PAIR, high_key
from games.frankenstein import Frankenstein
from games.frankenstein.state import FrankensteinState

GAME = Frankenstein()


def _states(deals: int) -> list[tuple[FrankensteinState, int]]:
    return baseline_states(GAME, deals)



def _bad(state: FrankensteinState, seat: int, action: str) -> str | None:
    legal = GAME.legal_actions(state, seat)
    if action not in legal:
        return "illegal"
    if action == "fold" and "check" in legal:
        return "folds when checking is free"
    if action == "fold" and premium(state, seat):
        return "folds jacks or better before the draw"
    if action in ("bet", "raise") and state.phase == "bet2" and high_key(state.hands[seat])[0] < PAIR:
        return "bets or raises less than a pair after the draw"
    if action.startswith("discard:"):
        hand = state.hands[seat]
        thrown = [c for c in action.removeprefix("discard:").split(",") if c]
        ranks = [HIGH_RANK[c[0]] for c in hand]
        if thrown and high_key(hand)[0] >= STRAIGHT:
            return "breaks a straight or better"
        kept = [c for c in hand if c not in thrown]
        if any(ranks.count(HIGH_RANK[c[0]]) > 1 for c in thrown) and any(
            ranks.count(HIGH_RANK[c[0]]) == 1 for c in kept
        ):
            return "breaks a pair to keep an odd card"
    return None


def _fixed(name: str, samples: int) -> BettingPlayer:
    """The strength's player (its weighting, mixing, premium hands, strong's weighed draw) at a fixed, smaller
    sample count."""
    style = replace(STYLES[name], samples=samples)
    other = Drawer(style, None, samples) if name == "strong" else draw_action
    return BettingPlayer(name, style, None, pot, last_round, other=other)


PLAYERS = {
    "normal": RulePlayer(),
    "strong": _fixed("strong", 60),
}


@pytest.mark.parametrize("name", list(PLAYERS))
def test_no_bad_decision_over_hundreds_of_decisions(name: str) -> None:
    assert_no_bad_decision(GAME, PLAYERS[name], _states(30), _bad)


@pytest.mark.parametrize(
    ("hand", "thrown"),
    [
        (("Ah", "Kh", "Qh", "Jh", "9h"), ()),  # a flush: pat
        (("5c", "6d", "7h", "8s", "9c"), ()),  # a straight: pat
        (("Qs", "Qd", "3c", "8h", "Kd"), ("3c", "8h", "Kd")),  # a pair: throw the rest
        (("Qs", "Qd", "3c", "3h", "Kd"), ("Kd",)),  # two pair: the kicker
        (("2h", "7h", "9h", "Jh", "Ks"), ("Ks",)),  # four to a flush
        (("5c", "6d", "7h", "8s", "Kc"), ("Kc",)),  # four to an open straight
        (("2c", "7d", "9h", "Js", "Kc"), ("2c", "7d", "9h")),  # nothing: keep the two highest
    ],
)
def test_the_draw_rule(hand: tuple[str, ...], thrown: tuple[str, ...]) -> None:
    assert set(draw_rule(hand, 3)) == set(thrown)


def test_the_baseline_sees_only_its_view() -> None:
    assert_baseline_sees_only_its_view(GAME, 12)


def _after_the_draw(throws_by_seat: dict[int, int]) -> FrankensteinState:
    """A 3-seat deal checked to the draw, each seat throwing as many cards as told (the lowest ones)."""
    state = GAME.new_state(None, 3, 11, dealer=0)
    while state.phase == "bet1":
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, "check" if "check" in GAME.legal_actions(state, seat) else "call")
    while state.phase == "draw":
        (seat,) = GAME.to_act(state)
        low = sorted(state.hands[seat], key=lambda c: HIGH_RANK[c[0]])[: throws_by_seat[seat]]
        state, _ = GAME.apply(state, seat, "discard:" + ",".join(low))
    assert state.phase == "bet2"
    return state


def test_the_fast_throw_count_is_the_draw_rule() -> None:
    rng = random.Random(0)
    deck = list(STANDARD_DECK.cards)
    for _ in range(3000):
        hand = rng.sample(deck, 5)
        assert throws(hand) == len(draw_rule(hand, 3)), hand


def test_an_opponent_who_stood_pat_is_sampled_with_a_made_hand() -> None:
    """Range narrowing: seat 1 stood pat, seat 2 threw one; the plain sampler gives them any five cards."""
    state = _after_the_draw({0: 3, 1: 0, 2: 1})
    ranged = [sample_ranged(GAME, state, 0, random.Random(i)) for i in range(150)]
    plain = [GAME.sample_hidden(state, 0, random.Random(i)) for i in range(150)]
    for world in ranged:  # the same cards, the seat's own untouched, each opponent's throw as public
        assert len({*world.stock, *world.zombie, *(c for h in world.hands for c in h)}) == 52
        assert world.hands[0] == state.hands[0] and world.discards[0] == state.discards[0]
        assert len(world.discards[1]) == 0 and len(world.discards[2]) == 1
    made = sum(high_key(w.hands[1])[0] >= TWO_PAIR for w in ranged)
    assert made >= 0.9 * len(ranged)
    assert sum(high_key(w.hands[1])[0] >= TWO_PAIR for w in plain) < 0.2 * len(plain)


def test_a_bettor_holding_nothing_weighs_less() -> None:
    state = _after_the_draw({0: 3, 1: 3, 2: 3})
    (seat,) = GAME.to_act(state)
    state, _ = GAME.apply(state, seat, "bet")
    me = next(s for s in range(3) if s != seat)

    def holding(cards: tuple[str, ...]) -> FrankensteinState:
        taken = set(cards)
        return replace(state, hands=tuple(cards if s == seat else tuple(c for c in h if c not in taken)
                                          for s, h in enumerate(state.hands)))

    nothing = weigh(holding(("2c", "7d", "9h", "Js", "Kc")), me)
    pair = weigh(holding(("2c", "2d", "9h", "Js", "Kc")), me)
    two_pair = weigh(holding(("2c", "2d", "9h", "9s", "Kc")), me)
    assert nothing < pair < two_pair == 1.0


def test_the_strengths_differ_by_what_they_judge() -> None:
    """Strong samples hands that fit each opponent's draw, weighs them by the betting and judges a bet by the
    folds it wins (``reply``, ``judge_bets``) on the judged search; easy only checks its hand down against any
    holding; normal plays the casual player's rules (the next test)."""
    assert set(STYLES) == {"easy", "strong"}
    assert STYLES["strong"].sample is sample_ranged and JUDGED.sample is None and STYLES["easy"].sample is None
    strong = STYLES["strong"]
    assert strong.weigh is weigh and strong.reply is reply and strong.judge_bets and strong.fold_check
    assert strong.value is value and strong.may_raise is may_raise
    assert STYLES["easy"].weigh is None and STYLES["easy"].reply is None and not STYLES["easy"].judge_bets
    assert STYLES["easy"].value is None and not STYLES["easy"].fold_check
    assert strong.samples > JUDGED.samples and strong.mix_slack is not None


def test_normal_decides_as_the_casual_players_rules_do() -> None:
    """Normal is the baseline's rules under the strength's name: the same action at every decision of many deals."""
    normal, rules = RulePlayer(), Baseline()
    states = _states(20)
    assert len(states) > 100
    for state, seat in states:
        rng = random.Random(0)
        assert normal.choose(GAME, state, seat, rng) == rules.choose(GAME, state, seat, rng)
    assert normal.name == "normal"


def _opened(hands: list[list[str]]) -> FrankensteinState:
    """Three seats, the given hands; seat 1 (the opener, left of the dealer) bets before the draw."""
    start = GAME.new_state(None, 3, 5, dealer=0, hands=hands)
    assert GAME.to_act(start) == {1}
    opened: FrankensteinState = GAME.apply(start, 1, "bet")[0]
    return opened


def test_in_the_check_down_junk_folds_to_a_bet_and_a_pair_calls() -> None:
    """Without the reply every caller stayed to the showdown (and fed the Zombie): a bet won no folds."""
    style = replace(JUDGED, samples=1)
    junk, pair = ["2c", "7d", "9h", "Js", "Kc"], ["4c", "4d", "9s", "Jh", "Kd"]
    for seat2, folds in ((junk, True), (pair, False)):
        state = _opened([["Ac", "Ad", "8h", "6s", "3d"], ["Qc", "Qd", "Qh", "5s", "5d"], seat2])
        end = check_down(GAME, state, random.Random(0), style, me=0)
        assert end.live[2] is not folds
        assert end.live[0] and end.live[1]  # the deciding seat calls a pair, the bettor stays in
        plain = check_down(GAME, state, random.Random(0), replace(style, reply=None), me=0)
        assert all(plain.live)


def test_judging_a_bet_takes_the_action_worth_the_most() -> None:
    calm, bold = Estimate(-1.5, 0.2, 10), Estimate(-0.5, 0.3, 10)
    legal = ("fold", "call", "raise")
    style = replace(JUDGED, bluff=0.0, semi=0.0)
    assert judge(legal, calm, bold, "raise", -1.0, random.Random(0), style, False, False) == "raise"
    worse = Estimate(-2.0, 0.1, 10)
    assert judge(legal, calm, worse, "raise", -1.0, random.Random(0), style, False, False) == "fold"
    assert judge(legal, calm, worse, "raise", -1.0, random.Random(0), style, True, False) == "call"  # premium
    assert judge(("check", "bet"), calm, worse, "bet", -1.0, random.Random(0), style, False, False) == "check"


def test_a_pot_the_zombie_carries_counts_a_share_for_every_seat() -> None:
    """The carried pot goes to a later deal's winner, whoever it is: each seat's worth has its even share."""
    state = _after_the_draw({0: 3, 1: 3, 2: 3})
    end = replace(state, phase="over", payoffs=(-1, -5, -1), carried_out=9)
    assert [value(GAME, end, s) for s in range(3)] == [2.0, -2.0, 2.0]
    assert value(GAME, replace(end, carried_out=0), 0) == -1.0


def test_no_bet_with_less_than_a_pair_after_the_draw() -> None:
    state = _after_the_draw({0: 3, 1: 3, 2: 3})
    (seat,) = GAME.to_act(state)

    def holding(cards: tuple[str, ...]) -> FrankensteinState:
        taken = set(cards)
        return replace(state, hands=tuple(cards if s == seat else tuple(c for c in h if c not in taken)
                                          for s, h in enumerate(state.hands)))

    assert not may_raise(holding(("2c", "7d", "9h", "Js", "Kc")), seat)
    assert may_raise(holding(("2c", "2d", "9h", "Js", "Kc")), seat)
    opened = GAME.new_state(None, 3, 5, dealer=0)
    assert opened.phase == "bet1" and may_raise(opened, 1)  # before the draw the judging decides


def test_a_raiser_weighs_less_than_a_caller_of_one_bet() -> None:
    """Reading raises: two bets in this round make a small pair (before the draw) less likely than one bet."""
    hands = [["Ac", "Kd", "8h", "6s", "3d"], ["Qc", "Qd", "Qh", "5s", "5d"], ["4c", "4d", "9s", "Jh", "2d"]]
    bet = _opened(hands)
    called = GAME.apply(bet, 2, "call")[0]
    raised = GAME.apply(bet, 2, "raise")[0]
    assert weigh(raised, 0) < weigh(called, 0)


@pytest.mark.parametrize(
    ("hand", "first"),
    [
        (("Qs", "Qd", "3c", "8h", "Kd"), ("3c", "8h", "Kd")),
        (("2h", "7h", "9h", "Jh", "Ks"), ("Ks",)),
        (("Qs", "Qd", "Qc", "3h", "Kd"), ("3h", "Kd")),
        (("Ah", "Kh", "Qh", "Jh", "9h"), ()),
    ],
)
def test_strong_weighs_draws_that_never_break_a_pair(hand: tuple[str, ...], first: tuple[str, ...]) -> None:
    found = draw_candidates(hand, 3)
    assert set(found[0]) == set(first) and () in found and len(set(found)) == len(found)
    for throw in found:
        assert all(sum(HIGH_RANK[c[0]] == HIGH_RANK[t[0]] for c in hand) == 1 for t in throw)
        assert len(throw) <= 3


def test_actions_weighed_on_the_same_deals_are_each_what_it_alone_is_worth_there() -> None:
    """``estimate_each`` checks every action down in each sampled deal: each one's estimate is the one ``estimate``
    gives it alone on the same deals (Frankenstein's check-down draws no randomness of its own)."""
    state = _after_the_draw({0: 3, 1: 3, 2: 3})
    (seat,) = GAME.to_act(state)
    style = replace(JUDGED, samples=30)
    both = estimate_each(GAME, state, seat, random.Random(3), style, pot, ("check", "bet"))
    for action in ("check", "bet"):
        alone = estimate(GAME, state, seat, random.Random(3), style, pot, first=action)
        assert both[action].samples == 30
        assert both[action].result == pytest.approx(alone.result)


def test_strongs_weighed_draw_sees_only_its_seat() -> None:
    """The weighed draw samples what the seat can't see: redealing the others' cards changes nothing."""
    drawer = Drawer(STYLES["strong"], None, 12)
    draws = [(s, seat) for s, seat in _states(12) if s.phase == "draw"][:8]
    assert draws
    for i, (state, seat) in enumerate(draws):
        other = GAME.sample_hidden(state, seat, random.Random(i))
        assert drawer(GAME, other, seat, random.Random(i)) == drawer(GAME, state, seat, random.Random(i))
