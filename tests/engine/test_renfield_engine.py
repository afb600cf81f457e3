"""Renfield's fast paths agree with the shared definitions they stand in for.

The engine reads following suit and the strongest card from lookup tables
(``games/core/tricks.py``'s ``follow_table``/``follow_plays``/``strongest``) and
ranks the outcome with its own ``placings``; each must give exactly what the
plain definitions (``must_follow``, ``winning_index``, ``placings_from``) give.
"""

from __future__ import annotations

import random

from games.core.cards import RENFIELD_DECK
from games.core.game import placings_from
from games.core.tricks import follow_plays, follow_table, must_follow, strongest, winning_index
from games.renfield.settlement import placings


def test_placings_rank_like_placings_from() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        n = rng.randint(1, 8)
        net = tuple(rng.choice([-30, -5, -1, 0, 0, 2, 5, 40]) for _ in range(n))
        assert placings(net) == placings_from(net), net


def test_follow_plays_follow_like_must_follow() -> None:
    deck = RENFIELD_DECK.cards
    suit = RENFIELD_DECK.suit
    play = {c: f"play:{c}" for c in deck}
    table = follow_table(deck, suit.__getitem__, play.__getitem__)
    rng = random.Random(3)
    for _ in range(2000):
        hand = tuple(rng.sample(deck, rng.randint(1, 8)))
        led = rng.choice([None, *deck])
        expected = must_follow(hand, None if led is None else suit[led], suit.__getitem__)
        got = follow_plays(hand, None if led is None else table[led], play)
        assert got == tuple(play[c] for c in expected)


def test_strongest_is_winning_index_without_ties() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        cards = tuple(rng.sample(RENFIELD_DECK.cards, rng.randint(1, 8)))
        strength = {c: rng.random() for c in cards}
        assert strongest(cards, strength) == winning_index(cards, lambda _i, c, s=strength: (s[c],))
