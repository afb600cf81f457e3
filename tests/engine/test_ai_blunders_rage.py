"""Rage's computer players bid what their hands are worth (docs/ai.md: no bid more than 3 from a simple count).

Bidding states come from whole games the rule baseline plays (every hand size, three and four
seats); the normal and the strong player bid at each (fixed samples, no clock) and the bid is
checked against a trick count written here, apart from the player's own.
"""

from __future__ import annotations

import random
import statistics
from typing import Any

import pytest

import games
from games.ai.baselines import baseline_for
from games.ai.search import EASY, SearchPlayer, computer_player

GAME = games.get_game("rage")
SLACK = 3


def count(hand: tuple[str, ...], trump: str) -> int:
    """Wild Rages, trumps of 8 and up, and 14s and 15s of the other colours."""
    high = 0
    for card in hand:
        if card == "WILD":
            high += 1
        elif card[:1] in "ROYGBP" and card[1:].isdigit():
            high += int(card[1:]) >= (8 if card[0] == trump else 14)
    return high


def bad(state: Any, seat: int, action: str) -> str | None:
    if not action.startswith("bid:"):
        return None
    hand = state.play.hands[seat]
    expected = count(hand, state.trump)
    bid = int(action[4:])
    return f"bid {bid} with {hand} (trump {state.trump or 'none'}; count {expected})" if abs(bid - expected) > SLACK else None


def bids(count_wanted: int, seed: int, options: Any, every: bool = False) -> list[tuple[Any, int]]:
    """Bidding states of games the baseline plays, where a blunder is a legal bid (``every``: all of them)."""
    base = baseline_for("rage")
    assert base is not None
    out: list[tuple[Any, int]] = []
    rng = random.Random(seed)
    game_no = 0
    while len(out) < count_wanted:
        state = GAME.new_state(options, 3 + game_no % 2, seed * 1000 + game_no, dealer=game_no % 3)
        game_no += 1
        while GAME.outcome(state) is None and len(out) < count_wanted:
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            if state.phase == "bid" and (every or any(bad(state, seat, a) for a in legal)):
                out.append((state, seat))
            state, _events = GAME.apply(state, seat, base.choose(GAME, state, seat, rng))
    return out


def mistakes(chooser: Any, checked: list[tuple[Any, int]]) -> list[str]:
    rng = random.Random(5)
    return [why for s, seat in checked if (why := bad(s, seat, chooser.choose(GAME, s, seat, rng)))]


def test_the_generic_search_bids_wide_of_the_hand() -> None:
    """The scan has teeth: the plain determinized search (random playouts) bids far from the hand."""
    assert mistakes(SearchPlayer(EASY), bids(40, 3, GAME.presets["standard"]))


@pytest.mark.parametrize("which", ["easy", "normal", "strong"])
def test_no_blunders(which: str) -> None:
    checked = bids(60, 11, GAME.presets["short"]) + bids(30, 12, GAME.presets["standard"])
    if which == "strong":
        checked = checked[::2]
    found = mistakes(computer_player(GAME, which), checked)  # no clock: the strength's fixed samples
    assert not found, found[:5]


@pytest.mark.parametrize("which", ["normal", "strong"])
def test_bids_follow_the_hand(which: str) -> None:
    """Over 60 bids (five- and ten-card games, three and four seats) the bid tracks the trick
    count: correlated above 0.6 and within one trick of it on average (the generic search,
    random playouts, bids wide of it: see the test above)."""
    checked = bids(30, 21, GAME.presets["short"], every=True) + bids(30, 22, GAME.presets["standard"], every=True)
    if which == "strong":
        checked = checked[::2]
    player, rng = computer_player(GAME, which), random.Random(1)
    made = [int(player.choose(GAME, s, seat, rng)[4:]) for s, seat in checked]
    counts = [count(s.play.hands[seat], s.trump) for s, seat in checked]
    assert statistics.correlation(made, counts) > 0.6
    assert statistics.fmean(abs(b - c) for b, c in zip(made, counts, strict=True)) < 1.0


def test_the_generic_search_does_not_follow_the_hand() -> None:
    """The check above has teeth: random-playout bids fall short of it."""
    checked = bids(30, 21, GAME.presets["short"], every=True) + bids(30, 22, GAME.presets["standard"], every=True)
    rng = random.Random(1)
    made = [int(SearchPlayer(EASY).choose(GAME, s, seat, rng)[4:]) for s, seat in checked]
    counts = [count(s.play.hands[seat], s.trump) for s, seat in checked]
    assert statistics.correlation(made, counts) < 0.6 or statistics.fmean(abs(b - c) for b, c in zip(made, counts, strict=True)) >= 1.0
