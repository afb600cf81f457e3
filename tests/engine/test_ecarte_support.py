"""Helpers for the Écarté rule tests: stacked deals and a few actions at a time."""

from __future__ import annotations

from games.ecarte import Ecarte, EcarteOptions
from games.ecarte.cards import CARDS
from games.ecarte.game import carried

G = Ecarte()


def rest_of(hands, first=()):
    """A stacked stock: ``first`` (the upcard first), then the deck's other cards in order."""
    used = {c for h in hands for c in h} | set(first)
    return [*first, *(c for c in CARDS if c not in used)]


def start(hands, first=("9s",), *, dealer=0, carry=None, stock=None, **options):
    """A deal with ``hands`` (seat 0, seat 1); the stock starts with ``first`` (the upcard first)."""
    return G.new_state(
        EcarteOptions(**options), 2, 7, hands=hands, stock=stock if stock is not None else rest_of(hands, first),
        dealer=dealer, carry=carry,
    )


def act(state, *actions):
    """Each action by whoever is to act; returns the state and every event."""
    events = []
    for action in actions:
        (seat,) = G.to_act(state)
        state, more = G.apply(state, seat, action)
        events.extend(more)
    return state, events


def texts(events):
    return [e.text for e in events if e.private_to is None]


def legal(state):
    (seat,) = G.to_act(state)
    return G.legal_actions(state, seat)


__all__ = ["G", "act", "carried", "legal", "rest_of", "start", "texts"]
