"""Redealing what a seat cannot see, under what play has revealed (the games' samplers use it).

A sampler gathers the unseen cards into a pool described independently of where
they really are (``deal`` sorts it before shuffling), says how many cards each
hidden place holds (the other seats' hands, the stock…) and which cards a place
cannot hold (a suit it showed out of, a card known elsewhere), and deals.
Rejection first (a uniform deal among the consistent ones), then, if that keeps
failing, the most constrained place first; a place that cannot be filled within
its constraints is filled with whatever is left, so a deal always comes back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TypeVar

from games.core.tricks import Trick

Allowed = Callable[[str], bool]
TRIES = 12
World = TypeVar("World")


def deal(
    pool: Iterable[str],
    counts: Sequence[int],
    rng: random.Random,
    allowed: Sequence[Allowed | None] | None = None,
) -> list[tuple[str, ...]]:
    """``pool`` dealt into places of ``counts`` cards (the pool's size must be their sum).

    ``allowed[i]`` (None: anything) says which cards place ``i`` may hold.
    """
    cards = sorted(pool)
    if len(cards) != sum(counts):
        raise ValueError(f"pool of {len(cards)} cards for places of {list(counts)}")
    rules: list[Allowed | None] = list(allowed) if allowed is not None else [None] * len(counts)
    for _try in range(TRIES if any(rules) else 1):
        rng.shuffle(cards)
        out, at = [], 0
        for k in counts:
            out.append(tuple(cards[at: at + k]))
            at += k
        if all(ok is None or all(map(ok, part)) for ok, part in zip(rules, out, strict=True)):
            return out
    return _greedy(cards, counts, rules, rng)


def _greedy(cards: list[str], counts: Sequence[int], rules: list[Allowed | None], rng: random.Random) -> list[tuple[str, ...]]:
    """Most constrained place first, each taking random cards it may hold (a multiset: decks with copies)."""
    left = sorted(cards)
    rng.shuffle(left)

    def room(i: int) -> tuple[bool, int, int]:
        ok = rules[i]
        return (ok is None, sum(map(ok, left)) if ok is not None else 0, i)

    out: list[tuple[str, ...]] = [()] * len(counts)
    for i in sorted(range(len(counts)), key=room):
        ok = rules[i]
        picks = [j for j, c in enumerate(left) if ok is None or ok(c)][: counts[i]]
        if len(picks) < counts[i]:  # not enough cards it may hold: fill with any
            chosen = set(picks)
            picks += [j for j in range(len(left)) if j not in chosen][: counts[i] - len(picks)]
        out[i] = tuple(left[j] for j in picks)
        gone = set(picks)
        left = [c for j, c in enumerate(left) if j not in gone]
    return out


def not_in(suits: Collection[str], suit_of: Callable[[str], str | None]) -> Allowed | None:
    """The rule for a place void in ``suits`` (None when there are none)."""
    if not suits:
        return None
    voids = frozenset(suits)
    return lambda c: suit_of(c) not in voids


def trick_voids(
    tricks: Iterable[Trick], n: int, suit_of: Callable[[str], str | None], followed: Callable[[str, str], bool] | None = None
) -> list[set[str]]:
    """Suits each seat has shown out of: it did not follow the suit led in some trick.

    ``followed(led, card)`` says whether ``card`` followed ``led`` (default: same suit).
    """
    voids: list[set[str]] = [set() for _ in range(n)]
    for trick in tricks:
        if not trick.plays:
            continue
        led = trick.plays[0][1]
        suit = suit_of(led)
        for seat, card in trick.plays[1:]:
            if suit is not None and not (followed(led, card) if followed else suit_of(card) == suit):
                voids[seat].add(suit)
    return voids


def fresh_seed(rng: random.Random) -> int:
    """A seed for the generator that deals later (the true one would tell the future)."""
    return rng.getrandbits(62)


def taken_tricks(
    taken: Sequence[Sequence[str]], n: int, winning_index: Callable[[Sequence[str]], int]
) -> list[Trick]:
    """The finished tricks, rebuilt from the cards each seat took (every trick: ``n`` cards in play order).

    The engines keep only the cards taken, not who played which; the taker played the
    winning card, so ``winning_index(cards)`` (its place in the trick) names the leader,
    and seat order from the leader names every other card's player.
    """
    out = []
    for winner, cards in enumerate(taken):
        for i in range(0, len(cards) - n + 1, n):
            chunk = cards[i: i + n]
            leader = (winner - winning_index(chunk)) % n
            out.append(Trick(leader, tuple(((leader + k) % n, c) for k, c in enumerate(chunk))))
    return out


def allowed(voids: Collection[str], banned: Collection[str], suit_of: Callable[[str], str | None]) -> Allowed | None:
    """The rule for a place void in ``voids`` that cannot hold the cards ``banned`` (None: no rule)."""
    if not voids and not banned:
        return None
    v, b = frozenset(voids), frozenset(banned)
    return lambda c: c not in b and suit_of(c) not in v


def weighed(draw: Callable[[], World], weight: Callable[[World], float], rng: random.Random, tries: int) -> World:
    """A world from ``draw`` kept with chance ``weight(world)`` (1.0 or more: always), else redrawn,
    up to ``tries`` redraws (rejection sampling: what the others did makes some worlds unlikely, so
    they are met less often). A world of full weight costs no draw from ``rng``."""
    world = draw()
    for _ in range(tries):
        chance = weight(world)
        if chance >= 1.0 or rng.random() < chance:
            break
        world = draw()
    return world
