"""Strong Écarté reads the other's exchange into the deals it samples (games/ai/players/ecarte.py).

A proposal or an acceptance says the hand was no classic playing hand; k cards discarded say the
other kept 5 − k trumps or plain kings and queens. Strong's ``sample`` must draw hands that agree
with those choices far more often than the plain ``sample_hidden`` does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import games
from games.ai.baselines.ecarte import keeps_hand
from games.ai.players.ecarte import good_cards, likelihood, played_by, sample

GAME = games.get_game("ecarte")
Test = Callable[[Any, tuple[str, ...]], bool]


def proposals(first: int, count: int) -> Iterator[tuple[int, Any]]:
    """(deal, state) just after the non-dealer (seat 0) proposed, on the deals where it could."""
    for deal in range(first, first + count):
        state = GAME.new_state(GAME.presets["standard"], 2, deal, dealer=1)
        if GAME.legal_actions(state, 0) == ("propose", "play"):
            yield deal, GAME.apply(state, 0, "propose")[0]


def shares(state: Any, seat: int, test: Test, rng: random.Random, n: int = 100) -> tuple[int, int]:
    """How many of ``n`` worlds pass ``test`` on the other's hand: strong's sampling, then the plain one."""
    other = 1 - seat
    inferred = sum(test(state, sample(state, seat, rng).play.hands[other]) for _ in range(n))
    plain = sum(test(state, GAME.sample_hidden(state, seat, rng).play.hands[other]) for _ in range(n))
    return inferred, plain


def test_a_proposal_makes_a_classic_playing_hand_unlikely() -> None:
    checked = 0
    for deal, state in proposals(2100, 30):
        inferred, plain = shares(state, 1, lambda s, hand: not keeps_hand(hand, s.trump), random.Random(deal))
        assert inferred >= plain - 10
        checked += 1
    assert checked >= 10


def test_the_cards_discarded_say_how_many_good_cards_were_kept() -> None:
    """After the non-dealer discards k cards, the dealer's sampling keeps 5 − k good cards in its hand,
    and draws worlds that agree with every choice the other made far more often."""
    checked = 0
    for deal, proposed in proposals(2300, 40):
        state = GAME.apply(proposed, 1, "accept")[0]
        state = GAME.apply(state, 0, "discard:" + state.play.hands[0][0])[0]  # one card: kept four
        assert state.discarding == 1 and state.drew[0] == 1
        rng = random.Random(deal)
        inferred, plain = shares(state, 1, lambda s, hand: good_cards(hand, s.trump) >= 4, rng)
        assert inferred >= plain
        checked += inferred > plain + 30
        agree, agree_plain = shares(state, 1, lambda s, hand: likelihood(s, 1, hand, played_by(s, 0)) == 1.0, rng)
        assert agree > agree_plain
    assert checked >= 10
