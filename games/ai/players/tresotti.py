"""Tresotti's computer player: the determinized search, without the plainly bad actions.

What it leaves out (``blunders``, listed in docs/ai.md): a bid far above what the hand can
take (``estimate``), a double thrown on a trick the seat cannot win when a card without
face value can go instead (the doubles decide the game point), and letting the trick go as
the last to play when a card would take it (every trick is a point). Bids are weighed only
up to two above the estimate. Everything is read off the seat's view, so nothing peeks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.ai.pruned import PrunedSearch, without
from games.ai.search import Strength
from games.ai.seen import TableTrick, cards_of, current_trick
from games.core.game import Game
from games.core.tricks import Trick
from games.tresotti.cards import BASIC, DEARWORTH, GAME_VALUE, SUIT_LABELS, SUIT_OF, Reading
from games.tresotti.state import trick_winner

_SUIT_BY_LABEL = {text: suit for suit, text in SUIT_LABELS.items()}
#: How far above the estimate a bid is plainly bad, and how far the search still weighs.
FAR_ABOVE, WEIGHED_ABOVE = 3, 2


def table_facts(view: Any) -> tuple[str, Reading]:
    """The trump suit ("" before the first lead) and the rule set's reading, from the view's facts."""
    facts = dict(view.public.facts)
    trump = next((_SUIT_BY_LABEL[v] for v in facts.values() if v in _SUIT_BY_LABEL), "")
    reading = DEARWORTH if DEARWORTH.text in facts.values() else BASIC
    return trump, reading


def estimate(hand: Sequence[str], seats: int, reading: Reading) -> float:
    """Points a bidder expects from ``hand``: its best suit as trump, top cards elsewhere, and
    the game point when it holds most of the doubles' face value. A casual player's count."""
    top = len(reading.courses) - 1
    best = 0.0
    for trump in SUIT_LABELS:
        total = 0.0
        trumps = [c for c in hand if SUIT_OF[c] == trump]
        for c in hand:
            high = reading.course[c] == top
            if SUIT_OF[c] == trump:
                total += 0.85 if high else 0.55
            elif high and reading.order[c] >= reading.order[f"{SUIT_OF[c]}Q"]:
                total += 0.45
        total += 0.3 * max(0, len(trumps) - 3)
        best = max(best, total)
    scale = min(1.0, (4 / seats) ** 0.5)
    doubles: int = sum(GAME_VALUE.get(c, 0) for c in hand)
    return float(best * scale + (0.5 if doubles >= 120 else 0.0))


def wins_so_far(trick: TableTrick, seat: int, card: str, trump: str, reading: Reading) -> bool:
    """Whether ``card`` would be winning the trick once ``seat`` plays it."""
    plays = (*trick.plays, (seat, card))
    leader = plays[0][0]
    return trick_winner(Trick(leader, plays), trump or SUIT_OF[plays[0][1]], reading) == seat


def blunders(
    game: Game, state: Any, seat: int, legal: tuple[str, ...], far: int = FAR_ABOVE
) -> frozenset[str]:
    """The plainly bad actions among ``legal`` for ``seat`` (docs/ai.md, Tresotti)."""
    view = game.view(state, seat)
    trump, reading = table_facts(view)
    seats = len(view.public.seats)
    bids = {a: int(a[4:]) for a in legal if a.startswith("bid:")}
    if bids:
        if len(legal) == 1:
            return frozenset()  # the dealer's forced bid
        cap = estimate(view.hand, seats, reading) + far
        return frozenset(a for a, n in bids.items() if n > max(cap, min(bids.values())))
    cards = cards_of(legal)
    trick = current_trick(view)
    if not trick.plays:
        return frozenset()
    winning = {c for c in cards if wins_so_far(trick, seat, c, trump, reading)}
    bad: set[str] = set()
    if not winning and any(c not in GAME_VALUE for c in cards):
        bad |= {cards[c] for c in cards if c in GAME_VALUE}
    if winning and len(trick.plays) == seats - 1:
        bad |= {cards[c] for c in cards if c not in winning}
    return frozenset(bad)


def prune(game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> tuple[str, ...]:
    """The actions the search weighs: no blunder, and no bid more than two above the estimate."""
    return without(legal, blunders(game, state, seat, legal, far=WEIGHED_ABOVE))


def player(strength: Strength, clock: Callable[[], float] | None = None) -> PrunedSearch:
    return PrunedSearch(strength, clock, prune)
