"""Frankenstein's hand comparisons agree with pokerkit's high-hand evaluation.

Two kinds of comparison, as at a Frankenstein showdown: player against player
(five cards each) and player against the Zombie (best five of the discards;
pokerkit's answer is the best of its own five-card evaluations). Zombies of
fewer than five cards have no pokerkit counterpart; the rule tests cover them.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from pokerkit import StandardHighHand

from games.core.cards import STANDARD_DECK
from games.core.poker.highhand import high_key

DECK = STANDARD_DECK.cards
ZOMBIE_SIZES = (5, 5, 5, 6, 6, 7, 8)  # discards pile up to 18 cards; pokerkit's search limits the sizes here


def _pokerkit_best(cards: tuple[str, ...]) -> StandardHighHand:
    return max(StandardHighHand("".join(c)) for c in combinations(cards, 5))


def _sign(x) -> int:
    return (x > 0) - (x < 0)


def _compare(seed: int, count: int) -> dict[str, int]:
    rnd = random.Random(seed)
    seen = {"player": 0, "zombie": 0, "ties": 0, "zombie_wins": 0}
    for i in range(count):
        zombie = i % 4 == 3
        size = rnd.choice(ZOMBIE_SIZES) if zombie else 5
        cards = rnd.sample(DECK, 5 + size)
        a, b = tuple(cards[:5]), tuple(cards[5:])
        ours = _sign((high_key(a) > high_key(b)) - (high_key(a) < high_key(b)))
        pa, pb = StandardHighHand("".join(a)), _pokerkit_best(b)
        theirs = _sign((pa > pb) - (pa < pb))
        assert ours == theirs, f"{a} vs {b}: ours {ours}, pokerkit {theirs}"
        seen["zombie" if zombie else "player"] += 1
        seen["ties"] += ours == 0
        seen["zombie_wins"] += zombie and ours < 0
    return seen


def test_hand_comparisons_agree_with_pokerkit() -> None:
    seen = _compare(1, 10_000)
    assert seen["player"] == 7_500 and seen["zombie"] == 2_500
    assert seen["ties"] > 0 and seen["zombie_wins"] > 0


def test_every_category_is_ranked_like_pokerkit() -> None:
    hands = [
        "2s3d5h7c9s", "2s2d5h7c9s", "2s2d5h5c9s", "2s2d2h7c9s", "As2d3h4c5s", "9sTdJhQcKs",
        "2s4s6s8sTs", "2s2d2h9c9s", "2s2d2h2c9s", "As2s3s4s5s", "TsJsQsKsAs", "AsAdKhKcQs",
    ]
    keys = [high_key(tuple(h[i:i + 2] for i in range(0, 10, 2))) for h in hands]
    pk = [StandardHighHand(h) for h in hands]
    for i, j in combinations(range(len(hands)), 2):
        assert (keys[i] < keys[j]) == (pk[i] < pk[j]) and (keys[i] == keys[j]) == (pk[i] == pk[j])


@pytest.mark.long
def test_one_hundred_thousand_comparisons_agree_with_pokerkit() -> None:
    seen = _compare(2, 100_000)
    assert seen["player"] + seen["zombie"] == 100_000
