"""Card decks as data.

Cards are their canonical codes (``"T7"``, ``"FQ"``, ``"As"``): plain strings
are hashable, sort predictably, go straight into JSON, custom ids and logs,
and never need a codec. What a card *means* (suit, rank, points, cost) is a
property of the deck profile or of the game, never of the card, because the
same Fairmarket card is a flat in one game and a royal in another.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from .errors import IllegalAction
from .i18n import N_, _


@dataclass(frozen=True)
class Deck:
    """A named, ordered set of card codes with their suit and rank ids."""

    name: str
    cards: tuple[str, ...]
    suit: dict[str, str] = field(repr=False)
    rank: dict[str, str] = field(repr=False)
    suit_names: dict[str, str] = field(default_factory=dict, repr=False)
    suit_symbols: dict[str, str] = field(default_factory=dict, repr=False)
    #: Ranks written as words (the Fairmarket royals: ``P`` → "Page"), translated when written.
    rank_names: dict[str, str] = field(default_factory=dict, repr=False)
    label_gap: str = field(default="", repr=False)  # between rank and suit symbol: ``7🪦``, ``Page 🏆``

    def __contains__(self, code: object) -> bool:
        return code in self.suit

    def suit_name(self, suit: str) -> str:
        """The suit's name in the language spoken now ("Spades", "スペード")."""
        return _(self.suit_names[suit])

    def parse(self, text: str) -> str:
        """The canonical code for ``text``; raises ``IllegalAction`` for junk."""
        code = text.strip()
        if code in self.suit:
            return code
        raise IllegalAction(_("{text!r} isn't a card in this game.").format(text=text))

    def parse_many(self, text: str) -> tuple[str, ...]:
        return tuple(self.parse(part) for part in text.split(",") if part)

    def label(self, code: str) -> str:
        """A friendly label, e.g. ``T7`` → ``7🔧``, ``CP`` → ``Page 🏆``; storage stays ASCII.

        The one way this deck's cards are written: every game, button, history and
        picture label of the deck goes through here, so a card never reads two ways."""
        sym = self.suit_symbols.get(self.suit[code], self.suit[code])
        rank = self.rank[code]
        name = self.rank_names.get(rank)
        return f"{_(name) if name else rank}{self.label_gap}{sym}"

    def subset(self, name: str, keep: Iterable[str]) -> Deck:
        keep_set = set(keep)
        return Deck(
            name,
            tuple(c for c in self.cards if c in keep_set),
            self.suit,
            self.rank,
            self.suit_names,
            self.suit_symbols,
            self.rank_names,
            self.label_gap,
        )


def make_deck(
    name: str,
    suits: Sequence[str],
    ranks: Sequence[str],
    *,
    suit_names: dict[str, str] | None = None,
    suit_symbols: dict[str, str] | None = None,
    suit_first: bool = True,
    rank_names: dict[str, str] | None = None,
    label_gap: str = "",
) -> Deck:
    """A deck of every suit × rank; codes are suit+rank or rank+suit."""
    cards: list[str] = []
    suit_of: dict[str, str] = {}
    rank_of: dict[str, str] = {}
    for s in suits:
        for r in ranks:
            code = f"{s}{r}" if suit_first else f"{r}{s}"
            cards.append(code)
            suit_of[code] = s
            rank_of[code] = r
    return Deck(
        name, tuple(cards), suit_of, rank_of, dict(suit_names or {}), dict(suit_symbols or {}),
        dict(rank_names or {}), label_gap,
    )


RENFIELD_SUITS = ("T", "P", "S")
RENFIELD_DECK = make_deck(
    "renfield",
    RENFIELD_SUITS,
    [str(r) for r in range(18)],
    suit_names={"T": N_("Tools"), "P": N_("Parts"), "S": N_("Stones")},
    suit_symbols={"T": "🔧", "P": "🦴", "S": "🪦"},
)

FAIRMARKET_SUITS = ("F", "B", "C")
FAIRMARKET_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "20", "30", "40", "50", "60", "P", "C", "Q")
FAIRMARKET_DECK = make_deck(
    "fairmarket",
    FAIRMARKET_SUITS,
    FAIRMARKET_RANKS,
    suit_names={"F": N_("Flags"), "B": N_("Bells"), "C": N_("Cups")},
    suit_symbols={"F": "🚩", "B": "🔔", "C": "🏆"},
    rank_names={"P": N_("Page"), "C": N_("Consort"), "Q": N_("Queen"), "A": N_("Ace")},
    label_gap=" ",
)

STANDARD_SUITS = ("s", "h", "d", "c")
STANDARD_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
STANDARD_DECK = make_deck(
    "standard",
    STANDARD_SUITS,
    STANDARD_RANKS,
    suit_names={"s": N_("Spades"), "h": N_("Hearts"), "d": N_("Diamonds"), "c": N_("Clubs")},
    suit_symbols={"s": "♠", "h": "♥", "d": "♦", "c": "♣"},
    suit_first=False,
)

#: The standard deck's labels as card players outside poker read them: the ten is ``10♥``, not
#: ``T♥`` (codes stay ``Th``). Poker games keep the deck's own ``T`` labels.
PLAIN_LABELS: Mapping[str, str] = MappingProxyType(
    {c: STANDARD_DECK.label(c).replace("T", "10", 1) if c[0] == "T" else STANDARD_DECK.label(c) for c in STANDARD_DECK.cards}
)

