"""Burraco's and Samba's computer players and baselines make none of the plainly bad decisions of docs/ai.md.

The scan plays whole first deals (fixed seeds, fixed samples, no clock) of the normal and the strong
player against the baseline and judges every decision with the whole state; a deliberately careless
player shows the scan can fail. The players see only their seat: redealing the others' hidden cards
changes none of their decisions. One file for both games: they share the rummy play and its scan.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

import games
from games.ai.baselines import baseline_for
from games.ai.search import computer_player
from tests.support.rummy_scan import Careless, decides_blind, fresh_players_finish, scan

RUMMY = ("burraco", "samba")


def spec_of(game_id: str) -> Any:
    """The game's rummy facts, as its baseline reads them."""
    return importlib.import_module(f"games.ai.baselines.{game_id}").SPEC


@pytest.mark.parametrize("game_id", RUMMY)
@pytest.mark.parametrize("strength", ["normal", "strong"])
def test_the_computer_players_make_no_plainly_bad_decision(game_id: str, strength: str) -> None:
    game = games.get_game(game_id)
    seen, bad = scan(game, computer_player(game, strength), range(4), spec_of(game_id))
    assert seen >= 300, seen
    assert bad == []


@pytest.mark.parametrize("game_id", RUMMY)
def test_the_baseline_makes_no_plainly_bad_decision(game_id: str) -> None:
    base = baseline_for(game_id)
    assert base is not None
    seen, bad = scan(games.get_game(game_id), base, range(2), spec_of(game_id))
    assert seen >= 100, seen
    assert bad == []


@pytest.mark.parametrize("game_id", RUMMY)
def test_the_scan_catches_a_careless_player(game_id: str) -> None:
    _seen, bad = scan(games.get_game(game_id), Careless(game_id), range(2), spec_of(game_id))
    assert len(bad) >= 5


@pytest.mark.parametrize("game_id", RUMMY)
@pytest.mark.parametrize("who", ["baseline", "easy", "normal", "strong"])
def test_the_players_decide_the_same_whatever_the_others_hold(game_id: str, who: str) -> None:
    every = 4 if who == "strong" else 1  # the strong player searches: a sample of its decisions
    assert decides_blind(games.get_game(game_id), who, range(1), every) >= 100 // every


@pytest.mark.parametrize("game_id", RUMMY)
@pytest.mark.parametrize("who", ["baseline", "easy", "normal"])
def test_a_deal_ends_with_a_new_player_for_every_decision(game_id: str, who: str) -> None:
    for seed in range(3):
        assert fresh_players_finish(games.get_game(game_id), who, seed) < 1500
