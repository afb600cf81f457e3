"""What a seat sees of a Burraco game, in the shared render model.

Both teams' melds are always on the table (a pile per team, each meld on its own
line, burrachi marked clean or dirty), with the discard pile's size and top card,
the stock, the pozzetti left and the score sheet. A hand is given as card faces
(the panel groups it by suit or rank); the meld builder's picks and where they fit
are in the notes.
"""

from __future__ import annotations

from typing import Protocol

from ..core.i18n import _
from ..core.rummy.cards import face_label, label, labels
from ..core.rummy.melds import RUN, Meld, is_book
from ..core.rummy.table import discard_pile, seat_view, team_meld_piles, team_sheet
from ..core.rummy.turns import CLEAR, DRAW, NEW, OVER, PAGE, pick_prompts
from ..core.views import Choice, PickCards, SeatLine, SeatView, TableView, seat_name
from ..core.wording import count_of
from .scoring import final_summary, team_names
from .state import RULES, SEATS, BurracoState, team


class Engine(Protocol):
    def to_act(self, state: BurracoState) -> frozenset[int]: ...
    def legal_actions(self, state: BurracoState, seat: int) -> tuple[str, ...]: ...


def meld_text(meld: Meld) -> str:
    """A meld as players read it: its cards, what a wild stands for, and a burraco's mark."""
    cards = labels(meld.cards)
    if meld.wilds and meld.kind == RUN:
        stands = ", ".join(
            _("{wild} as {face}").format(wild=label(w), face=face_label(meld.stands_for(w)))
            for w in meld.wilds
        )
        cards = f"{cards} ({stands})"
    if is_book(meld, RULES):
        return _("{cards} — clean burraco").format(cards=cards) if meld.clean else _(
            "{cards} — dirty burraco"
        ).format(cards=cards)
    return cards


def _seat_lines(state: BurracoState, acting: frozenset[int]) -> tuple[SeatLine, ...]:
    lines = []
    for s in range(SEATS):
        bits = [count_of(len(state.hands[s]), _("{n} card"), _("{n} cards")), _("team {k}").format(k=team(s) + 1)]
        if state.face_down[s]:
            bits.append(_("a pozzetto face down"))
        if s == state.dealer:
            bits.append(_("dealer"))
        lines.append(SeatLine(s, " · ".join(bits), to_act=s in acting))
    return tuple(lines)


def _pozzetti_fact(state: BurracoState) -> str:
    left = [t for t in (0, 1) if state.taken[t] < 0]
    if len(left) == 2:
        return _("2 left, one for each team")
    if left:
        return _("1 left, reserved for {who}").format(who=team_names(left[0]))
    return _("both taken")


def _facts(state: BurracoState) -> tuple[tuple[str, str], ...]:
    return (
        (_("Stock"), count_of(len(state.stock), _("{n} card"), _("{n} cards"))),
        (_("Pozzetti"), _pozzetti_fact(state)),
        (_("Teams"), _("team 1: {a}; team 2: {b}").format(a=team_names(0), b=team_names(1))),
        (_("Goal"), _("more than {n} points").format(n=state.options.target)),
    )


def _summary(state: BurracoState) -> str:
    if state.phase == OVER:
        return final_summary(state)
    who = seat_name(state.turn)
    if state.phase == DRAW:
        return _("{who} to draw from the stock or take the discard pile.").format(who=who)
    return _("{who} to meld or discard.").format(who=who)


def render(game: Engine, state: BurracoState, seat: int | None) -> SeatView:
    acting = game.to_act(state)
    public = TableView(
        title=_("Burraco · deal {k}").format(k=state.deal_no + 1),
        summary=_summary(state),
        seats=_seat_lines(state, acting),
        facts=_facts(state),
        piles=(discard_pile(state.pile), *team_meld_piles(state.melds, meld_text)),
        recent=state.recent,
        sheet=team_sheet(state.sheet),
    )
    return seat_view(
        public, state.hands, seat, acting, lambda me, _hand: _notes(state, me),
        lambda me, hand: _prompt(game, state, me, hand),
    )


def _notes(state: BurracoState, seat: int) -> tuple[str, ...]:
    from .turn import meld_targets

    notes = []
    if state.selection:
        fits = meld_targets(state, seat)
        where = [
            (_("a new run") if m.kind == RUN else _("a new set")) if a == NEW else _("meld {k}").format(k=int(a[5:]) + 1)
            for a, m in fits
        ]
        if where:
            text = _("Picked: {cards}. They fit: {where}.").format(cards=labels(state.selection), where=", ".join(where))
        else:
            text = _("Picked: {cards}. They fit no meld yet: pick more, or clear.").format(cards=labels(state.selection))
        notes.append(text)
    if state.keep:
        notes.append(_("You took {card} as a one-card pile: you can't discard it this turn.").format(card=label(state.keep)))
    if not state.selection:
        notes.append(_("Pick cards to meld them, or discard a card to end your turn."))
    if state.last_turn:
        notes.append(_("The stock is down to two cards: the hand ends after your turn."))
    return tuple(notes)


def _prompt(game: Engine, state: BurracoState, seat: int, hand: tuple[str, ...]) -> tuple[Choice | PickCards, ...]:
    legal = set(game.legal_actions(state, seat))
    if state.phase == DRAW:
        out = []
        if "draw" in legal:
            out.append(Choice("draw", _("Draw from the stock"), "primary"))
        if "take" in legal:
            n = len(state.pile)
            out.append(Choice("take", count_of(n, _("Take the discard pile ({n} card)"), _("Take the discard pile ({n} cards)"))))
        return tuple(out)
    picked = set(state.selection)
    rest = tuple(c for c in hand if c not in picked)
    prompts: list[Choice | PickCards] = list(pick_prompts(rest, label, _("Pick cards to meld")))
    # One-click discards while the hand fits one picker (the panel keeps a row for Refresh);
    # beyond that, pick one card and press its Discard button.
    can_go = tuple(c for c in hand if f"discard:{c}" in legal)
    if len(prompts) == 1 and 0 < len(can_go) <= PAGE:
        labels_ = tuple(label(c) for c in can_go)
        prompts.append(PickCards("discard", _("Discard a card (ends your turn)"), can_go, labels_, 1, 1))
    from .turn import meld_targets

    for action, meld in meld_targets(state, seat):
        text = _("Meld: {cards}").format(cards=labels(meld.cards)) if action == NEW else _(
            "Add to meld {k}: {cards}"
        ).format(k=int(action[5:]) + 1, cards=labels(meld.cards))
        prompts.append(Choice(action, text[:80], "success"))
    sel = state.selection
    if len(sel) == 1 and f"discard:{sel[0]}" in legal:
        prompts.append(Choice(f"discard:{sel[0]}", _("Discard {card}").format(card=label(sel[0])), "danger"))
    if sel:
        prompts.append(Choice(CLEAR, _("Clear the picked cards")))
    return tuple(prompts)
