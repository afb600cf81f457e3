"""How Tresotti reads the Fairmarket deck: rank order and courses per rule set.

The deck itself is shared (``games.core.cards.FAIRMARKET_DECK``); what a card
*means* differs: in the basic rules the Ace is the top Royal, in Dearworth it
is the lowest flat and the deck has two courses of nine (DECISIONS §3.2 #1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ..core.cards import FAIRMARKET_DECK, FAIRMARKET_SUITS
from ..core.i18n import N_, _

SUIT_OF = MappingProxyType(dict(FAIRMARKET_DECK.suit))
_RANK_OF = FAIRMARKET_DECK.rank
DOUBLES = ("10", "20", "30", "40", "50", "60")
#: Face value towards "game": only the doubles count, in every rule set.
GAME_VALUE = MappingProxyType({c: int(_RANK_OF[c]) for c in FAIRMARKET_DECK.cards if _RANK_OF[c] in DOUBLES})
#: The royals' names (translated where written: the card pictures write the same words).
RANK_NAMES = MappingProxyType({"P": N_("Page"), "C": N_("Consort"), "Q": N_("Queen"), "A": N_("Ace")})


@dataclass(frozen=True)
class Reading:
    """One rule set's view of the deck: the courses, low to high, each in rank order."""

    name: str
    courses: tuple[tuple[str, tuple[str, ...]], ...]
    order: Mapping[str, int] = field(init=False, repr=False, compare=False)  # card → rank position
    course: Mapping[str, int] = field(init=False, repr=False, compare=False)  # card → course index
    text: str = field(init=False, repr=False, compare=False)  # e.g. "flats 2 3 … 9 · doubles 10 … 60 · …"

    def __post_init__(self) -> None:
        order: dict[str, int] = {}
        course: dict[str, int] = {}
        pos = 0
        for ci, (_name, ranks) in enumerate(self.courses):
            for r in ranks:
                order[r], course[r] = pos, ci
                pos += 1
        object.__setattr__(
            self, "order", MappingProxyType({c: order[_RANK_OF[c]] for c in FAIRMARKET_DECK.cards})
        )
        object.__setattr__(
            self, "course", MappingProxyType({c: course[_RANK_OF[c]] for c in FAIRMARKET_DECK.cards})
        )
        text = " · ".join(f"{name} {' '.join(ranks)}" for name, ranks in self.courses)
        object.__setattr__(self, "text", text)


BASIC = Reading(
    "basic",
    (
        ("flats", ("2", "3", "4", "5", "6", "7", "8", "9")),
        ("doubles", DOUBLES),
        ("royals", ("P", "C", "Q", "A")),
    ),
)
DEARWORTH = Reading(
    "dearworth",
    (
        ("flats", ("A", "2", "3", "4", "5", "6", "7", "8", "9")),
        ("royals", (*DOUBLES, "P", "C", "Q")),
    ),
)

SUIT_LABELS = MappingProxyType(
    {s: f"{FAIRMARKET_DECK.suit_symbols[s]} {FAIRMARKET_DECK.suit_names[s]}" for s in FAIRMARKET_SUITS}
)


def label(card: str) -> str:
    """``FQ`` → ``🚩 Queen``, ``B40`` → ``🔔 40``."""
    rank = _RANK_OF[card]
    name = RANK_NAMES.get(rank)
    return f"{FAIRMARKET_DECK.suit_symbols[SUIT_OF[card]]} {_(name) if name else rank}"
