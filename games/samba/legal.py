"""Samba's legal actions, fast: a random deal is ~330 actions, so the lists are built from facts
kept per hand and per team meld tuple (states are immutable: an equal tuple gives equal facts).

The order is the contract's: meld targets, combines, clear, undo, ask, discards, end, picks.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.rummy.melds import Meld
from ..core.rummy.turns import CLEAR, PLAY, discard_action, pick_action
from . import turn
from .combos import combines_of
from .state import BOOK, BOOKS_TO_GO_OUT, DECK, SambaState

_PICK = {c: pick_action(c) for c in DECK}
_DISCARD = {c: discard_action(c) for c in DECK}


@lru_cache(maxsize=64)
def hand_actions(hand: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``discard:`` and ``pick:`` for every card of ``hand``, in its order."""
    return tuple(map(_DISCARD.__getitem__, hand)), tuple(map(_PICK.__getitem__, hand))


def team_facts(melds: tuple[Meld, ...]) -> tuple[int, tuple[str, ...]]:
    """A team's seven-card melds and its ``combine:`` actions (kept for the last two meld tuples
    asked about, by identity: a team's melds stay the same object across most steps)."""
    for kept, facts in _TEAMS:
        if kept is melds:
            return facts
    facts = (sum(len(m.cards) >= BOOK for m in melds), tuple(a for a, _m in combines_of(melds)))
    _TEAMS[:] = [(melds, facts), *_TEAMS[:1]]
    return facts


_TEAMS: list[tuple[tuple[Meld, ...], tuple[int, tuple[str, ...]]]] = []


def play_actions(state: SambaState, seat: int) -> tuple[str, ...]:
    """The legal actions of the seat to play (phase ``play``)."""
    melds = state.melds[seat % 2]
    books, combines = team_facts(melds) if melds else (0, ())
    hand = state.hands[seat]
    sel = state.selection
    asks = not state.asked and not state.taking and not state.staged and books >= BOOKS_TO_GO_OUT
    if not sel and not state.staged and not state.taking and not state.no_discard and len(hand) >= 2:
        discards, picks = hand_actions(hand)
        if not combines and not asks:
            return discards + picks
        return (*combines, *(("ask",) if asks else ()), *discards, *picks)
    out = [a for a, _m in turn.meld_targets(state, seat)]
    out.extend(combines)
    if sel:
        out.append(CLEAR)
    if state.staged or state.taking:
        out.append("undo")
    if asks and state.phase == PLAY:
        out.append("ask")
    if not state.taking and not state.no_discard and len(hand) >= 2:
        out.extend(hand_actions(hand)[0])
    else:
        out.extend(map(_DISCARD.__getitem__, turn.discards(state, seat)))
    if state.no_discard:
        out.append("end")
    out.extend(map(_PICK.__getitem__, turn.pickable(state, seat)))
    return tuple(out)
