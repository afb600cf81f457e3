"""Everything this player knows comes from its seat's view, as a human at the table reads it.

No peeking: the stakes and the betting level are read from the table's facts, the bets and raises
from the recent log (English wording), the cards from the seat lines and the community pile. The
log shows only the last few lines, so who showed strength earlier in the hand is remembered here
(``Aggression``): a fresh player is made for every seat of every deal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from games.core.game import Game
from games.core.views import Choice, SeatLine, SeatView, TableView

from .lows import RANK, rank

_INT = re.compile(r"\d+")
_TAG = re.compile(r"⟦seat:(\d+)⟧")


@dataclass(frozen=True, slots=True)
class Reading:
    """One look at the table from my seat."""

    view: SeatView
    public: TableView
    lines: dict[int, SeatLine]
    mine: list[str]  # my down cards, my up cards, then a shared community card
    community: list[str]
    stakes: list[int]  # ante, bring-in, small bet, big bet
    level: int  # bets made this round
    cap: int


def read(game: Game, state: Any, seat: int) -> Reading:
    v = game.view(state, seat)
    pub = v.public
    lines = {sl.seat: sl for sl in pub.seats}
    me = lines[seat]
    community = [c for p in pub.piles for c in p.cards if c and len(c) == 2 and c[0] in RANK]
    mine = list(v.hand) + list(me.cards) + [c for c in community if c not in v.hand and c not in me.cards]
    stakes, level, cap = _facts(pub.facts)
    return Reading(v, pub, lines, mine, community, stakes, level, cap)


def _facts(facts: tuple[tuple[str, str], ...]) -> tuple[list[int], int, int]:
    """The stakes (default 1/2/4/8) and the betting level and cap ("∞": 99) from the table's facts."""
    stakes = None
    level, cap = 0, 4
    for _key, value in facts:
        nums = [int(x) for x in _INT.findall(value)]
        if "/" in value and len(nums) == 4:
            stakes = nums
        elif re.fullmatch(r"\d+/(\d+|∞)", value.strip()):
            level = nums[0]
            cap = nums[1] if len(nums) > 1 else 99
    if stakes is None:
        stakes = [1, 2, 4, 8]
    return stakes, level, cap


class Aggression:
    """Who bet, completed or raised on each street of this hand: (street, seat) -> actions seen."""

    def __init__(self) -> None:
        self.hand: tuple[str, ...] = ()
        self.seen: dict[tuple[int, int], int] = {}

    def track(self, pub: TableView, street: int, handkey: tuple[str, ...]) -> None:
        """Count this street's aggressive actions from the recent log (a new hand starts afresh)."""
        if handkey != self.hand:
            self.hand, self.seen = handkey, {}
        recent = list(pub.recent)
        start = 0
        for i, line in enumerate(recent):
            if "and opens" in line or "must bring in" in line:
                start = i + 1
        counts: dict[int, int] = {}
        for line in recent[start:]:
            m = _TAG.match(line)
            if m and (" bets " in line or " raises " in line or " completes " in line):
                s = int(m.group(1))
                counts[s] = counts.get(s, 0) + 1
        for s, c in counts.items():
            key = (street, s)
            self.seen[key] = max(self.seen.get(key, 0), c)

    def now(self, street: int, seat: int) -> int:
        return self.seen.get((street, seat), 0)

    def before(self, street: int, seat: int) -> int:
        return sum(c for (st, ss), c in self.seen.items() if ss == seat and st < street)


def acted(pub: TableView) -> set[int]:
    """Seats that called (or bet) the current 3rd-street round, from the recent log."""
    seen = set()
    for line in pub.recent:
        m = _TAG.match(line)
        if m and (" calls " in line or " bets " in line or " raises " in line or " completes " in line):
            seen.add(int(m.group(1)))
    return seen


def unseen_ranks(reading: Reading) -> dict[int, int]:
    """How many cards of each rank I have not seen: the deck less my cards and every up card."""
    seen = set(reading.mine) | set(reading.community)
    for sl in reading.public.seats:
        seen.update(sl.cards)
    unseen = {r: 4 for r in range(1, 14)}
    for c in seen:
        unseen[rank(c)] -= 1
    return unseen


def to_call(view: SeatView, legal: list[str], bet: int) -> int:
    """What calling costs, from the call button's label (the street's bet when it shows none)."""
    owed = 0
    for ch in view.prompt:
        if isinstance(ch, Choice) and ch.action == "call":
            nums = _INT.findall(ch.label)
            if nums:
                owed = int(nums[-1])
    if "call" in legal and owed == 0:
        owed = bet
    return owed
