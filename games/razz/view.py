"""What a seat sees of a Razz hand, in the shared render model,.

Kept apart from the rules: nothing here changes the hand. A seat line says what
the seat bet this round and shows its up cards once (as labels; ``SeatLine.cards``
keeps the codes); the chips in front of each seat (``SeatLine.stack``) and the pot
(``TableView.pots``) are structured, and the front end writes them.
The private panel shows a seat's down cards *and* its up cards, each sorted
ace first, as a razz player reads them.
"""

from __future__ import annotations

from typing import Protocol

from games.core.i18n import _
from games.core.poker.lowball import low_hand, low_key
from games.core.poker.ui import LABELS, card_labels, low_order, seat_name
from games.core.views import Choice, Pile, SeatLine, SeatView, TableView
from games.core.wording import plus_minus

from .state import STREET_NAMES, RazzState, _down, _up, final_stacks


class Engine(Protocol):
    """What the view asks of the game (a Protocol: the view never imports the rules)."""

    def default_prompt(self, state: RazzState, seat: int) -> tuple[Choice, ...]: ...


def render(game: Engine, state: RazzState, seat: int | None) -> SeatView:
    deal, r = state.deal, state.round
    n, opts = deal.n, deal.options
    over = state.payoffs is not None
    acting = None if over or not r.pending else r.pending[0]
    contributed = state.contributed
    stacks = final_stacks(state) if over else r.stacks
    lines = []
    for s in range(n):
        showing = deal.cards[s] if state.shown and state.shown[s] else _up(state, s)
        bits = []
        if not over and r.committed[s]:
            bits.append(_("bet {x}").format(x=r.committed[s]))
        if not deal.pk[s]:
            bits.append(_("sitting out (no chips)"))
        elif not r.live[s]:
            bits.append(_("folded"))
        elif not over and stacks is not None and stacks[s] == 0:
            bits.append(_("all in"))
        if s == deal.opener and not over:
            bits.append(_("brought in") if deal.street == 3 else _("opened"))
        if state.payoffs is not None and deal.pk[s]:
            bits.append(plus_minus(state.payoffs[s]))
        text = " — ".join(part for part in (" · ".join(bits), card_labels(showing) if showing else "") if part)
        stack = stacks[s] if stacks is not None else None
        lines.append(SeatLine(s, text, to_act=s == acting, out=not r.live[s], cards=tuple(showing), stack=stack))
    facts = [
        (_("Street"), _(STREET_NAMES[deal.street]) if deal.street in STREET_NAMES else _("Showdown")),
        (
            _("Stakes"),
            _("ante {a} · bring-in {b} · {s}/{g}").format(
                a=opts.ante, b=opts.bring_in, s=opts.small_bet, g=opts.big_bet
            ),
        ),
    ]
    if not over:
        cap = "∞" if opts.heads_up_uncapped and sum(r.live) == 2 else str(opts.cap)
        facts.append((_("Bet to match"), str(max(r.committed))))
        facts.append((_("Bets this round"), f"{r.level}/{cap}"))
    piles = (Pile(_("Community card"), (deal.community,), LABELS[deal.community]),) if deal.community else ()
    if over:
        title, summary = _("Razz — hand over"), state.summary
    else:
        title = _("Razz — {street}").format(street=_(STREET_NAMES[deal.street]))
        summary = _("{who} to act.").format(who=seat_name(acting)) if acting is not None else ""
    pots = () if over else (sum(contributed),)
    table = TableView(title, summary, tuple(lines), tuple(facts), piles, state.recent, pots=pots)
    if seat is None:
        return SeatView(table)
    down = _down(state, seat)
    up = _up(state, seat)
    mine = deal.cards[seat] + ((deal.community,) if deal.community and deal.community not in deal.cards[seat] else ())
    said = [_("Down: {down}").format(down=card_labels(low_order(down)) or "—")]
    if up:
        said.append(_("Up: {up}").format(up=card_labels(low_order(up))))
    if len(mine) >= 5:
        said.append(_("best low so far: {low}").format(low=low_hand(low_key(mine))))
    hand_text = " · ".join(said)
    groups = tuple(g for g in (tuple(low_order(down)), tuple(low_order(up))) if g)
    return SeatView(table, seat, down, hand_text, (), game.default_prompt(state, seat), hand_groups=groups)
