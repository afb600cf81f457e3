"""The render model: what a game shows and offers, with no Discord in it.

One adapter (``cogs/ui``) turns these values into embeds, buttons, selects
and modals for every game, so a new game never writes Discord code. Cards are
given both as codes (``cards``, for redaction checks and selects) and as
display text, so the adapter never needs to know a deck.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Literal

Style = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One row of the public table: a seat and what everyone knows of it."""

    seat: int
    text: str
    to_act: bool = False
    out: bool = False
    cards: tuple[str, ...] = ()  # face-up cards in front of this seat (stud up-cards)


@dataclass(frozen=True, slots=True)
class Pile:
    """A named group of face-up cards: the trick, a board, the Zombie."""

    name: str
    cards: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True)
class TableView:
    """What everyone at the table (and any spectator) may see."""

    title: str
    summary: str
    seats: tuple[SeatLine, ...]
    facts: tuple[tuple[str, str], ...] = ()  # ("Pot", "$12"), ("Suit order", "Parts > Tools > Stones")
    piles: tuple[Pile, ...] = ()
    recent: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Choice:
    """One action as a button (or a select option when there are many)."""

    action: str
    label: str
    style: Style = "secondary"
    enabled: bool = True
    group: str = "actions"  # "cards" for the hand, "actions" for the rest


@dataclass(frozen=True, slots=True)
class AskAmount:
    """A number in a range, asked through a modal; submits ``f"{kind}:{n}"``."""

    kind: str
    label: str
    minimum: int
    maximum: int


@dataclass(frozen=True, slots=True)
class PickCards:
    """Choose several cards at once; submits ``f"{kind}:{','.join(cards)}"``."""

    kind: str
    label: str
    cards: tuple[str, ...]
    labels: tuple[str, ...]
    min_count: int
    max_count: int


Prompt = Choice | AskAmount | PickCards


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat sees: the public table, its own cards and its choices."""

    public: TableView
    seat: int | None = None
    hand: tuple[str, ...] = ()
    hand_text: str = ""
    notes: tuple[str, ...] = ()
    prompt: tuple[Prompt, ...] = ()


def hand_choices(
    hand: tuple[str, ...],
    legal: Collection[str],
    label: Callable[[str], str],
    *,
    prefix: str = "play",
) -> tuple[Choice, ...]:
    """The whole hand as ``cards`` choices, unplayable cards disabled.

    Duplicate codes (Rage's action cards) become one choice marked ×n, since a
    message cannot carry two components with the same action.
    """
    counts: dict[str, int] = {}
    for card in hand:
        counts[card] = counts.get(card, 0) + 1
    out = []
    for card, n in counts.items():
        action = f"{prefix}:{card}"
        text = label(card) if n == 1 else f"{label(card)} ×{n}"
        out.append(Choice(action, text, "primary" if action in legal else "secondary", action in legal, "cards"))
    return tuple(out)


#: Finds the seat names of ``seat_name`` in engine texts, so a front end can put player names in.
SEAT_NAME = re.compile(r"\bSeat ([1-9])\b")


def seat_name(seat: int) -> str:
    """How engine texts name a seat (engines never see player names): ``Seat 1`` for seat 0."""
    return f"Seat {seat + 1}"
