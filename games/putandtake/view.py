"""What a seat sees of a Put and Take hand, in the shared render model.

The public table: the cards turned so far in this round, the stake of the next
card, the pot (``TableView.pots``), and per seat what it has put in and taken out
and the chips in front of it now (``SeatLine.stack``; the front end writes both). The private panel: a non-dealer's five cards; the dealer
holds none (PT-4) and gets the one button, "Next card".
"""

from __future__ import annotations

from games.core.cards import PLAIN_LABELS
from games.core.i18n import N_, _
from games.core.poker.ui import low_order, seat_name
from games.core.views import Choice, Pile, SeatLine, SeatView, TableView

from .options import STAKES
from .state import ROUND, PutTakeState

_TITLES = {
    "put": N_("Put and Take — put round"),
    "take": N_("Put and Take — take round"),
    "over": N_("Put and Take — hand over"),
}
_NEXT = {
    "put": N_("put round, card {k} of 5: {stake} a card"),
    "take": N_("take round, card {k} of 5: {stake} a card"),
}
_PILES = {"put": N_("Put round cards"), "take": N_("Take round cards")}


def _phase(state: PutTakeState) -> str:
    if state.over:
        return "over"
    return "put" if len(state.turned) < ROUND else "take"


def _seat_line(state: PutTakeState, s: int) -> SeatLine:
    if s == state.dealer:
        bits = [_("dealer (holds no cards)")]
        if state.dealer_paid:
            bits.append(_("paid {n} of their own").format(n=state.dealer_paid))
        if state.over and state.pot:
            bits.append(_("keeps {n} from the pot").format(n=state.pot))
        return SeatLine(s, " · ".join(bits), to_act=not state.over, stack=state.stack(s))
    if not state.hands[s]:
        return SeatLine(s, _("sitting out (no chips)"), out=True, stack=state.stack(s))
    text = _("5 cards · put in {put} · took {took}").format(put=state.put[s], took=state.took[s])
    return SeatLine(s, text, stack=state.stack(s))


def render(state: PutTakeState, seat: int | None) -> SeatView:
    phase = _phase(state)
    stakes = STAKES[state.options.stakes]
    k = len(state.turned)
    facts = [(_("Stakes"), "-".join(map(str, stakes)))]
    if phase != "over":
        facts.append((_("Next card"), _(_NEXT[phase]).format(k=k % ROUND + 1, stake=stakes[k % ROUND])))
        summary = _("{who} turns the next card.").format(who=seat_name(state.dealer))
    else:
        summary = state.summary
    taking = k >= ROUND
    this_round = state.turned[ROUND:] if taking else state.turned
    piles: tuple[Pile, ...] = ()
    if this_round:
        pile_name = _PILES["take" if taking else "put"]
        piles = (Pile(_(pile_name), this_round, " ".join(PLAIN_LABELS[c] for c in this_round)),)
    lines = tuple(_seat_line(state, s) for s in range(state.n))
    pots = () if state.over else (state.pot,)  # the dealer keeps what is left
    table = TableView(_(_TITLES[phase]), summary, lines, tuple(facts), piles, state.recent, pots=pots)
    if seat is None:
        return SeatView(table)
    if seat == state.dealer:
        prompt = () if state.over else (Choice("turn", _("Next card"), "primary"),)
        text = _("You are the dealer: you hold no cards, and you turn them for the table.")
        return SeatView(table, seat, (), text, (), prompt)
    hand = low_order(state.hands[seat])
    if not hand:
        return SeatView(table, seat, (), _("You sit this hand out: you have no chips at the table."))
    note = _("So far you have put in {put} and taken {took}.").format(put=state.put[seat], took=state.took[seat])
    return SeatView(table, seat, hand, " ".join(PLAIN_LABELS[c] for c in hand), (note,))
