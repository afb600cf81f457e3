"""Stacked Burraco deals for the engine and end-to-end tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.burraco import Burraco, BurracoOptions
from games.burraco.state import DECK

G = Burraco()
#: Filler cards: no wilds, no aces, so they never complete an example by accident.
FILL = [c for c in DECK if c[0] not in "2A" and not c.startswith("JK")]


def stacked_deal(
    hands: Sequence[Sequence[str]] = ((), (), (), ()),
    *,
    poz1: Sequence[str] = (),
    poz2: Sequence[str] = (),
    up: str | None = None,
    top: Sequence[str] = (),
    stock_len: int | None = None,
) -> tuple[list[list[str]], list[str]]:
    """Hands (each filled up to 11) and the stock in the engine's stacking order:
    pozzetto 1, pozzetto 2, the upcard, then the stock from the top (``top`` first)."""
    hands = [*hands, *([()] * (4 - len(hands)))]
    fixed = {*[c for h in hands for c in h], *poz1, *poz2, *top, *([up] if up else [])}
    pool = [c for c in FILL if c not in fixed] + [c for c in DECK if c not in fixed and c not in FILL]

    def take(n: int) -> list[str]:
        nonlocal pool
        out, pool = pool[:n], pool[n:]
        return out

    full = [list(h) + take(11 - len(h)) for h in hands]
    p1 = list(poz1) + take(11 - len(poz1))
    p2 = list(poz2) + take(11 - len(poz2))
    upcard = up or take(1)[0]
    rest = [*top, *pool]
    if stock_len is not None:
        rest = rest[:stock_len]
    return full, [*p1, *p2, upcard, *rest]


#: A game of one deal: its outcome is that deal's score (for the scoring tests).
ONE_DEAL = BurracoOptions(max_deals=1)


def start(hands: Sequence[Sequence[str]] = ((), (), (), ()), *, dealer: int = 3, carry: Any = None,
          seed: int = 1, options: Any = None, **kw: Any) -> Any:
    """A stacked deal; with the dealer in seat 3, seat 0 plays first."""
    full, stock = stacked_deal(hands, **kw)
    return G.new_state(options, 4, seed, hands=full, stock=stock, dealer=dealer, carry=carry)


def play(state: Any, seat: int, *actions: str) -> Any:
    for action in actions:
        state, _events = G.apply(state, seat, action)
    return state


def events_of(state: Any, seat: int, *actions: str) -> tuple[Any, list[str]]:
    texts: list[str] = []
    for action in actions:
        state, events = G.apply(state, seat, action)
        texts.extend(e.text for e in events if e.private_to is None)
    return state, texts
