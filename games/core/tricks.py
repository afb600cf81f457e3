"""Trick-taking mechanics shared by every trick game.

Games differ in *how* cards compare (suit order, trump, courses, the later of
two equal cards); they pass that in as a key function, so following suit and
finding the winner are written once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .i18n import _
from .views import Pile

Play = tuple[int, str]  # (seat, card)
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    plays: tuple[Play, ...] = ()

    def add(self, seat: int, card: str) -> Trick:
        return Trick(self.leader, (*self.plays, (seat, card)))

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(c for _, c in self.plays)


def must_follow(hand: Sequence[str], led_suit: str | None, suit_of: Callable[[str], str | None]) -> tuple[str, ...]:
    """The cards that may be played: those of the led suit if any are held, else all."""
    if led_suit is None:
        return tuple(hand)
    following = tuple(c for c in hand if suit_of(c) == led_suit)
    return following or tuple(hand)


def follow_table(
    cards: Iterable[str], suit_of: Callable[[str], str], action_of: Callable[[str], A]
) -> dict[str, dict[str, A]]:
    """``must_follow`` as lookups, for engines that ask it on every card played.

    For each card that may be led: the cards of its suit, each mapped to
    ``action_of(card)`` (the action that plays it). ``follow_plays`` reads it.
    """
    cards = tuple(cards)
    by_suit: dict[str, dict[str, A]] = {}
    for c in cards:
        by_suit.setdefault(suit_of(c), {})[c] = action_of(c)
    return {c: by_suit[suit_of(c)] for c in cards}


def follow_plays(hand: Sequence[str], led: Mapping[str, A] | None, every: Mapping[str, A]) -> tuple[A, ...]:
    """``must_follow``'s cards as actions, read from ``follow_table``'s lookups.

    ``led`` is the table's entry for the led card (None: leading); ``every`` maps
    each card to its action. The led suit's cards held, in hand order, else the
    whole hand. Actions must be truthy (non-empty strings).
    """
    if led is not None:
        plays = tuple(filter(None, map(led.get, hand)))
        if plays:
            return plays
    return tuple(map(every.__getitem__, hand))


def strongest(cards: Sequence[str], strength: Mapping[str, int]) -> int:
    """``winning_index`` for cards that never tie: the index of the strongest (a lookup per card)."""
    return cards.index(max(cards, key=strength.__getitem__))


def winning_index(cards: Sequence[str], key: Callable[[int, str], tuple[Any, ...]]) -> int:
    """Index of the winning card; ``key(position, card)`` orders cards, highest wins.

    Put the position into the key to break ties (``+pos``: a later equal card wins,
    ``-pos``: the first one wins).
    """
    best = 0
    best_key = key(0, cards[0])
    for i in range(1, len(cards)):
        k = key(i, cards[i])
        if k > best_key:
            best, best_key = i, k
    return best


def next_seat(seat: int, n: int, active: Callable[[int], bool] | None = None) -> int:
    """The next seat to the left that is still active."""
    for step in range(1, n + 1):
        s = (seat + step) % n
        if active is None or active(s):
            return s
    return seat


def seats_from(first: int, n: int, active: Callable[[int], bool] | None = None) -> tuple[int, ...]:
    """Active seats in clockwise order starting at ``first``."""
    return tuple(s for s in ((first + i) % n for i in range(n)) if active is None or active(s))


def without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``hand`` less one copy of ``card``: decks with duplicates (Rage's action cards) need a multiset."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


@dataclass(frozen=True, slots=True)
class TrickPlay:
    """One deal's card play: the hands, the trick on the table and what each seat has taken.

    Every seat plays once per trick in seat order from the leader, and the
    winner of a trick leads the next. How a trick is won stays with the game
    (trumps that change mid-trick, courses), passed to ``play`` as a function.
    """

    hands: tuple[tuple[str, ...], ...]
    trick: Trick
    tricks: tuple[int, ...]  # tricks won per seat this deal
    taken: tuple[tuple[str, ...], ...]  # cards captured per seat this deal
    last: Trick | None = None  # the last finished trick, for the table view
    last_winner: int = -1

    @classmethod
    def start(cls, hands: Sequence[Sequence[str]], leader: int) -> TrickPlay:
        n = len(hands)
        return cls(tuple(tuple(h) for h in hands), Trick(leader), (0,) * n, ((),) * n)

    @property
    def to_play(self) -> int:
        return (self.trick.leader + len(self.trick.plays)) % len(self.hands)

    @property
    def done(self) -> bool:
        return not self.trick.plays and not any(self.hands)

    def play(self, seat: int, card: str, winner: Callable[[Trick], int]) -> TrickPlay:
        """Play ``card`` from ``seat``'s hand; a full trick goes to ``winner(trick)``, who leads next."""
        hands = list(self.hands)
        hands[seat] = without(hands[seat], card)
        trick = self.trick.add(seat, card)
        if len(trick.plays) < len(hands):
            return TrickPlay(tuple(hands), trick, self.tricks, self.taken, self.last, self.last_winner)
        won = winner(trick)
        tricks = list(self.tricks)
        tricks[won] += 1
        taken = list(self.taken)
        taken[won] = taken[won] + trick.cards
        return TrickPlay(tuple(hands), Trick(won), tuple(tricks), tuple(taken), trick, won)


def trick_pile(
    name: str,
    plays: Sequence[Play],
    labels: Sequence[str],
    winner: int | None,
    *,
    taken: bool = False,
    note: str = "",
) -> Pile:
    """A trick as a table pile: who played which card (``labels``, one per play), and the winner.

    ``winner`` is who is winning the trick so far, or, once ``taken``, who took it
    (None: nobody does, e.g. Renfield's Death Card; say why in ``note``). The text
    holds the card labels only, for front ends that don't read ``plays``: the seats
    are named by the front end, never here.
    """
    labels = tuple(labels)
    text = ", ".join(labels)
    if note:
        text = f"{text} — {note}" if text else note
    return Pile(
        name,
        tuple(card for _seat, card in plays),
        text,
        tuple((seat, label) for (seat, _card), label in zip(plays, labels, strict=True)),
        winner,
        taken,
    )


def current_trick(plays: Sequence[Play], labels: Sequence[str], winning: int | None, note: str = "") -> Pile:
    """The trick on the table, with the seat winning it so far."""
    return trick_pile(_("Current trick"), plays, labels, winning, note=note)


def last_trick(plays: Sequence[Play], labels: Sequence[str], taker: int | None, note: str = "") -> Pile:
    """The last finished trick, with the seat that took it (None: nobody did)."""
    return trick_pile(_("Last trick"), plays, labels, taker, taken=True, note=note)


def trick_piles(
    play: TrickPlay,
    winning: Callable[[Trick], int],
    label: Callable[[Trick, bool], Sequence[str]],
) -> tuple[Pile, ...]:
    """The current trick (if begun) and the last one of a ``TrickPlay`` game.

    ``winning`` is the game's own winner rule, applied to the cards played so far;
    ``label(trick, current)`` gives one label per play (the current trick, or the last).
    """
    piles = []
    trick = play.trick
    if trick.plays:
        piles.append(current_trick(trick.plays, label(trick, True), winning(trick)))
    if play.last is not None:
        piles.append(last_trick(play.last.plays, label(play.last, False), play.last_winner))
    return tuple(piles)
