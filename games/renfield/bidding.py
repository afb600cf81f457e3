"""Bidding for the lead and ordering the suits.

Once around the table from the dealer's left (Blaze: round and round, in bugs);
if everyone else passes, the dealer must take the lead at the forced bid. The
winner pays the bid into the pot (not in Blaze) and orders the suits, except
in Flatline, where suits have no order and the winner leads at once.
"""

from __future__ import annotations

from games.core.bidding import Auction
from games.core.game import Event
from games.core.i18n import _, language

from .common import SEATS
from .lookups import Lookups
from .state import BID, ORDER, PLAY, FamilyState, add, logged, make_score
from .tricks import lead, lead_at_once

Step = tuple[FamilyState, tuple[Event, ...]]


def start_bidding(lk: Lookups, state: FamilyState, order: tuple[int, ...] | None = None) -> FamilyState:
    """The first bid's state; ``order``: the seats still in from the dealer's left, when the caller knows them."""
    o = state.options
    if order is None:
        order = lk.clockwise(state.dealer, state.active)
    low = 1 if o.blaze else lk.profile.flatline_min_bid if o.flatline else lk.profile.min_bid
    key = (order, low, o.blaze)
    auction = lk.openings.get(key)
    if auction is None:  # an auction is a value: each table of bidders opens with the same one
        auction = lk.openings[key] = Auction(order, low, until_all_pass=o.blaze)
    return _bid_turn(lk, state, auction, state.recent)[0]


def _forced_bid(lk: Lookups, state: FamilyState) -> int:
    o = state.options
    if o.blaze:
        return 1
    return lk.profile.flatline_forced_bid if o.flatline else lk.profile.forced_bid


def _bid_turn(lk: Lookups, state: FamilyState, a: Auction, recent: tuple[str, ...]) -> Step:
    """The bidding state after ``a``'s last call: next bidder, forced lead, or the winner."""
    s = state
    if a.done or (a.high is None and len(a.out) == len(a.order) - 1):
        if a.done:
            assert a.high_seat is not None and a.high is not None
            return _won_bid(lk, s, a.high_seat, a.high, (), recent)
        # everyone else passed: the last to speak (the dealer) must take the lead
        forced = a.to_act
        assert forced is not None
        amount = _forced_bid(lk, state)
        text = _("Nobody bids: {who} must take the lead for {m}.").format(
            who=SEATS[forced], m=lk.bid_text(s.options, amount)
        )
        return _won_bid(lk, s, forced, amount, (Event(text, forced),), logged(recent, text))
    turn = a.order[a.turn]  # ``a.to_act`` of a running auction
    key = (a.minimum if a.high is None else a.high + a.step, s.options.max_bid)  # (next minimum, top)
    legal = lk.bid_legal.get(key)
    if legal is None:
        legal = lk.bid_legal[key] = (*lk.bids[key[0] : key[1] + 1], "pass")
    return s.make(BID, turn, legal, s.hands, s.active, s.trick, (), recent, a, s.score, s.side, s.options), ()


def apply_bid(lk: Lookups, state: FamilyState, seat: int, action: str) -> Step:
    a = state.auction
    assert a is not None
    blaze = state.options.blaze
    a = a.pass_(seat) if action == "pass" else a.bid(seat, int(action[4:]))
    key = (seat, action, blaze, language())  # the text is in the table's language
    events = lk.bid_events.get(key)
    if events is None:
        if action == "pass":
            text = _("{who} passes.").format(who=SEATS[seat])
        else:
            text = _("{who} bids {m}.").format(who=SEATS[seat], m=lk.bid_text(state.options, int(action[4:])))
        events = lk.bid_events[key] = (Event(text, seat),)
    st, evs = _bid_turn(lk, state, a, logged(state.recent, events[0].text))
    return st, (events + evs if evs else events)


def _won_bid(
    lk: Lookups, state: FamilyState, seat: int, amount: int, events: tuple[Event, ...], recent: tuple[str, ...]
) -> Step:
    """``state`` is the last bidding position; ``recent`` its log with the last call."""
    o = state.options
    sc = state.score
    net, pot = sc.net, sc.pot
    if not o.blaze:  # the winner puts the bid in the pot
        net = add(net, seat, -amount)
        pot += amount
    key = (seat, amount, o.blaze, language())
    won = lk.won_events.get(key)
    if won is None:
        text = _("{who} wins the lead with {m}.").format(who=SEATS[seat], m=lk.bid_text(o, amount))
        won = lk.won_events[key] = (Event(text, seat),)
    events = events + won if events else won
    score = make_score(net, pot, sc.taken, sc.bugs, sc.tricks_done, sc.last, seat, amount, sc.order)
    recent = logged(recent, won[0].text)
    s = state
    if o.flatline:
        st = s.make(PLAY, -1, (), s.hands, s.active, s.trick, (), recent, None, score, s.side, o)
        st, evs = lead(lk, st, seat)
        return st, events + evs
    return s.make(ORDER, seat, lk.orders, s.hands, s.active, s.trick, (), recent, None, score, s.side, o), events


def apply_order(lk: Lookups, state: FamilyState, seat: int, action: str) -> Step:
    """The bidder orders the suits, highest first, and leads."""
    order = action[6:]
    key = (seat, order, language())
    events = lk.order_events.get(key)
    if events is None:
        text = _("{who} orders the suits: {o}.").format(who=SEATS[seat], o=lk.profile.order_text(order))
        events = lk.order_events[key] = (Event(text, seat),)
    sc = state.score
    score = make_score(sc.net, sc.pot, sc.taken, sc.bugs, sc.tricks_done, sc.last, sc.bidder, sc.bid, order)
    s = state
    o = s.options
    recent = logged(s.recent, events[0].text)
    if not o.death_cards:  # nobody can be forced out: ``lead`` without the intermediate state
        return lead_at_once(lk, s, seat, score, recent), events
    st = s.make(PLAY, s.turn, s.legal, s.hands, s.active, s.trick, s.played_as, recent, s.auction, score, s.side, o)
    st, evs = lead(lk, st, seat)
    return st, (events + evs if evs else events)
