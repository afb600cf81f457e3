"""What one turned card does to the chips, and how the hand settles after the tenth.

Put round: every holder of the rank pays the card's stake per matching card into
the pot, or what they have left if that is less (PT-2). Take round: every holder
takes the stake per card, from the pot while it lasts, then from the dealer's own
chips; holders are paid in seat order from the dealer's left, so if the dealer's
chips run out too, the last of them go short (chips are never created).
"""

from __future__ import annotations

from dataclasses import replace

from games.core.cards import PLAIN_LABELS as LABELS
from games.core.i18n import _
from games.core.poker.ui import seat_name
from games.core.wording import sentences

from .state import (
    COVERED,
    DEALER_EVEN,
    DEALER_KEPT,
    DEALER_PAID,
    EVEN,
    KEEPS,
    NO_MATCH,
    OVER,
    PLAYER,
    PLAYER_SHORT,
    PUT_CARD,
    PUTS,
    PUTS_ALL,
    PUTS_NONE,
    RECENT,
    ROUND,
    SAT_OUT,
    TAKE_CARD,
    TAKE_ROUND,
    TAKES,
    TAKES_DEALER,
    TAKES_SHORT,
    TAKES_SPLIT,
    UNCOVERED,
    PutTakeState,
    from_left,
)


def turn(state: PutTakeState, stakes: tuple[int, ...]) -> tuple[PutTakeState, str]:
    """The dealer turns the next card: (the state after every payment it causes, what happened)."""
    k = len(state.turned)
    card = state.stock[0]
    stake = stakes[k % ROUND]
    rank = card[0]
    header = _(PUT_CARD if k < ROUND else TAKE_CARD).format(k=k % ROUND + 1, card=LABELS[card], stake=stake)
    holders = [
        (s, stake * sum(1 for c in state.hands[s] if c[0] == rank)) for s in from_left(state.dealer, state.n)
    ]
    holders = [(s, owed) for s, owed in holders if owed]
    if k < ROUND:
        state, lines = _puts(state, holders)
    else:
        state, lines = _takes(state, holders)
    turned = (*state.turned, card)
    if len(turned) == ROUND:
        lines.append(_(TAKE_ROUND).format(pot=state.pot))
    text = sentences(header, *(lines or [_(NO_MATCH)]))
    return _with(state, turned=turned, stock=state.stock[1:], recent=(*state.recent[1 - RECENT:], text)), text


def _with(state: PutTakeState, **changes: object) -> PutTakeState:
    return replace(state, **changes)  # type: ignore[arg-type]


def _puts(state: PutTakeState, holders: list[tuple[int, int]]) -> tuple[PutTakeState, list[str]]:
    put, short, pot = list(state.put), list(state.short), state.pot
    lines = []
    for s, owed in holders:
        have = state.stack(s)
        paid = owed if have is None else min(owed, have)
        put[s] += paid
        pot += paid
        if paid == owed:
            lines.append(_(PUTS).format(who=seat_name(s), n=paid))
        else:
            short[s] = True
            text = PUTS_ALL if paid else PUTS_NONE
            lines.append(_(text).format(who=seat_name(s), owed=owed, n=paid))
    return _with(state, put=tuple(put), short=tuple(short), pot=pot), lines


def _takes(state: PutTakeState, holders: list[tuple[int, int]]) -> tuple[PutTakeState, list[str]]:
    took, pot, dealer_paid, unpaid = list(state.took), state.pot, state.dealer_paid, state.unpaid
    dealer = seat_name(state.dealer)
    start = state.start_stacks
    lines = []
    for s, owed in holders:
        from_pot = min(owed, pot)
        rest = owed - from_pot
        left = None if start is None else start[state.dealer] - dealer_paid
        from_dealer = rest if left is None else min(rest, left)
        got = from_pot + from_dealer
        pot -= from_pot
        dealer_paid += from_dealer
        unpaid += owed - got
        took[s] += got
        who = seat_name(s)
        if got < owed:
            lines.append(_(TAKES_SHORT).format(who=who, owed=owed, n=got, dealer=dealer))
        elif not from_dealer:
            lines.append(_(TAKES).format(who=who, n=got))
        elif from_pot:
            lines.append(_(TAKES_SPLIT).format(who=who, n=got, pot=from_pot, rest=from_dealer, dealer=dealer))
        else:
            lines.append(_(TAKES_DEALER).format(who=who, n=got, dealer=dealer))
    return _with(state, took=tuple(took), pot=pot, dealer_paid=dealer_paid, unpaid=unpaid), lines


def finish(state: PutTakeState) -> tuple[PutTakeState, str]:
    """After the tenth card: the dealer keeps what is left in the pot; the hand's nets."""
    dealer = state.dealer
    payoffs = [t - p for t, p in zip(state.took, state.put, strict=True)]
    payoffs[dealer] = state.pot - state.dealer_paid
    who = seat_name(dealer)
    if state.pot:
        summary = _(KEEPS[state.pot != 1]).format(dealer=who, n=state.pot)
        mine = _(DEALER_KEPT).format(n=state.pot)
    elif state.unpaid:
        summary = _(UNCOVERED).format(dealer=who, n=state.dealer_paid, m=state.unpaid)
        mine = _(DEALER_PAID).format(n=state.dealer_paid)
    elif state.dealer_paid:
        summary = _(COVERED[state.dealer_paid != 1]).format(dealer=who, n=state.dealer_paid)
        mine = _(DEALER_PAID).format(n=state.dealer_paid)
    else:
        summary, mine = _(EVEN).format(dealer=who), _(DEALER_EVEN)
    details = [
        mine if s == dealer
        else _(SAT_OUT) if not state.hands[s]
        else _(PLAYER_SHORT if state.short[s] else PLAYER).format(put=state.put[s], took=state.took[s])
        for s in range(state.n)
    ]
    text = sentences(_(OVER), summary)
    final = _with(
        state, payoffs=tuple(payoffs), summary=summary, details=tuple(details),
        recent=(*state.recent[1 - RECENT:], text),
    )
    return final, text
