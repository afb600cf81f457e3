"""The search over a shortlist (games/ai/pruned.py): it never picks a pruned action, keeps every
legal one when the rule would leave none, and gives the strong player its longer budget."""

from __future__ import annotations

import itertools
import random

import games
from games.ai.pruned import EASY_BUDGET, STRONG_BUDGET, PrunedSearch
from games.ai.search import EASY, NORMAL, STRONG, SearchPlayer

GAME = games.get_game("tresotti")


def _bidding() -> tuple[object, int, tuple[str, ...]]:
    state = GAME.new_state(GAME.presets["standard"], 4, 2)
    seat = min(GAME.to_act(state))
    return state, seat, GAME.legal_actions(state, seat)


def test_only_the_kept_actions_are_weighed() -> None:
    state, seat, legal = _bidding()
    kept = ("pass", "bid:10")
    player = PrunedSearch(NORMAL, None, lambda g, s, seat, legal: kept)
    picks = {player.choose(GAME, state, seat, random.Random(i)) for i in range(4)}
    assert picks <= set(kept)
    assert player.candidates(GAME, state, seat, legal) == kept


def test_a_rule_that_leaves_nothing_leaves_every_legal_action() -> None:
    state, seat, legal = _bidding()
    player = PrunedSearch(EASY, None, lambda g, s, seat, legal: ())
    assert player.candidates(GAME, state, seat, legal) == legal
    assert SearchPlayer(EASY).candidates(GAME, state, seat, legal) == legal


def test_the_strong_player_gets_the_longer_budget_and_keeps_to_it() -> None:
    assert PrunedSearch(STRONG, None, lambda g, s, seat, legal: legal).strength.budget == STRONG_BUDGET
    assert PrunedSearch(NORMAL, None, lambda g, s, seat, legal: legal).strength == NORMAL
    easy = PrunedSearch(EASY, None, lambda g, s, seat, legal: legal).strength
    assert easy.budget == EASY_BUDGET > EASY.budget and easy.samples == EASY.samples  # same samples, room for them
    state, seat, _legal = _bidding()
    ticks = itertools.count(0, 0.01)  # a fake clock: 10 ms a reading
    player = PrunedSearch(STRONG, ticks.__next__, lambda g, s, seat, legal: legal)
    player.choose(GAME, state, seat, random.Random(0))
    assert next(ticks) <= STRONG_BUDGET + 0.05  # the search stopped at the budget, not at 2000 samples
