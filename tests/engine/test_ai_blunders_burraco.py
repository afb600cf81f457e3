"""Burraco's computer players and baseline make none of the plainly bad decisions of docs/ai.md.

The scan plays whole first deals (fixed seeds, fixed samples, no clock) of the normal and the strong
player against the baseline and judges every decision with the whole state; a deliberately careless
player shows the scan can fail. The players see only their seat: redealing the others' hidden cards
changes none of their decisions.
"""

from __future__ import annotations

import pytest

import games
from games.ai.baselines import baseline_for
from games.ai.baselines.burraco import SPEC
from games.ai.search import computer_player
from tests.support.rummy_scan import Careless, decides_blind, fresh_players_finish, scan

GAME = games.get_game("burraco")


@pytest.mark.parametrize("strength", ["normal", "strong"])
def test_the_computer_players_make_no_plainly_bad_decision(strength: str) -> None:
    seen, bad = scan(GAME, computer_player(GAME, strength), range(4), SPEC)
    assert seen >= 300, seen
    assert bad == []


def test_the_baseline_makes_no_plainly_bad_decision() -> None:
    base = baseline_for("burraco")
    assert base is not None
    seen, bad = scan(GAME, base, range(2), SPEC)
    assert seen >= 100, seen
    assert bad == []


def test_the_scan_catches_a_careless_player() -> None:
    _seen, bad = scan(GAME, Careless("burraco"), range(2), SPEC)
    assert len(bad) >= 5


@pytest.mark.parametrize("who", ["baseline", "easy", "normal", "strong"])
def test_the_players_decide_the_same_whatever_the_others_hold(who: str) -> None:
    every = 4 if who == "strong" else 1  # the strong player searches: a sample of its decisions
    assert decides_blind(GAME, who, range(1), every) >= 100 // every


@pytest.mark.parametrize("who", ["baseline", "easy", "normal"])
def test_a_deal_ends_with_a_new_player_for_every_decision(who: str) -> None:
    for seed in range(3):
        assert fresh_players_finish(GAME, who, seed) < 1500
