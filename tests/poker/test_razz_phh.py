"""Every finished Razz hand exports as PHH that pokerkit loads and replays to the same stacks."""

from __future__ import annotations

import warnings

import pytest
from pokerkit import HandHistory

from games.core.poker import phh
from games.core.rng import Rng
from games.razz import Razz, RazzOptions
from tests.support.playout import random_playout

GAME = Razz()
SHARED = RazzOptions(heads_up_uncapped=False)  # pokerkit's FR caps heads-up rounds too


def _stacks(seed: int, n: int) -> list[int] | None:
    if seed % 3 == 0:
        return None  # unlimited: exported as phh.UNLIMITED chips each
    stacks = [1 + (7 * s * seed + seed) % 70 for s in range(n)]  # short stacks: all-ins and side pots
    if seed % 3 == 1 and n > 2:
        stacks[seed % n] = 0  # a broke seat sits the hand out and is left out of the PHH
    return stacks


def _round_trip(first: int, count: int) -> dict[str, int]:
    seen = {"hands": 0, "all_in": 0, "community": 0, "sitting_out": 0}
    for seed in range(first, first + count):
        n = 2 + seed % 7
        stacks = _stacks(seed, n)
        state = GAME.new_state(SHARED, n, seed, dealer=seed % n, stacks=stacks)
        final, _log, out = random_playout(GAME, state, Rng(seed))
        text = GAME.history_text(final)
        assert text is not None
        hh = HandHistory.loads(text)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # duplicate community cards are dealt to each hand
            *_, replayed = iter(hh)
        assert not replayed.status, f"seed {seed}: pokerkit's replay did not finish"
        dealer = seed % n
        order = [(dealer + 1 + i) % n for i in range(n)]
        if stacks is not None:
            order = [s for s in order if stacks[s] > 0]
        start = [phh.UNLIMITED] * n if stacks is None else [stacks[s] for s in order]
        expected = [start[i] + out.payoffs[s] for i, s in enumerate(order)]
        assert list(replayed.stacks) == expected, f"seed {seed}"
        assert list(hh.finishing_stacks) == expected
        seen["hands"] += 1
        seen["all_in"] += any(" sm " in line for line in final.phh[:-n]) if stacks else 0
        seen["sitting_out"] += stacks is not None and 0 in stacks
        seen["community"] += bool(final.community)
    return seen


def test_phh_round_trip_through_pokerkit() -> None:
    seen = _round_trip(0, 400)
    assert seen["hands"] == 400 and seen["all_in"] > 10 and seen["sitting_out"] > 50


def test_phh_with_the_community_card() -> None:
    # eight players who never fold: 7th street needs the community card
    n = 8
    state = GAME.new_state(SHARED, n, 3)
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        move = next(a for a in ("check", "call", "bring-in") if a in legal)
        state, _ = GAME.apply(state, seat, move)
    assert state.community
    hh = HandHistory.loads(GAME.history_text(state))
    assert f"d db {state.community}" in hh.actions
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, replayed = iter(hh)
    assert list(replayed.stacks) == list(hh.finishing_stacks)
    assert sum(replayed.stacks) == n * phh.UNLIMITED


@pytest.mark.long
def test_phh_round_trip_many_hands() -> None:
    assert _round_trip(50_000, 5_000)["hands"] == 5_000
