"""Pots that live across hands, and payments between players made as cards fall.

Some games keep one or more pots on the table from hand to hand: antes form
them, a lucky play captures the most recent one, a penalty (a *remise*) doubles
the first pot or opens a new one of the same size. Meanwhile players pay each
other small sums as cards are played, and a later event may cancel those
payments again. ``Pots`` is all of that as one frozen value:

- ``pots``: the chips in each pot, oldest first; the last is the most recently formed;
- ``net``: what each seat paid (−) or received (+) this hand, antes included, so a hand's
  payoffs are ``net`` and ``sum(net) == carried_in - total``;
- ``journal``: every movement in order (who paid whom, how much, what for), so a game can
  show the hand's payments, ask what one seat paid another, or refund everything since a mark.

Seats are ``0..n-1``; ``POT`` stands for "a pot" as payer or payee of a ``Payment``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

POT = -1


@dataclass(frozen=True, slots=True)
class Payment:
    """One movement of chips. ``pot`` is the 1-based number of the pot paid into or out of (0: none).

    ``before`` and ``remises_before`` are the pots as they stood just before, so a refund can put
    their shape back exactly (a captured pot reappears, a pot opened by a remise disappears).
    """

    payer: int
    payee: int
    amount: int
    tag: str
    pot: int = 0
    before: tuple[int, ...] = ()
    remises_before: int = 0


def _add(values: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    return (*values[:i], values[i] + delta, *values[i + 1 :])


@dataclass(frozen=True, slots=True)
class Pots:
    """The table's pots and this hand's payments (see the module docstring)."""

    pots: tuple[int, ...]
    net: tuple[int, ...]
    journal: tuple[Payment, ...] = ()
    remises: int = 0  # remises paid since the pots were last formed from antes
    carried_in: int = 0

    @classmethod
    def carried(cls, seats: int, pots: Sequence[int] = (), remises: int = 0) -> Pots:
        """A hand's start: the pots carried over from the last hand (none at a table's start)."""
        kept = tuple(p for p in pots if p > 0)
        return cls(kept, (0,) * seats, (), remises if kept else 0, sum(kept))

    # ----------------------------------------------------------- reading
    @property
    def total(self) -> int:
        return sum(self.pots)

    @property
    def latest(self) -> int:
        """The chips in the most recently formed pot (0: no pot)."""
        return self.pots[-1] if self.pots else 0

    @property
    def mark(self) -> int:
        """A bookmark in the journal: ``refund(mark)`` later undoes everything paid after it."""
        return len(self.journal)

    def paid(self, payer: int, payee: int, tags: Collection[str], since: int = 0) -> int:
        """Chips ``payer`` paid ``payee`` for ``tags`` since the journal position ``since``."""
        return sum(
            p.amount for p in self.journal[since:] if p.payer == payer and p.payee == payee and p.tag in tags
        )

    def taken(self, seat: int, tag: str, since: int = 0) -> tuple[Payment, ...]:
        """The pots ``seat`` captured for ``tag`` since ``since``."""
        return tuple(p for p in self.journal[since:] if p.payer == POT and p.payee == seat and p.tag == tag)

    # ----------------------------------------------------------- moving chips
    def _log(self, payment: Payment, pots: tuple[int, ...], net: tuple[int, ...], remises: int) -> Pots:
        return Pots(pots, net, (*self.journal, payment), remises, self.carried_in)

    def _entry(self, payer: int, payee: int, amount: int, tag: str, pot: int = 0) -> Payment:
        return Payment(payer, payee, amount, tag, pot, self.pots, self.remises)

    def pay(self, payer: int, payee: int, amount: int, tag: str) -> Pots:
        """A side payment from one seat to another (no pot involved)."""
        if amount <= 0 or payer == payee:
            return self
        net = _add(_add(self.net, payer, -amount), payee, amount)
        return self._log(self._entry(payer, payee, amount, tag), self.pots, net, self.remises)

    def ante(self, seat: int, amount: int, tag: str) -> Pots:
        """``seat`` puts ``amount`` into the most recently formed pot (opening the first if there is none)."""
        if amount <= 0:
            return self
        pots = (*self.pots[:-1], self.latest + amount) if self.pots else (amount,)
        entry = self._entry(seat, POT, amount, tag, len(pots))
        return self._log(entry, pots, _add(self.net, seat, -amount), self.remises)

    def form(self, antes: Sequence[int], tag: str) -> Pots:
        """A new pot from every seat's ante (``antes[seat]``); the remise sizing starts over."""
        out = Pots((*self.pots, 0), self.net, self.journal, 0, self.carried_in)
        for seat, amount in enumerate(antes):
            out = out.ante(seat, amount, tag)
        return out

    def capture(self, seat: int, tag: str, reform: Sequence[int] | None = None) -> tuple[Pots, int]:
        """``seat`` takes the most recent pot; the chips taken. If that was the last pot and
        ``reform`` is given (an ante per seat), a new pot is formed from it at once."""
        if not self.pots:
            return self, 0
        amount = self.latest
        entry = self._entry(POT, seat, amount, tag, len(self.pots))
        out = self._log(entry, self.pots[:-1], _add(self.net, seat, amount), self.remises if len(self.pots) > 1 else 0)
        if not out.pots and reform is not None:
            out = out.form(reform, tag + ":reform")
        return out, amount

    def remise(self, seat: int, tag: str) -> tuple[Pots, int]:
        """``seat`` pays a remise: the first since the pots were formed equals the most recent pot
        and is added to it; each later one equals the most recent pot and opens a new pot."""
        amount = self.latest
        if amount <= 0:
            return self, 0
        pots = (*self.pots[:-1], amount * 2) if self.remises == 0 else (*self.pots, amount)
        entry = self._entry(seat, POT, amount, tag, len(pots))
        return self._log(entry, pots, _add(self.net, seat, -amount), self.remises + 1), amount

    def give_back(self, seat: int, amount: int, tag: str) -> Pots:
        """``seat`` returns ``amount`` (a pot it had taken) to the table as the most recent pot again."""
        if amount <= 0:
            return self
        pots = (*self.pots, amount)
        entry = self._entry(seat, POT, amount, tag, len(pots))
        return self._log(entry, pots, _add(self.net, seat, -amount), self.remises)

    def refund(self, since: int, tag: str = "refund") -> Pots:
        """Undo every payment made after the bookmark ``since``: each is paid back (journalled under
        ``tag``) and the pots take the shape they had at the bookmark."""
        undone = self.journal[since:]
        if not undone:
            return self
        net = self.net
        back: list[Payment] = []
        for p in reversed(undone):
            if p.payer != POT:
                net = _add(net, p.payer, p.amount)
            if p.payee != POT:
                net = _add(net, p.payee, -p.amount)
            back.append(Payment(p.payee, p.payer, p.amount, tag, p.pot, self.pots, self.remises))
        first = undone[0]
        return Pots(first.before, net, (*self.journal, *back), first.remises_before, self.carried_in)

    def share_out(self, order: Sequence[int], tag: str) -> Pots:
        """Every pot shared among the seats of ``order`` equally; the odd chips go one each in that order."""
        total = self.total
        if total <= 0 or not order:
            return self
        share, odd = divmod(total, len(order))
        net = self.net
        entries: list[Payment] = []
        for i, seat in enumerate(order):
            amount = share + (1 if i < odd else 0)
            if amount:
                net = _add(net, seat, amount)
                entries.append(Payment(POT, seat, amount, tag, 0, self.pots, self.remises))
        return Pots((), net, (*self.journal, *entries), 0, self.carried_in)


__all__ = ["POT", "Payment", "Pots"]
