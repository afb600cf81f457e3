"""Samba's hot paths, kept apart: a random deal is ~330 actions, so what is said and checked on
every turn is built once.

Events are immutable values: the few said on every turn (a draw, a card drawn, a discard) are
made once per language, seat and card and shared. Which cards a pick may still add depends only on the
cards picked (``rummy.turns.pickable`` tests each card alone), so each card's answer is kept per
selection; the hand is then filtered in its own order.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter

from ..core.game import Event
from ..core.i18n import _, language
from ..core.rummy.cards import label
from ..core.rummy.turns import pick_action
from ..core.rummy.turns import pickable as rummy_pickable
from ..core.views import seat_name
from .state import DECK, RULES

#: Keyed by the language spoken too: a Japanese table's events are said in Japanese.
_DRAWS: dict[tuple[str, int], Event] = {}
_DRAWN: dict[tuple[str, int, str], Event] = {}
_DISCARDS: dict[tuple[str, int, str], Event] = {}


def draws(seat: int) -> Event:
    """ "{who} draws from the stock." """
    key = (language(), seat)
    said = _DRAWS.get(key)
    if said is None:
        said = _DRAWS[key] = Event(_("{who} draws from the stock.").format(who=seat_name(seat)), seat)
    return said


def drawn(seat: int, card: str) -> Event:
    """ "You draw {cards}." for one card, to ``seat`` only."""
    key = (language(), seat, card)
    said = _DRAWN.get(key)
    if said is None:
        said = _DRAWN[key] = Event(_("You draw {cards}.").format(cards=label(card)), seat, private_to=seat)
    return said


def discards(seat: int, card: str) -> Event:
    """ "{who} discards {card}." """
    key = (language(), seat, card)
    said = _DISCARDS.get(key)
    if said is None:
        text = _("{who} discards {card}.").format(who=seat_name(seat), card=label(card))
        said = _DISCARDS[key] = Event(text, seat)
    return said


@lru_cache(maxsize=512)
def _fits(selection: tuple[str, ...]) -> dict[str, bool]:
    """Per card id: could it go in one meld with ``selection``? (Picked cards: no.) The deck's
    cards are answered at once; any other id is answered when asked."""
    fits = dict.fromkeys(DECK, False)
    fits.update(dict.fromkeys(rummy_pickable(DECK, selection, RULES), True))
    fits.update(dict.fromkeys(selection, False))
    return fits


@lru_cache(maxsize=256)
def _picks_with(card: str) -> dict[str, str]:
    """One card picked: per card id of the deck, its ``pick:`` action if it may join, else ""."""
    return {c: pick_action(c) if ok else "" for c, ok in _fits((card,)).items()}


def pick_actions(hand: tuple[str, ...], card: str) -> tuple[str, ...] | None:
    """The ``pick:`` actions of ``hand`` once ``card`` alone is picked (None: a card from no deck)."""
    try:
        return tuple(filter(None, map(_picks_with(card).__getitem__, hand)))
    except KeyError:
        return None


def pickable(cards: tuple[str, ...], selection: tuple[str, ...]) -> tuple[str, ...]:
    """``rummy.turns.pickable(cards less selection, selection, RULES)``, each card's answer kept."""
    fits = _fits(selection)
    out = []
    for c in cards:
        ok = fits.get(c)
        if ok is None:
            ok = fits[c] = bool(rummy_pickable((c,), selection, RULES))
        if ok:
            out.append(c)
    return tuple(out)


def has_pair(hand: Sequence[str], rank: str) -> bool:
    """Whether the hand holds two natural cards of ``rank`` (as ``turn._pair`` finds them)."""
    if rank == "J":  # jokers ("JK") start with J too
        return sum(1 for c in hand if c[0] == "J" and c[1] != "K") >= 2
    return list(map(_FIRST, hand)).count(rank) >= 2


_FIRST = itemgetter(0)
