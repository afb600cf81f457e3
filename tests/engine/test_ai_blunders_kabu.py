"""Kabu's computer player: the exact policy, the proven threshold, and no plainly bad decision.

Kabu is solved by a rule (docs/ai.md, ## Kabu): strong must play it exactly, in every reachable
situation; normal departs from it on the closest call only (it draws on a two-card 6); the baseline
plays the rule from its seat's view only.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from games.ai.baselines import baseline_for
from games.ai.players.kabu import (
    CLOSE_CALL,
    STAND_AT,
    KabuPlayer,
    draw_value,
    draws_by_enumeration,
    draws_by_rule,
)
from games.ai.search import SearchPlayer, computer_player
from games.kabu import Kabu
from games.kabu.cards import DECK, total
from games.kabu.state import KabuState

GAME = Kabu()


@pytest.mark.parametrize("size", [2, 3])
def test_the_threshold_is_the_enumerated_optimum_for_every_hand(size: int) -> None:
    """Every two- and three-card hand: drawing beats standing exactly below ``STAND_AT``; never a tie."""
    for hand in combinations(DECK, size):
        value = draw_value(tuple(sorted(hand)))
        assert value != total(hand)
        assert draws_by_enumeration(hand) == draws_by_rule(hand) == (total(hand) < STAND_AT[size]), hand


def test_the_values_behind_the_threshold() -> None:
    """Two cards totalling 5 gain by drawing, 6 loses; with three cards the line is between 4 and 5."""
    assert draw_value(("4c", "As")) > 5  # two cards, 5: draw
    assert draw_value(("2s", "4c")) < 6  # two cards, 6: stand
    assert draw_value(("4c", "Ah", "Tc")) < 5  # three cards, 5: stand
    assert draw_value(("3c", "Ah", "Tc")) > 4  # three cards, 4: draw


def test_normal_and_strong_are_the_exact_player_and_easy_the_search() -> None:
    normal, strong = computer_player(GAME, "normal"), computer_player(GAME, "strong")
    assert isinstance(normal, KabuPlayer) and normal.close_call
    assert isinstance(strong, KabuPlayer) and not strong.close_call
    assert isinstance(computer_player(GAME, "easy"), SearchPlayer)


def _decisions(seed: int, seats: int) -> list[tuple[KabuState, int]]:
    """Every decision of a hand played by the strong player at every seat."""
    rng = random.Random(seed)
    strong = computer_player(GAME, "strong")
    state = GAME.new_state(None, seats, seed, dealer=seed % seats)
    out = []
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        out.append((state, seat))
        state, _ = GAME.apply(state, seat, strong.choose(GAME, state, seat, rng))
    return out


def test_no_bad_decision_in_hundreds_of_hands() -> None:
    """Strong plays the threshold exactly; normal too but for drawing on a two-card 6 (the close call)."""
    normal, strong = computer_player(GAME, "normal"), computer_player(GAME, "strong")
    seen = close = 0
    for seed in range(120):
        for state, seat in _decisions(seed, 2 + seed % 5):
            cards = state.hands[seat]
            can = "draw" in GAME.legal_actions(state, seat)
            expected = "draw" if can and draws_by_rule(cards) else "stand"
            assert strong.choose(GAME, state, seat, random.Random(seed)) == expected, cards
            called = can and len(cards) == 2 and total(cards) == CLOSE_CALL
            close += called
            assert normal.choose(GAME, state, seat, random.Random(seed)) == ("draw" if called else expected), cards
            seen += 1
    assert seen > 300 and close > 5


def test_the_close_call_is_the_cheapest_departure_from_the_optimum() -> None:
    """Over all two-card hands: drawing on a 6 loses less than any other one-total change of the rule,
    and less than half a point on any such hand (so it is no plainly bad decision)."""
    hands = [tuple(sorted(h)) for h in combinations(DECK, 2)]

    def loss(t: int) -> float:
        return float(sum(abs(draw_value(h) - t) for h in hands if total(h) == t)) / len(hands)

    assert loss(CLOSE_CALL) < min(loss(t) for t in (4, 5, 7))
    assert all(0 < total(h) - draw_value(h) < 0.5 for h in hands if total(h) == CLOSE_CALL)


def test_the_baseline_plays_the_threshold_from_its_view_only() -> None:
    baseline = baseline_for("kabu")
    assert baseline is not None
    for seed in range(40):
        for state, seat in _decisions(seed, 4):
            action = baseline.choose(GAME, state, seat, random.Random(0))
            other = GAME.sample_hidden(state, seat, random.Random(seed))  # the others hold something else
            assert baseline.choose(GAME, other, seat, random.Random(0)) == action
            assert action == ("draw" if draws_by_rule(state.hands[seat]) and state.draws(seat) < 2 else "stand")
