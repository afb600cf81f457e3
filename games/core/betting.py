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

from dataclasses import dataclass
from functools import cache

from .errors import IllegalAction
from .fastvalue import builder
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
    last_raise: int = 0  # largest bet/raise so far: owing less than this after a short all-in, no re-raise

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
        if stacks is None and type(live) is tuple and len(live) == n:  # the usual case: a cached order
            order = (_ORDERS.get(live) or _orders(live))[0][first]
        else:
            order = _able(_from(first, n), live, stacks)
        build = _round if cls is BettingRound else cls
        return build(bet_size, cap, (0,) * n, live, order, 0, stacks, free_fold, bring_in, heads_up_uncapped, 0)

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
        live = self.live
        if cap is not None and self.level >= cap and not (self.heads_up_uncapped and live.count(True) == 2):
            return False
        stacks = self.stacks
        if stacks is None:
            return live.count(True) >= 2  # someone else is left to answer a raise
        committed = self.committed
        current = max(committed)
        owed = current - committed[seat]
        if stacks[seat] <= owed:
            return False  # covered: can only call
        if min(owed, stacks[seat]) < self.last_raise:
            return False  # facing a short all-in after acting: the betting isn't reopened
        return _answerable(seat, live, stacks, committed, current)

    def raise_word(self) -> str:
        """What putting in a full bet is called now: bet, raise or complete."""
        if self.bring_in and self.level == 0:
            return "complete"
        return "bet" if self.level == 0 else "raise"

    def legal(self, seat: int) -> tuple[str, ...]:
        pending = self.pending
        if not pending or seat != pending[0]:
            return ()
        committed = self.committed
        current = _TOPS.get(committed)
        if current is None:
            current = _top(committed)
        return self._choices(seat, current)

    def _choices(self, seat: int, current: int) -> tuple[str, ...]:
        """What ``seat`` (the one to act) may do, the current bet being ``current``."""
        if self.level:
            word = "raise"
        elif self.bring_in:
            if current == 0:  # the bring-in is due
                return _BRING_IN_OR_COMPLETE if self.can_raise(seat) else _BRING_IN
            word = "complete"
        else:
            word = "bet"
        if self.stacks is None:  # can_raise, inlined for unlimited stacks (the hot path)
            live = self.live
            if self.cap is not None and self.level >= self.cap:
                can_raise = self.heads_up_uncapped and live.count(True) == 2
            else:
                can_raise = live.count(True) >= 2
        else:
            can_raise = self.can_raise(seat)
        if current != self.committed[seat]:
            return _CALL[word] if can_raise else _CALL[None]
        choices = _CHECK_OR_FOLD if self.free_fold else _CHECK
        return choices[word] if can_raise else choices[None]

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
        return self.step(seat, action)

    def step(self, seat: int, action: str) -> tuple[BettingRound, int]:
        """``act`` for an action already known to be legal."""
        r, put, _legal = self.advance(seat, action)
        return r, put

    def advance(self, seat: int, action: str) -> tuple[BettingRound, int, tuple[str, ...]]:
        """``step``, and what the next seat to act may do then (``()`` once nobody is to act).

        The engines' hot path: the current bet is worked out once for both answers.
        """
        rest = self.pending[1:]
        committed = self.committed
        current = _TOPS.get(committed)
        if current is None:
            current = _top(committed)
        if action == "fold" or action == "check":
            live = self.live
            if action == "fold":
                folded = list(live)
                folded[seat] = False
                live = tuple(folded)
            r = _round(
                self.bet_size, self.cap, committed, live, rest, self.level, self.stacks,
                self.free_fold, self.bring_in, self.heads_up_uncapped, self.last_raise,
            )
            return r, 0, r._choices(rest[0], current) if rest else ()
        if action == "call":
            put = current - committed[seat]
        elif action == "bring-in":
            put = self.bring_in
        elif action == "complete":
            put = self.bet_size - committed[seat]
        else:  # bet or raise
            put = current + self.bet_size - committed[seat]
        stacks = self.stacks
        if stacks is not None:
            put = min(put, stacks[seat])
            left = list(stacks)
            left[seat] -= put
            stacks = tuple(left)
        bumped = list(committed)
        bumped[seat] = total = bumped[seat] + put
        committed = tuple(bumped)
        if action == "call" or action == "bring-in":
            r = _round(
                self.bet_size, self.cap, committed, self.live, rest, self.level, stacks,
                self.free_fold, self.bring_in, self.heads_up_uncapped, self.last_raise,
            )
            if total > current:  # the bring-in opens the betting
                current = total
            return r, put, r._choices(rest[0], current) if rest else ()
        # bet, raise or complete: everyone else still able to act must answer it
        live = self.live
        if stacks is None and type(live) is tuple:  # the usual case: a cached order
            order = (_ORDERS.get(live) or _orders(live))[1][seat]
        else:
            order = _able(_after(seat, len(live)), live, stacks)
        size = total - current
        last_raise = self.last_raise
        r = _round(
            self.bet_size, self.cap, committed, live, order, self.level + 1, stacks,
            self.free_fold, self.bring_in, self.heads_up_uncapped, size if size > last_raise else last_raise,
        )
        return r, put, r._choices(order[0], total if total > current else current) if order else ()


_round = builder(BettingRound)  # the hot path's constructor (see fastvalue)

#: The current bet (``max(committed)``) of recently seen rounds. CPython 3.11's ``max``
#: parses keyword arguments on every call, which makes it dearer than a dict lookup
#: here, and a table's rounds go through the same few commitment patterns.
_TOPS: dict[tuple[int, ...], int] = {}
_TOPS_SIZE = 4096


def _top(committed: tuple[int, ...]) -> int:
    """``max(committed)``, remembered (the table starts over when full, keeping what is in play)."""
    top = max(committed)
    if len(_TOPS) >= _TOPS_SIZE:
        _TOPS.clear()
    _TOPS[committed] = top
    return top


@cache
def _after(seat: int, n: int) -> tuple[int, ...]:
    """The other seats, starting at ``seat``'s left."""
    return tuple((seat + i) % n for i in range(1, n))


#: For each pattern of live seats: the live seats starting at each seat (a round's
#: order) and after each seat (who must answer its bet). At most 2**8 patterns.
_ORDERS: dict[tuple[bool, ...], tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]] = {}


def _orders(live: tuple[bool, ...]) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    n = len(live)
    starting = tuple(tuple(s for s in _from(f, n) if live[s]) for f in range(n))
    after = tuple(tuple(s for s in _after(f, n) if live[s]) for f in range(n))
    orders = _ORDERS[live] = (starting, after)
    return orders


def _able(seats: tuple[int, ...], live: tuple[bool, ...], stacks: tuple[int, ...] | None) -> tuple[int, ...]:
    """``seats`` that are live and (with stacks) have chips left to act with."""
    if stacks is None:
        return tuple(s for s in seats if live[s])
    return tuple(s for s in seats if live[s] and stacks[s] > 0)


def _answerable(
    seat: int, live: tuple[bool, ...], stacks: tuple[int, ...], committed: tuple[int, ...], current: int
) -> bool:
    """Someone else is left who could answer a raise (kept apart: the hot paths need no closure)."""
    return any(s != seat and live[s] and stacks[s] + committed[s] > current for s in range(len(live)))


# The legal actions are a handful of constant tuples (by the word for a full bet; None: can't raise).
_BRING_IN = ("bring-in",)
_BRING_IN_OR_COMPLETE = ("bring-in", "complete")
_CHECK = {None: ("check",), "bet": ("check", "bet"), "raise": ("check", "raise"), "complete": ("check", "complete")}
_CHECK_OR_FOLD = {
    None: ("check", "fold"),
    "bet": ("check", "bet", "fold"),
    "raise": ("check", "raise", "fold"),
    "complete": ("check", "complete", "fold"),
}
_CALL = {
    None: ("call", "fold"),
    "bet": ("call", "bet", "fold"),
    "raise": ("call", "raise", "fold"),
    "complete": ("call", "complete", "fold"),
}


@cache
def _from(first: int, n: int) -> tuple[int, ...]:
    return tuple((first + i) % n for i in range(n))

