"""What a seat sees of a Kabu hand, in the shared render model.

Kept apart from the rules: nothing here changes the hand. Before the showdown a seat
line says only how many cards the seat holds and whether it still draws (draws are
face down, KB-4); the seat's own panel shows its cards and total. After the showdown
every hand is shown once, with its total and the chips it won or paid.
"""

from __future__ import annotations

from typing import Protocol

from games.core.i18n import _
from games.core.views import Choice, SeatLine, SeatView, TableView, seat_name
from games.core.wording import count_of, plus_minus

from .cards import MAX_DRAWS, in_order, labels, total
from .state import KabuState


class Engine(Protocol):
    """What the view asks of the game (a Protocol: the view never imports the rules)."""

    def prompt(self, state: KabuState, seat: int) -> tuple[Choice, ...]: ...


def _line(state: KabuState, s: int) -> SeatLine:
    bits = [count_of(len(state.hands[s]), _("{n} card"), _("{n} cards"))]
    draws = state.draws(s)
    if draws:
        bits.append(count_of(draws, _("drew {n}"), _("drew {n}")))
    if s == state.dealer:
        bits.append(_("dealer"))
    if state.payoffs is not None:
        shown = in_order(state.hands[s])
        bits.append(_("total {total}").format(total=total(shown)))
        if state.insolvent[s]:
            bits.append(_("couldn't pay"))
        bits.append(plus_minus(state.payoffs[s]))
        return SeatLine(s, " · ".join(bits) + " — " + labels(shown), cards=shown)
    if state.done[s] and draws < MAX_DRAWS:  # two draws say it already
        bits.append(_("stands"))
    return SeatLine(s, " · ".join(bits), to_act=s == state.turn)


def render(game: Engine, state: KabuState, seat: int | None) -> SeatView:
    over = state.payoffs is not None
    lines = tuple(_line(state, s) for s in range(state.n))
    facts = [
        (_("Dealer"), seat_name(state.dealer)),
        (_("Drawing"), _("up to {k} cards each, face down").format(k=MAX_DRAWS)),
        (_("Stock"), count_of(len(state.stock), _("{n} card"), _("{n} cards"))),
    ]
    if state.options.point_value != 1:
        facts.append((_("Each point"), count_of(state.options.point_value, _("{n} chip"), _("{n} chips"))))
    title = _("Kabu — showdown") if over else _("Kabu — drawing")
    summary = state.summary if over else _("{who} to draw or stand.").format(who=seat_name(state.turn))
    table = TableView(title, summary, lines, tuple(facts), (), state.recent)
    if seat is None:
        return SeatView(table)
    hand = in_order(state.hands[seat])
    hand_text = _("Your cards: {cards} — total {total}").format(cards=labels(hand), total=total(hand))
    notes: tuple[str, ...] = ()
    if not over and not state.done[seat]:
        left = MAX_DRAWS - state.draws(seat)
        notes = (count_of(left, _("You may draw {n} more card."), _("You may draw {n} more cards.")),)
    if not over:
        notes = (*notes, _("Tens are dropped: the total is the last digit of the sum, 9 the best."))
    return SeatView(table, seat, hand, hand_text, notes, game.prompt(state, seat))
