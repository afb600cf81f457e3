"""The flow of a Samba deal: dealing (red 3s laid out and replaced), discarding, "May I go out?",
the next turn (a used-up stock), and the end of the deal on the score sheet."""

from __future__ import annotations

from collections.abc import Sequence
from inspect import signature

from ..core.errors import IllegalAction
from ..core.game import Event
from ..core.i18n import _
from ..core.rng import Rng
from ..core.rummy.cards import label
from ..core.rummy.match import close_deal, final_summary
from ..core.rummy.turns import DRAW, OVER, PLAY, without
from ..core.sheet import deal, remember
from ..core.teams import partner_of
from ..core.views import seat_name
from . import fast, turn
from .scoring import score_line, team_score
from .state import (
    ASK_PENALTY,
    DECK,
    HAND,
    RED_THREES,
    SEATS,
    SambaState,
    evolve,
    is_red3,
    is_wild,
    team,
)

Step = turn.Step
#: How many public event texts a state keeps (``sheet.remember``'s default).
RECENT: int = signature(remember).parameters["keep"].default
_NEW = object.__new__
_SET = object.__setattr__


def deal_hand(
    state: SambaState, *, hands: Sequence[Sequence[str]] | None = None, stock: Sequence[str] | None = None
) -> Step:
    """Fifteen cards each, the upcard, then each seat's red 3s laid out and replaced (SB-4)."""
    rng = Rng(state.seed).derive(f"samba-deal-{state.deal_no}")
    dealt, rest = deal(DECK, SEATS, HAND, rng, hands=hands, stock=stock)
    if not rest:
        raise ValueError("a stacked stock needs the upcard")
    up = rest[0]
    first = (state.dealer + 1) % SEATS
    new = evolve(state, hands=dealt, stock=rest[1:], pile=(up,), frozen=is_red3(up) or is_wild(up), turn=first)
    text = _("Deal {k}: {dealer} deals; the upcard is {card}; {first} plays first.").format(
        k=state.deal_no + 1, dealer=seat_name(state.dealer), card=label(up), first=seat_name(first)
    )
    events = [Event(text)]
    if new.frozen:
        events.append(Event(_("The upcard freezes the discard pile.")))
    for k in range(SEATS):
        new, more = _lay_out_dealt(new, (first + k) % SEATS)
        events.extend(more)
    return new, events


def _lay_out_dealt(state: SambaState, seat: int) -> Step:
    reds = [c for c in state.hands[seat] if c[:2] in RED_THREES]  # (``is_red3``)
    if not reds:
        return state, []
    hand = without(state.hands[seat], reds)
    state = evolve(state, hands=turn.set_hand(state, seat, hand))
    state, got, events = turn.draw_from_stock(state, seat, len(reds), dealt=reds)
    return evolve(state, hands=turn.set_hand(state, seat, (*hand, *got))), events


# ------------------------------------------------------------------ the turn's end


def usual_discard(state: SambaState, seat: int, card: str) -> tuple[SambaState, tuple[Event, ...]] | None:
    """``discard`` and its texts kept (as ``Game.apply`` keeps them) in one go, when cards are left,
    the stock has cards and no "Yes" is to pay for (None otherwise)."""
    old = state.hands[seat]
    if not state.stock or len(old) < 2 or state.asked == "yes" or state.taking or state.no_discard:
        return None
    if card not in old:
        raise IllegalAction(_("You can't discard that card now."))
    at = old.index(card)
    d = state.__dict__.copy()  # (``copied`` and ``turn.set_hand`` inline)
    new = _NEW(SambaState)
    _SET(new, "__dict__", d)
    hands = list(state.hands)
    hands[seat] = old[:at] + old[at + 1 :]
    d["hands"] = tuple(hands)
    d["pile"] = (*state.pile, card)
    said = fast.discards(seat, card)
    d["turn"], d["phase"], d["selection"], d["staged"], d["taking"], d["asked"] = (
        (state.turn + 1) % SEATS, DRAW, (), (), False, "")
    if state.frozen or not is_wild(card):
        d["recent"] = (*state.recent, said.text)[-RECENT:]
        return new, (said,)
    d["frozen"] = True
    freezes = Event(_("A wild card on the pile freezes it."))
    d["recent"] = (*state.recent, said.text, freezes.text)[-RECENT:]
    return new, (said, freezes)


def usual_draw(state: SambaState, seat: int) -> tuple[SambaState, tuple[Event, ...]] | None:
    """``turn.draw`` and its text kept in one go for one card, not a red 3, not the stock's last."""
    stock = state.stock
    if state.options.draw != 1 or len(stock) < 2 or stock[0][:2] in RED_THREES:
        return None
    card = stock[0]
    d = state.__dict__.copy()
    new = _NEW(SambaState)
    _SET(new, "__dict__", d)
    hands = list(state.hands)
    hands[seat] = (*hands[seat], card)
    said = fast.draws(seat)
    d["stock"], d["phase"], d["hands"] = stock[1:], PLAY, tuple(hands)
    d["recent"] = (*state.recent, said.text)[-RECENT:]
    return new, (said, fast.drawn(seat, card))


def discard(state: SambaState, seat: int, card: str) -> Step:
    if card not in turn.discards(state, seat):
        raise IllegalAction(_("You can't discard that card now."))
    old = state.hands[seat]
    at = old.index(card)
    hand = old[:at] + old[at + 1 :]
    wild = is_wild(card)
    changes: dict[str, object] = {
        "hands": turn.set_hand(state, seat, hand), "pile": (*state.pile, card), "frozen": state.frozen or wild,
    }
    events = [Event(_("{who} discards {card}.").format(who=seat_name(seat), card=label(card)), seat)]
    if wild and not state.frozen:
        events.append(Event(_("A wild card on the pile freezes it.")))
    if not hand:
        events.append(Event(_("{who} goes out.").format(who=seat_name(seat)), seat))
        return end_deal(evolve(state, out_by=seat, selection=(), staged=(), **changes), events, "out")
    if state.asked == "yes":
        t = team(seat)
        changes["penalties"] = (*state.penalties[:t], state.penalties[t] + ASK_PENALTY, *state.penalties[t + 1 :])
        text = _("{who} asked to go out and did not: −100 for the team.")
        events.append(Event(text.format(who=seat_name(seat)), seat))
    return next_turn(state, events, **changes)


def next_turn(state: SambaState, events: list[Event], **changes: object) -> Step:
    """The turn passes left (with ``changes`` made to the state in the same step)."""
    seat = (state.turn + 1) % SEATS
    new = evolve(state, turn=seat, phase=DRAW, selection=(), staged=(), taking=False, asked="", **changes)
    if not new.stock and not turn.take_options(new, seat):
        text = _("The stock is used up and {who} can't take the discard pile: the hand ends.")
        events.append(Event(text.format(who=seat_name(seat))))
        return end_deal(new, events, "")
    return new, events


def undo(state: SambaState, seat: int) -> Step:
    """Take back the initial meld being built; leaving a pile with no stock to draw from ends the hand."""
    new, events = turn.undo(state, seat)
    if state.taking and not state.stock:
        text = _("The stock is used up and {who} can't take the discard pile: the hand ends.")
        events.append(Event(text.format(who=seat_name(seat))))
        return end_deal(new, events, "")
    return new, events


def ask(state: SambaState, seat: int, action: str) -> Step:
    """ "May I go out?" goes to the partner, whose Yes or No binds for the rest of the turn (SB-1)."""
    if action == "ask":
        text = _("{who} asks {partner}: “May I go out?”").format(
            who=seat_name(seat), partner=seat_name(partner_of(seat, SEATS)))
        return evolve(state, phase="ask"), [Event(text, seat)]
    text = _("{who} answers “Yes”.") if action == "yes" else _("{who} answers “No”.")
    return evolve(state, phase=PLAY, asked=action), [Event(text.format(who=seat_name(seat)), seat)]


# ------------------------------------------------------------------ the deal's end


def end_deal(state: SambaState, events: list[Event], how: str) -> Step:
    """The deal scored on the sheet; then the next deal, or the game over (the target or ``max_deals``)."""
    reason = {
        "out": _("The hand is over: {who} went out."),
        "red3": _("The stock's last card was a red 3: the hand ends without a discard."),
        "": _("The hand is over."),
    }[how]
    events.append(Event(reason.format(who=seat_name(state.out_by))))
    scores = [team_score(state, t) for t in (0, 1)]
    events.extend(Event(score_line(t, s)) for t, s in enumerate(scores))
    opts = state.options
    done = close_deal(
        state.sheet, state.deal_no, [s.total for s in scores], target=opts.target, exceed=False,
        max_deals=opts.max_deals,
    )
    events.extend(done.events)
    if not done.over:
        nxt, more = deal_hand(next_deal(evolve(state, sheet=done.sheet)))
        return nxt, [*events, *more]
    state = evolve(state, sheet=done.sheet, phase=OVER, selection=(), staged=(), taking=False, winner=done.winner)
    events.append(Event(final_summary(done.sheet, done.winner)))
    return state, events


def next_deal(state: SambaState) -> SambaState:
    """The table cleared for the next deal, dealt by the next player; the sheet stays."""
    return evolve(
        state, deal_no=state.deal_no + 1, dealer=(state.dealer + 1) % SEATS, phase=DRAW, hands=((),) * SEATS,
        stock=(), pile=(), frozen=False, melds=((), ()), red3s=((), ()), dead=(), selection=(), staged=(),
        taking=False, asked="", penalties=(0, 0), no_discard=False, out_by=-1,
    )
