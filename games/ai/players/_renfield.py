"""Renfield-family hooks for the strong player's search: its playouts and its exact endgame.

Playouts play cards at random but never fold (``games.ai.rollouts.no_fold``, as the normal
player's do): a careful player's rules in the playouts (duck under the trick, lead low) were
tried and lost to them on the same deals (docs/ai.md, "Renfield and Scurro"). For the last two
tricks the strong player solves each sampled world exactly (``games.ai.endgame``): ``key`` is
what decides the rest of the hand, ``order`` tries cards before folding.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from games.ai.rollouts import no_fold
from games.renfield.common import TRICKS
from games.renfield.rules import RenfieldFamily
from games.renfield.state import PLAY, FamilyState

_OUT = ("fold", "buy")


def playout(game: RenfieldFamily, state: FamilyState, seat: int, rng: random.Random) -> str:
    """Any legal action but a fold (in the play, any card)."""
    legal = game.legal_actions(state, seat)
    return no_fold(legal, rng) or legal[rng.randrange(len(legal))]


def key(state: FamilyState) -> Hashable:
    """What decides the rest of the hand: who is to play, the hands, who is in, the trick, the money
    and the cards taken (as sets: 12s double, so the cards and not only the bugs matter)."""
    sc = state.score
    return (
        state.turn, tuple(frozenset(h) for h in state.hands), state.active, state.trick.plays, state.played_as,
        sc.net, sc.pot, tuple(frozenset(t) for t in sc.taken), sc.tricks_done,
    )


def order(state: FamilyState, seat: int, legal: Sequence[str]) -> Sequence[str]:
    """Cards before a fold or a buy-out; the table's best action still goes first."""
    if not any(a in _OUT for a in legal) or legal[-1] in _OUT:
        return legal
    return [*(a for a in legal if a not in _OUT), *(a for a in legal if a in _OUT)]


def playing(state: Any) -> bool:
    return bool(state.phase == PLAY)


def left(state: FamilyState) -> int:
    """The cards still to be played this hand by the seats still in (a Stud or Breathing Room
    hand holds more than it plays: the tricks left bound it)."""
    return (TRICKS - state.score.tricks_done) * sum(state.active)
