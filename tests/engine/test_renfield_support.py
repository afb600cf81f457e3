"""Helpers shared by the Renfield and Scurro rule tests (this module holds no tests)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import games
from games.core.game import Game, Outcome

RENFIELD = games.get_game("renfield")
SCURRO = games.get_game("scurro")


def deal(game: Game, hands: Sequence[Sequence[str]], *, dealer: int = 0, stock=None, carry=None, seed: int = 1, **opts):
    """A hand with stacked cards; ``opts`` are option fields."""
    options = game.Options(**opts)
    return game.new_state(options, len(hands), seed, hands=hands, stock=stock, dealer=dealer, carry=carry)


def act(game: Game, state: Any, *actions: str | tuple[int, str]) -> Any:
    """Apply actions in order: a bare string is played by the one seat to act."""
    for item in actions:
        if isinstance(item, tuple):
            seat, action = item
        else:
            (seat,) = game.to_act(state)
            action = item
        state, _events = game.apply(state, seat, action)
    return state


def finish(game: Game, state: Any) -> tuple[Any, Outcome]:
    """Play the gentlest action (the lowest card, never a fold) until the hand ends."""
    while game.outcome(state) is None:
        seat = min(game.to_act(state))
        state, _events = game.apply(state, seat, game.timeout_action(state, seat))
    out = game.outcome(state)
    assert out is not None
    assert sum(out.payoffs) == out.carried_in - out.carried_out
    return state, out


def legal(game: Game, state: Any, seat: int | None = None) -> tuple[str, ...]:
    if seat is None:
        (seat,) = game.to_act(state)
    return game.legal_actions(state, seat)


def plays(game: Game, state: Any, seat: int | None = None) -> set[str]:
    return {a for a in legal(game, state, seat) if a.startswith("play:")}
