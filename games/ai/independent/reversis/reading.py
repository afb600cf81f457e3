"""Reading the seat's view into what the player knows, and remembering what it saw.

The view shows only the last trick, so counting cards and spotting voids needs a memory of every
trick seen (each one is seen at the seat's next turn); a new deal is recognised from the view
itself (a fresh hand, fewer tricks than before, or a remembered card back in hand), so one player
can sit through several deals.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.core.views import SeatView, TableView
from games.reversis.cards import CARDS, SUIT_OF, label

from .values import HAND, SEATS

Plays = tuple[tuple[int, str], ...]

LABEL_TO_CARD = {label(c): c for c in CARDS}
_LABEL_RE = re.compile("|".join(re.escape(lab) for lab in sorted(LABEL_TO_CARD, key=len, reverse=True)))
_TRICKS_RE = re.compile(r"(\d+)\s+tricks?\b")
_POINTS_RE = re.compile(r"(\d+)\s+points?\b")


@dataclass(frozen=True, slots=True)
class Known:
    """Everything a decision may use: the seat's cards, the table, and what memory adds."""

    seat: int
    hand: tuple[str, ...]
    current: Plays  # the trick on the table, (seat, card) in play order
    completed: int  # tricks finished this deal
    tricks: list[int]  # tricks taken, per seat
    points: list[int]  # card points taken, per seat
    esp: int  # the espagnolette's seat, or -1
    rev: int  # the reversis' seat (on or broken), or -1
    rev_broken: bool
    dealer: int
    unseen: set[str]  # cards that may be in another hand
    voids: list[set[str]]  # per seat, the suits it is known to lack
    pot: int
    played: set[str]


@dataclass(frozen=True, slots=True)
class _SeatFacts:
    tricks: list[int]
    points: list[int]
    esp: int
    rev: int
    rev_broken: bool
    dealer: int


def _read_seats(public: TableView) -> _SeatFacts:
    """The seat lines: tricks, points, dealer, espagnolette, reversis."""
    tricks = [0] * SEATS
    pts = [0] * SEATS
    esp_seat = -1
    rev_seat = -1
    rev_broken = False
    dealer = -1
    for line in public.seats:
        text = line.text
        m = _TRICKS_RE.search(text)
        if m:
            tricks[line.seat] = int(m.group(1))
        m = _POINTS_RE.search(text)
        if m:
            pts[line.seat] = int(m.group(1))
        parts = [p.strip() for p in text.split("·")]
        if "dealer" in parts:
            dealer = line.seat
        if "espagnolette" in parts:
            esp_seat = line.seat
        if "reversis" in parts:
            rev_seat = line.seat
        if "reversis broken" in parts:
            rev_seat, rev_broken = line.seat, True
    return _SeatFacts(tricks, pts, esp_seat, rev_seat, rev_broken, dealer)


def _voids(tricks: list[Plays], esp_seat: int) -> list[set[str]]:
    """A seat that did not follow the suit led holds none of it (the espagnolette may renounce)."""
    voids: list[set[str]] = [set() for _ in range(SEATS)]
    for plays in tricks:
        if not plays:
            continue
        led = SUIT_OF[plays[0][1]]
        for s, c in plays[1:]:
            if SUIT_OF[c] != led and s != esp_seat:
                voids[s].add(led)
    return voids


def _pot(public: TableView) -> int:
    pot = 0
    if public.facts:
        nums = re.findall(r"\d+", public.facts[0][1])
        if nums:
            pot = int(nums[-1])
    return pot


@dataclass
class Memory:
    """The tricks seen this deal and who took them; ``renounced`` once committed to the espagnolette."""

    tricks: dict[int, Plays] = field(default_factory=dict)  # trick index -> plays (seat, card)
    takers: dict[int, int] = field(default_factory=dict)
    last_completed: int = -1
    renounced: bool = False

    def reset(self) -> None:
        self.tricks = {}
        self.takers = {}
        self.last_completed = -1
        self.renounced = False

    def observe(self, view: SeatView, seat: int, legal: tuple[str, ...]) -> Known:
        hand = tuple(view.hand)
        public = view.public
        exchange = bool(legal) and legal[0].startswith("discard")
        completed = HAND - len(hand) if not exchange else 0
        if exchange or completed < self.last_completed or any(
            c in hand for plays in self.tricks.values() for _s, c in plays
        ):
            self.reset()
        self.last_completed = completed
        current = self._remember_piles(public, completed)
        facts = _read_seats(public)
        played, unseen = self._seen(view, hand, current)
        voids = _voids([*self.tricks.values(), current], facts.esp)
        pot = _pot(public)
        tricks = facts.tricks
        # was the trick count per seat parsed? else count from memory
        if sum(tricks) != completed and len(self.takers) == completed:
            tricks = [0] * SEATS
            for t in self.takers.values():
                tricks[t] += 1
        return Known(
            seat=seat, hand=hand, current=current, completed=completed, tricks=tricks,
            points=facts.points, esp=facts.esp, rev=facts.rev, rev_broken=facts.rev_broken,
            dealer=facts.dealer, unseen=unseen, voids=voids, pot=pot or 25, played=played,
        )

    def _remember_piles(self, public: TableView, completed: int) -> Plays:
        """Store the last trick taken; return the trick still on the table."""
        current: Plays = ()
        for pile in public.piles:
            if not pile.plays:
                continue
            plays = tuple((s, c) for (s, _lab), c in zip(pile.plays, pile.cards, strict=False))
            if pile.taken:
                if len(plays) == SEATS and completed >= 1:
                    self.tricks[completed - 1] = plays
                    if pile.winner is not None:
                        self.takers[completed - 1] = pile.winner
            else:
                current = plays
        return current

    def _seen(self, view: SeatView, hand: tuple[str, ...], current: Plays) -> tuple[set[str], set[str]]:
        """The cards seen played, and those unseen (neither played, in hand nor put in the talon)."""
        played: set[str] = set()
        for plays in self.tricks.values():
            played.update(c for _s, c in plays)
        played.update(c for _s, c in current)
        for text in view.public.recent:
            played.update(LABEL_TO_CARD[m] for m in _LABEL_RE.findall(text))
        played -= set(hand)
        mine_in_talon: set[str] = set()
        for note in view.notes:
            mine_in_talon.update(LABEL_TO_CARD[m] for m in _LABEL_RE.findall(note))
        mine_in_talon -= set(hand)
        unseen = set(CARDS) - set(hand) - played - mine_in_talon
        return played, unseen
