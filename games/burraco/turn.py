"""A Burraco turn: draw or take the pile, meld step by step, discard; pozzetti and the hand's end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..core.errors import IllegalAction
from ..core.game import Event
from ..core.i18n import _
from ..core.rummy.cards import label, labels
from ..core.rummy.melds import RUN, Meld, is_book
from ..core.rummy.turns import DRAW, NEW, PLAY, targets, without
from ..core.views import seat_name
from .state import RULES, SEATS, STALEMATE, STOCK_END, BurracoState, is_wild, team

Step = tuple[BurracoState, list[Event]]


def has_book(melds: Sequence[Meld]) -> bool:
    return any(is_book(m, RULES) for m in melds)


def can_leave(state: BurracoState, seat: int, left: Sequence[str], melds: Sequence[Meld]) -> bool:
    """Whether a meld may leave the hand with ``left``: two cards or more always; one card that
    can still be discarded (for the pozzetto, or as a legal close); none only for the pozzetto."""
    if len(left) >= 2:
        return True
    if state.taken[team(seat)] < 0:
        return not left or left[0] != state.keep
    # The pozzetto is taken: only a close may empty the hand, with a final non-wild discard (BU-3).
    return len(left) == 1 and left[0] != state.keep and not is_wild(left[0]) and has_book(melds)


def discards(state: BurracoState, seat: int) -> tuple[str, ...]:
    """The cards ``seat`` may discard now."""
    hand = state.hands[seat]
    if len(hand) >= 2:
        return tuple(c for c in hand if c != state.keep)
    if not hand or hand[0] == state.keep:
        return ()
    if state.taken[team(seat)] < 0:
        return hand
    return hand if not is_wild(hand[0]) and has_book(state.melds[team(seat)]) else ()


def meld_targets(state: BurracoState, seat: int) -> tuple[tuple[str, Meld], ...]:
    """Where the selection may go (new meld, or a team meld), the hand-emptying rules applied."""
    sel = state.selection
    if not sel:
        return ()
    t = team(seat)
    mine = state.melds[t]
    left = without(state.hands[seat], sel)
    out = []
    for action, meld in targets(sel, mine, RULES):
        after = (*mine, meld) if action == NEW else _replaced(mine, int(action[5:]), meld)
        if can_leave(state, seat, left, after):
            out.append((action, meld))
    return tuple(out)


def _replaced(melds: tuple[Meld, ...], k: int, meld: Meld) -> tuple[Meld, ...]:
    return (*melds[:k], meld, *melds[k + 1:])


def _set_hand(state: BurracoState, seat: int, hand: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return (*state.hands[:seat], hand, *state.hands[seat + 1:])


# ------------------------------------------------------------------ drawing


def draw(state: BurracoState, seat: int) -> Step:
    card, stock = state.stock[0], state.stock[1:]
    events = [
        Event(_("{who} draws from the stock.").format(who=seat_name(seat)), seat),
        Event(_("You draw {card}.").format(card=label(card)), seat, private_to=seat),
    ]
    last = len(stock) <= STOCK_END
    if last:
        events.append(Event(_("The stock is down to two cards: this is the last turn of the hand.")))
    new = replace(
        state, phase=PLAY, hands=_set_hand(state, seat, (*state.hands[seat], card)), stock=stock,
        one_card_turns=0, last_turn=last,
    )
    return new, events


def take(state: BurracoState, seat: int) -> Step:
    pile = state.pile
    one = len(pile) == 1
    if one:
        text = _("{who} takes the discard pile, a single {card} (it can't be discarded this turn).")
    else:
        text = _("{who} takes the discard pile: {n} cards, {cards}.")
    events = [Event(text.format(who=seat_name(seat), card=label(pile[0]), n=len(pile), cards=labels(pile)), seat)]
    new = replace(
        state, phase=PLAY, hands=_set_hand(state, seat, (*state.hands[seat], *pile)), pile=(),
        keep=pile[0] if one else "", one_card_turns=state.one_card_turns + 1 if one else 0,
    )
    return new, events


# ------------------------------------------------------------------ melding


def meld(state: BurracoState, seat: int, action: str) -> Step:
    found = dict(meld_targets(state, seat)).get(action)
    if found is None:
        raise IllegalAction(_("Those cards don't fit there."))
    t = team(seat)
    mine = state.melds[t]
    who = seat_name(seat)
    shown = labels(found.cards)
    if action == NEW:
        melds = (*mine, found)
        text = _("{who} lays down a new run: {cards}.") if found.kind == RUN else _("{who} lays down a new set: {cards}.")
        events = [Event(text.format(who=who, cards=shown), seat)]
        was = 0
    else:
        k = int(action[5:])
        melds = _replaced(mine, k, found)
        events = [
            Event(_("{who} adds {added} to meld {k}: {cards}.").format(
                who=who, added=labels(state.selection), k=k + 1, cards=shown), seat)
        ]
        was = len(mine[k].cards)
    if was < RULES.book <= len(found.cards):
        text = _("That makes a clean burraco!") if found.clean else _("That makes a dirty burraco.")
        events.append(Event(text, seat))
    hand = without(state.hands[seat], state.selection)
    new = replace(
        state, hands=_set_hand(state, seat, hand), selection=(),
        melds=(melds, state.melds[1]) if t == 0 else (state.melds[0], melds),
    )
    if not hand:
        return _pozzetto_now(new, seat, events)
    return new, events


def _free_pozzetto(state: BurracoState) -> int:
    return 0 if state.pozzetti[0] else 1


def _take_pozzetto(state: BurracoState, seat: int) -> tuple[BurracoState, tuple[str, ...]]:
    k = _free_pozzetto(state)
    cards = state.pozzetti[k]
    pozzetti = ((), state.pozzetti[1]) if k == 0 else (state.pozzetti[0], ())
    taken = (k, state.taken[1]) if team(seat) == 0 else (state.taken[0], k)
    return replace(state, pozzetti=pozzetti, taken=taken), cards


def _pozzetto_now(state: BurracoState, seat: int, events: list[Event]) -> Step:
    """Out of cards mid-turn: the team's pozzetto becomes the hand and the turn goes on."""
    new, cards = _take_pozzetto(state, seat)
    events.append(Event(_("{who} is out of cards, takes a pozzetto and plays on.").format(who=seat_name(seat)), seat))
    events.append(Event(_("Your pozzetto: {cards}.").format(cards=labels(cards)), seat, private_to=seat))
    return replace(new, hands=_set_hand(new, seat, cards)), events


# ------------------------------------------------------------------ discarding


def discard(state: BurracoState, seat: int, card: str) -> tuple[Step, str]:
    """The discard, and how the turn ends: "" (play on), "close", "stock" or "stalemate"."""
    hand = without(state.hands[seat], (card,))
    new = replace(state, hands=_set_hand(state, seat, hand), pile=(*state.pile, card), selection=())
    who = seat_name(seat)
    events = [Event(_("{who} discards {card}.").format(who=who, card=label(card)), seat)]
    if not hand and state.taken[team(seat)] >= 0:
        events.append(Event(_("{who} closes the hand.").format(who=who), seat))
        return (replace(new, closed_by=seat), events), "close"
    if not hand:
        new, cards = _take_pozzetto(new, seat)
        faces = (*new.face_down[:seat], cards, *new.face_down[seat + 1:])
        new = replace(new, face_down=faces)
        text = _("{who} discarded their last card and takes a pozzetto, face down until their next turn.")
        events.append(Event(text.format(who=who), seat))
    if state.last_turn:
        return (new, events), "stock"
    if state.one_card_turns >= STALEMATE:
        events.append(Event(_("Four turns in a row took a one-card pile: a stalemate ends the hand.")))
        return (new, events), "stalemate"
    return _next_turn(new, events), ""


def _next_turn(state: BurracoState, events: list[Event]) -> Step:
    seat = (state.turn + 1) % SEATS
    new = replace(state, turn=seat, phase=DRAW, keep="", selection=())
    waiting = state.face_down[seat]
    if waiting:
        faces = (*state.face_down[:seat], (), *state.face_down[seat + 1:])
        new = replace(new, hands=_set_hand(new, seat, waiting), face_down=faces)
        events.append(Event(_("{who} picks up their pozzetto.").format(who=seat_name(seat)), seat))
        events.append(Event(_("Your pozzetto: {cards}.").format(cards=labels(waiting)), seat, private_to=seat))
    return new, events
