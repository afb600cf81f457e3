"""What the player knows, taken from its seat's view as printed, plus what it remembers.

It reads the text a player at the table would read (facts, seat lines, the trick piles) rather
than the engine's state, so it cannot see more than its seat; and the view shows only the last
trick, so the tricks and its own discards are remembered for the rest of the deal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from games.core.views import Pile, SeatLine, SeatView

Plays = tuple[tuple[int, str], ...]  # (seat, card) in the order played
DealKey = tuple[str, str | None, int]  # (title, upcard, score sheet rows): changes with the deal

_SUIT_SYM = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
_LABEL_RE = re.compile(r"(10|[KQJA98765432T])\s*([♠♥♦♣])")


def label_to_code(text: str) -> str | None:
    m = _LABEL_RE.search(text)
    if not m:
        return None
    r = "T" if m.group(1) == "10" else m.group(1)
    return r + _SUIT_SYM[m.group(2)]


@dataclass(frozen=True)
class Reading:
    """One look at the view: two-element tuples are indexed by seat."""

    hand: tuple[str, ...]
    upcard: str | None
    trump: str
    exchanges: int
    stock: int
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    vuln: tuple[bool, ...]
    dealer: tuple[bool, ...]
    showed: tuple[bool, ...]
    current: Plays
    last: Plays | None
    key: DealKey


def _upcard(facts: Sequence[tuple[str, str]]) -> str | None:
    for _k, val in facts:
        if "(" in val:
            upcard = label_to_code(val[val.index("("):])
            if upcard:
                return upcard
    for _k, val in facts:  # fall back on the first fact that names a card
        upcard = label_to_code(val)
        if upcard:
            return upcard
    return None


def _exchanges_and_stock(facts: Sequence[tuple[str, str]]) -> tuple[int, int]:
    exchanges = 0
    stock = 0
    for k, val in facts:
        kl = k.lower()
        if kl.startswith("exchange"):
            exchanges = int(re.findall(r"\d+", val)[0])
        elif kl.startswith("stock"):
            nums = re.findall(r"\d+", val)
            stock = int(nums[0]) if nums else 0
    return exchanges, stock


def _seat_lines(seats: Sequence[SeatLine]) -> tuple[list[int], list[int], list[bool], list[bool], list[bool]]:
    """Points, tricks, vulnerable, dealer, showed the king: each by seat."""
    points, tricks = [0, 0], [0, 0]
    vuln, dealer, showed = [False, False], [False, False], [False, False]
    for line in seats:
        nums = [int(x) for x in re.findall(r"\d+", line.text)]
        if nums:
            points[line.seat] = nums[0]
        if len(nums) > 1 and "trick" in line.text:
            tricks[line.seat] = nums[1]
        vuln[line.seat] = "vulnerable" in line.text
        dealer[line.seat] = "dealer" in line.text
        showed[line.seat] = "king" in line.text
    return points, tricks, vuln, dealer, showed


def _tricks_on_table(piles: Sequence[Pile]) -> tuple[Plays, Plays | None]:
    """The trick being played and the last one taken."""
    current: Plays = ()
    last: Plays | None = None
    for pile in piles:
        plays = tuple((s, c) for (s, _lab), c in zip(pile.plays, pile.cards, strict=False))
        if pile.taken:
            last = plays
        else:
            current = plays
    return current, last


def read(view: SeatView) -> Reading:
    pub = view.public
    upcard = _upcard(pub.facts)
    exchanges, stock = _exchanges_and_stock(pub.facts)
    points, tricks, vuln, dealer, showed = _seat_lines(pub.seats)
    current, last = _tricks_on_table(pub.piles)
    rows = len(pub.sheet.rows) if pub.sheet is not None else 0
    return Reading(
        hand=tuple(view.hand), upcard=upcard, trump=upcard[1] if upcard else "s",
        exchanges=exchanges, stock=stock, points=tuple(points), tricks=tuple(tricks),
        vuln=tuple(vuln), dealer=tuple(dealer), showed=tuple(showed), current=current, last=last,
        key=(pub.title, upcard, rows),
    )


class Memory:
    """What one deal has shown so far."""

    def __init__(self, key: DealKey) -> None:
        self.key = key
        self.tricks: list[Plays] = []  # completed tricks
        self.my_discards: set[str] = set()

    def played(self) -> set[str]:
        return {c for t in self.tricks for _s, c in t}


def remember(memory: Memory | None, seen: Reading, legal: tuple[str, ...]) -> Memory:
    """``memory`` brought up to date with ``seen``, or a fresh one when a new deal has begun."""
    fresh = memory is None or memory.key != seen.key
    if not fresh and ("propose" in legal or "accept" in legal) and seen.exchanges == 0:
        fresh = True  # the very start of a deal (a replayed deal must not inherit old cards)
    if memory is not None and not fresh:
        hand = set(seen.hand)
        if memory.played() & hand or memory.my_discards & hand:
            fresh = True
    if memory is None or fresh:
        memory = Memory(seen.key)
    last = seen.last
    if last and len(last) == 2 and last not in memory.tricks:
        memory.tricks.append(last)
    return memory
