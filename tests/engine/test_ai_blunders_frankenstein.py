"""Frankenstein's computer players make no plainly bad decision (docs/ai.md, ## Frankenstein).

States come from deals the rule-based baseline plays, with a random action now and then; normal and
strong decide at every one (fixed samples, no clock: 40 for normal, 60 for strong; the rules checked
don't depend on the count).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from ai_poker_support import assert_baseline_sees_only_its_view, assert_no_bad_decision, baseline_states

from games.ai.players.frankenstein import STYLES, draw_action, draw_rule, last_round, pot, premium
from games.ai.poker import BettingPlayer
from games.core.poker.highhand import HIGH_RANK, STRAIGHT, high_key
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
    """The strength's player (its weighting, mixing, premium hands) at a fixed, smaller sample count."""
    return BettingPlayer(name, replace(STYLES[name], samples=samples), None, pot, last_round, other=draw_action)


PLAYERS = {
    "normal": _fixed("normal", 40),
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
