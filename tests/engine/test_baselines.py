"""Every rule-based baseline (games/ai/baselines/<game_id>.py) plays only on what its seat sees.

A baseline is the yardstick the computer players are measured against, so one
that peeked at another seat's cards would make every figure a lie. The check is
generic: each module in ``games.ai.baselines`` is found and tested, so a baseline
added later is checked without a line here. At states reached by random play the
other seats' hidden cards are redealt (``Game.sample_hidden``: the seat sees the
same table) and the baseline, with the same generator, must decide the same.
"""

from __future__ import annotations

import pkgutil
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import games
import games.ai.baselines as baselines
from games.ai.baselines import baseline_for
from games.ai.duplicate import start_hand, usual_seats
from games.ai.policy import Policy, RandomPolicy
from games.ai.search import can_search
from games.core.game import Game
from games.kabu.cards import total

REGISTERED = sorted(m.name for m in pkgutil.iter_modules(baselines.__path__) if not m.name.startswith("_"))
SEEDS = 8
STATES_PER_DEAL = 150  # a whole multi-deal game (Burraco, Samba) runs to thousands of actions


def walk(game: Game, seed: int, preset: str, seats: int) -> Iterator[Any]:
    """The states of one deal played at random (the first STATES_PER_DEAL of a long game)."""
    options = game.presets[preset]
    state = start_hand(game, options, seats, seed)
    rng = random.Random(seed)
    for _ in range(STATES_PER_DEAL):
        if game.outcome(state) is not None:
            return
        yield state
        seat = min(game.to_act(state))
        state, _events = game.apply(state, seat, RandomPolicy().choose(game, state, seat, rng))


def peeked(game: Game, make: Callable[[], Policy], states: Iterator[Any]) -> list[tuple[Any, int, str, str]]:
    """Where ``make()``'s decision changed when only the others' hidden cards moved: (state, seat,
    decision there, decision with the cards redealt). Also checks every decision is legal."""
    found = []
    for k, state in enumerate(states):
        for seat in sorted(game.to_act(state)):
            other = game.sample_hidden(state, seat, random.Random(k))  # the others hold something else
            assert game.view(other, seat) == game.view(state, seat)
            here = make().choose(game, state, seat, random.Random(k))
            there = make().choose(game, other, seat, random.Random(k))
            assert here in game.legal_actions(state, seat)
            if here != there:
                found.append((state, seat, here, there))
    return found


def seat_counts(game: Game, preset: str) -> list[int]:
    """The fewest, the usual and the most seats: who sits where changes what is hidden."""
    low, high = game.seat_limits(game.presets[preset])
    return sorted({low, usual_seats(game, game.presets[preset]), high})


def test_kabu_has_a_baseline_found_by_the_generic_check() -> None:
    assert "kabu" in REGISTERED
    assert baseline_for("kabu") is not None
    assert baseline_for("no-such-game") is None


@pytest.mark.parametrize("game_id", REGISTERED)
def test_a_baseline_decides_the_same_whatever_the_others_hold(game_id: str) -> None:
    game = games.get_game(game_id)
    assert can_search(game), f"{game_id} needs sample_hidden for its baseline to be checked"

    def make() -> Policy:
        made = baseline_for(game_id)
        assert made is not None
        return made

    first = next(iter(game.presets))
    tables = [(first, seats, seed) for seats in seat_counts(game, first) for seed in range(SEEDS)]
    tables += [(preset, usual_seats(game, game.presets[preset]), 0) for preset in game.presets if preset != first]
    checked = 0
    for preset, seats, seed in tables:
        states = list(walk(game, seed, preset, seats))
        assert not peeked(game, make, iter(states)), (preset, seats, seed)
        checked += len(states)
    assert checked > 50


class Peeking:
    """A Kabu player that cheats: draws only when the next card off the stock would help."""

    name = "peeking"

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        hand = state.hands[seat]
        if "draw" in legal and state.stock and total((*hand, state.stock[0])) > total(hand):
            return "draw"
        return "stand"


def test_the_check_catches_a_baseline_that_peeks() -> None:
    game = games.get_game("kabu")
    states = (s for seed in range(4) for s in walk(game, seed, "standard", 3))
    assert peeked(game, Peeking, states)


def test_the_kabu_baseline_draws_on_five_and_stands_on_six_with_two_cards() -> None:
    """The proven threshold (games/ai/players/kabu.py): two cards draw on 0-5 and stand on 6-9."""
    game = games.get_game("kabu")
    options = game.presets["standard"]
    seen: dict[int, set[str]] = {}
    for seed in range(80):
        state = start_hand(game, options, 3, seed)
        seat = min(game.to_act(state))
        choice = make_kabu().choose(game, state, seat, random.Random(0))
        seen.setdefault(total(game.view(state, seat).hand), set()).add(choice)
    assert all(seen[t] == {"draw"} for t in seen if t <= 5)
    assert all(seen[t] == {"stand"} for t in seen if t >= 6)
    assert set(seen) == set(range(10))  # every total came up


def make_kabu() -> Policy:
    made = baseline_for("kabu")
    assert made is not None
    return made
