"""Deck profiles: everything that makes Renfield Renfield and Scurro Scurro.

The rules engine never mentions a suit, a rank or a price; it asks the profile.
Renfield's per-card bugs and costs come from ``data/renfield_cards.json`` (a
proposed table, see DECISIONS.md §1.3) so a holder of the real deck can replace
them without touching code. Scurro's values are printed in its rule text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from games.core.cards import FAIRMARKET_DECK, RENFIELD_DECK, Deck
from games.core.i18n import _
from games.core.wording import count_of, money

CARD_TABLE = Path(__file__).resolve().parents[2] / "data" / "renfield_cards.json"

COST_DOUBLER = "D"
BUG_DOUBLER = "x2"


@dataclass(frozen=True)
class DeckProfile:
    """One member of the family: its deck, card values and money rules."""

    game_id: str
    deck: Deck
    suits: tuple[str, ...]  # default suit order, high to low
    keys: tuple[str, ...]  # key cards: suit indicators, out of the deck
    playable: tuple[str, ...]  # the cards dealt in the base game, deck order
    ranks: tuple[str, ...]  # playable rank ids, low to high (wild declarations)
    rank: Mapping[str, int]  # comparison rank of every card (key cards lowest)
    bugs: Mapping[str, int]  # printed points (a bug doubler counts 0)
    cost: Mapping[str, int]  # printed cost (a cost doubler counts 0)
    cost_doublers: frozenset[str]
    bug_doublers: frozenset[str]
    ante: int  # every hand
    min_bid: int
    forced_bid: int
    flatline_min_bid: int
    flatline_forced_bid: int
    point_word: str  # "bug" / "point"
    coin_symbol: str  # "$" / "" (Scurro speaks of coins)
    key_word: str  # "key cards" / "Aces"
    source: str  # where the card values come from

    def money(self, amount: int) -> str:
        return money(amount, self.unit)

    @property
    def unit(self) -> str:
        """The money of this deck's rules: dollars (Renfield), coins (Scurro)."""
        return "dollar" if self.coin_symbol else "coin"

    def points(self, amount: int) -> str:
        if self.point_word == "bug":
            return count_of(amount, _("{n} bug"), _("{n} bugs"))
        return count_of(amount, _("{n} point"), _("{n} points"))

    def suit_text(self, suit: str) -> str:
        """A suit with its icon, ``🔧 Tools``: the cards show only the icon, so the name alone is no key."""
        return f"{self.deck.suit_symbols[suit]} {self.deck.suit_name(suit)}"

    def order_text(self, order: str) -> str:
        """A suit order, highest first: ``🔧 Tools > 🪦 Stones > 🦴 Parts``."""
        return " > ".join(map(self.suit_text, order))

    def hand_order(self, order: str) -> dict[str, tuple[int, int]]:
        """Display key of every card: by suit (``order``, highest first; the default order
        before the suits are ordered), then rank low to high. Display only."""
        suits = order or "".join(self.suits)
        place = {s: i for i, s in enumerate(suits)}
        return {c: (place.get(self.deck.suit[c], len(suits)), self.rank[c]) for c in self.deck.cards}

    def card_text(self, code: str) -> str:
        """A card with what it is worth, as the printed card shows it: ``8🦴 · 4 bugs · $2``.

        Players can't see the values on a Discord button otherwise, and the play
        decisions of this family turn on them.
        """
        worth = _("doubles all") if code in self.bug_doublers else self.points(self.bugs[code])
        price = _("doubles the trick") if code in self.cost_doublers else self.money(self.cost[code])
        return f"{self.deck.label(code)} · {worth} · {price}"


def _load_renfield_table(path: Path) -> tuple[dict[str, int], dict[str, int], set[str], set[str], str]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    bugs: dict[str, int] = {}
    cost: dict[str, int] = {}
    cost_d: set[str] = set()
    bug_d: set[str] = set()
    for suit in "TPS":
        for rank in range(1, 18):
            code = f"{suit}{rank}"
            entry = doc["cards"][code]
            b, c = entry["bugs"], entry["cost"]
            if b == BUG_DOUBLER:
                bug_d.add(code)
                b = 0
            if c == COST_DOUBLER:
                cost_d.add(code)
                c = 0
            if not (isinstance(b, int) and 0 <= b <= 6 and isinstance(c, int) and 0 <= c <= 5):
                raise ValueError(f"{path}: bad values for {code}: {entry}")
            bugs[code], cost[code] = b, c
    return bugs, cost, cost_d, bug_d, str(doc.get("source", "proposed"))


def _renfield() -> DeckProfile:
    bugs, cost, cost_d, bug_d, source = _load_renfield_table(CARD_TABLE)
    keys = ("T0", "P0", "S0")
    for k in keys:  # Flatline may shuffle the zeros in: 0 bugs, $0 (DECISIONS §1.4)
        bugs[k], cost[k] = 0, 0
    playable = tuple(c for c in RENFIELD_DECK.cards if c not in keys)
    return DeckProfile(
        game_id="renfield",
        deck=RENFIELD_DECK,
        suits=("T", "P", "S"),
        keys=keys,
        playable=playable,
        ranks=tuple(str(r) for r in range(1, 18)),
        rank={c: int(RENFIELD_DECK.rank[c]) for c in RENFIELD_DECK.cards},
        bugs=bugs,
        cost=cost,
        cost_doublers=frozenset(cost_d),
        bug_doublers=frozenset(bug_d),
        ante=0,
        min_bid=1,
        forced_bid=5,
        flatline_min_bid=1,
        flatline_forced_bid=2,
        point_word="bug",
        coin_symbol="$",
        key_word="key cards",
        source=source,
    )


# Scurro's table (seed 003): 2 = face value and doubles the trick's cost; 3-9 face
# value, 1 coin; 10 = 10 points, 2 coins; 20 doubles all points (0 itself), 2 coins;
# 30-60 = 10 points, 2 coins; Page/Consort/Queen 0 points, 3 coins. Aces are the
# suit indicators: 0/0 when Flatline shuffles them in (DECISIONS §3 row 11).
_SCURRO_VALUES: dict[str, tuple[int, int]] = {
    "2": (2, 0),
    **{str(r): (r, 1) for r in range(3, 10)},
    "10": (10, 2),
    "20": (0, 2),
    **{str(r): (10, 2) for r in (30, 40, 50, 60)},
    "P": (0, 3),
    "C": (0, 3),
    "Q": (0, 3),
    "A": (0, 0),
}


def _scurro() -> DeckProfile:
    deck = FAIRMARKET_DECK
    keys = ("FA", "BA", "CA")
    order = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "20", "30", "40", "50", "60", "P", "C", "Q")
    return DeckProfile(
        game_id="scurro",
        deck=deck,
        suits=("F", "B", "C"),
        keys=keys,
        playable=tuple(c for c in deck.cards if c not in keys),
        ranks=order[1:],
        rank={c: order.index(deck.rank[c]) for c in deck.cards},
        bugs={c: _SCURRO_VALUES[deck.rank[c]][0] for c in deck.cards},
        cost={c: _SCURRO_VALUES[deck.rank[c]][1] for c in deck.cards},
        cost_doublers=frozenset(c for c in deck.cards if deck.rank[c] == "2"),
        bug_doublers=frozenset(c for c in deck.cards if deck.rank[c] == "20"),
        ante=1,
        min_bid=5,
        forced_bid=5,
        flatline_min_bid=2,
        flatline_forced_bid=2,
        point_word="point",
        coin_symbol="",
        key_word="Aces",
        source="printed",
    )


RENFIELD = _renfield()
SCURRO = _scurro()
