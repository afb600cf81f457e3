"""Stacked Fünfzehnern deals and helpers shared by the Fünfzehnern rule tests (this module holds no tests)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core.game import Event
from games.fuenfzehnern import FuenfOptions, Fuenfzehnern
from games.fuenfzehnern.state import FuenfState

G = Fuenfzehnern()

# Deal A (the text's example): seat 0 (Riley) leads 7♥, seat 1 (Marty) takes it with A♥.
# Marty holds A♠ K♠ (both unbeatable: the K's only better card is his own A), K♦ and low clubs.
DEAL_A = [
    ["7h", "8h", "Ad", "7d", "8d", "Ac", "Kc", "Tc"],
    ["Ah", "Kh", "As", "Ks", "Kd", "7c", "8c", "9c"],
    ["Qh", "Jh", "Qs", "Js", "Qd", "Jd", "Qc", "Jc"],
    ["Th", "9h", "Ts", "9s", "8s", "7s", "Td", "9d"],
]

# Deal B: seat 0 cashes A♠ (seat 1 drops K♠), then seat 1 takes a diamond trick with A♦
# and holds Q♠: unbeatable now that A♠ and K♠ are played.
DEAL_B = [
    ["As", "Ts", "7d", "Ac", "Ah", "7c", "8c", "9c"],
    ["Ks", "Qs", "Ad", "8d", "Kc", "Jh", "7h", "8h"],
    ["Js", "9s", "Kd", "Qd", "Qc", "Jc", "Qh", "Th"],
    ["8s", "7s", "Jd", "Td", "9d", "Tc", "Kh", "9h"],
]

# Deal C (zwang): seat 0 holds K♠ Q♠, seat 2 holds A♠ with two small spades, and K♥ Q♥
# with A♥ out (seat 1): a zwang seat 2 may not declare while it must lead spades.
DEAL_C = [
    ["Ks", "Qs", "7h", "8h", "9h", "7d", "8d", "9d"],
    ["Js", "Ts", "Ah", "Jh", "Ad", "Kd", "7c", "8c"],
    ["As", "9s", "8s", "Kh", "Qh", "Qd", "Jd", "9c"],
    ["7s", "Th", "Td", "Ac", "Kc", "Qc", "Jc", "Tc"],
]

# One suit each: seat 0 (all spades) leads and takes every trick.
SUITED_4 = [[f"{r}{s}" for r in "AKQJT987"] for s in "shdc"]
SUITED_3 = [[f"{r}{s}" for r in "AKQJT987"] for s in "shc"]
SWEEP_4 = [a for r in "AKQJT987" for a in (f"play:{r}s", f"play:{r}h", f"play:{r}d", f"play:{r}c")]
SWEEP_3 = [a for r in "AKQJT987" for a in (f"play:{r}s", f"play:{r}h", f"play:{r}c")]


def stacked(
    hands: Sequence[Sequence[str]], *, dealer: int | None = None, carry: Any = None, **options: Any
) -> FuenfState:
    """A stacked deal; by default the last seat deals, so seat 0 leads."""
    n = len(hands)
    return G.new_state(
        FuenfOptions(**options), n, 7, hands=hands, dealer=n - 1 if dealer is None else dealer, carry=carry
    )


def act(state: FuenfState, *actions: str) -> FuenfState:
    for action in actions:
        (seat,) = G.to_act(state)
        state, _events = G.apply(state, seat, action)
    return state


def act_events(state: FuenfState, action: str) -> tuple[FuenfState, tuple[Event, ...]]:
    (seat,) = G.to_act(state)
    return G.apply(state, seat, action)


def legal(state: FuenfState) -> set[str]:
    (seat,) = G.to_act(state)
    return set(G.legal_actions(state, seat))


def plays(*cards: str) -> set[str]:
    return {f"play:{c}" for c in cards}
