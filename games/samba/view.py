"""What a seat sees of a Samba game, in the shared render model.

Both teams' melds are always on the table (a pile per team, each meld on its own
line; canastas and sambas compact and marked clean or mixed: "Q ×7 (clean canasta)"),
their red 3s, the discard pile's size and top card and whether it is frozen, the
stock and the score sheet. A hand is given as card faces (the panel groups it by suit or rank); the meld
builder's picks, where they fit and an initial meld being built are in the notes.
"""

from __future__ import annotations

from typing import Protocol

from ..core.i18n import _
from ..core.rummy.cards import face_label, label, labels
from ..core.rummy.match import final_summary, team_names
from ..core.rummy.melds import RUN, Meld, is_book
from ..core.rummy.table import discard_pile, seat_view, team_meld_piles, team_sheet
from ..core.rummy.turns import CLEAR, DRAW, NEW, OVER, PAGE, pick_prompts
from ..core.views import Choice, PickCards, Pile, SeatLine, SeatView, TableView, seat_name
from ..core.wording import count_of
from . import turn
from .state import RULES, SEATS, SambaState, minimum, team


class Engine(Protocol):
    def to_act(self, state: SambaState) -> frozenset[int]: ...
    def legal_actions(self, state: SambaState, seat: int) -> tuple[str, ...]: ...


def meld_text(meld: Meld) -> str:
    """A meld as players read it: a book compact with its kind, else its cards (wilds named)."""
    if is_book(meld, RULES):
        if meld.kind == RUN:
            return _("{low}–{high} ×7 (samba)").format(low=label(meld.cards[0]), high=label(meld.cards[-1]))
        rank = face_label(meld.key + "S")[:-1]
        kind = _("clean canasta") if meld.clean else _("mixed canasta")
        return _("{rank} ×7 ({kind})").format(rank=rank, kind=kind)
    cards = labels(meld.cards)
    if meld.kind == RUN:
        return _("{cards} (escalera)").format(cards=cards)
    return cards


def _meld_piles(state: SambaState) -> tuple[Pile, ...]:
    laid_out = [
        (cards, _("Red 3s laid out: {cards}").format(cards=labels(cards)), _("Red 3s of {who}").format(who=team_names(t)))
        if cards else ((), "", "")
        for t, cards in enumerate(state.red3s)
    ]
    return team_meld_piles(state.melds, meld_text, laid_out=laid_out)


def _seat_lines(state: SambaState, acting: frozenset[int]) -> tuple[SeatLine, ...]:
    lines = []
    for s in range(SEATS):
        bits = [count_of(len(state.hands[s]), _("{n} card"), _("{n} cards")), _("team {k}").format(k=team(s) + 1)]
        if s == state.dealer:
            bits.append(_("dealer"))
        lines.append(SeatLine(s, " · ".join(bits), to_act=s in acting))
    return tuple(lines)


def _facts(state: SambaState) -> tuple[tuple[str, str], ...]:
    need = [minimum(state.sheet.totals[t]) for t in (0, 1)]
    opening = [
        _("done") if state.melds[t] else _("{n} points needed").format(n=need[t]) for t in (0, 1)
    ]
    return (
        (_("Stock"), count_of(len(state.stock), _("{n} card"), _("{n} cards"))),
        (_("Teams"), _("team 1: {a}; team 2: {b}").format(a=team_names(0), b=team_names(1))),
        (_("Initial meld"), _("team 1: {a}; team 2: {b}").format(a=opening[0], b=opening[1])),
        (_("Goal"), _("{n} points").format(n=f"{state.options.target:,}")),
    )


def _summary(state: SambaState) -> str:
    if state.phase == OVER:
        return final_summary(state.sheet, state.winner)
    who = seat_name(state.turn)
    if state.phase == "ask":
        return _("{who} asks: “May I go out?” {partner} to answer.").format(
            who=who, partner=seat_name((state.turn + 2) % SEATS))
    if state.phase == DRAW:
        return _("{who} to draw from the stock or take the discard pile.").format(who=who)
    return _("{who} to meld or discard.").format(who=who)


def render(game: Engine, state: SambaState, seat: int | None) -> SeatView:
    acting = game.to_act(state)
    public = TableView(
        title=_("Samba · deal {k}").format(k=state.deal_no + 1),
        summary=_summary(state),
        seats=_seat_lines(state, acting),
        facts=_facts(state),
        piles=(discard_pile(state.pile, frozen=state.frozen), *_meld_piles(state)),
        recent=state.recent,
        sheet=team_sheet(state.sheet, from_start=True),  # a table ended mid-deal shows where the teams stand
    )
    return seat_view(
        public, state.hands, seat, acting, lambda me, _hand: _notes(state, me),
        lambda me, hand: _prompt(game, state, me, hand),
    )


def _notes(state: SambaState, seat: int) -> tuple[str, ...]:
    notes = []
    if state.phase == "ask":
        return (_("Your partner asks: “May I go out?” Your answer binds them."),)
    if state.staged:
        n, wanted = turn.staged_value(state.staged), turn.need(state, seat)
        text = (_("Initial meld being built (unseen by others): {melds} — {n} points, enough ({need} needed).")
                if n >= wanted else
                _("Initial meld being built (unseen by others): {melds} — {n} of the {need} points needed."))
        notes.append(text.format(melds=" · ".join(labels(m.cards) for m in state.staged), n=n, need=wanted))
    if state.selection:
        where = [_where(state, a, m) for a, m in turn.meld_targets(state, seat)]
        if where:
            text = _("Picked: {cards}. They fit: {where}.").format(cards=labels(state.selection), where=", ".join(where))
        elif turn.could_meld(state.selection):
            text = _("Picked: {cards}. They fit no meld yet: pick more, or clear.").format(cards=labels(state.selection))
        else:
            text = _("Picked: {cards}. These cards can't go in one meld: clear them and pick again.").format(
                cards=labels(state.selection))
        notes.append(text)
    if state.asked:
        notes.append(_("Your partner said Yes: go out this turn, or your team loses 100.") if state.asked == "yes"
                     else _("Your partner said No: you can't go out this turn."))
    if not state.selection and state.phase == "play":
        notes.append(_("Pick cards to meld them, or discard a card to end your turn."))
    if state.no_discard:
        notes.append(_("The stock's last card was a red 3: meld what you can, then end the hand."))
    return tuple(notes)


def _where(state: SambaState, action: str, meld: Meld) -> str:
    if action == NEW:
        return _("a new escalera") if meld.kind == RUN else _("a new set")
    return _("meld {k}").format(k=int(action[5:]) + 1)


def _prompt(game: Engine, state: SambaState, seat: int, hand: tuple[str, ...]) -> tuple[Choice | PickCards, ...]:
    legal = game.legal_actions(state, seat)
    if state.phase == "ask":
        return (Choice("yes", _("Yes"), "success"), Choice("no", _("No"), "danger"))
    if state.phase == DRAW:
        return _draw_prompt(state, legal)
    free = set(turn.pickable(state, seat))
    prompts: list[Choice | PickCards] = list(pick_prompts([c for c in hand if c in free], label, _("Pick cards to meld")))
    # One-click discards while the hand fits one picker (the panel keeps a row for Refresh);
    # beyond that, pick one card and press its Discard button.
    can_go = tuple(c for c in hand if f"discard:{c}" in legal)
    if len(prompts) == 1 and 0 < len(can_go) <= PAGE:
        shown = tuple(label(c) for c in can_go)
        prompts.append(PickCards("discard", _("Discard a card (ends your turn)"), can_go, shown, 1, 1))
    for action, meld in turn.meld_targets(state, seat):
        text = _("Meld: {cards}").format(cards=labels(meld.cards)) if action == NEW else _(
            "Add to meld {k}: {cards}").format(k=int(action[5:]) + 1, cards=labels(meld.cards))
        prompts.append(Choice(action, text[:80], "success"))
    for action, _meld in turn.combines(state, seat) if turn.opened(state, seat) else ():
        i, j = (int(x) + 1 for x in action[8:].split(","))
        prompts.append(Choice(action, _("Combine melds {a} and {b}").format(a=i, b=j)))
    extra = {CLEAR: _("Clear the picked cards"), "undo": _("Take back the initial meld"),
             "ask": _("Ask: “May I go out?”"), "end": _("End the hand")}
    sel = state.selection
    if len(sel) == 1 and f"discard:{sel[0]}" in legal:
        prompts.append(Choice(f"discard:{sel[0]}", _("Discard {card}").format(card=label(sel[0])), "danger"))
    prompts.extend(Choice(a, t) for a, t in extra.items() if a in legal)
    return tuple(prompts)


def _draw_prompt(state: SambaState, legal: tuple[str, ...]) -> tuple[Choice | PickCards, ...]:
    out: list[Choice | PickCards] = []
    if "draw" in legal:
        out.append(Choice("draw", _("Draw from the stock"), "primary"))
    top = label(state.pile[-1]) if state.pile else ""
    for a in legal:
        if a == "take:new":
            out.append(Choice(a, _("Take the pile: {card} with a pair from your hand").format(card=top)))
        elif a.startswith("take:"):
            out.append(Choice(a, _("Take the pile: {card} onto meld {k}").format(card=top, k=int(a[5:]) + 1)))
    return tuple(out)
