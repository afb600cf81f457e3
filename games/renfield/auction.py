"""The Auction variant: seven cards are sold one by one before the bidding for the lead.

Each card of the face-down pack is revealed and auctioned (bids up to
``AUCTION_CEILING``, which buys it outright). A buyer takes the card face up
and puts another card of the hand up for auction; the seller gets half the
price. When the pack is empty, the bidding for the lead begins.
"""

from __future__ import annotations

from dataclasses import replace

from games.core.bidding import Auction
from games.core.game import Event
from games.core.i18n import _
from games.core.tricks import seats_from

from .bidding import start_bidding
from .common import SEATS
from .lookups import Lookups
from .options import AUCTION_CEILING, AUCTION_PACK
from .state import AUCTION, OFFER, FamilyState, add, evolve, log, put

Step = tuple[FamilyState, tuple[Event, ...]]


def after_deal(lk: Lookups, state: FamilyState) -> Step:
    """After the deal (and Draw's refill): the Auction's pack, or straight to the bidding."""
    if state.options.auction:
        side = state.side
        pack, stock = side.stock[:AUCTION_PACK], side.stock[AUCTION_PACK:]
        return _reveal(lk, evolve(state, side=replace(side, pack=pack, stock=stock)))
    return start_bidding(lk, state), ()


def _reveal(lk: Lookups, state: FamilyState) -> Step:
    side = state.side
    if not side.pack:
        ev = Event(_("The auction is over."))
        return start_bidding(lk, log(state, ev.text)), (ev,)
    lot = side.pack[0]
    side = replace(side, pack=side.pack[1:], lot=lot, seller=-1, bought=(), just_bought="")
    text = _("Up for auction from the pack: {card}.").format(card=lk.labels[lot])
    state = log(evolve(state, side=side), text)
    st, evs = _open_lot(lk, state)
    return st, (Event(text), *evs)


def _open_lot(lk: Lookups, state: FamilyState) -> Step:
    side = state.side
    n = state.n
    order = tuple(
        s
        for s in seats_from((state.dealer + 1) % n, n, lambda x: state.active[x])
        if s != side.seller and s not in side.bought
    )
    if not order:
        return _unsold(lk, state)
    auction = Auction(order, 1, AUCTION_CEILING, until_all_pass=True)
    state = evolve(state, phase=AUCTION, auction=auction)
    return _auction_turn(state), ()


def _auction_turn(state: FamilyState) -> FamilyState:
    a = state.auction
    assert a is not None and a.to_act is not None
    bids = tuple(f"bid:{b}" for b in a.bid_range(AUCTION_CEILING))
    return evolve(state, turn=a.to_act, legal=(*bids, "pass"))


def _unsold(lk: Lookups, state: FamilyState) -> Step:
    side = state.side
    text = _("Nobody buys {card}; it is discarded.").format(card=lk.labels[side.lot])
    state = log(evolve(state, auction=None, side=replace(side, discards=(*side.discards, side.lot), lot="")), text)
    st, evs = _reveal(lk, state)
    return st, (Event(text), *evs)


def apply_auction(lk: Lookups, state: FamilyState, seat: int, action: str) -> Step:
    """A bid or pass on the lot; a finished auction sells it (or discards it)."""
    a = state.auction
    assert a is not None
    if action == "pass":
        a = a.pass_(seat)
        text = _("{who} passes.").format(who=SEATS[seat])
    else:
        amount = int(action[4:])
        a = a.bid(seat, amount)
        text = _("{who} bids {m}.").format(who=SEATS[seat], m=lk.profile.money(amount))
    state = log(evolve(state, auction=a), text)
    events: tuple[Event, ...] = (Event(text, seat),)
    if not a.done:
        return _auction_turn(state), events
    if a.high_seat is None:
        st, evs = _unsold(lk, state)
        return st, events + evs
    st, evs = _sold(lk, state, a.high_seat, a.high or 0)
    return st, events + evs


def _sold(lk: Lookups, state: FamilyState, buyer: int, price: int) -> Step:
    """``buyer`` pays ``price`` (half to the seller, the odd dollar to the pot) and must offer a card."""
    side = state.side
    net, pot = add(state.net, buyer, -price), state.pot + price
    if side.seller >= 0:
        half = price // 2
        net = add(net, side.seller, half)
        pot -= half
    hands = put(state.hands, buyer, (*state.hands[buyer], side.lot))
    # everyone saw the lot: once bought it lies face up in front of its buyer
    up = put(side.up, buyer, (*side.up[buyer], side.lot))
    side = replace(side, up=up, bought=(*side.bought, buyer), just_bought=side.lot, lot="", seller=-1)
    text = _("{who} buys {card} for {m}.").format(
        who=SEATS[buyer], card=lk.labels[hands[buyer][-1]], m=lk.profile.money(price)
    )
    state = log(evolve(state, hands=hands, net=net, pot=pot, side=side, phase=OFFER, auction=None), text)
    offers = tuple(f"offer:{c}" for c in hands[buyer] if c != side.just_bought)
    return evolve(state, turn=buyer, legal=offers), (Event(text, buyer),)


def apply_offer(lk: Lookups, state: FamilyState, seat: int, action: str) -> Step:
    """The buyer puts a card from the hand up for auction."""
    card = action[6:]
    side = state.side
    hands = put(state.hands, seat, tuple(c for c in state.hands[seat] if c != card))
    up = put(side.up, seat, tuple(c for c in side.up[seat] if c != card))
    side = replace(side, up=up, lot=card, seller=seat, just_bought="")
    text = _("{who} puts {card} up for auction.").format(who=SEATS[seat], card=lk.labels[card])
    state = log(evolve(state, hands=hands, side=side), text)
    st, evs = _open_lot(lk, state)
    return st, (Event(text, seat), *evs)
