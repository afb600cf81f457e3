"""What a seat sees of a Frankenstein deal, in the shared render model.

Kept apart from the rules: nothing here changes the deal. A seat line says what
the seat bet this round and, after the showdown, its hand once, as labels; the
chips in front of each seat (``SeatLine.stack``) and the pot (``TableView.pots``)
are structured, and the front end writes them. Hands read ace first,
as a poker player sorts them.
"""

from __future__ import annotations

from typing import Protocol

from games.core.i18n import _
from games.core.poker.highhand import high_key, high_name
from games.core.poker.ui import card_labels, high_order, seat_name
from games.core.views import Choice, PickCards, Pile, SeatLine, SeatView, TableView
from games.core.wording import plus_minus

from .state import _PHASE_NAMES, FrankensteinState


class Engine(Protocol):
    """What the view asks of the game (a Protocol: the view never imports the rules)."""

    def to_act(self, state: FrankensteinState) -> frozenset[int]: ...
    def _prompt(self, state: FrankensteinState, seat: int) -> tuple[Choice | PickCards, ...]: ...


def _stack(state: FrankensteinState, s: int) -> int | None:
    """Chips in front of ``s`` now: the betting round's stack, or after the hand its stack at the
    deal plus what it won or lost (None: unlimited stacks)."""
    if state.start_stacks is None:
        return None
    if state.payoffs is not None:
        return state.start_stacks[s] + state.payoffs[s]
    return state.round.stacks[s] if state.round.stacks is not None else None


def render(game: Engine, state: FrankensteinState, seat: int | None) -> SeatView:
    n, opts = state.n, state.options
    r = state.round
    over = state.payoffs is not None
    (acting,) = game.to_act(state) or (None,)
    lines = []
    for s in range(n):
        bits = []
        if state.phase in ("bet1", "bet2") and r.committed[s]:
            bits.append(_("bet {x}").format(x=r.committed[s]))
        if state.discards[s] or (state.phase in ("bet2", "over") and r.live[s]):
            bits.append(_("drew {k}").format(k=len(state.discards[s])))
        if not state.hands[s]:
            bits.append(_("sitting out (no chips)"))
        elif not r.live[s]:
            bits.append(_("folded"))
        if s == state.opener:
            bits.append(_("opens"))
        if state.payoffs is not None:
            bits.append(plus_minus(state.payoffs[s]))
        showing = high_order(state.hands[s]) if state.shown and state.shown[s] else ()
        text = " — ".join(part for part in (" · ".join(bits), card_labels(showing) if showing else "") if part)
        lines.append(SeatLine(s, text, to_act=s == acting, out=not r.live[s], cards=showing, stack=_stack(state, s)))
    zombie = state.zombie
    if state.zombie_shown:
        pile = Pile(_("The Zombie"), zombie, card_labels(zombie))
    else:
        pile = Pile(_("The Zombie"), (), _("{k} cards face down").format(k=len(zombie)))
    facts = [
        (
            _("Stakes"),
            _("ante {a} · {s}/{b} · cap {c}").format(a=opts.ante, s=opts.small_bet, b=opts.big_bet, c=opts.cap),
        ),
        (_("Opens"), seat_name(state.opener)),
    ]
    if state.carried_in:
        facts.insert(0, (_("Carried in"), str(state.carried_in)))
    if state.phase in ("bet1", "bet2") and not over:
        facts.append((_("Bet to match"), str(max(r.committed))))
        facts.append((_("Bets this round"), f"{r.level}/{opts.cap}"))
    title = _("Frankenstein — {phase}").format(phase=_(_PHASE_NAMES[state.phase]))
    summary = state.summary if over else (_("{who} to act.").format(who=seat_name(acting)) if acting is not None else "")
    pots = (state.carried_out,) if over and state.carried_out else () if over else (state.pot,)
    table = TableView(title, summary, tuple(lines), tuple(facts), (pile,), state.recent, pots=pots)
    if seat is None:
        return SeatView(table)
    hand = state.hands[seat]
    groups = (tuple(high_order(hand)),) if hand else ()
    if hand:
        hand_text = _("Your hand: {cards} ({name})").format(
            cards=card_labels(high_order(hand)), name=high_name(high_key(hand))
        )
    else:
        hand_text = _("You sit this deal out: no chips.")
    notes: tuple[str, ...] = ()
    if state.discards[seat] and not state.zombie_shown:
        notes = (_("You gave the Zombie: {cards}").format(cards=card_labels(state.discards[seat])),)
    return SeatView(table, seat, hand, hand_text, notes, game._prompt(state, seat), hand_groups=groups)
