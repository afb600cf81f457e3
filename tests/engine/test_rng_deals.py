"""Razz and Frankenstein deal from the seed under the table's generator version, and never past the shuffled top.

Version 2 shuffles only the cards a hand can use; the cards under them keep
the deck's order, so a hand that dealt one of them would be unfair. These play
hands that deal as much as the rules allow and check the stock never reaches them.
"""

from __future__ import annotations

import pytest

from games.core.cards import STANDARD_DECK
from games.core.rng import RNG_ALGO, Rng, dealt_from
from games.frankenstein import Frankenstein
from games.razz import Razz

CARDS = STANDARD_DECK.cards
RAZZ, FRANK = Razz(), Frankenstein()


def _razz_need(seats: int) -> int:
    return 7 * seats if 7 * seats <= 52 else 6 * seats + 1


def _passive(legal: tuple[str, ...]) -> str:
    """Keep everyone in: check or call (or bring in) whenever that is allowed."""
    for action in ("check", "call", "bring-in", "discard:"):
        if action in legal:
            return action
    return legal[0]


@pytest.mark.parametrize("algo", [1, RNG_ALGO])
@pytest.mark.parametrize("seats", [2, 6, 8])
def test_razz_deals_the_seeded_deck_of_its_version(seats: int, algo: int) -> None:
    for seed in range(5):
        state = RAZZ.new_state(None, seats, seed, dealer=seats - 1, rng_algo=algo)
        dealt = tuple(c for s in range(seats) for c in state.cards[s])  # seat 0 is first from the dealer's left
        deck = Rng(seed).shuffled(CARDS)[0] if algo == 1 else dealt_from(seed, CARDS, _razz_need(seats))
        assert dealt + state.deal.stock == deck


@pytest.mark.parametrize("seats", range(2, 9))
def test_razz_never_deals_below_the_shuffled_top(seats: int) -> None:
    for seed in range(8):
        state = RAZZ.new_state(None, seats, seed, dealer=seed % seats)
        while state.payoffs is None:
            (seat,) = RAZZ.to_act(state)
            state, _events = RAZZ.apply(state, seat, _passive(RAZZ.legal_actions(state, seat)))
        assert all(len(c) == 7 for c in state.cards)  # everyone saw 7th street
        assert len(state.deal.stock) >= 52 - _razz_need(seats)
        top = dealt_from(seed, CARDS, _razz_need(seats))[: _razz_need(seats)]
        assert {c for h in state.cards for c in h} <= set(top)


def _throw_most(state, seat: int) -> str:
    legal = FRANK.legal_actions(state, seat)
    if state.phase == "draw":
        return "discard:" + ",".join(state.hands[seat][: state.options.max_discard])
    return _passive(legal)


@pytest.mark.parametrize("algo", [1, RNG_ALGO])
@pytest.mark.parametrize("seats", range(2, 7))
def test_frankenstein_never_deals_below_the_shuffled_top(seats: int, algo: int) -> None:
    need = seats * (5 + 3)
    for seed in range(6):
        state = FRANK.new_state(None, seats, seed, dealer=seed % seats, rng_algo=algo)
        first = tuple(c for i in range(seats) for c in state.hands[(seed % seats + 1 + i) % seats])
        deck = Rng(seed).shuffled(CARDS)[0] if algo == 1 else dealt_from(seed, CARDS, need)
        assert first + state.stock == deck
        while FRANK.outcome(state) is None:
            (seat,) = FRANK.to_act(state)
            state, _events = FRANK.apply(state, seat, _throw_most(state, seat))
        assert len(state.stock) == 52 - need  # every seat drew three: all of the top, none below


@pytest.mark.parametrize("game", [RAZZ, FRANK])
def test_an_unknown_generator_version_deals_nothing(game) -> None:
    with pytest.raises(ValueError):
        game.new_state(None, 3, 1, rng_algo=99)
