"""Ascending auctions: the bid for the lead, Blaze's bug bids, Tresotti's bid, card auctions.

One value type covers "once around the table" and "round and round until
everyone else has passed", with an optional ceiling that wins at once.
"""

from __future__ import annotations

from dataclasses import dataclass

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
        if self.done or seat != self.order[self.turn]:  # ``to_act``, inlined
            raise IllegalAction(_("It's not your turn to bid."))

    def _with(self, *, turn: int | None = None, high: int | None = None, high_seat: int | None = None,
              out: tuple[int, ...] | None = None, spoken: int | None = None, done: bool | None = None) -> Auction:
        # Written out rather than ``dataclasses.replace``: bidding is on every hand's hot path.
        return Auction(
            self.order,
            self.minimum,
            self.maximum,
            self.until_all_pass,
            self.step,
            self.turn if turn is None else turn,
            self.high if high is None else high,
            self.high_seat if high_seat is None else high_seat,
            self.out if out is None else out,
            self.spoken if spoken is None else spoken,
            self.done if done is None else done,
        )

    def bid(self, seat: int, amount: int) -> Auction:
        self._check(seat)
        low = self.minimum if self.high is None else self.high + self.step  # next_minimum
        top = self.maximum
        if amount < low or (top is not None and amount > top):
            raise IllegalAction(_("Bid at least {n}.").format(n=low))
        if (amount - self.minimum) % self.step:
            raise IllegalAction(_("Bids go up in steps of {n}.").format(n=self.step))
        if top is not None and amount >= top:
            return self._with(high=amount, high_seat=seat, spoken=self.spoken + 1, done=True)
        return self._advance(amount, seat, self.out, self.spoken + 1)

    def pass_(self, seat: int) -> Auction:
        self._check(seat)
        return self._advance(self.high, self.high_seat, (*self.out, seat), self.spoken + 1)

    def _advance(self, high: int | None, high_seat: int | None, out: tuple[int, ...], spoken: int) -> Auction:
        """The auction after a bid or pass: the next speaker, or the end."""
        n = len(self.order)
        if not self.until_all_pass:  # written out: the bid for the lead is on every hand's hot path
            done = spoken >= n
            return Auction(
                self.order, self.minimum, self.maximum, False, self.step, self.turn if done else self.turn + 1,
                high, high_seat, out, spoken, done,
            )
        still_in = [s for s in self.order if s not in out]
        if not still_in or (len(still_in) == 1 and still_in[0] == high_seat):
            return self._with(high=high, high_seat=high_seat, out=out, spoken=spoken, done=True)
        for step in range(1, n + 1):
            idx = (self.turn + step) % n
            seat = self.order[idx]
            if seat not in out and seat != high_seat:
                return self._with(turn=idx, high=high, high_seat=high_seat, out=out, spoken=spoken)
        return self._with(high=high, high_seat=high_seat, out=out, spoken=spoken, done=True)
