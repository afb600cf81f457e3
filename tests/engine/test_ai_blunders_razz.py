"""Razz's computer players make no plainly bad decision (docs/ai.md, ## Razz).

States come from hands the rule-based baseline plays (cheap), with a random action now and then so
odd spots show up too; normal and strong then decide at every one. Fixed samples, no clock: 40 for
normal, 60 for strong (the rules checked don't depend on the count).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from ai_poker_support import assert_baseline_sees_only_its_view, assert_no_bad_decision, baseline_states

from games.ai.players.razz import STYLES, aggression, last_round, pot, premium, weigh
from games.ai.poker import BettingPlayer
from games.ai.search import computer_player
from games.core.cards import STANDARD_DECK
from games.core.poker.lowball import LOW_RANK, low_key
from games.razz import Razz
from games.razz.state import RazzState

GAME = Razz()


def _states(deals: int) -> list[tuple[RazzState, int]]:
    return baseline_states(GAME, deals)



def _lock(state: RazzState, seat: int) -> bool:
    """7th street: the seat's low is at least as good as the best any live opponent could have."""
    deal = state.deal
    if deal.street != 7:
        return False
    seen = set(deal.cards[seat]) | {c for s in range(deal.n) for c in deal.cards[s][2:6]}
    unseen = sorted((c for c in STANDARD_DECK.cards if c not in seen), key=lambda c: LOW_RANK[c[0]])
    mine = low_key(deal.cards[seat])
    for s in range(deal.n):
        if s == seat or not state.round.live[s]:
            continue
        up = list(deal.cards[s][2:6])
        ranks = {LOW_RANK[c[0]] for c in up}
        best: list[str] = []
        for c in unseen:
            if LOW_RANK[c[0]] not in ranks and len(best) < 3:
                best.append(c)
                ranks.add(LOW_RANK[c[0]])
        if low_key(up + best) < mine:
            return False
    return True


def _bad(state: RazzState, seat: int, action: str) -> str | None:
    legal = GAME.legal_actions(state, seat)
    if action not in legal:
        return "illegal"
    if action == "fold" and "check" in legal:
        return "folds when checking is free"
    if action == "fold" and premium(state, seat):
        return "folds a premium start on 3rd street"
    if action == "fold" and _lock(state, seat):
        return "folds a low nobody can beat"
    return None


def _fixed(name: str, samples: int) -> BettingPlayer:
    """The strength's player (its weighting, mixing, premium hands) at a fixed, smaller sample count."""
    return BettingPlayer(name, replace(STYLES[name], samples=samples), None, pot, last_round)


PLAYERS = {
    "normal": _fixed("normal", 40),
    "strong": _fixed("strong", 60),
}


@pytest.mark.parametrize("name", list(PLAYERS))
def test_no_bad_decision_over_hundreds_of_decisions(name: str) -> None:
    assert_no_bad_decision(GAME, PLAYERS[name], _states(30), _bad)


@pytest.mark.parametrize("name", ["normal", "strong"])
def test_the_issues_fold_is_gone(name: str) -> None:
    """3♦5♣ down, 2♦ up, heads-up, facing the bring-in: the issue saw normal fold this."""
    state = GAME.new_state(None, 2, 7, dealer=1, hands=[["3d", "5c", "2d"], ["9h", "Js", "Kh"]])
    state, _ = GAME.apply(state, 1, "bring-in")  # the king brings in
    assert set(GAME.legal_actions(state, 0)) == {"fold", "call", "complete"}
    player = computer_player(GAME, name)
    for seed in range(5):
        assert player.choose(GAME, state, 0, random.Random(seed)) != "fold"


def test_a_bad_hand_folds_to_a_completion() -> None:
    """Not a calling station: K-Q-J facing a completion and a raise folds (or the pot odds are a lie)."""
    state = GAME.new_state(None, 3, 7, dealer=0, hands=[["Kd", "Qc", "Js"], ["Ah", "2s", "Kh"], ["3c", "4d", "5h"]])
    state, _ = GAME.apply(state, 1, "bring-in")
    state, _ = GAME.apply(state, 2, "complete")
    assert "fold" in GAME.legal_actions(state, 0)
    assert computer_player(GAME, "normal").choose(GAME, state, 0, random.Random(1)) == "fold"


def test_easy_is_a_loose_caller() -> None:
    """What separates easy from normal: easy calls a bad hand (9-9 down, a 2 up) against a completion that
    normal mostly folds, and raises only far ahead (``Style.loose``, ``raise_margin``)."""
    state = GAME.new_state(None, 3, 7, dealer=0, hands=[["9d", "9c", "2s"], ["Ah", "2h", "Kh"], ["3c", "4d", "5h"]])
    state, _ = GAME.apply(state, 1, "bring-in")
    state, _ = GAME.apply(state, 2, "complete")
    easy = [computer_player(GAME, "easy").choose(GAME, state, 0, random.Random(s)) for s in range(8)]
    normal = [computer_player(GAME, "normal").choose(GAME, state, 0, random.Random(s)) for s in range(8)]
    assert easy.count("fold") == 0
    assert normal.count("fold") >= 4
    assert STYLES["easy"].loose > 0 == STYLES["normal"].loose == STYLES["strong"].loose


def test_strong_weighs_samples_by_the_opponents_betting() -> None:
    """After a completion, a sample giving the completer high or paired down cards weighs less."""
    state = GAME.new_state(None, 2, 7, dealer=1, hands=[["3s", "Qc", "Kd"], ["Ah", "2s", "4h"]])
    state, _ = GAME.apply(state, 0, "bring-in")
    state, _ = GAME.apply(state, 1, "complete")
    assert aggression(state) == {1: 1}
    fits = replace(state, deal=replace(state.deal, cards=(state.deal.cards[0], ("Ah", "2s", "4h"))))
    misfits = replace(state, deal=replace(state.deal, cards=(state.deal.cards[0], ("Th", "Js", "4h"))))
    assert weigh(fits, 0) == 1.0 > weigh(misfits, 0)


def test_only_strong_reads_ranges_from_the_betting() -> None:
    """The strengths differ by range inference: normal judges equity against every holding the up cards allow."""
    assert STYLES["strong"].weigh is weigh
    assert STYLES["normal"].weigh is None and STYLES["easy"].weigh is None


def test_the_baseline_sees_only_its_view() -> None:
    assert_baseline_sees_only_its_view(GAME, 12)
