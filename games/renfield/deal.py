"""A new Renfield-family hand: who sits in, the antes, the deal, and the first phase.

Cards are dealt one at a time from the dealer's left with the engine's seeded
``Rng``, or stacked (``hands=``/``stock=``) for tests and replays. Blaze seats
that missed their bid sit out until the pot is won; the pot carried in from
the last hand stays in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core.errors import IllegalAction
from games.core.i18n import _
from games.core.rng import Rng
from games.core.wording import seat_list

from .auction import after_deal
from .bidding import start_bidding
from .draw import start_betting
from .lookups import Lookups
from .options import FamilyOptions
from .state import BID, FamilyState, make_score, make_side
from .tricks import NO_TRICK

Dealt = tuple[tuple[tuple[str, ...], ...], tuple[str, ...], Rng]  # hands, the stock, the generator after


def new_hand(
    lk: Lookups,
    cls: type[FamilyState],
    opts: FamilyOptions,
    n: int,
    seed: int,
    *,
    hands: Sequence[Sequence[str]] | None,
    stock: Sequence[str] | None,
    dealer: int,
    carry: Mapping[str, Any] | None,
) -> FamilyState:
    """The hand's first state: dealt, anted, and at its first decision."""
    dealer %= n
    carry = carry or {}
    carried_in = int(carry.get("pot", 0))
    sitting = _sitting_out(opts, carry, n)
    dealt_in = tuple(s not in sitting for s in range(n)) if sitting else (True,) * n
    order = lk.clockwise(dealer, dealt_in)
    if hands is None:
        hand_t, rest, rng = _deal(opts, Rng(seed), n, order, stock)
    else:
        hand_t, rest, rng = _stacked(opts, Rng(seed), n, dealt_in, hands, stock)
    # Stud: the first three cards of a hand are face down, the other four face up.
    up = tuple(h[3:] for h in hand_t) if opts.stud else ((),) * n
    ante = max(lk.profile.ante, 1 if opts.blaze else 0)
    net = tuple(-ante if dealt_in[s] else 0 for s in range(n)) if ante else (0,) * n
    pot = carried_in + ante * len(order)
    side = make_side(
        n, dealer, rng, tuple(rest), up, dealt_in, carried_in, None, (), (), (), "", -1, (), "", (), (), 0, sitting, ""
    )
    score = make_score(net, pot, ((),) * n, (0,) * n, 0, None, -1, 0, "")
    recent = _opening_log(lk, carried_in, ante, sitting)
    state = cls.make(BID, -1, (), hand_t, dealt_in, NO_TRICK, (), recent, None, score, side, opts)
    if opts.draw:
        return start_betting(state)
    if opts.auction:
        return after_deal(lk, state)[0]
    return start_bidding(lk, state, order)


def _sitting_out(opts: FamilyOptions, carry: Mapping[str, Any], n: int) -> tuple[int, ...]:
    """Blaze: the seats out until the pot is won (everyone is dealt back in if fewer than two are left)."""
    if not opts.blaze:
        return ()
    sitting = tuple(sorted({int(s) for s in carry.get("sitting_out", ()) if 0 <= int(s) < n}))
    return () if n - len(sitting) < 2 else sitting


def _deal(opts: FamilyOptions, rng: Rng, n: int, order: tuple[int, ...], stock: Sequence[str] | None) -> Dealt:
    """Shuffle (or take ``stock`` as the deck, top first) and deal one card at a time from the dealer's left."""
    deck = opts.deck_cards()
    if stock is None:
        cards, rng = rng.shuffled_batched(deck)
    else:
        cards = _check_cards(stock, deck)
    need = opts.hand_size * len(order)
    if len(cards) < need:
        raise IllegalAction(_("Not enough cards to deal."))
    dealt: list[tuple[str, ...]] = [()] * n
    step = len(order)
    for k, seat in enumerate(order):
        dealt[seat] = cards[k:need:step]
    return tuple(dealt), tuple(cards[need:]), rng


def _stacked(
    opts: FamilyOptions,
    rng: Rng,
    n: int,
    dealt_in: tuple[bool, ...],
    hands: Sequence[Sequence[str]],
    stock: Sequence[str] | None,
) -> Dealt:
    """Hands given card by card (tests, replays); the stock is the rest, shuffled unless given."""
    size = opts.hand_size
    deck = opts.deck_cards()
    if len(hands) != n:
        raise IllegalAction(_("Give one hand per seat."))
    hand_t = tuple(tuple(h) for h in hands)
    for s in range(n):
        if len(hand_t[s]) != (size if dealt_in[s] else 0):
            raise IllegalAction(_("Each hand needs {n} cards.").format(n=size))
    used = set(_check_cards([c for h in hand_t for c in h], deck))
    unused = [c for c in deck if c not in used]
    if stock is None:
        rest, rng = rng.shuffled_batched(unused)
    else:
        rest = _check_cards(stock, unused)
    return hand_t, tuple(rest), rng


def _check_cards(cards: Sequence[str], allowed: Sequence[str]) -> tuple[str, ...]:
    ok = set(allowed)
    out = tuple(cards)
    if len(set(out)) != len(out) or any(c not in ok for c in out):
        raise IllegalAction(_("Those cards aren't a valid deal for these options."))
    return out


def _opening_log(lk: Lookups, carried_in: int, ante: int, sitting: tuple[int, ...]) -> tuple[str, ...]:
    recent = []
    if carried_in:
        recent.append(_("{pot} carried into the pot.").format(pot=lk.profile.money(carried_in)))
    if ante:
        recent.append(_("Everyone antes {a}.").format(a=lk.profile.money(ante)))
    if sitting:
        recent.append(_("Sitting out until the pot is won: {seats}.").format(seats=seat_list(sitting)))
    return tuple(recent)
