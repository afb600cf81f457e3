"""Ascending auctions: the bid for the lead, Blaze's bug bids, Tresotti's bid, card auctions.

One value type covers "once around the table" and "round and round until
everyone else has passed", with an optional ceiling that wins at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import IllegalAction
from .i18n import _


@dataclass(frozen=True, slots=True)
class Auction:
    order: tuple[int, ...]  # seats in speaking order; the first speaks first
    minimum: int  # the lowest opening bid
    maximum: int | None = None  # a bid of this much wins at once
    until_all_pass: bool = False  # False: each seat speaks once; True: until one bidder is left
    step: int = 1
    turn: int = 0  # index into ``order``
    high: int | None = None
    high_seat: int | None = None
    out: tuple[int, ...] = ()  # seats that passed; a pass is final
    spoken: int = 0
    done: bool = False

    @property
    def to_act(self) -> int | None:
        return None if self.done else self.order[self.turn]

    @property
    def next_minimum(self) -> int:
        return self.minimum if self.high is None else self.high + self.step

    def bid_range(self, cap: int) -> range:
        """Bids the seat to act may make, up to ``cap`` (or the ceiling)."""
        top = cap if self.maximum is None else min(cap, self.maximum)
        return range(self.next_minimum, top + 1, self.step)

    def _check(self, seat: int) -> None:
        if seat != self.to_act:
            raise IllegalAction(_("It's not your turn to bid."))

    def bid(self, seat: int, amount: int) -> Auction:
        self._check(seat)
        if amount < self.next_minimum or (self.maximum is not None and amount > self.maximum):
            raise IllegalAction(_("Bid at least {n}.").format(n=self.next_minimum))
        if (amount - self.minimum) % self.step:
            raise IllegalAction(_("Bids go up in steps of {n}.").format(n=self.step))
        after = replace(self, high=amount, high_seat=seat, spoken=self.spoken + 1)
        if self.maximum is not None and amount >= self.maximum:
            return replace(after, done=True)
        return after._advance()

    def pass_(self, seat: int) -> Auction:
        self._check(seat)
        return replace(self, out=(*self.out, seat), spoken=self.spoken + 1)._advance()

    def _advance(self) -> Auction:
        n = len(self.order)
        if not self.until_all_pass:
            if self.spoken >= n:
                return replace(self, done=True)
            return replace(self, turn=self.turn + 1)
        still_in = [s for s in self.order if s not in self.out]
        if not still_in or (len(still_in) == 1 and still_in[0] == self.high_seat):
            return replace(self, done=True)
        for step in range(1, n + 1):
            idx = (self.turn + step) % n
            seat = self.order[idx]
            if seat not in self.out and seat != self.high_seat:
                return replace(self, turn=idx)
        return replace(self, done=True)
