"""A fixed-limit poker betting round (check, bet, call, raise, fold) with a raise cap.

Used by Renfield's and Scurro's Draw variants and by the poker games. It is a
value: each action returns the next round and the chips the actor put in, so
the game decides where the chips go (Renfield's pot, a poker pot).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import IllegalAction
from .i18n import _

BETTING_ACTIONS = ("check", "bet", "call", "raise", "fold")


@dataclass(frozen=True, slots=True)
class BettingRound:
    bet_size: int
    cap: int | None  # most bets (the bet plus raises) in the round; None: no cap
    committed: tuple[int, ...]  # chips each seat put in during this round
    live: tuple[bool, ...]  # still contesting the hand
    pending: tuple[int, ...]  # seats yet to act, in order
    level: int = 0  # bets so far (0 = nobody has bet)
    stacks: tuple[int, ...] | None = None  # chips behind each seat; None = unlimited
    free_fold: bool = False  # may a seat fold when it could check?

    @classmethod
    def open(
        cls,
        n: int,
        first: int,
        live: tuple[bool, ...],
        bet_size: int,
        cap: int | None,
        *,
        stacks: tuple[int, ...] | None = None,
        free_fold: bool = False,
    ) -> BettingRound:
        order = tuple(
            s
            for s in ((first + i) % n for i in range(n))
            if live[s] and (stacks is None or stacks[s] > 0)
        )
        return cls(bet_size, cap, (0,) * n, live, order, 0, stacks, free_fold)

    @property
    def to_act(self) -> int | None:
        return self.pending[0] if self.pending else None

    @property
    def done(self) -> bool:
        return not self.pending or sum(self.live) <= 1

    @property
    def current(self) -> int:
        return max(self.committed)

    def to_call(self, seat: int) -> int:
        owed = self.current - self.committed[seat]
        if self.stacks is not None:
            owed = min(owed, self.stacks[seat])
        return owed

    def can_raise(self, seat: int) -> bool:
        if self.cap is not None and self.level >= self.cap:
            return False
        if self.stacks is not None and self.stacks[seat] <= self.current - self.committed[seat]:
            return False
        # someone must be left to answer a raise
        others = [
            s for s in range(len(self.live))
            if s != seat and self.live[s] and (self.stacks is None or self.stacks[s] > 0)
        ]
        return bool(others)

    def legal(self, seat: int) -> tuple[str, ...]:
        if seat != self.to_act:
            return ()
        owed = self.current - self.committed[seat]
        acts: list[str] = []
        if owed == 0:
            acts.append("check")
            if self.can_raise(seat):
                acts.append("bet" if self.level == 0 else "raise")
            if self.free_fold:
                acts.append("fold")
        else:
            acts.append("call")
            if self.can_raise(seat):
                acts.append("raise")
            acts.append("fold")
        return tuple(acts)

    def amount_for(self, seat: int, action: str) -> int:
        """Chips ``action`` would put in, for labels such as "Raise 4"."""
        if action == "call":
            return self.to_call(seat)
        if action in ("bet", "raise"):
            put = self.current + self.bet_size - self.committed[seat]
            return put if self.stacks is None else min(put, self.stacks[seat])
        return 0

    def act(self, seat: int, action: str) -> tuple[BettingRound, int]:
        """Apply ``action``; returns the next round and the chips ``seat`` put in."""
        if action not in self.legal(seat):
            raise IllegalAction(_("You can't {action} now.").format(action=action))
        rest = self.pending[1:]
        n = len(self.live)
        if action == "fold":
            live = tuple(False if s == seat else v for s, v in enumerate(self.live))
            return replace(self, live=live, pending=rest), 0
        if action == "check":
            return replace(self, pending=rest), 0
        put = self.amount_for(seat, action)
        committed = tuple(c + put if s == seat else c for s, c in enumerate(self.committed))
        stacks = self.stacks
        if stacks is not None:
            stacks = tuple(c - put if s == seat else c for s, c in enumerate(stacks))
        if action == "call":
            return replace(self, committed=committed, stacks=stacks, pending=rest), put
        # bet or raise: everyone else still able to act must answer it
        order = tuple(
            s
            for s in ((seat + i) % n for i in range(1, n))
            if self.live[s] and (stacks is None or stacks[s] > 0)
        )
        return (
            replace(self, committed=committed, stacks=stacks, pending=order, level=self.level + 1),
            put,
        )
