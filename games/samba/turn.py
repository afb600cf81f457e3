"""A Samba turn: draw (red 3s laid out and replaced) or take the pile, meld step by step, discard.

The rules of the melds are data (``state.RULES``, games.core.rummy); this module says
when a meld, a take or a discard is allowed: the initial meld's minimum (built unseen
in ``staged`` until it is reached), black 3s only when going out, going out only with
two seven-card melds and never against the partner's "No".
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import IllegalAction
from ..core.game import Event
from ..core.i18n import _
from ..core.rummy.cards import JOKER, label, labels
from ..core.rummy.melds import RUN, SET, Meld, can_add, check_add, check_new
from ..core.rummy.turns import NEW, PLAY, targets, without
from ..core.rummy.turns import pickable as rummy_pickable
from ..core.views import seat_name
from . import fast
from .combos import combines_of
from .state import (
    BLACK_SET_MAX,
    BOOK,
    BOOKS_TO_GO_OUT,
    RED_THREES,
    RULES,
    SambaState,
    copied,
    evolve,
    is_black3,
    is_red3,
    is_wild,
    minimum,
    team,
    value,
)

Step = tuple[SambaState, list[Event]]


def books(melds: Sequence[Meld]) -> int:
    return sum(len(m.cards) >= BOOK for m in melds)


def opened(state: SambaState, seat: int) -> bool:
    return bool(state.melds[team(seat)])


def need(state: SambaState, seat: int) -> int:
    """The initial meld's minimum for ``seat``'s team (its score when the deal began)."""
    return minimum(state.sheet.totals[team(seat)])


def staged_cards(state: SambaState) -> tuple[str, ...]:
    return tuple(c for m in state.staged for c in m.cards)


def staged_value(melds: Sequence[Meld]) -> int:
    """Card values only: bonuses never count toward the minimum (SB-2)."""
    return sum(value(c) for m in melds for c in m.cards)


def available(state: SambaState, seat: int) -> tuple[str, ...]:
    """The hand less the cards set aside for an initial meld and the cards picked."""
    if not state.staged and not state.selection:
        return state.hands[seat]
    return without(state.hands[seat], (*staged_cards(state), *state.selection))


def pickable(state: SambaState, seat: int) -> tuple[str, ...]:
    """The cards a pick may add: those that could still go in one meld with the picked ones."""
    sel = state.selection
    if len(sel) == 1 and not state.staged:  # the usual pick: each card's answer kept (``fast``)
        return fast.pickable(state.hands[seat], sel)
    return rummy_pickable(available(state, seat), sel, RULES)


def could_meld(cards: Sequence[str]) -> bool:
    """Whether ``cards`` could still be part of one meld (more cards added)."""
    return len(cards) < 2 or bool(rummy_pickable(cards[-1:], cards[:-1], RULES))


def may_go_out(state: SambaState, melds: Sequence[Meld]) -> bool:
    """Two seven-card melds, and the partner did not answer "No" this turn."""
    return books(melds) >= BOOKS_TO_GO_OUT and state.asked != "no"


def _base(state: SambaState, seat: int) -> tuple[Meld, ...]:
    """What the selection may extend: the team's melds, or the initial meld being built."""
    mine = state.melds[seat % 2]  # (``team``)
    return mine if mine else state.staged


def _replaced(melds: tuple[Meld, ...], k: int, meld: Meld) -> tuple[Meld, ...]:
    return (*melds[:k], meld, *melds[k + 1 :])


def _left_after(state: SambaState, seat: int, used: int) -> int:
    """Cards the hand keeps once ``used`` more cards are melded (a pile being taken comes in too)."""
    left = len(state.hands[seat]) - (len(staged_cards(state)) if state.staged else 0) - used
    return left + (len(state.pile) - 1 if state.taking else 0)


def _black_ok(meld: Meld, going_out: bool) -> bool:
    """Black 3s: a set of 3-4 with no wilds, and only as the player goes out (§4.4)."""
    if meld.kind != SET or meld.key != "3" or not any(is_black3(c) for c in meld.cards):
        return True
    return going_out and meld.kind == SET and meld.clean and len(meld.cards) <= BLACK_SET_MAX


def meld_targets(state: SambaState, seat: int) -> tuple[tuple[str, Meld], ...]:
    """Where the selection may go: a new meld or a meld of ``_base``, the hand-emptying rules applied."""
    sel = state.selection
    if not sel:
        return ()
    base = _base(state, seat)
    left = _left_after(state, seat, len(sel))
    found = targets(sel, base, RULES, going_out=True)
    if left > 1:  # the usual case: the hand is not emptied, so only black 3s can stop a target
        return tuple(am for am in found if _black_ok(am[1], False)) if found else found
    out = []
    for action, meld in found:
        after = (*base, meld) if action == NEW else _replaced(base, int(action[5:]), meld)
        going_out = left <= 1 and may_go_out(state, after)
        if left <= 1 and not going_out:
            continue
        if left <= 1 and not opened(state, seat) and staged_value(after) < need(state, seat):
            continue
        if _black_ok(meld, going_out):
            out.append((action, meld))
    return tuple(out)


def combines(state: SambaState, seat: int) -> tuple[tuple[str, Meld], ...]:
    """``combine:i,j``: two of the team's sets of one rank made one (SB-7: the caps still apply)."""
    return combines_of(state.melds[team(seat)])


def discards(state: SambaState, seat: int) -> tuple[str, ...]:
    """Cards ``seat`` may discard: none while taking the pile; the last card only to go out."""
    if state.taking or state.no_discard:
        return ()
    hand = state.hands[seat]
    if len(hand) >= 2:
        return hand
    return hand if hand and may_go_out(state, state.melds[team(seat)]) else ()


def can_ask(state: SambaState, seat: int) -> bool:
    """ "May I go out?": once a turn, with two seven-card melds, nothing being built."""
    return (
        state.phase == PLAY and not state.asked and not state.taking and not state.staged
        and books(state.melds[team(seat)]) >= BOOKS_TO_GO_OUT
    )


def set_hand(state: SambaState, seat: int, hand: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    hands = list(state.hands)
    hands[seat] = hand
    return tuple(hands)


def _set_team(pair: tuple[tuple[Meld, ...], ...], t: int, melds: tuple[Meld, ...]) -> tuple[tuple[Meld, ...], ...]:
    return (melds, pair[1]) if t == 0 else (pair[0], melds)


# ------------------------------------------------------------------ drawing


def draw_from_stock(
    state: SambaState, seat: int, n: int, *, dealt: Sequence[str] = ()
) -> tuple[SambaState, list[str], list[Event]]:
    """``n`` cards from the stock; each red 3 (``dealt`` ones first) is laid out and replaced (SB-4, SB-6)."""
    stock = state.stock
    got: list[str] = []
    events: list[Event] = []
    red = list(state.red3s[team(seat)])
    queue = list(dealt)
    while queue or (len(got) < n and stock):
        from_stock = not queue
        if queue:
            card = queue.pop(0)
        else:
            card, stock = stock[0], stock[1:]
        if is_red3(card):
            red.append(card)
            events.append(Event(_("{who} lays out a red 3.").format(who=seat_name(seat)), seat))
            if from_stock and not stock:
                events.append(Event(_("That was the last card of the stock: {who} may meld, then the hand ends.")
                                    .format(who=seat_name(seat)), seat))
                state = evolve(state, no_discard=True)
        else:
            got.append(card)
    t = team(seat)
    reds = (tuple(red), state.red3s[1]) if t == 0 else (state.red3s[0], tuple(red))
    return evolve(state, stock=stock, red3s=reds), got, events


def draw(state: SambaState, seat: int) -> Step:
    new, got, laid = draw_from_stock(state, seat, state.options.draw)
    events = [Event(_("{who} draws from the stock.").format(who=seat_name(seat)), seat), *laid]
    if got:
        events.append(Event(_("You draw {cards}.").format(cards=labels(got)), seat, private_to=seat))
    if not new.stock and not new.no_discard:
        events.append(Event(_("The stock is used up: from now on each turn takes the discard pile.")))
    return evolve(new, phase=PLAY, hands=set_hand(new, seat, (*new.hands[seat], *got))), events


def take_options(state: SambaState, seat: int) -> tuple[str, ...]:
    """``take:new`` (the top card with two naturals of its rank from the hand) and ``take:<k>``
    (the top card alone onto the team's meld ``k``; not when frozen); never a wild or a 3 on top."""
    if not state.pile:
        return ()
    top = state.pile[-1]
    rank = top[0]
    if rank == "2" or rank == "3" or top[:2] == JOKER:  # a wild or a 3 on top
        return ()
    out = []
    hand = state.hands[seat]
    after = len(hand) + len(state.pile) - 1
    mine = state.melds[seat % 2]  # (``team``)
    if fast.has_pair(hand, rank) and (after - 2 >= 2 or may_go_out(state, mine)):
        out.append("take:new")
    if not state.frozen and after >= 2:
        # a set's key is a rank, an escalera's a suit: the two never clash, so this drops only sure misses
        suit = top[1]
        for k, m in enumerate(mine):
            if (m.key == rank or m.key == suit) and len(m.cards) < BOOK and can_add(m, (top,), RULES):
                out.append(_TAKES[k])
    return tuple(out)


_TAKES = tuple(f"take:{k}" for k in range(200))


def _pair(hand: Sequence[str], top: str) -> tuple[str, ...]:
    """Two natural cards of the top card's rank from the hand (the first two), or ()."""
    rank = top[0]
    same = [c for c in hand if c[0] == rank]
    if rank == "J":  # jokers ("JK") start with J too
        same = [c for c in same if not is_wild(c)]
    return tuple(sorted(same)[:2]) if len(same) >= 2 else ()


def take(state: SambaState, seat: int, action: str, *, checked: bool = False) -> Step:
    """Take the pile (``checked``: the action was just found in the legal list)."""
    if not checked and action not in take_options(state, seat):
        raise IllegalAction(_("You can't take the discard pile that way."))
    top, t = state.pile[-1], team(seat)
    hand = state.hands[seat]
    if action == "take:new":
        pair = _pair(hand, top)
        shown = check_new((top, *pair), RULES)
        assert shown is not None
        if not opened(state, seat):
            return _stage_take(state, seat, shown)
        melds = (*state.melds[t], shown)
        hand = without(hand, pair)
    else:
        k = int(action[5:])
        grown = check_add(state.melds[t][k], (top,), RULES)
        assert grown is not None
        shown, melds = grown, _replaced(state.melds[t], k, grown)
    rest = state.pile[:-1]
    reds = [c for c in rest if c[:2] in RED_THREES]
    events = [_take_event(seat, state.pile), *_set_aside(reds)]
    new, fields = copied(state)
    fields.update(phase=PLAY, melds=_set_team(state.melds, t, melds), pile=(), frozen=False)
    if reds:
        fields["hands"] = set_hand(state, seat, (*hand, *(c for c in rest if not is_red3(c))))
        fields["dead"] = (*state.dead, *reds)
    else:
        fields["hands"] = set_hand(state, seat, hand + rest)
    text = _("{who} melds {card}: {cards}.").format(who=seat_name(seat), card=label(top), cards=labels(shown.cards))
    events.append(Event(text, seat))
    events.extend(_book_event(seat, shown, len(shown.cards) - 1 if action != "take:new" else 0))
    return new, events


def _take_event(seat: int, pile: Sequence[str]) -> Event:
    text = _("{who} takes the discard pile: {n} cards, {cards}.") if len(pile) > 1 else _(
        "{who} takes the discard pile, a single {cards}.")
    return Event(text.format(who=seat_name(seat), n=len(pile), cards=labels(pile)), seat)


def _set_aside(rest: Sequence[str]) -> list[Event]:
    if any(is_red3(c) for c in rest):
        return [Event(_("The red 3 turned up at the start is set aside: it scores for nobody."))]
    return []


def _stage_take(state: SambaState, seat: int, meld: Meld) -> Step:
    """Taking the pile before the team has melded: the top card and the pair are set aside with the
    cards the player adds from the hand until the minimum is reached (SB-3); undo puts it all back."""
    new = evolve(state, phase=PLAY, staged=(meld,), taking=True)
    text = _("You take the pile's {card} with a pair: meld {n} more points from your hand to take the pile "
             "({need} needed), or undo.")
    events = [Event(text.format(card=label(state.pile[-1]),
                                n=max(0, need(state, seat) - staged_value(new.staged)), need=need(state, seat)),
                    seat, private_to=seat)]
    return _commit_if_enough(new, seat, events)


# ------------------------------------------------------------------ melding


def meld(state: SambaState, seat: int, action: str) -> Step:
    found = dict(meld_targets(state, seat)).get(action)
    if found is None:
        raise IllegalAction(_("Those cards don't fit there."))
    base = _base(state, seat)
    after = (*base, found) if action == NEW else _replaced(base, int(action[5:]), found)
    if not opened(state, seat):
        new = evolve(state, staged=after, selection=())
        n, wanted = staged_value(after), need(state, seat)
        text = (_("Set aside for your initial meld: {cards} ({n} points: enough, {need} needed).") if n >= wanted
                else _("Set aside for your initial meld: {cards} ({n} of the {need} points needed)."))
        events = [Event(text.format(cards=labels(found.cards), n=n, need=wanted), seat, private_to=seat)]
        return _commit_if_enough(new, seat, events)
    t = team(seat)
    hand = without(state.hands[seat], state.selection)
    new = evolve(state, hands=set_hand(state, seat, hand), selection=(), melds=_set_team(state.melds, t, after))
    events = [_meld_event(seat, action, found, state.selection, base)]
    events.extend(_book_event(seat, found, 0 if action == NEW else len(base[int(action[5:])].cards)))
    return new, events


def _meld_event(seat: int, action: str, found: Meld, added: Sequence[str], base: Sequence[Meld]) -> Event:
    who = seat_name(seat)
    if action == NEW:
        text = _("{who} lays down a new escalera: {cards}.") if found.kind == RUN else _(
            "{who} lays down a new set: {cards}.")
        return Event(text.format(who=who, cards=labels(found.cards)), seat)
    k = int(action[5:])
    return Event(_("{who} adds {added} to meld {k}: {cards}.").format(
        who=who, added=labels(added), k=k + 1, cards=labels(found.cards)), seat)


def _book_event(seat: int, found: Meld, was: int) -> list[Event]:
    """An announcement when a meld reaches seven (``was``: its size before)."""
    if not was < RULES.book <= len(found.cards):
        return []
    if found.kind == RUN:
        return [Event(_("That makes a samba!"), seat)]
    return [Event(_("That makes a clean canasta!") if found.clean else _("That makes a mixed canasta."), seat)]


def _commit_if_enough(state: SambaState, seat: int, events: list[Event]) -> Step:
    """The initial meld laid down for everyone once its card values reach the minimum (SB-8: ≥)."""
    if staged_value(state.staged) < need(state, seat):
        return state, events
    t = team(seat)
    hand = without(state.hands[seat], staged_cards(state))
    new = evolve(state, melds=_set_team(state.melds, t, state.staged), staged=(), selection=())
    if state.taking:
        rest = state.pile[:-1]
        events.append(_take_event(seat, state.pile))
        events.extend(_set_aside(rest))
        hand = (*hand, *(c for c in rest if not is_red3(c)))
        new = evolve(new, pile=(), frozen=False, taking=False, dead=(*state.dead, *(c for c in rest if is_red3(c))))
    text = _("{who} makes the initial meld ({n} points, {need} needed): {melds}.").format(
        who=seat_name(seat), n=staged_value(state.staged), need=need(state, seat),
        melds=" · ".join(labels(m.cards) for m in state.staged),
    )
    events.append(Event(text, seat))
    for m in state.staged:
        events.extend(_book_event(seat, m, 0))
    return evolve(new, hands=set_hand(new, seat, hand)), events


def undo(state: SambaState, seat: int) -> Step:
    """The initial meld being built goes back to the hand (a pile being taken stays on the table)."""
    back = evolve(state, staged=(), selection=(), taking=False)
    if state.taking:
        return evolve(back, phase="draw"), [Event(_("You leave the discard pile."), seat, private_to=seat)]
    return back, [Event(_("Your initial meld goes back to your hand."), seat, private_to=seat)]


def combine(state: SambaState, seat: int, action: str) -> Step:
    found = dict(combines(state, seat)).get(action)
    if found is None:
        raise IllegalAction(_("Those melds can't be combined."))
    i, j = (int(x) for x in action[len("combine:") :].split(","))
    t = team(seat)
    melds = tuple(m for k, m in enumerate(state.melds[t]) if k != j)
    melds = _replaced(melds, i, found)
    events = [Event(_("{who} combines melds {a} and {b}: {cards}.").format(
        who=seat_name(seat), a=i + 1, b=j + 1, cards=labels(found.cards)), seat)]
    events.extend(_book_event(seat, found, max(len(state.melds[t][i].cards), len(state.melds[t][j].cards))))
    return evolve(state, melds=_set_team(state.melds, t, melds)), events
