"""What the Renfield engine computes once per deck profile or per options, not once per action.

A random playout asks the same questions thousands of times a second (which
plays follow the led card, what a trick costs, which texts a bid makes), so
the answers are tables built here, and values that repeat (events, texts)
are built once and shared: they are immutable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from games.core.bidding import Auction
from games.core.game import Event
from games.core.i18n import _, language
from games.core.tricks import follow_table, next_seat, seats_from

from .common import SEATS
from .options import FamilyOptions
from .profile import DeckProfile

_SHIFT = 20  # card values sum far below 2**20 (≤ 54 cards of at most 10)
_LOW = (1 << _SHIFT) - 1


@dataclass(frozen=True)
class OptionsTable:
    """Per-options lookups, built once: which cards are wild or deadly."""

    wild: frozenset[str]
    death: frozenset[str]
    death_all: bool
    wild_ids: tuple[str, ...]  # identities a wild card may take
    max_players: int


class Lookups:
    """One deck profile's tables, and caches of the values its hands repeat."""

    def __init__(self, profile: DeckProfile) -> None:
        p = self.profile = profile
        deck = p.deck.cards
        self.suit = dict(p.deck.suit)
        self.rank = dict(p.rank)
        self.play = {c: f"play:{c}" for c in deck}  # card → the action that plays it
        self.card_of = {f"play:{c}": c for c in deck}
        self._deck = deck
        self._labels: dict[str, dict[str, str]] = {}  # language → card → label ("Page 🏆" / "ペイジ 🏆")
        self._play_events: dict[str, tuple[dict[str, tuple[Event]], ...]] = {}  # language → by seat, card
        self.bids = tuple(f"bid:{b}" for b in range(201))  # bid actions by amount
        self.orders = tuple("order:" + "".join(o) for o in permutations(p.suits))
        #: led card → its suit's plays: following suit is one lookup per card held
        self.follow = follow_table(deck, self.suit.__getitem__, self.play.__getitem__)
        # a card's printed value plus one high unit if it is a doubler: one sum gives both totals
        self._cost_code = {c: p.cost[c] + ((c in p.cost_doublers) << _SHIFT) for c in deck}
        self._bug_code = {c: p.bugs[c] + ((c in p.bug_doublers) << _SHIFT) for c in deck}
        # caches of repeated values, filled as hands meet them
        # Event texts are in the language spoken when made: every key ends with that language.
        self.take_events: dict[tuple[int, int, str], tuple[Event]] = {}  # (taker, cost, language) → event
        self.bid_events: dict[tuple[int, str, bool, str], tuple[Event]] = {}  # (seat, action, blaze, language)
        self.won_events: dict[tuple[int, int, bool, str], tuple[Event]] = {}  # (seat, amount, blaze, language)
        self.order_events: dict[tuple[int, str, str], tuple[Event]] = {}  # (seat, suit order, language)
        self.win_texts: dict[tuple[tuple[int, ...], int, int, str], str] = {}  # (winners, k, left, language) → summary
        self.bid_legal: dict[tuple[int, int], tuple[str, ...]] = {}  # (lowest, highest) → bid actions
        self.openings: dict[tuple[tuple[int, ...], int, bool], Auction] = {}  # (order, low, Blaze) → bidding
        self._tables: dict[int, tuple[FamilyOptions, OptionsTable]] = {}
        self._keys: dict[str, dict[str, int]] = {}
        self._clockwise: dict[tuple[int, tuple[bool, ...]], tuple[int, ...]] = {}  # (dealer, in) → order
        #: ``seating``'s answers, to read directly on the hot path (``seats.get(active) or seating(active)``)
        self.seats: dict[tuple[bool, ...], tuple[int, tuple[int, ...]]] = {}

    def table(self, options: FamilyOptions) -> OptionsTable:
        """The options' lookups (options are frozen: cached by identity, checked against reuse of ids)."""
        hit = self._tables.get(id(options))
        if hit is not None and hit[0] is options:
            return hit[1]
        table = OptionsTable(
            wild=frozenset(options.wild_cards),
            death=frozenset(options.death_cards),
            death_all=options.death_suits == "all",
            wild_ids=self.profile.playable,
            max_players=options.max_players(),
        )
        if len(self._tables) > 256:
            self._tables.clear()
        self._tables[id(options)] = (options, table)
        return table

    def key_of(self, order: str) -> dict[str, int]:
        """Card → strength for a suit order: every card of a higher suit beats every lower one."""
        keys = self._keys.get(order)
        if keys is None:
            strength = {s: len(order) - i for i, s in enumerate(order)}
            keys = {c: strength.get(self.suit[c], 0) * 64 + self.rank[c] for c in self.profile.deck.cards}
            self._keys[order] = keys
        return keys

    def clockwise(self, dealer: int, active: tuple[bool, ...]) -> tuple[int, ...]:
        """The seats in ``active`` from the dealer's left (dealing and speaking order)."""
        key = (dealer, active)
        order = self._clockwise.get(key)
        if order is None:
            n = len(active)
            order = self._clockwise[key] = seats_from((dealer + 1) % n, n, active.__getitem__)
        return order

    def seating(self, active: tuple[bool, ...]) -> tuple[int, tuple[int, ...]]:
        """How many seats are in, and each seat's next active seat to the left (few distinct tuples)."""
        hit = self.seats.get(active)
        if hit is None:
            n = len(active)
            hit = (sum(active), tuple(next_seat(s, n, active.__getitem__) for s in range(n)))
            self.seats[active] = hit
        return hit

    def trick_cost(self, cards: Sequence[str]) -> int:
        """Printed costs, doubled once per cost doubler (compounding)."""
        v = sum(map(self._cost_code.__getitem__, cards))
        return (v & _LOW) << (v >> _SHIFT)

    def score_of(self, taken: Sequence[str]) -> int:
        """Printed bugs of everything taken, doubled once per bug doubler (compounding)."""
        v = sum(map(self._bug_code.__getitem__, taken))
        return (v & _LOW) << (v >> _SHIFT)

    @property
    def labels(self) -> dict[str, str]:
        """Each card's label in the language spoken now (a deck's words are translated: "Page")."""
        code = language()
        found = self._labels.get(code)
        if found is None:
            found = self._labels[code] = {c: self.profile.deck.label(c) for c in self._deck}
        return found

    @property
    def play_events(self) -> tuple[dict[str, tuple[Event]], ...]:
        """The event "seat s plays card c", by seat then card, in the language spoken now."""
        code = language()
        found = self._play_events.get(code)
        if found is None:
            labels = self.labels
            found = self._play_events[code] = tuple(
                {c: (Event(f"{SEATS[s]}: {labels[c]}", s),) for c in self._deck} for s in range(8)
            )
        return found

    def label_play(self, card: str, ident: str) -> str:
        """A played card's label; a wild card says what it was played as."""
        label = self.labels
        return label[card] if card == ident else _("{card} as {ident}").format(card=label[card], ident=label[ident])

    def bid_text(self, options: FamilyOptions, amount: int) -> str:
        """A bid for the lead: bugs in Blaze, else money."""
        return self.profile.points(amount) if options.blaze else self.profile.money(amount)
