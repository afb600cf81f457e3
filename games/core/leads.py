"""Per-seat lead obligations and forced plays, for trick games that restrict what may be led.

Some trick games bind the *leader*, not only the followers:

* a seat that takes the lead from another seat must keep leading the suit it
  took the lead in, for as long as it holds that suit (``Duties``);
* a card the seat knows to be unbeatable (every higher card of its suit is
  played already or in the seat's own hand) is exempt (``Ranking.unbeatable``);
* a declaration can compel the holder of a named card to play it to the
  trick (``Force``): e.g. leading one card of a pair while the card between
  them is still out.

Everything is pure data and small functions: the game says how cards rank
(``Ranking``), keeps a ``Duties`` and an optional ``Force`` in its state, and
asks ``legal_leads`` / ``forced_follow`` for the cards that may be played.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class Ranking:
    """How the cards of a deck rank within their suits (higher ``order`` beats lower)."""

    cards: tuple[str, ...]
    suit: Mapping[str, str]
    order: Mapping[str, int]
    #: For each card, the cards of its suit that outrank it.
    above: Mapping[str, frozenset[str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        above = {
            c: frozenset(o for o in self.cards if self.suit[o] == self.suit[c] and self.order[o] > self.order[c])
            for c in self.cards
        }
        object.__setattr__(self, "above", MappingProxyType(above))

    @classmethod
    def of(cls, cards: Iterable[str], suit_of: Callable[[str], str], order: Mapping[str, int]) -> Ranking:
        cards = tuple(cards)
        return cls(cards, MappingProxyType({c: suit_of(c) for c in cards}), MappingProxyType(dict(order)))

    def unbeatable(self, card: str, hand: Collection[str], gone: Collection[str]) -> bool:
        """Whether ``card`` is known to win its suit: each higher card is ``gone`` (played) or in ``hand``."""
        return all(c in gone or c in hand for c in self.above[card])


@dataclass(frozen=True, slots=True)
class Duties:
    """The suit each seat must keep leading (None: free to lead anything).

    A duty is set when a seat takes the lead from *another* seat (the suit of the
    trick it won) and lasts until that seat loses the lead; winning again while
    already on lead leaves it as it is. The very first leader has none.
    """

    suits: tuple[str | None, ...]

    @classmethod
    def none(cls, seats: int) -> Duties:
        return cls((None,) * seats)

    def after_trick(self, leader: int, winner: int, led_suit: str) -> Duties:
        """The duties once ``winner`` took a trick that ``leader`` led in ``led_suit``."""
        if winner == leader:
            return self
        suits = list(self.suits)
        suits[leader] = None  # the lead is lost: its duty goes with it
        suits[winner] = led_suit
        return Duties(tuple(suits))

    def binding(self, seat: int, hand: Iterable[str], suit_of: Mapping[str, str]) -> str | None:
        """The suit ``seat`` must lead now: its duty while it still holds that suit, else None."""
        duty = self.suits[seat]
        if duty is None:
            return None
        return duty if any(suit_of[c] == duty for c in hand) else None


def legal_leads(
    hand: Sequence[str], duty: str | None, ranking: Ranking, gone: Collection[str]
) -> tuple[str, ...]:
    """The cards ``hand`` may lead under a binding ``duty`` (from ``Duties.binding``).

    With no duty, every card; else the duty suit's cards and any other card known
    to be unbeatable, in hand order.
    """
    if duty is None:
        return tuple(hand)
    suit = ranking.suit
    return tuple(c for c in hand if suit[c] == duty or ranking.unbeatable(c, hand, gone))


@dataclass(frozen=True, slots=True)
class Force:
    """A declaration on the current trick: whoever holds ``card`` must play it; ``by`` declared it."""

    card: str
    by: int


def may_force(hand: Collection[str], lead: str, partner: str, target: str, gone: Collection[str]) -> bool:
    """Whether leading ``lead`` while holding ``partner`` may force ``target`` out.

    Both cards must be in hand, and ``target`` neither played nor held: someone
    else must hold it for the declaration to compel anyone.
    """
    return lead in hand and partner in hand and target not in gone and target not in hand


def forced_follow(hand: Collection[str], force: Force | None) -> tuple[str, ...] | None:
    """The only card a follower may play under ``force`` (its target, if held), else None."""
    if force is not None and force.card in hand:
        return (force.card,)
    return None
