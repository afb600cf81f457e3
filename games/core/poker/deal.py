"""Dealing from a standard deck with optional stacked cards (tests, replays).

``hands[i]`` are the cards seat ``i`` receives first, in order; everything else
comes off the stock (shuffled from the seed unless given). Both are checked to
be distinct real cards, so a stacked test can't quietly play an impossible deal.

The shuffle is the table's generator version (``algo``): version 1 shuffles the
whole deck exactly as it always has, so a hand started under it replays card for
card; later versions shuffle only the ``need`` cards a hand can deal (their order
is all that matters; the cards under them are never dealt).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.cards import STANDARD_DECK
from games.core.errors import IllegalAction
from games.core.i18n import _
from games.core.rng import RNG_ALGO, Rng, dealt_from

Queues = tuple[tuple[str, ...], ...]
_CARDS = frozenset(STANDARD_DECK.cards)


def stacked_deck(
    seats: int,
    seed: int,
    hands: Sequence[Sequence[str]] | None,
    stock: Sequence[str] | None,
    *,
    need: int = len(STANDARD_DECK.cards),
    algo: int = RNG_ALGO,
) -> tuple[Queues, tuple[str, ...]]:
    """Stacked cards per seat and the stock; at most ``need`` cards of it are ever dealt."""
    if hands is None:
        if stock is None:  # a table's deal: cards of the deck by construction, nothing to check
            return ((),) * seats, shuffled_deck(seed, STANDARD_DECK.cards, need, algo)
        deck = tuple(stock)  # a given stock: only it to check
        distinct = set(deck)
        if len(distinct) != len(deck) or not distinct <= _CARDS:
            raise IllegalAction(_("Those aren't distinct cards of a standard deck."))
        return ((),) * seats, deck
    queues = tuple(tuple(h) for h in hands)
    if len(queues) != seats:
        raise IllegalAction(_("Need one hand per seat."))
    used = [c for q in queues for c in q]
    if stock is None:
        taken = set(used)
        deck = shuffled_deck(seed, [c for c in STANDARD_DECK.cards if c not in taken], len(_CARDS), algo)
    else:
        deck = tuple(stock)
    distinct = set(deck)
    distinct.update(used)
    if len(distinct) != len(deck) + len(used) or not distinct <= _CARDS:
        raise IllegalAction(_("Those aren't distinct cards of a standard deck."))
    return queues, deck


def shuffled_deck(seed: int, cards: Sequence[str], need: int, algo: int) -> tuple[str, ...]:
    """``cards`` shuffled from ``seed`` by generator ``algo``, at least the top ``need`` of them."""
    if algo == 1:  # the first generator's deal, card for card
        return Rng(seed).shuffled(cards)[0]
    return dealt_from(seed, cards, need, algo)


def take(queues: Queues, deck: tuple[str, ...], seat: int, k: int) -> tuple[tuple[str, ...], Queues, tuple[str, ...]]:
    """``k`` cards for ``seat``: its stacked cards first, then the stock."""
    q = queues[seat]
    if not q and len(deck) >= k:
        return deck[:k], queues, deck[k:]
    if q:
        got, rest = q[:k], q[k:]
        queues = tuple(rest if s == seat else x for s, x in enumerate(queues))
    else:
        got = ()
    more = k - len(got)
    if more:
        if len(deck) < more:
            raise IllegalAction(_("The deck ran out."))
        got, deck = got + deck[:more], deck[more:]
    return got, queues, deck
