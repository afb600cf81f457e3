"""Burraco's computer players and baseline make none of the plainly bad decisions of docs/ai.md.

The scan plays whole first deals (fixed seeds, fixed samples, no clock) of the normal and the strong
player against the baseline and judges every decision with the whole state; a deliberately careless
player shows the scan can fail. The players see only their seat: swapping the others' hidden cards
changes none of their decisions.
"""

from __future__ import annotations

import random

import pytest

import games
from games.ai.baselines import baseline_for
from games.ai.baselines.burraco import SPEC
from games.ai.rummy import RummyBot
from games.ai.search import computer_player
from games.core.game import Game
from tests.support.rummy_scan import blunders, decisions

GAME = games.get_game("burraco")


class Careless(RummyBot):
    """Melds like the baseline, then throws its most useful card (wilds and what the opponents take first)."""

    def __init__(self) -> None:
        base = baseline_for("burraco")
        assert isinstance(base, RummyBot)
        super().__init__(base.spec, base.knobs)
        self.name = "careless"

    def discard(self, game: Game, state: object, table: object, legal: object, seat: int, rng: random.Random) -> str:
        chosen = super().discard(game, state, table, legal, seat, rng)  # type: ignore[arg-type]
        options = [a for a in game.legal_actions(state, seat) if a.startswith("discard:")]
        wild = [a for a in options if SPEC.is_wild(a[8:])]
        return wild[0] if wild else options[-1] if options[-1] != chosen else chosen


def _scan(strength: str, seeds: range) -> tuple[int, list[str]]:
    player = computer_player(GAME, strength)
    base = baseline_for("burraco")
    assert base is not None
    seen, bad = 0, []
    for state, seat, action in decisions(GAME, player, base, seeds):
        seen += 1
        bad.extend(f"seat {seat}, {action}: {b}" for b in blunders(GAME, state, seat, action, SPEC))
    return seen, bad


@pytest.mark.parametrize("strength", ["normal", "strong"])
def test_the_computer_players_make_no_plainly_bad_decision(strength: str) -> None:
    seen, bad = _scan(strength, range(4))
    assert seen >= 300, seen
    assert bad == []


def test_the_baseline_makes_no_plainly_bad_decision() -> None:
    base = baseline_for("burraco")
    other = baseline_for("burraco")
    assert base is not None and other is not None
    bad = [b for st, seat, a in decisions(GAME, base, other, range(2)) for b in blunders(GAME, st, seat, a, SPEC)]
    assert bad == []


def test_the_scan_catches_a_careless_player() -> None:
    base = baseline_for("burraco")
    assert base is not None
    bad = [b for st, seat, a in decisions(GAME, Careless(), base, range(2)) for b in blunders(GAME, st, seat, a, SPEC)]
    assert len(bad) >= 5


@pytest.mark.parametrize("who", ["baseline", "easy", "normal", "strong"])
def test_the_players_decide_the_same_whatever_the_others_hold(who: str) -> None:
    base = baseline_for("burraco")
    assert base is not None
    checked = 0
    for state, seat, _action in decisions(GAME, base, base, range(1)):
        player = base if who == "baseline" else computer_player(GAME, who)
        other = GAME.sample_hidden(state, seat, random.Random(checked))  # the others hold something else
        first = player.choose(GAME, state, seat, random.Random(5))
        assert player.choose(GAME, other, seat, random.Random(5)) == first
        checked += 1
    assert checked >= 100
