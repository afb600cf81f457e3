"""Helpers shared by the Reversis rule tests (this module holds no tests)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import games
from games.core.game import Event
from games.core.tricks import Trick, TrickPlay
from games.reversis.cards import CARDS, SUIT_OF
from games.reversis.ending import finish
from games.reversis.state import PLAY, ReversisState, evolve

G = games.get_game("reversis")


def stack(
    spec: Mapping[int, Sequence[str]], *, dealer: int = 0, face_down: Sequence[str] | None = None,
    void: Mapping[int, str] = {},
) -> tuple[list[list[str]], list[str]]:
    """Hands by seat: the given cards first, then filled from the rest of the pack, shuffled with a
    fixed seed (skipping a seat's ``void`` suits); the face-down cards are given or the next three."""
    used = {c for cards in spec.values() for c in cards} | set(face_down or ())
    rest = [c for c in CARDS if c not in used]
    random.Random(11).shuffle(rest)
    hands = []
    for s in range(4):
        hand = list(spec.get(s, ()))
        size = 12 if s == dealer else 11
        for c in list(rest):
            if len(hand) >= size:
                break
            if SUIT_OF[c] not in void.get(s, ""):
                hand.append(c)
                rest.remove(c)
        hands.append(hand)
    stock = list(face_down) if face_down is not None else rest[:3]
    return hands, stock


def deal(
    spec: Mapping[int, Sequence[str]] | None = None, *, dealer: int = 0, face_down: Sequence[str] | None = None,
    void: Mapping[int, str] = {}, carry: Mapping[str, Any] | None = None, seed: int = 1, **opts: Any,
) -> ReversisState:
    hands, stock = stack(spec or {}, dealer=dealer, face_down=face_down, void=void)
    state: ReversisState = G.new_state(G.Options(**opts), 4, seed, hands=hands, stock=stock, dealer=dealer, carry=carry)
    return state


def act(state: ReversisState, *actions: str) -> tuple[ReversisState, list[Event]]:
    """Each action by the one seat to act; every event returned."""
    events: list[Event] = []
    for action in actions:
        (seat,) = G.to_act(state)
        state, evs = G.apply(state, seat, action)
        events += evs
    return state, events


def keep_all(state: ReversisState, discard: str | None = None) -> ReversisState:
    """The exchange: the dealer discards ``discard`` (default: its last card), the others keep."""
    card = discard or state.play.hands[state.dealer][-1]
    state, _ = act(state, f"discard:{card}", "discard:", "discard:", "discard:")
    return state


def play(state: ReversisState, *cards: str) -> tuple[ReversisState, list[Event]]:
    return act(state, *(f"play:{c}" for c in cards))


def autoplay(state: ReversisState) -> tuple[ReversisState, list[Event]]:
    """The first legal action for whoever is to act, to the end of the hand."""
    events: list[Event] = []
    while acting := G.to_act(state):
        (seat,) = acting
        state, evs = G.apply(state, seat, G.legal_actions(state, seat)[0])
        events += evs
    return state, events


def texts(events: Sequence[Event]) -> str:
    return "\n".join(e.text for e in events if e.private_to is None)


def ended(
    taken: Mapping[int, Sequence[str]], tricks: Sequence[int], *, talon: Sequence[str] = ("2c", "3c", "4c", "5c"),
    dealer: int = 0, state: ReversisState | None = None, **fields: Any,
) -> tuple[ReversisState, list[Event]]:
    """A hand whose eleven tricks are over with these captures, settled by the rules' ``finish``."""
    base = state or deal(dealer=dealer)
    play_ = TrickPlay(((),) * 4, Trick(0), tuple(tricks), tuple(tuple(taken.get(s, ())) for s in range(4)))
    fields.setdefault("mark", base.mark)
    crafted = evolve(base, phase=PLAY, turn=-1, play=play_, talon=tuple(talon), **fields)
    return finish(crafted, [])
