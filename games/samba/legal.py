"""Samba's legal actions, fast: a random deal is ~330 actions, so the lists are built from facts
kept per hand and per team meld tuple (states are immutable: an equal tuple gives equal facts).

The order is the contract's: meld targets, combines, clear, undo, ask, discards, end, picks.
"""

from __future__ import annotations

from ..core.rummy.melds import SET, Meld, can_add, check_new
from ..core.rummy.turns import CLEAR, NEW, PLAY, add_action, discard_action, pick_action
from . import fast, turn
from .combos import combines_of
from .state import BOOK, BOOKS_TO_GO_OUT, DECK, RULES, SambaState

_PICK = {c: pick_action(c) for c in DECK}
_DISCARD = {c: discard_action(c) for c in DECK}


def hand_actions(hand: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """``discard:`` and ``pick:`` for every card of ``hand``, in its order, and both together (kept
    for the last four hands asked about, by identity: a hand stays one object through a turn)."""
    for kept, found in _HANDS:
        if kept is hand:
            return found
    discards, picks = tuple(map(_DISCARD.__getitem__, hand)), tuple(map(_PICK.__getitem__, hand))
    found = (discards, picks, discards + picks)
    _HANDS[:] = [(hand, found), *_HANDS[:3]]
    return found


_HANDS: list[tuple[tuple[str, ...], tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]] = []


def team_facts(melds: tuple[Meld, ...]) -> tuple[int, tuple[str, ...]]:
    """A team's seven-card melds and its ``combine:`` actions (kept for the last two meld tuples
    asked about, by identity: a team's melds stay the same object across most steps)."""
    for kept, facts in _TEAMS:
        if kept is melds:
            return facts
    books, keys, twice = 0, set(), False
    for m in melds:
        if len(m.cards) >= BOOK:
            books += 1
        elif m.kind == SET:  # two open sets of one rank: the only melds ``combine`` may join
            twice = twice or m.key in keys
            keys.add(m.key)
    facts = (books, tuple(a for a, _m in combines_of(melds)) if twice else ())
    _TEAMS[:] = [(melds, facts), *_TEAMS[:1]]
    return facts


_TEAMS: list[tuple[tuple[Meld, ...], tuple[int, tuple[str, ...]]]] = []


def _quick_targets(state: SambaState, seat: int, sel: tuple[str, ...]) -> list[str] | None:
    """``turn.meld_targets``' actions with nothing staged or being taken and the hand not emptied
    (None otherwise, or with a 3 picked or beside a set of 3s: the full path, for its black-3 rule).
    Only the yes or no of each meld is needed here (``can_add``); ``meld:`` builds it when played."""
    n = len(sel)
    if len(state.hands[seat]) - n < 2:
        return None
    wild = RULES.wild_faces
    ranks, suits = set(), set()
    for c in sel:
        if c[0] == "3":
            return None
        if c[:2] not in wild:
            ranks.add(c[0])
            suits.add(c[1])
    melds = state.melds[seat % 2]
    out = [NEW] if n >= RULES.min_size and check_new(sel, RULES, melds, going_out=True) is not None else []
    room = None if RULES.max_size is None else RULES.max_size - n
    for k, m in enumerate(melds):  # as ``rummy.turns.targets`` picks the melds to try
        keys = ranks if m.kind == SET else suits
        if (room is not None and len(m.cards) > room) or len(keys) > 1 or (keys and m.key not in keys):
            continue
        if m.key == "3":
            return None
        if can_add(m, sel, RULES, going_out=True):
            out.append(add_action(k))
    return out


def play_actions(state: SambaState, seat: int) -> tuple[str, ...]:
    """The legal actions of the seat to play (phase ``play``)."""
    melds = state.melds[seat % 2]
    books, combines = team_facts(melds) if melds else (0, ())
    hand = state.hands[seat]
    sel = state.selection
    asks = not state.asked and not state.taking and not state.staged and books >= BOOKS_TO_GO_OUT
    if not sel and not state.staged and not state.taking and not state.no_discard and len(hand) >= 2:
        discards, picks, both = hand_actions(hand)
        if not combines and not asks:
            return both
        return (*combines, *(("ask",) if asks else ()), *discards, *picks)
    if sel and not state.staged and not state.taking and not state.no_discard and len(hand) >= 2:
        if len(sel) == 1:  # one card picked: the usual case, its picks in one go
            fitting = fast.pick_actions(hand, sel[0])
        else:
            fitting = tuple(map(_PICK.__getitem__, turn.pickable(state, seat)))
        if fitting is not None:
            out = _quick_targets(state, seat, sel)
            if out is None:
                out = [a for a, _m in turn.meld_targets(state, seat)]
            out.extend(combines)
            out.append(CLEAR)
            if asks:
                out.append("ask")
            return (*out, *hand_actions(hand)[0], *fitting)
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
