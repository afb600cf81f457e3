"""The render model: what a game shows and offers, with no Discord in it.

One adapter (``cogs/ui``) turns these values into embeds, buttons, selects
and modals for every game, so a new game never writes Discord code. Cards are
given both as codes (``cards``, for redaction checks and selects) and as
display text, so the adapter never needs to know a deck.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
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
    #: Chips in front of the seat now, after what it has bet or taken this hand, as a real table
    #: shows them; None when the game moves no chips until the hand is settled (the adapter then
    #: shows the table's stack from the deal). Not in the repr: golden view logs read the same.
    stack: int | None = field(default=None, repr=False)
    #: For a game that moves chips during a hand but does not track stacks: what the seat has put
    #: in so far, net of what it took back; the adapter shows the stack from the deal less this.
    staked: int = field(default=0, repr=False)

    def stack_now(self, dealt: Sequence[int]) -> int | None:
        """The chips in front of the seat now, as a table shows them: the engine's stack, or the
        stack from the deal (``dealt``, by seat) less what the seat has put in this hand; None
        when neither is known. One rule for the table's message and a knockout's standings."""
        if self.stack is not None:
            return self.stack
        return dealt[self.seat] - self.staked if 0 <= self.seat < len(dealt) else None


@dataclass(frozen=True, slots=True)
class Pile:
    """A named group of face-up cards: the trick, a board, the Zombie.

    A trick also says who played which card (``plays``: seat and card label, in
    play order) and ``winner``: who is winning it now, or who took it once
    ``taken``; the adapter writes the names, so engines never do.
    """

    name: str
    cards: tuple[str, ...]
    text: str
    plays: tuple[tuple[int, str], ...] = ()
    winner: int | None = None
    taken: bool = False
    #: Piles that belong together (a team's melds: "Ann & Cy"): the adapter shows a group's piles as
    #: lines of one field ("**name** text"), so a dozen melds take one field, not twelve.
    group: str = ""
    #: How ``cards`` split into groups (a team's melds, by size, in order), so a picture can draw
    #: each meld apart; empty when the cards are one group. Not in the repr: views logged before it
    #: (the golden logs of the engine tests) read the same.
    runs: tuple[int, ...] = field(default=(), repr=False)
    #: What each card is drawn as, where the picture should show more than the card: a Wild Rage
    #: played as red is ``WILD=R``. Empty: ``cards``. Not in the repr (as ``runs``).
    drawn: tuple[str, ...] = field(default=(), repr=False)
    #: With ``runs``: the last run is not a meld but cards laid out beside them (Samba's red 3s, bonus
    #: cards), and this names them, so a picture draws them apart. Empty: every run is a meld.
    aside: str = field(default="", repr=False)


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A game's score sheet: one row per deal (a label and a value per seat), and the totals.

    Structured rather than text so the adapter can put each player's name on
    their column; ``None`` is a cell not scored yet.
    """

    rows: tuple[tuple[str, tuple[int | None, ...]], ...]
    totals: tuple[int, ...]
    title: str = "Score sheet"
    #: Partnerships (seat lists) when partners share one score: results then rank the teams,
    #: so two partners are both first and the other team second (not "3.").
    teams: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class TableView:
    """What everyone at the table (and any spectator) may see."""

    title: str
    summary: str
    seats: tuple[SeatLine, ...]
    facts: tuple[tuple[str, str], ...] = ()  # ("Pot", "$12"), ("Suit order", "Parts > Tools > Stones")
    piles: tuple[Pile, ...] = ()
    recent: tuple[str, ...] = ()
    sheet: ScoreSheet | None = None
    #: The chips in the middle now: the pot first, then any side pots (empty: no pot). With the
    #: seats' ``stack`` they add up to the chips brought to the table; the adapter writes them.
    pots: tuple[int, ...] = field(default=(), repr=False)
    #: The game's money, as its rules name it ("chip", "dollar", "coin"; ``wording.money``
    #: writes it): the seats' stacks and the pots are written in it.
    unit: str = field(default="chip", repr=False)


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
class CardFace:
    """One physical card of a hand, as the adapter groups and sorts it (by rank or by suit).

    ``code`` is the card's id as in ``SeatView.hand`` and in actions ("QS.2": two copies of
    the queen of spades are two codes with one label). ``rank`` and ``suit`` name the groups
    ("Q", "♠"); a card with no rank (a joker) is grouped under its own label. Groups and the
    cards in them are shown in increasing ``rank_order`` and ``suit_order`` (the game's order:
    give a high card a low number to show it first).
    """

    code: str
    label: str
    rank: str = ""
    suit: str = ""
    rank_order: int = 0
    suit_order: int = 0


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat sees: the public table, its own cards and its choices."""

    public: TableView
    seat: int | None = None
    hand: tuple[str, ...] = ()
    hand_text: str = ""
    notes: tuple[str, ...] = ()
    prompt: tuple[Prompt, ...] = ()
    #: The hand as faces (one per card of ``hand``): with them the adapter shows the hand grouped
    #: and sorted by rank or by suit, the player's choice, and orders card menus the same way.
    #: Without them it shows ``hand_text`` as the game wrote it.
    faces: tuple[CardFace, ...] = ()
    #: The cards as ``hand_text`` lists them, in its order and its groups ("Down: …", "Up: …"), so the
    #: hand picture draws what the text says in the same order. Empty: ``hand`` as it is, one group.
    #: (With ``faces`` the adapter groups the hand itself, by suit or by rank.) Not in the repr (the
    #: golden logs of the engine tests read views logged before it).
    hand_groups: tuple[tuple[str, ...], ...] = field(default=(), repr=False)


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


#: The placeholder ``seat_name`` puts into engine texts; front ends replace every one.
SEAT_REF = re.compile(r"⟦seat:(\d+)⟧")


def seat_name(seat: int) -> str:
    """How engine texts refer to a seat: a placeholder, never a name or a number.

    Engines never see players, so a text like "{who} bids 5." gets this marker
    as ``who``; the front end swaps each marker for the player's name (in any
    language, since the marker is a value, not part of the sentence).
    """
    return f"⟦seat:{seat}⟧"


def resolve_seats(text: str, name_of: Callable[[int], str]) -> str:
    """``text`` with every seat placeholder replaced by ``name_of(seat)``."""
    if "⟦" not in text:
        return text
    return SEAT_REF.sub(lambda m: name_of(int(m[1])), text)
