"""What Razz says: the announcements of a hand, built once per seat, card and street.

The texts are whole sentences with seat placeholders (the front end puts the
names in); the ones said on every bet are built once and shared, since a
bet's text, PHH line and event are values.
"""

from __future__ import annotations

from games.core.cards import STANDARD_DECK
from games.core.fastvalue import builder
from games.core.game import Event
from games.core.i18n import _
from games.core.poker.ui import LABELS, seat_name
from games.core.wording import sentences

from .state import STREET_NAMES, RazzDeal, _live_from_left

_event = builder(Event)
_name = seat_name

#: "Seat 2 has the highest door card (K♠) and must bring in.", by seat and card
_BRINGS_IN = tuple(
    {
        c: _("{who} has the highest door card ({card}) and must bring in.").format(who=seat_name(s), card=LABELS[c])
        for c in STANDARD_DECK.cards
    }
    for s in range(8)
)


def _around(template: str, field: str, **values: object) -> tuple[str, str]:
    """``template`` filled with ``values``, cut where ``field`` goes: (before, after)."""
    before, after = template.format(**values, **{field: "\0"}).split("\0")
    return before, after


#: "4th street: Seat 3 shows the best board (" and ") and opens.", by street and seat
_OPENS = {
    street: tuple(
        _around(_("{street}: {who} shows the best board ({board}) and opens."), "board", street=name, who=seat_name(s))
        for s in range(8)
    )
    for street, name in STREET_NAMES.items()
}
#: "Everyone else folded: Seat 3 wins the pot.", by seat
_FOLDED_TO = tuple(_("Everyone else folded: {who} wins the pot.").format(who=seat_name(s)) for s in range(8))


def _label(card: str) -> str:
    return LABELS[card]


_SAID = {
    "fold": ("f", _("{who} folds.")),
    "check": ("cc", _("{who} checks.")),
    "call": ("cc", _("{who} calls {amount}.")),
    "bring-in": ("pb", _("{who} brings in for {amount}.")),
    "bet": ("cbr", _("{who} bets {amount}.")),
    "raise": ("cbr", _("{who} raises to {total}.")),
    "complete": ("cbr", _("{who} completes to {total}.")),
}


#: ``_said`` answers already given, by their key (a plain dict: cheaper to ask than an lru_cache)
_SAID_BEFORE: dict[tuple[str, int, int, int, int, bool], tuple[tuple[str], tuple[str], tuple[Event, ...]]] = {}
_SAID_SIZE = 8192


def _said(key: tuple[str, int, int, int, int, bool]) -> tuple[tuple[str], tuple[str], tuple[Event, ...]]:
    """The PHH line, text and event of a betting action ``(action, seat, pk, put, total, all_in)``.

    Values, so they are shared (and kept); in 1-tuples, to be appended.
    """
    action, seat, pk, put, total, all_in = key
    code, template = _SAID[action]
    line = f"p{pk} {code} {total}" if code == "cbr" else f"p{pk} {code}"
    text = template.format(who=_name(seat), amount=put, total=total)
    if all_in:
        text = sentences(text, _("All in."))
    said = (line,), (text,), (Event(text, seat),)
    if len(_SAID_BEFORE) >= _SAID_SIZE:  # start over, keeping what is in play
        _SAID_BEFORE.clear()
    _SAID_BEFORE[key] = said
    return said


def _show_lines(deal: RazzDeal, live: tuple[bool, ...], phh_lines: tuple[str, ...]) -> list[str]:
    """PHH lines showing the live hands (a board card dealt as such isn't shown again)."""
    board = deal.community if deal.community and f"d db {deal.community}" in phh_lines else ""
    if board:
        return [
            f"p{deal.pk[s]} sm {''.join([c for c in deal.cards[s] if c != board])}"
            for s in _live_from_left(deal.dealer, live)
        ]
    return [f"p{deal.pk[s]} sm {''.join(deal.cards[s])}" for s in _live_from_left(deal.dealer, live)]
