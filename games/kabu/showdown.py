"""Kabu's showdown: every total revealed, every lower total paying every higher one the difference.

Apart from the drawing (``game.py``) because this is the one place chips move. The text's
end of the game lives here too (DECISIONS §5.3): a player whose stack is smaller than the
*total* they owe this hand (KB-1) cannot pay, pays nobody, and is paid by nobody; the
solvent players still settle among themselves (KB-2, KB-5); then the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.core.game import placings_from
from games.core.i18n import _
from games.core.views import seat_name
from games.core.wording import by_count

from .cards import in_order, labels, total


@dataclass(frozen=True, slots=True)
class Settled:
    totals: tuple[int, ...]
    owed: tuple[int, ...]  # what each seat owes its higher opponents, all told
    insolvent: tuple[bool, ...]
    payments: tuple[tuple[int, int, int], ...]  # (payer, payee, chips), payers from the dealer's left
    payoffs: tuple[int, ...]


def settle(
    hands: Sequence[Sequence[str]], stacks: Sequence[int] | None, point_value: int, order: Sequence[int]
) -> Settled:
    """Who pays whom how much; ``order`` is the seats from the dealer's left (the order of the texts)."""
    n = len(hands)
    totals = tuple(total(h) for h in hands)
    owed = tuple(sum(max(0, t - mine) for t in totals) * point_value for mine in totals)
    insolvent = tuple(stacks is not None and owed[s] > stacks[s] for s in range(n))
    payoffs = [0] * n
    payments = []
    for payer in order:
        if insolvent[payer]:
            continue
        for payee in order:
            diff = totals[payee] - totals[payer]
            if diff > 0 and not insolvent[payee]:
                chips = diff * point_value
                payments.append((payer, payee, chips))
                payoffs[payer] -= chips
                payoffs[payee] += chips
    return Settled(totals, owed, insolvent, tuple(payments), tuple(payoffs))


def placings(payoffs: Sequence[int], insolvent: Sequence[bool], stacks: Sequence[int] | None) -> tuple[int, ...]:
    """A hand ranks by the chips it won; the game's last hand ranks by the chips each now holds (KB-5)."""
    if stacks is not None and any(insolvent):
        return placings_from([s + p for s, p in zip(stacks, payoffs, strict=True)])
    return placings_from(payoffs)


def story(settled: Settled, stacks: Sequence[int] | None, order: Sequence[int]) -> list[str]:
    """The showdown's money as announced: who can't pay, then each payer's payments in one sentence.

    The hands and totals themselves are each seat's detail (and its seat line), so they are said once.
    """
    out = []
    for s in order:
        if settled.insolvent[s] and stacks is not None:
            out.append(
                _("{who} owes {owed} chips but has only {chips}, so pays nobody and is paid by nobody.").format(
                    who=seat_name(s), owed=settled.owed[s], chips=stacks[s]
                )
            )
    for payer in order:
        mine = [(payee, chips) for p, payee, chips in settled.payments if p == payer]
        if mine:
            items = [_("{chips} to {whom}").format(chips=c, whom=seat_name(w)) for w, c in mine]
            paid = items[0] if len(items) == 1 else _("{rest} and {last}").format(
                rest=_(", ").join(items[:-1]), last=items[-1]
            )
            out.append(_("{who} pays {payments}.").format(who=seat_name(payer), payments=paid))
    return out


def headline(settled: Settled, stacks: Sequence[int] | None, order: Sequence[int]) -> str:
    """The hand in a sentence (or, on the game's last hand, two: who couldn't pay, who won)."""
    totals = settled.totals
    broke = [s for s in order if settled.insolvent[s]]
    if broke and stacks is not None:
        final = [stacks[s] + settled.payoffs[s] for s in range(len(totals))]
        most = max(final)
        winners = [s for s in order if final[s] == most]
        end = by_count(
            broke,
            _("{who} can't pay what they owe, so the game is over."),
            _("{who} can't pay what they owe, so the game is over."),
        )
        won = by_count(
            winners,
            _("{who} wins the game with the most chips: {chips}."),
            _("{who} share the win with the most chips: {chips} each."),
            chips=most,
        )
        return f"{end} {won}"
    best = max(totals)
    if all(t == best for t in totals):
        return _("Every total is {total}: nobody pays.").format(total=best)
    leaders = [s for s in order if totals[s] == best]
    return by_count(
        leaders,
        _("{who} has the best total, {total}, and is paid by everyone below."),
        _("{who} share the best total, {total}, and are paid by everyone below."),
        total=best,
    )


def details(hands: Sequence[Sequence[str]], settled: Settled, stacks: Sequence[int] | None) -> tuple[str, ...]:
    """Per seat, what decided its hand: its total and cards; and, for a player who couldn't pay, why."""
    out = []
    for s, hand in enumerate(hands):
        text = _("{total} with {cards}").format(total=settled.totals[s], cards=labels(in_order(hand)))
        if settled.insolvent[s] and stacks is not None:
            text = _("{total} with {cards}: couldn't pay, so paid nobody").format(
                total=settled.totals[s], cards=labels(in_order(hand))
            )
        out.append(text)
    return tuple(out)


__all__ = ["Settled", "details", "headline", "placings", "settle", "story"]
