"""Exchanges: a player discards some cards and draws replacements (Écarté, Reversis, draw poker).

The action is the one a ``PickCards`` prompt submits: ``f"{kind}:{card,card,…}"``
(an empty list keeps every card). Games differ in who exchanges when, how many
cards may go, and where replacements come from (a common stock, the seat's own
face-down card); what they share lives here: reading and checking the pick,
listing the legal picks for small hands, drawing replacements from a stock.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .errors import IllegalAction
from .i18n import _
from .views import PickCards


def pick_action(kind: str, cards: Sequence[str]) -> str:
    """The action string a ``PickCards`` prompt of ``kind`` submits for ``cards``."""
    return f"{kind}:{','.join(cards)}"


def parse_pick(action: str, kind: str, hand: Sequence[str], minimum: int, maximum: int) -> tuple[str, ...] | None:
    """The cards an exchange action names, or None unless it is a pick of ``kind`` allowed from ``hand``:
    distinct cards of the hand, between ``minimum`` and ``maximum`` of them."""
    prefix = kind + ":"
    if not action.startswith(prefix):
        return None
    body = action[len(prefix):]
    cards = tuple(body.split(",")) if body else ()
    if not minimum <= len(cards) <= maximum or len(set(cards)) != len(cards):
        return None
    if any(c not in hand for c in cards):
        return None
    return cards


def pick_actions(kind: str, hand: Sequence[str], minimum: int, maximum: int) -> tuple[str, ...]:
    """Every legal pick as an action, in hand order (fine for hands of a dozen cards or so)."""
    out: list[str] = []
    for k in range(max(0, minimum), min(maximum, len(hand)) + 1):
        out.extend(pick_action(kind, combo) for combo in combinations(hand, k))
    return tuple(out)


def pick_prompt(
    kind: str, hand: Sequence[str], labels: Sequence[str], minimum: int, maximum: int, *, label: str | None = None
) -> PickCards:
    """A multi-select over ``hand`` whose label says how many cards may go."""
    if label is None:
        if minimum == maximum:
            label = _("Choose {n} card(s) to discard").format(n=maximum)
        elif minimum == 0:
            label = _("Choose up to {n} card(s) to discard").format(n=maximum)
        else:
            label = _("Choose {lo}–{hi} cards to discard").format(lo=minimum, hi=maximum)
    return PickCards(kind, label, tuple(hand), tuple(labels), minimum, maximum)


def draw(stock: Sequence[str], count: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The top ``count`` cards of ``stock`` and what is left of it."""
    if count > len(stock):
        raise IllegalAction(_("There aren't enough cards left in the stock."))
    return tuple(stock[:count]), tuple(stock[count:])


def swap(
    hand: Sequence[str], discards: Sequence[str], stock: Sequence[str]
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Discard ``discards`` from ``hand`` and draw as many from the top of ``stock``.

    Returns the new hand (kept cards in their order, then the drawn ones), the
    stock left, and the cards drawn.
    """
    gone = set(discards)
    if len(gone) != len(discards) or not gone <= set(hand):
        raise IllegalAction(_("You can only discard cards from your hand."))
    drawn, rest = draw(stock, len(discards))
    return tuple(c for c in hand if c not in gone) + drawn, rest, drawn


__all__ = ["draw", "parse_pick", "pick_action", "pick_actions", "pick_prompt", "swap"]
