"""How Écarté's normal and strong players differ (docs/ai.md, "Écarté"): normal exchanges by the
baseline's rule and solves the card play; strong searches its exchanges too.

The states are decisions of whole deals the baseline plays (fixed seeds); the players decide with
fixed samples (no clock).
"""

from __future__ import annotations

import random
from typing import Any

import games
from games.ai.baselines import baseline_for
from games.ai.players import ecarte
from games.ai.search import NORMAL, STRONG
from games.ecarte.state import PLAY

GAME = games.get_game("ecarte")


def decisions(deals: int, wanted: Any) -> list[tuple[Any, int]]:
    """The decisions with more than one legal action where ``wanted(state)`` holds, over ``deals`` deals."""
    base = baseline_for("ecarte")
    assert base is not None
    out: list[tuple[Any, int]] = []
    for deal in range(deals):
        state, rng = GAME.new_state(GAME.presets["standard"], 2, 500 + deal, dealer=deal % 2), random.Random(deal)
        while GAME.outcome(state) is None and state.deal_no == 0:
            seat = min(GAME.to_act(state))
            if wanted(state) and len(GAME.legal_actions(state, seat)) > 1:
                out.append((state, seat))
            state, _events = GAME.apply(state, seat, base.choose(GAME, state, seat, rng))
    return out


def as_set(action: str) -> tuple[str, frozenset[str]]:
    """An action with a discard's cards in any order (the rule lists them its own way)."""
    head, _, cards = action.partition(":")
    return head, frozenset(c for c in cards.split(",") if c)


def test_normal_exchanges_by_the_rule_and_strong_by_its_search() -> None:
    """At every exchange decision ("I play" or propose, accept or refuse, the discard) normal takes the
    baseline's choice without searching; strong, judging them by the solved card play, departs from
    the rule on some of them."""
    exchanges = decisions(16, lambda s: s.phase != PLAY)
    assert len(exchanges) >= 16
    normal, strong = ecarte.player(NORMAL, None), ecarte.player(STRONG, None)
    departed = 0
    for i, (state, seat) in enumerate(exchanges):
        rule = ecarte.playout(state, seat, random.Random(0))
        assert as_set(normal.choose(GAME, state, seat, random.Random(i))) == as_set(rule)
        if i < 8:  # strong's searches are dear: the first eight say enough
            departed += as_set(strong.choose(GAME, state, seat, random.Random(i))) != as_set(rule)
    assert departed >= 2


def test_normal_searches_every_sensible_card() -> None:
    """In the card play normal weighs the same cards as strong (it solves each sampled deal exactly)."""
    plays = decisions(10, lambda s: s.phase == PLAY)
    assert plays
    for state, seat in plays:
        legal = GAME.legal_actions(state, seat)
        assert ecarte.rule_exchanges(state, seat, legal) == ecarte.candidates(state, seat, legal)
