"""Strong Écarté reads the other's exchange into the deals it samples (games/ai/players/ecarte.py).

A proposal or an acceptance says the hand was no classic playing hand; k cards discarded say the
other kept 5 − k trumps or plain kings and queens. Strong's ``sample`` must draw hands that agree
with those choices far more often than the plain ``sample_hidden`` does.
"""

from __future__ import annotations

import random
from typing import Any

import games
from games.ai.baselines.ecarte import keeps_hand
from games.ai.players.ecarte import good_cards, likelihood, played_by, sample

GAME = games.get_game("ecarte")


def agreeing(state: Any, seat: int, draw: Any, rng: random.Random, n: int = 100) -> int:
    """How many of ``n`` drawn worlds agree with every choice the other made (``likelihood`` 1)."""
    shown = played_by(state, 1 - seat)
    return sum(likelihood(state, seat, draw(state, seat, rng).play.hands[1 - seat], shown) == 1.0 for _ in range(n))


def test_a_proposal_makes_a_classic_playing_hand_unlikely() -> None:
    checked = 0
    for deal in range(30):
        state = GAME.new_state(GAME.presets["standard"], 2, 2100 + deal, dealer=1)
        if GAME.legal_actions(state, 0) != ("propose", "play"):
            continue
        state, _events = GAME.apply(state, 0, "propose")
        rng = random.Random(deal)
        inferred = sum(not keeps_hand(sample(state, 1, rng).play.hands[0], state.trump) for _ in range(100))
        plain = sum(not keeps_hand(GAME.sample_hidden(state, 1, rng).play.hands[0], state.trump) for _ in range(100))
        assert inferred >= plain - 10
        checked += 1
    assert checked >= 10


def test_the_cards_discarded_say_how_many_good_cards_were_kept() -> None:
    """After the non-dealer discards k cards, the dealer's sampling keeps 5 − k good cards in its hand."""
    checked = 0
    for deal in range(40):
        state = GAME.new_state(GAME.presets["standard"], 2, 2300 + deal, dealer=1)
        if GAME.legal_actions(state, 0) != ("propose", "play"):
            continue
        state, _events = GAME.apply(state, 0, "propose")
        state, _events = GAME.apply(state, 1, "accept")
        state, _events = GAME.apply(state, 0, "discard:" + state.play.hands[0][0])  # one card: kept four
        assert state.discarding == 1 and state.drew[0] == 1
        rng = random.Random(deal)
        inferred = sum(good_cards(sample(state, 1, rng).play.hands[0], state.trump) >= 4 for _ in range(100))
        plain = sum(good_cards(GAME.sample_hidden(state, 1, rng).play.hands[0], state.trump) >= 4 for _ in range(100))
        assert inferred >= plain
        checked += inferred > plain + 30
        assert agreeing(state, 1, sample, rng) > agreeing(state, 1, GAME.sample_hidden, rng)
    assert checked >= 10
