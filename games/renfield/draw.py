"""The Draw variant: a fixed-limit poker betting round, then everyone discards and refills.

The betting round is ``games/core/betting.py``'s; folding there ends the hand
for that seat as in poker. Discards are made by all seats at once (``to_act``
holds every seat that hasn't discarded); once all are in, they are shuffled
into the stock and the hands refilled, then the hand goes on as dealt.
"""

from __future__ import annotations

from dataclasses import replace

from games.core.betting import BettingRound
from games.core.exchange import parse_pick, pick_actions
from games.core.game import Event
from games.core.i18n import _
from games.core.tricks import seats_from

from .auction import after_deal
from .common import MAX_DISCARD, SEATS
from .lookups import Lookups
from .settlement import finish
from .state import BETTING, DISCARD, FamilyState, add, evolve, log, put

Step = tuple[FamilyState, tuple[Event, ...]]


def start_betting(state: FamilyState) -> FamilyState:
    o = state.options
    br = BettingRound.open(state.n, (state.dealer + 1) % state.n, state.active, o.draw_bet, o.draw_cap)
    turn = br.to_act
    assert turn is not None
    return evolve(state, phase=BETTING, turn=turn, legal=br.legal(turn), side=replace(state.side, betting=br))


def apply_betting(lk: Lookups, state: FamilyState, seat: int, action: str) -> Step:
    betting = state.side.betting
    assert betting is not None  # the betting phase always has its round
    br, put_in = betting.act(seat, action)
    net, pot = state.net, state.pot
    if put_in:
        net = add(net, seat, -put_in)
        pot += put_in
    if put_in:
        said = {"bet": _("{who} bets {amount}."), "call": _("{who} calls {amount}."), "raise": _("{who} raises {amount}.")}
        text = said[action].format(who=SEATS[seat], amount=lk.profile.money(put_in))
    else:
        text = (_("{who} folds.") if action == "fold" else _("{who} checks.")).format(who=SEATS[seat])
    state = evolve(state, net=net, pot=pot, active=br.live, side=replace(state.side, betting=br))
    state = log(state, text)
    events = [Event(text, seat)]
    if sum(state.active) == 1:
        return finish(lk, state, events)
    if not br.done:
        turn = br.to_act
        assert turn is not None
        return evolve(state, turn=turn, legal=br.legal(turn)), tuple(events)
    state = replace(state, phase=DISCARD, turn=-1, legal=(), side=replace(state.side, discarded=(False,) * state.n))
    events.append(Event(_("Everyone still in may discard up to four cards.")))
    return state, tuple(events)


def discard_actions(hand: tuple[str, ...]) -> tuple[str, ...]:
    """Every discard of up to four cards, as actions (``discard:`` keeps them all)."""
    return pick_actions("discard", hand, 0, MAX_DISCARD)


def parse_discard(state: FamilyState, seat: int, action: str) -> tuple[str, ...] | None:
    """The cards a discard action names, or None if it isn't one ``seat`` may make."""
    return parse_pick(action, "discard", state.hands[seat], 0, MAX_DISCARD)


def apply_discard(lk: Lookups, state: FamilyState, seat: int, action: str) -> Step:
    """One seat's discards; the last one's shuffles them into the stock and refills every hand."""
    cards = parse_discard(state, seat, action)
    assert cards is not None
    side = state.side
    hand = tuple(c for c in state.hands[seat] if c not in cards)
    side = replace(side, discarded=put(side.discarded, seat, True), pending=side.pending + cards)
    text = _("{who} discards {k}.").format(who=SEATS[seat], k=len(cards))
    state = log(evolve(state, hands=put(state.hands, seat, hand), side=side), text)
    events = [Event(text, seat)]
    if any(state.active[s] and not side.discarded[s] for s in range(state.n)):
        return state, tuple(events)
    state = _refill(state)
    events.append(Event(_("Discards are shuffled into the deck; hands are refilled.")))
    state, more = after_deal(lk, state)
    return state, (*events, *more)


def _refill(state: FamilyState) -> FamilyState:
    """Shuffle the discards into the stock and deal each hand back to size, from the dealer's left."""
    side = state.side
    pool, rng = side.rng.shuffled_batched(side.stock + side.pending)
    hands = list(state.hands)
    top = 0
    size = state.options.hand_size
    for s in seats_from((state.dealer + 1) % state.n, state.n, lambda x: state.active[x]):
        need = size - len(hands[s])
        hands[s] = hands[s] + pool[top : top + need]
        top += need
    side = replace(side, rng=rng, stock=pool[top:], pending=())
    return evolve(state, hands=tuple(hands), side=side)
