"""Player-facing text shared by the poker games: card labels, bet buttons (and the shared ``seat_name``)."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.betting import BettingRound
from games.core.cards import STANDARD_DECK
from games.core.i18n import N_, _
from games.core.views import Choice, Style, seat_name
from games.core.wording import by_count, sentences

__all__ = ["LABELS", "bet_choice", "card_labels", "high_order", "low_order", "pot_headline", "seat_name"]

LABELS = {c: STANDARD_DECK.label(c) for c in STANDARD_DECK.cards}

# Display order of a hand (the state keeps the order dealt): by rank as the game reads it,
# suits in a fixed order among equal ranks.
_SUIT = {s: i for i, s in enumerate(STANDARD_DECK.suit_names)}
_LOW_FIRST = {c: (STANDARD_DECK.cards.index(c) % 13, _SUIT[c[1]]) for c in STANDARD_DECK.cards}  # A 2 … K
_HIGH_FIRST = {c: (-((k + 12) % 13), s) for c, (k, s) in _LOW_FIRST.items()}  # A K Q … 2


def low_order(cards: Sequence[str]) -> tuple[str, ...]:
    """Ace first, up to the king: how a lowball (razz) player reads a hand."""
    return tuple(sorted(cards, key=_LOW_FIRST.__getitem__))


def high_order(cards: Sequence[str]) -> tuple[str, ...]:
    """Ace first, down to the deuce: how a high-hand poker player reads a hand."""
    return tuple(sorted(cards, key=_HIGH_FIRST.__getitem__))

_BUTTONS = {
    "bring-in": N_("Bring in {amount}"),
    "complete": N_("Complete to {total}"),
    "check": N_("Check"),
    "bet": N_("Bet {amount}"),
    "call": N_("Call {amount}"),
    "raise": N_("Raise to {total}"),
    "fold": N_("Fold"),
}
_STYLES: dict[str, Style] = {"fold": "danger", "check": "primary", "call": "primary", "bring-in": "primary"}


def card_labels(cards: Sequence[str]) -> str:
    """``As Td`` → ``A♠ T♦``."""
    return " ".join(map(LABELS.__getitem__, cards))


def bet_choice(r: BettingRound, seat: int, action: str) -> Choice:
    """A betting button with its amount on it: "Call 4", "Raise to 8", "Complete to 4"."""
    label = _(_BUTTONS[action]).format(amount=r.amount_for(seat, action), total=r.total_for(seat, action))
    return Choice(action, label, _STYLES.get(action, "success"))


# (one winner, several) per kind of pot: whole sentences, so each can be translated as one
_WINS = {
    "pot": (N_("{who} wins with {hand}."), N_("{who} tie with {hand} and split the pot.")),
    "main": (N_("{who} wins the main pot with {hand}."), N_("{who} tie for the main pot with {hand} and split it.")),
    "side": (N_("{who} wins a side pot with {hand}."), N_("{who} tie for a side pot with {hand} and split it.")),
}


def pot_headline(pots: Sequence[tuple[Sequence[int], str]]) -> str:
    """The showdown's headline from each pot's (winners, winning hand), main pot first.

    No chip amounts: the front end shows each player's chip change from the ledger.
    Pots all won by the same seats read as one pot.
    """
    if len({tuple(w) for w, _hand in pots}) == 1:
        winners, hand = pots[0]
        one, several = _WINS["pot"]
        return by_count(winners, _(one), _(several), hand=hand)
    out = []
    for i, (winners, hand) in enumerate(pots):
        one, several = _WINS["main" if i == 0 else "side"]
        out.append(by_count(winners, _(one), _(several), hand=hand))
    return sentences(*out)
