"""Stacked Put and Take hands for the engine tests (this module holds no tests)."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.game import Event
from games.putandtake import PutAndTake, PutTakeOptions, PutTakeState

GAME = PutAndTake()


def deal(
    hands: Sequence[Sequence[str]],
    turned: Sequence[str],
    *,
    dealer: int = 0,
    stacks: Sequence[int] | None = None,
    stakes: str = "1-5",
) -> PutTakeState:
    """A hand with every non-dealer's cards stacked (the dealer's: []) and the ten cards to turn."""
    opts = PutTakeOptions(stakes=stakes)  # type: ignore[arg-type]
    return GAME.new_state(opts, len(hands), 1, hands=hands, stock=turned, dealer=dealer, stacks=stacks)


def turn(state: PutTakeState, times: int = 1) -> tuple[PutTakeState, list[Event]]:
    events: list[Event] = []
    for _ in range(times):
        state, got = GAME.apply(state, state.dealer, "turn")
        events.extend(got)
    return state, events


def pots(state: PutTakeState, times: int) -> list[int]:
    """The pot after each of the next ``times`` cards."""
    out = []
    for _ in range(times):
        state, _events = turn(state)
        out.append(state.pot)
    return out


NOTHING = ["Ks", "Kh", "Kd", "Kc", "Qs"]  # five turned cards nobody holds in the hands below
