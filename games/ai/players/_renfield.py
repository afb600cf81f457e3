"""Renfield-family playouts and endgame hooks for the strong player (read from the determinized state).

The normal player's playouts pick cards at random (never folding): a hand's value then says
little about how careful players would take it, so the strong player plays out with the
rules a careful player follows (``playout``): duck under the trick with the highest card
that does, lead low, take a trick only with no bug left late in the hand (Blaze: take when
possible, with the highest card), and before the play the baseline's rules
(``games.ai.baselines.renfield.before_play``). Who takes a trick is
judged with the engine's own ``tricks.winner`` (suit order, wild declarations, Flatline,
Death Cards), so a playout can never disagree with the rules.

For the last tricks the strong player solves each sampled world exactly (``games.ai.endgame``):
``key`` is what decides the rest of the hand, ``order`` tries cards before folding.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from games.renfield.lookups import Lookups
from games.renfield.rules import RenfieldFamily
from games.renfield.state import PLAY, FamilyState
from games.renfield.tricks import winner

_OUT = ("fold", "buy")
#: How often a playout plays a random card instead of the rule's (a little noise keeps the
#: sampled opponents from being one predictable robot).
NOISE = 0.1


def _ident(action: str) -> str:
    """The identity a play action plays (a wild card's declaration, else the card)."""
    return action[5:].split("=")[-1]


def _card(action: str) -> str:
    return action[5:].split("=")[0]


def taking(lk: Lookups, state: FamilyState, seat: int, action: str) -> bool:
    """Whether ``seat`` leads the trick (or takes it) once it plays ``action``: the engine's rule."""
    options = state.options
    death = lk.table(options).death if options.death_cards else frozenset()
    cards = (*state.trick.cards, _card(action))
    ids = (*state.played_as, _ident(action))
    if death and any(c in death for c in cards):
        return False
    best = winner(lk, options, state.score.order, cards if options.wild_cards else ids, ids, death)
    return best == len(cards) - 1


def play_card(lk: Lookups, state: FamilyState, seat: int, legal: Sequence[str], rng: random.Random) -> str:
    """A careful player's card (see the module's docstring); never a fold."""
    plays = [a for a in legal if a not in _OUT]
    if not plays:
        return legal[0]
    if len(plays) == 1:
        return plays[0]
    if rng.random() < NOISE:
        return plays[rng.randrange(len(plays))]
    rank = lk.rank

    def high(action: str) -> int:
        return rank[_ident(action)]

    blaze = bool(state.options.blaze)
    if not state.trick.plays:
        return max(plays, key=high) if blaze else min(plays, key=high)
    wins = [a for a in plays if taking(lk, state, seat, a)]
    ducks = [a for a in plays if a not in wins]
    wants = blaze or (len(state.hands[seat]) <= 2 and state.score.bugs[seat] == 0)
    if wants and wins:
        return max(wins, key=high) if blaze else min(wins, key=high)
    if ducks:
        return max(ducks, key=high) if not blaze else min(ducks, key=high)
    return min(plays, key=high)


def playout(game: RenfieldFamily, state: FamilyState, seat: int, rng: random.Random) -> str:
    legal = game.legal_actions(state, seat)
    if state.phase == PLAY:
        return play_card(game.lookups, state, seat, legal, rng)
    from games.ai.baselines.renfield import before_play  # it reads this package's helpers: imported late

    return before_play(game.profile, state.phase, bool(state.options.blaze), state.hands[seat], legal)


def key(state: FamilyState) -> Hashable:
    """What decides the rest of the hand: who is to play, the hands, who is in, the trick, the money
    and the cards taken (as sets: 12s double, so the cards and not only the bugs matter)."""
    sc = state.score
    return (
        state.turn, tuple(frozenset(h) for h in state.hands), state.active, state.trick.plays, state.played_as,
        sc.net, sc.pot, tuple(frozenset(t) for t in sc.taken), sc.tricks_done,
    )


def order(state: FamilyState, seat: int, legal: Sequence[str]) -> Sequence[str]:
    """Cards before a fold or a buy-out (cheap: the engine lists them so already, but a game's
    ``legal`` may change); the table's best action still goes first."""
    return legal if legal[-1] in _OUT or not any(a in _OUT for a in legal) else [
        *(a for a in legal if a not in _OUT), *(a for a in legal if a in _OUT)
    ]


def playing(state: Any) -> bool:
    return bool(state.phase == PLAY)


def left(state: FamilyState) -> int:
    """The cards still to be played this hand by the seats still in (a Stud or Breathing Room
    hand holds more than it plays: the tricks left bound it)."""
    from games.renfield.common import TRICKS

    return (TRICKS - state.score.tricks_done) * sum(state.active)
