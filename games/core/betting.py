"""A fixed-limit poker betting round (check, bet, call, raise, fold) with a raise cap.

Used by Renfield's and Scurro's Draw variants and by the poker games. It is a
value: each action returns the next round and the chips the actor put in, so
the game decides where the chips go (Renfield's pot, a poker pot).

Stud games open with a forced bring-in: the first seat must ``bring-in`` (a
small blind bet) or ``complete`` (a full bet); until someone completes, the
others may ``call`` the bring-in or ``complete`` it. With stacks, a seat may
go all in for less; such a short raise does not reopen the betting for seats
that already acted (the rule pokerkit follows).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import IllegalAction
from .i18n import _

BETTING_ACTIONS = ("check", "bet", "call", "raise", "fold")
STUD_ACTIONS = ("bring-in", "complete", *BETTING_ACTIONS)


@dataclass(frozen=True, slots=True)
class BettingRound:
    bet_size: int
    cap: int | None  # most bets (the bet plus raises) in the round; None: no cap
    committed: tuple[int, ...]  # chips each seat put in during this round
    live: tuple[bool, ...]  # still contesting the hand
    pending: tuple[int, ...]  # seats yet to act, in order
    level: int = 0  # bets so far (0 = nobody has bet; a completion counts as the bet)
    stacks: tuple[int, ...] | None = None  # chips behind each seat; None = unlimited
    free_fold: bool = False  # may a seat fold when it could check?
    bring_in: int = 0  # forced opening amount (stud); 0: none
    heads_up_uncapped: bool = False  # no cap while only two seats are live
    last_raise: int = 0  # size of the largest full bet/raise so far (short all-ins don't reopen)

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
        bring_in: int = 0,
        heads_up_uncapped: bool = False,
    ) -> BettingRound:
        order = tuple(
            s
            for s in ((first + i) % n for i in range(n))
            if live[s] and (stacks is None or stacks[s] > 0)
        )
        return cls(bet_size, cap, (0,) * n, live, order, 0, stacks, free_fold, bring_in, heads_up_uncapped, 0)

    @property
    def to_act(self) -> int | None:
        return self.pending[0] if self.pending else None

    @property
    def done(self) -> bool:
        return not self.pending or sum(self.live) <= 1

    @property
    def current(self) -> int:
        return max(self.committed)

    @property
    def bring_in_due(self) -> bool:
        """The first seat still owes the bring-in (nobody has put a chip in)."""
        return self.bring_in > 0 and self.level == 0 and not any(self.committed)

    @property
    def completing(self) -> bool:
        """The bring-in is in but nobody has completed it yet."""
        return self.bring_in > 0 and self.level == 0 and any(self.committed)

    def to_call(self, seat: int) -> int:
        owed = self.current - self.committed[seat]
        if self.stacks is not None:
            owed = min(owed, self.stacks[seat])
        return owed

    def can_raise(self, seat: int) -> bool:
        cap = self.cap
        if self.heads_up_uncapped and sum(self.live) == 2:
            cap = None
        if cap is not None and self.level >= cap:
            return False
        owed = self.current - self.committed[seat]
        if self.stacks is not None:
            if self.stacks[seat] <= owed:
                return False  # covered: can only call
            if min(owed, self.stacks[seat]) < self.last_raise:
                return False  # facing a short all-in after acting: the betting isn't reopened
        # someone must be left who could answer a raise
        current = self.current
        return any(
            s != seat and self.live[s] and (self.stacks is None or self.stacks[s] + self.committed[s] > current)
            for s in range(len(self.live))
        )

    def raise_word(self) -> str:
        """What putting in a full bet is called now: bet, raise or complete."""
        if self.bring_in and self.level == 0:
            return "complete"
        return "bet" if self.level == 0 else "raise"

    def legal(self, seat: int) -> tuple[str, ...]:
        if seat != self.to_act:
            return ()
        if self.bring_in_due:
            return ("bring-in", "complete") if self.can_raise(seat) else ("bring-in",)
        owed = self.current - self.committed[seat]
        acts: list[str] = []
        if owed == 0:
            acts.append("check")
            if self.can_raise(seat):
                acts.append(self.raise_word())
            if self.free_fold:
                acts.append("fold")
        else:
            acts.append("call")
            if self.can_raise(seat):
                acts.append(self.raise_word())
            acts.append("fold")
        return tuple(acts)

    def amount_for(self, seat: int, action: str) -> int:
        """Chips ``action`` would put in, for labels such as "Raise 4"."""
        if action == "call":
            return self.to_call(seat)
        if action == "bring-in":
            put = self.bring_in
        elif action == "complete":
            put = self.bet_size - self.committed[seat]
        elif action in ("bet", "raise"):
            put = self.current + self.bet_size - self.committed[seat]
        else:
            return 0
        return put if self.stacks is None else min(put, self.stacks[seat])

    def total_for(self, seat: int, action: str) -> int:
        """What ``seat`` will have in this round after ``action`` ("Raise to 8")."""
        return self.committed[seat] + self.amount_for(seat, action)

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
            if stacks[seat] == 0:  # all in: never asked again this hand
                rest = tuple(s for s in rest if s != seat)
        if action in ("call", "bring-in"):
            return replace(self, committed=committed, stacks=stacks, pending=rest), put
        # bet, raise or complete: everyone else still able to act must answer it
        size = committed[seat] - self.current
        order = tuple(
            s
            for s in ((seat + i) % n for i in range(1, n))
            if self.live[s] and (stacks is None or stacks[s] > 0)
        )
        return (
            replace(
                self,
                committed=committed,
                stacks=stacks,
                pending=order,
                level=self.level + 1,
                last_raise=max(self.last_raise, size),
            ),
            put,
        )
