"""Player-facing text shared by the poker games: card labels, bet buttons (and the shared ``seat_name``)."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.betting import BettingRound
from games.core.cards import STANDARD_DECK
from games.core.i18n import _
from games.core.views import Choice, seat_name

__all__ = ["LABELS", "bet_choice", "card_labels", "seat_name"]

LABELS = {c: STANDARD_DECK.label(c) for c in STANDARD_DECK.cards}

_BUTTONS = {
    "bring-in": _("Bring in {amount}"),
    "complete": _("Complete to {total}"),
    "check": _("Check"),
    "bet": _("Bet {amount}"),
    "call": _("Call {amount}"),
    "raise": _("Raise to {total}"),
    "fold": _("Fold"),
}
_STYLES = {"fold": "danger", "check": "primary", "call": "primary", "bring-in": "primary"}


def card_labels(cards: Sequence[str]) -> str:
    """``As Td`` → ``A♠ T♦``."""
    return " ".join(map(LABELS.__getitem__, cards))


def bet_choice(r: BettingRound, seat: int, action: str) -> Choice:
    """A betting button with its amount on it: "Call 4", "Raise to 8", "Complete to 4"."""
    label = _BUTTONS[action].format(amount=r.amount_for(seat, action), total=r.total_for(seat, action))
    return Choice(action, label, _STYLES.get(action, "success"))
